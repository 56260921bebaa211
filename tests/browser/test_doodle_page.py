"""Doodle China score page on a 390x844 phone: a sheet layout made in the
editor, a Suzhou sheet tapped in with five connected boats on one riverway
(the rulebook's Figure 2: 5 x 4 = 20), totals equal to `companion score` on
the state the page built, save, reopen; Shanghai values claimed on one sheet
crossed out on the other, and the engine's refusal shown."""

from __future__ import annotations

import json
import re

import pytest
from browser_support import score_cli
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def _idle(page: Page) -> None:
    """Wait until the debounced POST /api/score has answered (the CSP forbids
    evaluating strings, so this watches the attribute the scorer sets)."""
    expect(page.locator("body[data-scoring=idle]")).to_have_count(1)


def _state(page: Page) -> dict:
    _idle(page)
    return json.loads(page.locator("#doodle-app").get_attribute("data-state"))


def _tap(page: Page, r: int, c: int, times: int = 1) -> None:
    for _ in range(times):
        page.get_by_test_id(f"sq-{r}-{c}").click()


def _no_page_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _add_players(page: Page, *names: str) -> None:
    for name in names:
        page.fill("#new-player", name)
        page.get_by_role("button", name="Add", exact=True).click()


def _totals_shown(page: Page) -> dict[str, int]:
    """The totals of the shared result screen, by player."""
    out = {}
    for row in page.locator("#result .result-player").all():
        out[row.get_attribute("data-player")] = int(row.get_by_test_id("total").inner_text())
    return out


def _make_five_boat_layout(page: Page, gid: str) -> None:
    """Copy the print-and-play Suzhou sheet and paint the bottom row as boats."""
    page.goto(f"/g/{gid}/play/doodle-china/layouts")
    page.locator("[data-new=suzhou]").click()
    page.fill("#layout-name", "Five boats")
    page.locator("[data-kind=boat]").click()
    for c in (0, 2, 3, 4):
        _tap(page, 4, c)
    # A mistake first: the server's refusal names the track and keeps the form.
    page.fill("#track-hotels", "2, 3, 3, 15")
    page.locator("#save-layout").click()
    expect(page.locator("#layout-error")).to_contain_text("Hotel values: must be distinct")
    expect(page.locator("#layout-error")).not_to_contain_text("data.tracks")  # no developer text
    expect(page.locator("#layout-error")).to_contain_text("distinct")
    expect(page.locator("#layout-name")).to_have_value("Five boats")
    page.fill("#track-hotels", "15, 12, 10, 8, 6, 5, 4, 3, 2")
    page.locator("#save-layout").click()
    expect(page.locator(".le-item", has_text="Five boats")).to_be_visible()
    _no_page_scroll(page)


