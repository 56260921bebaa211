"""The dice table's gaps closed (issue 17), on 390x844 touch phones: the
starting-riverway roll shows the shape to draw, every taken die names its
taker (a second row of dice too), two phones cannot hold one seat (the second
is told whose it is and may take it over), long unbroken names never widen the
page, the invite has Copy/Share, and the end screen shows the result with a
link to the saved match instead of a raw id. Screenshots go to tests/artifacts."""

from __future__ import annotations

import re

import pytest
import requests
from browser_support import ARTIFACTS, open_table_on_page, table_phone
from playwright.sync_api import expect
from room_api import ana_and_ben_sheets

pytestmark = pytest.mark.browser

LONG = "Bartholomew" * 3 + "Xy"  # 35 characters, no space to break at


def shot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"dice-table-{name}.png"), full_page=True)


def no_wider_than_the_phone(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.fixture
def tables(browser, live_server):
    """A group, a helper to open rooms through the API, and phones (own cookie jars)."""
    group = requests.post(f"{live_server}/api/groups", json={"name": "Dice friends"},
                          timeout=10).json()
    headers = {"X-Companion-Key": group["key"]}
    contexts = []

    def room(players, mode="paper", edition="suzhou"):
        made = requests.post(f"{live_server}/api/groups/{group['id']}/rooms", headers=headers,
                             timeout=10, json={"game": "doodle-china", "edition": edition,
                                               "players": players, "mode": mode})
        assert made.status_code == 201, made.text
        body = made.json()
        body["api"] = f"{live_server}/api/groups/{group['id']}/rooms/{body['id']}"
        return body

    def phone(join_url):
        # A seat refused on purpose logs its 409 in the console: only page errors count.
        return table_phone(browser, live_server, contexts, join_url, console_errors=False)

    def seated(players, **room_options):
        """A new room and a phone that took its first seat: (room, page)."""
        made = room(players, **room_options)
        page = phone(made["join_url"])
        page.click('#seat-buttons [data-seat="0"]')
        return made, page

    def post(room, tail, body=None):
        answer = requests.post(f"{room['api']}/{tail}", headers=headers, json=body, timeout=10)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def get(room):
        return requests.get(room["api"], headers=headers, timeout=10).json()

    try:
        yield {"group": group, "room": room, "phone": phone, "seated": seated, "post": post,
               "get": get}
    finally:
        for context in contexts:
            context.close()


def wait_event(page, n):
    page.wait_for_function("n => Number(document.getElementById('room').dataset.lastEvent) >= n",
                           arg=n)


def test_setup_roll_shows_the_riverway_to_draw(tables):
    room, page = tables["seated"](["Ana", "Ben"])
    page.click("#roll")
    wait_event(page, 1)
    drawn = tables["get"](room)["setup"]["paths"][0]
    shape = page.locator("#dice .setup-shape")
    expect(shape).to_be_visible()
    assert shape.get_attribute("data-path") == drawn
    # The same drawing as the sheet: an SVG path, not a number.
    assert shape.locator("svg path").get_attribute("d")
    expect(page.locator("#tray-note")).to_contain_text("Column 1")
    no_wider_than_the_phone(page)
    shot(page, "setup-shape")
    assert page.errors == []


def test_every_taken_die_names_its_taker_in_both_rows(tables):
    names = ["Ana", "Ben", "Cem", LONG]
    room, page = tables["seated"](names)
    for _ in range(5):
        tables["post"](room, "roll")
    tables["post"](room, "roll")
    for i, name in enumerate(names):
        tables["post"](room, "take", {"player": name, "die": 4 - i})
    wait_event(page, 10)
    dice = page.locator("#dice .die-white")
    expect(dice).to_have_count(5)
    # The event log is in (lastEvent is set as each event lands), but the takers come
    # with the room re-read after it: wait for them before measuring or reading them.
    expect(page.locator("#dice .die-white .taker")).to_have_count(4)
    page.wait_for_selector("#dice:not(.rolling)")  # the tumble moves dice while it runs
    tops = sorted(dice.nth(i).bounding_box()["y"] for i in range(5))
    rows = 1 + sum(1 for a, b in zip(tops, tops[1:], strict=False) if b - a > 30)
    assert rows == 2, f"six dice wrap into two rows at 390 px (tops {tops})"
    shown = {}
    for i in range(5):
        die = dice.nth(i)
        taker = die.locator(".taker")
        if taker.count():
            expect(taker).to_be_visible()
            box, tbox = die.bounding_box(), taker.bounding_box()
            # The name sits inside its die, so nothing of the next row covers it.
            assert box["y"] <= tbox["y"] and tbox["y"] + tbox["height"] <= box["y"] + box["height"] + 1
            shown[int(die.get_attribute("data-die"))] = die.get_attribute("aria-label")
    assert sorted(shown) == [1, 2, 3, 4]
    assert "taken by Ana" in shown[4] and f"taken by {LONG}" in shown[1]
    no_wider_than_the_phone(page)
    shot(page, "whose-die")


def test_two_phones_cannot_hold_one_seat(tables):
    room = tables["room"](["Ana", LONG])
    first = tables["phone"](room["join_url"])
    first.click('#seat-buttons [data-seat="0"]')
    expect(first.locator("#table")).to_be_visible()
    second = tables["phone"](room["join_url"])
    expect(second.locator('#seat-buttons [data-seat="0"] .seat-held')).to_have_text("on another phone")
    second.click('#seat-buttons [data-seat="0"]')
    problem = second.locator("#seat-problem")
    expect(problem).to_contain_text("Ana's seat is already taken by another phone")
    expect(second.locator("#table")).to_be_hidden()
    no_wider_than_the_phone(second)
    shot(second, "seat-taken")
    # That phone left the table: take the seat over; the first phone is told at its next update.
    second.click("#take-over")
    expect(second.locator("#table")).to_be_visible()
    assert second.inner_text("#seat-name") == "Ana"
    tables["post"](room, "roll")
    expect(first.locator("#seat-problem")).to_contain_text("Another phone is playing Ana's seat now")
    expect(first.locator("#table")).to_be_hidden()
    # The long-named seat is free and picking it works, without widening the page.
    first.click('#seat-buttons [data-seat="1"]')
    expect(first.locator("#table")).to_be_visible()
    no_wider_than_the_phone(first)
    shot(first, "long-name-seat")


def test_invite_has_copy_and_share(tables):
    gid = tables["group"]["id"]
    page = tables["phone"](f"/g/{gid}/join?key={tables['group']['key']}")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_table_on_page(page, gid, ("Ana", "Ben"))
    expect(page.locator("#invite")).to_have_attribute("open", "")
    page.click('#seat-buttons [data-seat="0"]')
    page.locator("#invite").evaluate("el => el.open = true")
    page.click("#copy-room-link")
    expect(page.locator("#invite-status")).not_to_be_empty()
    link = page.input_value("#room-link")
    status = page.inner_text("#invite-status")
    if status.startswith("Link copied"):
        assert page.evaluate("navigator.clipboard.readText()") == link
    # Share appears only where the phone has the Web Share API.
    has_share = page.evaluate("'share' in navigator")
    assert page.locator("#share-room-link").is_visible() == has_share
    no_wider_than_the_phone(page)
    page.locator("#invite").scroll_into_view_if_needed()
    shot(page, "invite")


def test_end_screen_shows_the_result_and_a_link_not_an_id(tables):
    room, page = tables["seated"](["Ana", "Ben"])
    for _ in range(6):
        tables["post"](room, "roll")
    tables["post"](room, "end", {"player": "Ana", "reason": "top hotel"})
    tables["post"](room, "take", {"player": "Ana", "die": 0})
    tables["post"](room, "take", {"player": "Ben", "die": 1})
    expect(page.locator("#over")).to_be_visible()
    mid = tables["get"](room)["match_id"]
    assert mid not in page.inner_text("#over")
    expect(page.locator("#score-sheets")).to_be_visible()
    state = ana_and_ben_sheets()
    tables["post"](room, "match", {"state": state})
    page.reload()
    expect(page.locator("#over [data-testid=winners]")).to_have_text("Winner: Ana")
    link = page.locator("#open-match")
    expect(link).to_have_attribute("href", f"/g/{tables['group']['id']}/matches/{mid}")
    assert mid not in page.inner_text("#over")
    no_wider_than_the_phone(page)
    page.locator("#over").scroll_into_view_if_needed()
    shot(page, "end-screen")
    link.click()
    page.wait_for_url(f"**/matches/{mid}")


def test_shanghai_setup_roll_shows_the_road_in_the_park(tables):
    room, page = tables["seated"](["Ana", "Ben"], edition="shanghai")
    page.click("#roll")
    wait_event(page, 1)
    drawn = tables["get"](room)["setup"]["paths"][0]
    shape = page.locator("#dice .setup-shape")
    expect(shape).to_have_class(re.compile("kind-park"))
    assert shape.get_attribute("data-path") == drawn
    expect(page.locator("#tray-note")).to_contain_text("in the park")
    no_wider_than_the_phone(page)
    shot(page, "setup-shape-shanghai")
