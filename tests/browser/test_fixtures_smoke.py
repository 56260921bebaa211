"""The browser fixtures work: a live server, a phone page, a group the phone holds."""

import pytest
from browser_support import score_cli
from helpers import grande_state

pytestmark = pytest.mark.browser


def test_phone_reaches_the_group_api(phone, group_page):
    gid, key = group_page
    assert len(key) > 10
    answer = phone.request.get(f"/api/groups/{gid}")  # rides on the phone's cookie
    assert answer.status == 200, answer.text()
    assert answer.json()["name"] == "Table friends"
    assert phone.viewport_size == {"width": 390, "height": 844}


def test_score_cli_scores_a_state():
    result = score_cli(grande_state())
    assert result["players"][0]["name"] == "Ana"
