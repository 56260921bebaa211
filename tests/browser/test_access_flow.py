"""Joining and taking access back on phones (390x844, touch): the Invite
button opens the QR with Copy; a phone that joins is told "You're in" and
asked who it is (then preselected in new matches); "New invite link" stops
the old link at once while joined phones keep working; a removed phone loses
access; a join link from another site asks first; broken links get a styled
page. Screenshots land in tests/artifacts/access_*.png for a person to look at."""

from __future__ import annotations

import pytest
from browser_support import ARTIFACTS

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


def _shot(page, name: str, *, full: bool = True) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"access_{name}.png"), full_page=full)


def _fits_the_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"


def _new_phone(phone, live_server):
    context = phone.context.browser.new_context(base_url=live_server, service_workers="block",
                                                **PHONE)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(f"pageerror: {exc}"))
    return context, page


def test_invite_join_who_are_you_rotate_and_remove(phone, live_server):
    phone.goto("/")
    phone.fill("#group-name", "Canal crew")
    phone.click("#new-group-form button[type=submit]")
    phone.wait_for_url("**/g/*")
    gid = phone.url.rstrip("/").rsplit("/", 1)[-1]

    # The maker says who they are too; the Invite button is on the first screen.
    assert phone.locator("#who-are-you").is_visible()
    phone.fill("#who-name", "Ana")
    phone.click("#who-add button[type=submit]")
    phone.wait_for_selector("#me-line")
    assert "You play as Ana" in phone.inner_text("#me-line")
    invite_button = phone.locator("#invite-open")
    box = invite_button.bounding_box()
    assert box["y"] + box["height"] <= 844 and box["height"] >= 44
    _shot(phone, "group_first_screen", full=False)
    invite_button.tap()
    phone.wait_for_selector("#invite:not([hidden])")
    qr = phone.locator("#invite-qr")
    phone.wait_for_function("() => document.getElementById('invite-qr').naturalWidth > 0")
    assert qr.bounding_box()["width"] >= 250
    old_link = phone.input_value("#join-link")
    assert old_link.startswith(live_server) and f"/g/{gid}/join?key=" in old_link
    phone.click("#copy-link")
    phone.wait_for_selector("#toast:not([hidden])")
    assert "Link copied" in phone.inner_text("#toast") or "copy it by hand" in phone.inner_text("#toast")
    _fits_the_phone(phone)
    phone.wait_for_timeout(400)  # a pause, not a wait: the toast and scroll settle for the shot
    _shot(phone, "group_invite_open", full=False)

    # A second phone scans the QR: "You're in Canal crew", picks who it is.
    ben_context, ben = _new_phone(phone, live_server)
    try:
        ben.goto(old_link)
        ben.wait_for_url(f"**/g/{gid}")
        assert "You’re in Canal crew" in ben.inner_text("#who-are-you h2")
        assert ben.locator(".who-pick[data-name='Ana']").count() == 1
        _fits_the_phone(ben)
        _shot(ben, "joined_who_are_you")
        ben.fill("#who-name", "Ben")
        ben.click("#who-add button[type=submit]")
        ben.wait_for_selector("#me-line")
        assert ben.locator("#who-are-you").count() == 0  # asked once
        # Its own player is preselected in new matches and new dice tables.
        ben.goto(f"/g/{gid}/new/canal-grande")
        assert ben.locator("#seat-list .seat-name").all_inner_texts() == ["Ben"]
        ben.goto(f"/g/{gid}/rooms/new")
        assert ben.locator("#player-list input").first.input_value() == "Ben"
        for game in ("doodle-china", "canalis"):  # the paper sheet and Canalis set-ups too
            ben.goto(f"/g/{gid}/play/{game}")
            ben.wait_for_selector("[data-testid=seats] .seat-name")
            assert ben.locator("[data-testid=seats] .seat-name").all_inner_texts() == ["Ben"], game

        # New invite link on the first phone: asks first, then a new QR and link in place.
        phone.click("#renew-open")
        assert phone.locator("#renew-confirm").is_visible()
        _shot(phone, "renew_confirm")
        phone.click("#renew-yes")
        phone.wait_for_function(
            "old => document.getElementById('join-link').value !== old", arg=old_link)
        new_link = phone.input_value("#join-link")
        assert phone.get_attribute("#invite-qr", "src").startswith("data:image/svg+xml;base64,")
        assert "no longer work" in phone.inner_text("#invite-how")

        # The old link stops at once: a styled page says what to do.
        stranger_context, stranger = _new_phone(phone, live_server)
        try:
            answer = stranger.goto(old_link)
            assert answer.status == 404
            assert "fresh QR code" in stranger.inner_text("main")
            assert stranger.locator(".topbar").is_visible()
            _fits_the_phone(stranger)
            _shot(stranger, "old_link_404")
            # The new one works.
            stranger.goto(new_link)
            stranger.wait_for_url(f"**/g/{gid}")
            stranger.click("#who-skip")
            stranger.wait_for_selector("#who-are-you", state="detached")
        finally:
            stranger_context.close()

        # Ben joined before the new link: still in, after a reload.
        ben.goto(f"/g/{gid}")
        assert ben.inner_text("h1.group-name") == "Canal crew"

        # Remove the stranger's phone (two taps), then Ben's list shows two phones.
        phone.reload()
        rows = phone.locator("#phone-list .phone-row")
        assert rows.count() == 3
        assert "(this phone)" in rows.nth(0).inner_text() and "Ana" in rows.nth(0).inner_text()
        assert "Ben" in rows.nth(1).inner_text()
        remove = rows.nth(2).locator(".remove-phone")
        remove.click()
        assert remove.inner_text() == "Remove this phone?"
        _shot(phone, "phones_remove_confirm")
        remove.click()
        phone.wait_for_function("() => document.querySelectorAll('#phone-list .phone-row').length === 2")
        ben.reload()
        assert ben.locator("#phone-list .phone-row").count() == 2
        assert not [e for e in phone.errors + ben.errors if e.startswith("pageerror")]
    finally:
        ben_context.close()


