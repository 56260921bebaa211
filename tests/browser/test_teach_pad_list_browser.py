"""The teach page's list of taught pads on a 390x844 phone: a pad taught
before template format 2 (no colour picture of the blank) says that teaching
it again reads crosses over coloured pictures better; a newer one says
nothing. The list's answer is faked (page.route): its templates are format 1
and format 2."""

from __future__ import annotations

import json

import pytest
from browser_support import ARTIFACTS
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def _listed(tid: str, name: str, fmt: int) -> dict:
    return {"id": tid, "name": name, "edition": "suzhou", "confirmed": True, "version": 1,
            "created_at": "2026-12-01T20:00:00Z", "updated_at": "2026-12-01T20:00:00Z",
            "template": {"format": fmt, "game": "doodle-china", "edition": "suzhou"}}


def test_a_pad_taught_before_colour_says_teach_it_again(phone: Page, group_page):
    gid, _key = group_page
    answer = [_listed("old1", "Old pad", 1), _listed("new2", "New pad", 2)]
    phone.route(f"**/api/groups/{gid}/templates", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(answer))
        if route.request.method == "GET" else route.continue_())
    phone.goto(f"/g/{gid}/photo/doodle-china/teach")
    items = phone.locator("#teach-list li")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("Old pad")
    expect(items.nth(0).locator(".teach-old")).to_have_text(
        "Taught before colours were kept: teach this sheet again to read crosses over coloured pictures better.")
    expect(items.nth(1)).to_contain_text("New pad")
    expect(items.nth(1).locator(".teach-old")).to_have_count(0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "teach_list_format1.png"), full_page=True)
