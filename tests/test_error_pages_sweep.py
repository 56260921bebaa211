"""Every page route answers a person with a styled page (the app's top bar,
what happened, what to do), never the framework's bare text: without the
group's access (401), with another group's key (404), and for addresses that
do not exist; every /api/ route keeps answering JSON."""

from __future__ import annotations

import pytest
from test_route_sweep import RULES, fill

PAGES = [r for r in RULES if "GET" in r.methods and "gid" in r.arguments
         and not r.rule.startswith("/api/") and "join" not in r.rule]
API = [r for r in RULES if "GET" in r.methods and r.rule.startswith("/api/groups/<gid>")]


def _styled(answer) -> str:
    assert answer.mimetype in ("text/html", "image/svg+xml") or answer.status_code < 400
    html = answer.get_data(as_text=True)
    assert 'class="topbar"' in html, html[:300]
    assert "Not Found" not in html and "Traceback" not in html
    return html


@pytest.mark.parametrize("rule", [pytest.param(r, id=r.rule) for r in PAGES])
def test_page_without_access_or_with_a_foreign_key_is_a_styled_page(client, group, rule):
    url = fill(rule, group["id"])
    stranger = client.application.test_client()
    missing = stranger.get(url)
    assert missing.status_code == 401, url
    assert "QR code" in _styled(missing)
    other = client.post("/api/groups", json={"name": "Other"}).get_json()
    foreign = stranger.get(url, headers={"X-Companion-Key": other["key"]})
    assert foreign.status_code == 404, url
    _styled(foreign)


@pytest.mark.parametrize("rule", [pytest.param(r, id=r.rule) for r in API])
def test_api_errors_stay_json(client, group, rule):
    answer = client.application.test_client().get(fill(rule, group["id"]))
    assert answer.status_code == 401
    assert answer.is_json and answer.get_json()["error"]


@pytest.mark.parametrize("url", ["/nope", "/g", "/g/x1/nope", "/static/nope.js.map",
                                 "/g/x1/join?key=", "/g/x1/rooms/r/join?token="])
def test_unknown_addresses_are_styled_pages(client, url):
    answer = client.get(url)
    assert answer.status_code == 404
    if not url.startswith("/static/"):
        assert "Go to the start page" in _styled(answer)