def test_removed_phone_is_shown_how_to_get_back_in(phone, live_server, group_page):
    gid, key = group_page
    context, guest = _new_phone(phone, live_server)
    try:
        guest.goto(f"/g/{gid}/join?key={key}")
        guest.wait_for_url(f"**/g/{gid}")
        phones = phone.request.get(f"/api/groups/{gid}/phones").json()["phones"]
        theirs = [p for p in phones if not p["this_phone"]]
        assert len(theirs) == 1
        gone = phone.request.delete(f"/api/groups/{gid}/phones/{theirs[0]['id']}",
                                    headers={"X-Companion-Key": key})
        assert gone.status == 204
        answer = guest.goto(f"/g/{gid}")
        assert answer.status == 401
        assert "not in this group" in guest.inner_text("h1")
        _fits_the_phone(guest)
    finally:
        context.close()


def test_join_link_from_another_site_asks_first(phone, live_server, group_page):
    gid, key = group_page
    link = f"{live_server}/g/{gid}/join?key={key}"
    context, guest = _new_phone(phone, live_server)
    try:
        guest.route("http://elsewhere.test/", lambda route: route.fulfill(
            content_type="text/html",
            body=f'<!doctype html><meta name=viewport content="width=device-width">'
                 f'<a id=go href="{link}">free stuff</a>'))
        guest.goto("http://elsewhere.test/")
        guest.click("#go")
        guest.wait_for_selector("#join-confirm")
        assert "Join “Table friends”?" in guest.inner_text("h1")
        _fits_the_phone(guest)
        _shot(guest, "join_confirm")
        # Not added silently: the group is not on this phone yet.
        assert guest.request.get(f"{live_server}/api/groups/{gid}").status == 401
        guest.click("#join-button")
        guest.wait_for_url(f"**/g/{gid}")
        assert "You’re in Table friends" in guest.inner_text("#who-are-you h2")
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/g/nope/join?key=abc", "/g/x1/join", "/nothing/here",
                                  "/g/nope/rooms/r1/join?token=t"],
                         ids=["wrong-key", "truncated", "unknown-page", "wrong-table"])
def test_broken_links_get_a_styled_page(phone, path):
    answer = phone.goto(path)
    assert answer.status == 404
    text = phone.inner_text("main")
    assert "Not Found" not in phone.content()
    assert "Go to the start page" in text
    assert phone.locator(".topbar").is_visible()
    _fits_the_phone(phone)
    if path.startswith("/g/nope/join"):
        assert "Ask the group for a fresh QR code" in text
        _shot(phone, "wrong_join_link")


def test_share_opens_the_phones_share_sheet_where_it_has_one(phone, group_page):
    gid, key = group_page
    phone.goto(f"/g/{gid}")
    phone.click("#invite-open")
    assert phone.locator("#share-link").is_hidden()  # headless Chromium has no Web Share
    phone.add_init_script("""Object.defineProperty(navigator, "share", {
        configurable: true, value: async (data) => { window.__shared = data; }});""")
    phone.goto("/")
    phone.goto(f"/g/{gid}#invite")
    phone.wait_for_selector("#invite:not([hidden])")  # #invite in the address opens it
    phone.click("#share-link")
    shared = phone.wait_for_function("() => window.__shared").json_value()
    assert shared["url"].endswith(f"/g/{gid}/join?key={key}")
    assert shared["title"] == "Join Table friends"
