"""The street photo page never loses a tap to its own background read: the card
catalog it asks for as it opens redraws the photo, the street and the panel,
so its answer waits while a finger is down (M.whenHandsOff)."""

from __future__ import annotations

import pytest
from browser_support import held_requests, note_answers, noted, press, wait_held
from photo_flow import houses_photo, send_photo
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_the_catalog_answer_mid_tap_on_the_photo_waits_until_the_finger_is_up(
        phone: Page, group_page, tmp_path, uploads_removed):
    gid, _key = group_page
    note_answers(phone, r"/cards$", "catalog")
    held = held_requests(phone, "**/api/groups/*/cards")
    pid = send_photo(phone, gid, "canal-houses", houses_photo(tmp_path), uploads_removed)
    last = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()["cards"][-1]
    wait_held(phone, held, "card catalog read by the street page")

    card = phone.get_by_test_id(f"ov-card-{last['house']}-{last['row']}")
    expect(card).to_be_visible()
    press(phone, card, "catalog")
    held.pop().continue_()  # the catalog comes back while the finger is on the card
    phone.unroute("**/api/groups/*/cards")
    assert noted(phone, "catalog")["same"], "the catalog's answer redrew the photo mid-tap"
    phone.mouse.up()

    # The tap counted: the card's questions are open.
    expect(phone.locator("#card-panel h3")).to_contain_text(f"House {last['house'] + 1}")
    assert phone.errors == [], phone.errors
