"""A paper table scored and saved with its dice record, on a 390x844 phone:
open a Suzhou table for Ana and Ben, roll the starting riverways and a round
on the page (Ana takes a die, then plays for Ben), announce the end through
the API, follow "Score the paper sheets": the score page comes with the
edition and the seating filled in; tap in both sheets, save, and the match
page shows the totals `companion score` gives for the state and the round's
dice, who took which, and a link back to the table."""

from __future__ import annotations

import json
import re

import pytest
from browser_support import open_table_on_page, score_cli
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def _wait_event(page: Page, n: int) -> None:
    expect(page.locator("#room")).to_have_attribute("data-last-event", str(n))


def _no_page_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _state(page: Page) -> dict:
    expect(page.locator("body[data-scoring=idle]")).to_have_count(1)
    return json.loads(page.locator("#doodle-app").get_attribute("data-state"))


def test_paper_table_scored_from_the_table_keeps_its_dice_record(phone: Page, group_page):
    gid, key = group_page
    open_table_on_page(phone, gid, ("Ana", "Ben"))
    rid = re.search(r"/rooms/([^/#?]+)", phone.url).group(1)
    phone.click('#seat-buttons [data-seat="0"]')

    # The five starting riverways, then round 1: Ana rolls and takes die 1.
    for n in range(1, 7):
        phone.click("#roll")
        _wait_event(phone, n)
    room = phone.request.get(f"/api/groups/{gid}/rooms/{rid}").json()
    white = room["dice"]["white"]
    assert room["round"] == 1 and len(white) == 3
    phone.click('#dice [data-die="1"]')
    phone.click("#take")
    _wait_event(phone, 7)
    # Ben has no phone: Ana plays for him and he takes die 2.
    phone.click(".act-for")
    phone.click('#dice [data-die="2"]')
    phone.click("#take")
    _wait_event(phone, 8)
    # Between rounds, Ben announces the end (through the API, as a script would).
    ended = phone.request.post(f"/api/groups/{gid}/rooms/{rid}/end",
                               data=json.dumps({"player": "Ben", "reason": "top hotel value"}),
                               headers={"X-Companion-Key": key, "Content-Type": "application/json"})
    assert ended.status == 201, ended.text()
    expect(phone.locator("#over")).to_be_visible()
    mid = phone.request.get(f"/api/groups/{gid}/rooms/{rid}").json()["match_id"]

    # "Score the paper sheets": edition and seating come from the table.
    phone.click("#score-sheets")
    phone.wait_for_url(re.compile(rf"/play/doodle-china\?room={rid}&match_id={mid}$"))
    expect(phone.locator("#table-note")).to_contain_text("Ana, Ben")
    expect(phone.locator("[data-edition=suzhou]")).to_have_attribute("aria-pressed", "true")
    expect(phone.locator("[data-edition=shanghai]")).to_be_disabled()
    expect(phone.locator("[data-layout='suzhou-v1']")).to_have_attribute("aria-pressed", "true")
    seats = phone.get_by_test_id("seats").locator("li[data-name]")
    expect(seats).to_have_count(2)
    assert [seats.nth(i).get_attribute("data-name") for i in range(2)] == ["Ana", "Ben"]
    _no_page_scroll(phone)
    phone.click("#start-scoring")

    # Ana: a riverway down the middle column, hotel 8, a tree; Ben: hotel 15, shop 4.
    # The table's starting riverways are already drawn on both sheets.
    room = phone.request.get(f"/api/groups/{gid}/rooms/{rid}").json()
    for (r, c), path in zip(room["setup"]["squares"], room["setup"]["paths"], strict=True):
        expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_attribute("data-path", path)
    for r in range(5):
        phone.get_by_test_id(f"sq-{r}-2").click()
        phone.locator("#shape-picker [data-shape=NS]").click()
    phone.get_by_test_id("val-hotels-8").click()
    phone.get_by_test_id("trees").get_by_role("button", name=re.compile("one more")).click()
    phone.get_by_role("tab", name=re.compile("Ben")).click()
    phone.get_by_test_id("sq-1-0").click()
    phone.locator("#shape-picker [data-shape=NS]").click()
    phone.get_by_test_id("val-hotels-15").click()
    phone.get_by_test_id("val-shops-4").click()
    state = _state(phone)
    assert state["edition"] == "suzhou" and [p["name"] for p in state["players"]] == ["Ana", "Ben"]
    expected = {p["name"]: p["total"] for p in score_cli(state)["players"]}
    _no_page_scroll(phone)

    phone.locator("#save-match").click()
    phone.wait_for_url(re.compile(rf"/g/{gid}/matches/{mid}$"))  # the table's match id
    for name, total in expected.items():
        expect(phone.locator(f"#match-result [data-player='{name}'] [data-testid=total]")
               ).to_have_text(str(total))
    stored = phone.request.get(f"/api/groups/{gid}/matches/{mid}").json()
    assert stored["state"] == state

    # The dice record: round 1, blue die, Ana took die 1, Ben die 2, die 0 left.
    record = phone.get_by_test_id("dice-record")
    expect(record).to_be_visible()
    row = record.locator("tr[data-round='1']")
    expect(row.locator(".dr-blue")).to_have_text(str(room["dice"]["blue"]))
    expect(row.locator("td[data-player='Ana'] .die")).to_have_text(str(white[1]))
    expect(row.locator("td[data-player='Ana']")).to_have_class(re.compile("starts"))
    expect(row.locator("td[data-player='Ben'] .die")).to_have_text(str(white[2]))
    expect(row.locator(".dr-left")).to_have_text(str(white[0]))
    expect(phone.locator("#dice-over")).to_contain_text("Ben: top hotel value")
    assert phone.locator("#room-link").get_attribute("href") == f"/g/{gid}/rooms/{rid}"
    box = record.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    _no_page_scroll(phone)

    # The table's link now opens the saved match for editing.
    phone.goto(f"/g/{gid}/play/doodle-china?room={rid}&match_id={mid}")
    phone.wait_for_url(re.compile(rf"\?match={mid}$"))
    expect(phone.locator("#save-match")).to_have_text("Save changes")
    assert phone.errors == []