def test_suzhou_five_connected_boats_save_and_reopen(phone: Page, group_page):
    gid, _key = group_page
    _make_five_boat_layout(phone, gid)

    phone.goto(f"/g/{gid}/play/doodle-china")
    phone.locator("[data-edition=suzhou]").click()
    phone.get_by_role("button", name="Five boats").click()
    _add_players(phone, "Ana", "Ben")
    phone.locator("#start-scoring").click()
    expect(phone.get_by_role("tab", name=re.compile("Ana"))).to_have_attribute("aria-selected", "true")

    # Ana: one riverway east-west through the five boats of the bottom row.
    for c in range(5):
        _tap(phone, 4, c, times=2)  # none -> NS -> EW
    for r in range(5):  # and a north-south way through the middle column
        if r != 4:
            _tap(phone, r, 2)
    for value in ("val-hotels-8", "val-shops-4", "val-shop_bonuses-3"):
        phone.get_by_test_id(value).click()
    phone.get_by_test_id("trees").get_by_role("button", name=re.compile("one more")).click()
    _tap(phone, 0, 1)  # cross a house in the house square

    _idle(phone)
    expect(phone.get_by_test_id("part-hotels")).to_have_text(" = 8")
    sheet = phone.get_by_test_id("sheet")
    expect(sheet.locator(".dc-sq.boat-connected")).to_have_count(5)
    expect(phone.get_by_test_id("sq-4-0").locator(".way-badge")).to_have_text("5")
    expect(phone.get_by_test_id("summary")).to_contain_text("boats 20")
    assert "houses crossed" in phone.get_by_test_id("sq-0-1").get_attribute("aria-label")
    # A finger on a square lights up its whole riverway (from the engine's riverways).
    phone.get_by_test_id("sq-4-3").dispatch_event("pointerdown")
    expect(sheet.locator(".dc-sq.lit")).to_have_count(5)
    phone.get_by_test_id("sq-4-3").dispatch_event("pointerup")
    expect(sheet.locator(".dc-sq.lit")).to_have_count(0)

    # Ben: the bonus Ana took is crossed out on his sheet.
    phone.get_by_role("tab", name=re.compile("Ben")).click()
    bonus = phone.get_by_test_id("val-shop_bonuses-3")
    expect(bonus).to_be_disabled()
    expect(bonus).to_have_class(re.compile("is-taken"))
    for r, c, times in ((0, 0, 2), (0, 1, 0), (1, 0, 1), (2, 0, 1)):
        _tap(phone, r, c, times)
    phone.get_by_test_id("val-hotels-15").click()
    phone.get_by_test_id("val-shop_bonuses-5").click()
    for _ in range(3):
        phone.get_by_test_id("trees").get_by_role("button", name=re.compile("one more")).click()

    state = _state(phone)
    expected = score_cli(state)
    by_name = {p["name"]: p for p in expected["players"]}
    assert by_name["Ana"]["parts"]["boats"] == 20  # Figure 2: 5 x 4
    assert state["players"][0]["grid"][4] == ["boat:EW"] * 5
    assert _totals_shown(phone) == {n: p["total"] for n, p in by_name.items()}
    tabs = phone.locator(".dc-tab")
    for i, p in enumerate(expected["players"]):
        expect(tabs.nth(i).get_by_test_id("tab-total")).to_have_text(str(p["total"]))
    _no_page_scroll(phone)

    # Save: the match page shows the same totals; reopen it to edit.
    phone.locator("#save-match").click()
    phone.wait_for_url(re.compile(r"/matches/"))
    mid = phone.url.rstrip("/").split("/")[-1]
    for name, p in by_name.items():
        expect(phone.locator(f"[data-player='{name}'] [data-testid=total]")).to_have_text(str(p["total"]))
    stored = phone.request.get(f"/api/groups/{gid}/matches/{mid}").json()
    assert stored["state"] == state

    phone.locator("#edit-match").click()
    phone.wait_for_url(re.compile(rf"/play/doodle-china\?match={mid}"))
    expect(phone.locator(".dc-head")).to_contain_text("Five boats")
    _idle(phone)
    expect(phone.get_by_test_id("sheet").locator(".dc-sq.boat-connected")).to_have_count(5)
    assert _totals_shown(phone) == {n: p["total"] for n, p in by_name.items()}
    # A change to the reopened match is saved over it.
    phone.get_by_test_id("val-hotels-12").click()
    _idle(phone)
    phone.locator("#save-match").click()
    phone.wait_for_url(re.compile(rf"/matches/{mid}$"))
    again = phone.request.get(f"/api/groups/{gid}/matches/{mid}").json()
    assert sorted(again["state"]["players"][0]["hotels"]) == [8, 12]
    assert again["result"]["players"][0]["total"] == by_name["Ana"]["total"] + 12
    # The one failed request is the layout refused on purpose above.
    assert [e for e in phone.errors if "422" not in e] == [], phone.errors


def test_shanghai_claimed_value_is_crossed_out_on_the_other_sheet(phone: Page, group_page):
    gid, _key = group_page
    phone.goto(f"/g/{gid}/play/doodle-china")
    phone.locator("[data-edition=shanghai]").click()
    _add_players(phone, "Ana", "Ben")
    phone.locator("#start-scoring").click()
    expect(phone.get_by_test_id("sheet").locator(".dc-sq")).to_have_count(36)

    phone.get_by_test_id("val-hotels-7").click()
    phone.get_by_test_id("val-skyscrapers-6").click()
    _tap(phone, 0, 2, 2)  # a taxi with a road
    phone.get_by_role("tab", name=re.compile("Ben")).click()
    for value in ("val-hotels-7", "val-skyscrapers-6"):
        taken = phone.get_by_test_id(value)
        expect(taken).to_be_disabled()
        expect(taken).to_have_attribute("aria-label", re.compile("taken by Ana"))
    phone.get_by_test_id("val-hotels-9").click()
    state = _state(phone)
    assert state["players"][1]["hotels"] == [9]
    expected = score_cli(state)
    assert _totals_shown(phone) == {p["name"]: p["total"] for p in expected["players"]}
    _no_page_scroll(phone)

    # A sheet entered elsewhere with the same value on both sheets: the engine
    # refuses it and the page says why; un-circling it on one sheet fixes it.
    draft_key = f"draft:{gid}:doodle-china"
    draft = json.loads(phone.evaluate("(k) => localStorage.getItem(k)", draft_key))
    draft["state"]["players"][1]["hotels"] = [7, 9]
    phone.evaluate("([k, v]) => localStorage.setItem(k, v)", [draft_key, json.dumps(draft)])
    phone.reload()
    problem = phone.locator("#score-problem")
    expect(problem).to_contain_text("hotel 7 is also circled")
    expect(problem).to_contain_text("Ben · hotel")  # where, in words: never players[1].hotels[0]
    expect(problem).not_to_contain_text("players[")
    phone.get_by_role("tab", name=re.compile("Ben")).click()
    phone.get_by_test_id("val-hotels-7").click()
    expect(problem).to_have_count(0)
    state = _state(phone)
    assert _totals_shown(phone) == {p["name"]: p["total"] for p in score_cli(state)["players"]}
