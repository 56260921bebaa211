"""Home, group home and new match on a phone: make a group, land on its
page with the QR code, pick known players with toggles, order the seats."""

from __future__ import annotations

import pytest
from browser_support import read_draft, wait_scored
from helpers import grande_state

pytestmark = pytest.mark.browser


def test_make_a_group_then_start_with_known_players(phone):
    phone.goto("/")
    assert "No group on this phone yet" in phone.locator("#first-time").inner_text()
    phone.click("button[type=submit]")  # an empty name: told what is allowed, nothing lost
    assert "Type a name" in phone.locator("#group-name-error").inner_text()
    phone.fill("#group-name", "<b>Canal</b> crew")
    phone.click("button[type=submit]")
    phone.wait_for_url("**/g/*")
    gid = phone.url.rstrip("/").rsplit("/", 1)[-1]
    assert phone.locator("h1.group-name").inner_text() == "<b>Canal</b> crew"
    phone.click("#invite-open")  # the join QR opens from the first screen
    qr = phone.locator("img.qr")
    phone.wait_for_function("() => document.querySelector('img.qr').naturalWidth > 0")
    assert qr.evaluate("img => img.complete && img.naturalWidth > 0")
    assert qr.bounding_box()["width"] >= 250
    assert "No matches yet" in phone.content()
    link = phone.input_value("#join-link")
    assert link.startswith("http://127.0.0.1:") and f"/g/{gid}/join?key=" in link

    # The join link works in another phone and lands on this group's page.
    other = phone.context.browser.new_context(viewport={"width": 390, "height": 844})
    try:
        guest = other.new_page()
        guest.goto(link)
        assert guest.url.endswith(f"/g/{gid}")
        assert guest.locator("h1.group-name").inner_text() == "<b>Canal</b> crew"
    finally:
        other.close()

    # Players come from saved matches; the new-match page offers them as toggles.
    key = link.rsplit("key=", 1)[-1]
    phone.request.post(f"/api/groups/{gid}/matches", data={"state": grande_state()},
                       headers={"X-Companion-Key": key})
    phone.reload()
    assert "Winner: Ana" in phone.locator(".match-row").first.inner_text()
    phone.click("a.start-game[data-game='canal-grande']")
    phone.wait_for_url(f"**/g/{gid}/new/canal-grande")
    toggles = phone.locator("#known-players .toggle")
    assert toggles.count() == 2
    assert toggles.first.bounding_box()["height"] >= 44
    phone.click("#start-match")
    assert "exactly 2" in phone.locator("#start-error").inner_text()
    phone.click("#known-players .toggle[data-name='Ana']")
    phone.click("#known-players .toggle[data-name='Ben']")
    phone.click("[aria-label='Move Ben up']")
    assert phone.locator("#seat-list .seat-name").all_inner_texts() == ["Ben", "Ana"]
    phone.click("#start-match")
    phone.wait_for_url(f"**/g/{gid}/play/canal-grande")
    wait_scored(phone)
    names = [p["name"] for p in read_draft(phone, gid, "canal-grande")["state"]["players"]]
    assert names == ["Ben", "Ana"]

    # Back on the group page, the unsaved match is waiting.
    phone.goto(f"/g/{gid}")
    assert "unsaved match" in phone.locator("a.start-game[data-game='canal-grande']").inner_text()
    phone.goto("/")
    assert "<b>Canal</b> crew" in phone.locator(".list-item").first.inner_text()
    assert not [e for e in phone.errors if e.startswith("pageerror")], phone.errors
