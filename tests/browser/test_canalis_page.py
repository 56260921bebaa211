"""Canalis score page on a 390x844 phone: the rulebook's sample moves on a
small map, tapped in. The Atheneum's Apothecary scores 7 with dyes and
spices (plus its adjacent garden, paying the Guild's sealed canal and the
Church's locks), then the Merchants' ore makes the Engineer score 7 with the
Church's tenement as its only workers. Totals and crowns equal `companion
score` on the state the page built; refused moves are not added; undo takes
the last move back; save and reopen."""

from __future__ import annotations

import json
import re

import pytest
from browser_support import ARTIFACTS, score_cli
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PLAYERS = ("Atheneum", "Guild", "Church", "Merchants")


def _idle(page: Page) -> None:
    expect(page.locator("body[data-scoring=idle]")).to_have_count(1)


def _state(page: Page) -> dict:
    _idle(page)
    return json.loads(page.locator("#canalis-app").get_attribute("data-state"))


def _tap(page: Page, *cells: tuple[int, int]) -> None:
    for r, c in cells:
        page.get_by_test_id(f"cell-{r}-{c}").click()


def _step(page: Page, testid: str, times: int, more: bool = True) -> None:
    button = page.get_by_test_id(testid).get_by_role("button", name=re.compile("one more" if more else "one less"))
    for _ in range(times):
        button.click()


def _pick(page: Page, group: str, value: str) -> None:
    page.get_by_test_id(group).locator(f"[data-value='{value}']").click()


def _track(page: Page) -> dict[str, tuple[int, int]]:
    out = {}
    for row in page.get_by_test_id("track-row").all():
        out[row.get_attribute("data-player")] = (int(row.get_by_test_id("track-total").inner_text()),
                                                 int(row.get_by_test_id("track-crowns").inner_text()))
    return out


def _expected(state: dict) -> dict[str, tuple[int, int]]:
    return {p["name"]: (p["total"], p["crowns"]) for p in score_cli(state)["players"]}


def _build(page: Page, kind: str, player: str, *cells: tuple[int, int], moves_after: int | None = None,
           fill=None) -> None:
    """Choose the tile kind and who plays it, tap its squares, fill the form, add it."""
    page.locator(f"button[data-kind={kind}]").click()
    _pick(page, "mover", player)
    _tap(page, *cells)
    if fill:
        fill()
    page.locator("#add-move").click()
    if moves_after is not None:
        expect(page.get_by_role("heading", name=f"Moves ({moves_after})")).to_be_visible()


def _industrial(page: Page, name: str, cost: int, needs: tuple[str, ...], crowns_gain: int = 0):
    def fill():
        page.fill("#cn-name", name)
        _step(page, "cost", abs(cost - 3), more=cost > 3)  # the form starts at 3
        for need in needs:
            _pick(page, "needs", need)
        if crowns_gain:
            page.locator(".cn-gain summary").click()
            _step(page, "gain-crowns", crowns_gain)
    return fill


def _set_up_sample_map(page: Page) -> None:
    for name in PLAYERS:
        page.fill("#new-player", name)
        page.get_by_role("button", name="Add", exact=True).click()
    _step(page, "rows", 4, more=False)   # 10 -> 6
    _step(page, "cols", 2, more=False)   # 12 -> 10
    page.locator("#clear-board").click()
    _pick(page, "setup-tool", "harbor")
    _tap(page, (1, 6), (3, 8))
    _pick(page, "setup-tool", "garden")   # new gardens are worth 2
    _tap(page, (2, 4))
    _step(page, "tool-value", 1, more=False)
    _tap(page, (0, 9))
    _pick(page, "setup-tool", "resource")
    _pick(page, "tool-resource", "spices")
    _step(page, "tool-income", 1)          # income 1 -> 2
    _tap(page, (0, 2))
    _pick(page, "tool-resource", "dyes")
    _step(page, "tool-income", 1, more=False)
    _tap(page, (1, 1), (0, 6))
    _pick(page, "tool-resource", "timber")
    _tap(page, (3, 7))
    page.locator("#start-game").click()
    expect(page.get_by_test_id("track-row")).to_have_count(4)


def test_sample_moves_undo_save_reopen(phone: Page, group_page):
    gid, _key = group_page
    phone.goto(f"/g/{gid}/play/canalis")
    _set_up_sample_map(phone)
    state = _state(phone)
    assert state["board"] == {
        "rows": 6, "cols": 10, "harbors": [[1, 6], [3, 8]],
        "gardens": [{"cells": [[2, 4]], "value": 2}, {"cells": [[0, 9]], "value": 1}],
        "resources": [{"cells": [[0, 2]], "resource": "spices", "income": 2},
                      {"cells": [[1, 1]], "resource": "dyes", "income": 1},
                      {"cells": [[0, 6]], "resource": "dyes", "income": 1},
                      {"cells": [[3, 7]], "resource": "timber", "income": 1}]}

    def sealed_by_guild():
        _pick(phone, "owner", "Guild")

    _build(phone, "canal", "Guild", (1, 2), (2, 2), (3, 2), moves_after=1, fill=sealed_by_guild)
    _build(phone, "tenement", "Guild", (4, 3), moves_after=2)
    # Refused: the Guild has 2 crowns left, a tenement costs 3. Not added; the form stays.
    _build(phone, "tenement", "Guild", (5, 5))
    expect(phone.locator("#move-error")).to_contain_text("Guild has 2 crowns")
    expect(phone.get_by_role("heading", name="Moves (2)")).to_be_visible()
    phone.get_by_role("button", name="Cancel").click()
    _build(phone, "locks", "Church", (2, 5), (2, 6), moves_after=3)
    _build(phone, "tenement", "Church", (1, 7), moves_after=4)
    _build(phone, "canal", "Merchants", (3, 5), (3, 6), moves_after=5)
    # Refused: a canal over the Guild's canal overlaps it.
    _build(phone, "canal", "Merchants", (2, 2))
    expect(phone.locator("#move-error")).to_contain_text("already taken")
    phone.get_by_role("button", name="Cancel").click()
    _build(phone, "canal", "Merchants", (2, 7), moves_after=6)
    _build(phone, "industrial", "Merchants", (1, 8), (2, 8), moves_after=7,
           fill=_industrial(phone, "Engineer", 2, ("ore", "timber")))
    expect(phone.get_by_test_id("log-item").first).to_contain_text("Engineer waits for ore")

    # The Apothecary: 3 crowns, +2 crowns for two adjacent opponent tiles, scores at once.
    _build(phone, "industrial", "Atheneum", (3, 3), (3, 4), moves_after=8,
           fill=_industrial(phone, "Apothecary", 3, ("dyes", "spices"), crowns_gain=2))
    log = phone.get_by_test_id("log-item").first
    expect(log).to_contain_text("Apothecary (move 8) scored 7 points")  # never "moves[7]"
    expect(log).to_contain_text("paid Guild 1 crown")
    expect(log).to_contain_text("paid Church 1 crown")
    state = _state(phone)
    after_apothecary = _expected(state)
    assert after_apothecary["Atheneum"] == (19, 5)  # 10 + 7 + 2 garden; 5 - 3 + 2 + 1 + 2 - 2
    expect(phone.get_by_test_id("track-row").first.get_by_test_id("track-total")).to_have_text("19")
    assert _track(phone) == after_apothecary

    # The Merchants' ore resource: the Engineer scores; the Church's tenement alone supplied it.
    def ore():
        _pick(phone, "resource", "ore")

    _build(phone, "resource", "Merchants", (0, 8), moves_after=9, fill=ore)
    state = _state(phone)
    assert state["moves"][-1] == {"player": "Merchants",
                                  "build": {"kind": "resource", "cells": [[0, 8]], "resource": "ore"}}
    expected = _expected(state)
    assert expected["Merchants"] == (17, 4) and expected["Church"] == (12, 2)
    expect(phone.locator("[data-player=Merchants] [data-testid=track-total]")).to_have_text("17")
    assert _track(phone) == expected
    # The board zooms in its own box with the buttons, and Fit brings it back.
    board = phone.get_by_test_id("board")
    fitted = float(board.get_attribute("data-zoom"))
    phone.get_by_test_id("zoom-in").click()
    assert float(board.get_attribute("data-zoom")) > fitted
    phone.get_by_test_id("zoom-fit").click()
    assert float(board.get_attribute("data-zoom")) == fitted
    results = {row.get_attribute("data-player"): int(row.get_by_test_id("total").inner_text())
               for row in phone.locator("#result .result-player").all()}
    assert results == {name: total for name, (total, _c) in expected.items()}
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390

    # Undo the last move: the score goes back.
    phone.locator("#undo-move").click()
    expect(phone.get_by_role("heading", name="Moves (8)")).to_be_visible()
    expect(phone.locator("[data-player=Merchants] [data-testid=track-total]")).to_have_text("10")
    state = _state(phone)
    assert len(state["moves"]) == 8
    assert _track(phone) == after_apothecary == _expected(state)

    # A scheme: the card's bottom half, 1 point and 2 crowns for the Guild.
    phone.locator("button[data-kind=scheme]").click()
    _pick(phone, "mover", "Guild")
    _step(phone, "scheme-points", 1)
    _step(phone, "scheme-crowns", 2)
    phone.fill("#cn-note", "card: 2 crowns")
    phone.locator("#add-move").click()
    expect(phone.get_by_role("heading", name="Moves (9)")).to_be_visible()
    expect(phone.locator("[data-player=Guild] [data-testid=track-crowns]")).to_have_text("5")
    assert _state(phone)["moves"][-1] == {"player": "Guild",
                                          "scheme": {"points": 1, "crowns": 2, "note": "card: 2 crowns"}}

    # End of game: missions by hand.
    phone.locator("#final-missions-0").fill("5")
    phone.locator("#final-missions-0").press("Tab")
    expect(phone.locator("[data-player=Atheneum] [data-testid=track-total]")).to_have_text("24")
    state = _state(phone)
    assert state["final"]["Atheneum"] == {"specialty": 0, "missions": 5}
    final = _expected(state)
    assert _track(phone) == final

    phone.locator("#save-match").click()
    phone.wait_for_url(re.compile(r"/matches/"))
    mid = phone.url.rstrip("/").split("/")[-1]
    for name, (total, _crowns) in final.items():
        expect(phone.locator(f"[data-player='{name}'] [data-testid=total]")).to_have_text(str(total))
    assert phone.request.get(f"/api/groups/{gid}/matches/{mid}").json()["state"] == state

    # Reopen: the board, the moves and the score track are back.
    phone.locator("#edit-match").click()
    phone.wait_for_url(re.compile(rf"/play/canalis\?match={mid}"))
    expect(phone.get_by_role("heading", name="Moves (9)")).to_be_visible()
    _idle(phone)
    assert _track(phone) == final
    expect(phone.get_by_test_id("cell-3-3")).to_have_attribute("aria-label", re.compile("Apothecary.*scored"))
    assert [e for e in phone.errors if "422" not in e] == [], phone.errors


def _two_player_game(phone: Page, gid: str) -> None:
    """A new game for the first two factions, typed in on the page."""
    phone.goto(f"/g/{gid}/play/canalis")
    for name in PLAYERS[:2]:
        phone.fill("#new-player", name)
        phone.get_by_role("button", name="Add", exact=True).click()
    phone.locator("#start-game").click()


def test_the_groups_tiles_are_offered_by_kind_and_stay_editable(phone: Page, group_page):
    """A tile typed in one game is offered in the next; picking it fills the
    form; changing a figure and adding the move updates the group's tile;
    the kind stays selected for the next move."""
    gid, key = group_page
    headers = {"X-Companion-Key": key}
    kept = phone.request.post(f"/api/groups/{gid}/canalis-tiles", headers=headers, data={
        "kind": "industrial", "name": "Apothecary",
        "data": {"cost": 3, "points": 7, "needs": ["dyes", "spices"]}})
    assert kept.status == 201
    _two_player_game(phone, gid)
    phone.locator("button[data-kind=specialty]").click()
    expect(phone.get_by_test_id("tiles-empty")).to_contain_text("specialty tiles appear here")
    phone.locator("button[data-kind=industrial]").click()
    tile = phone.get_by_test_id("tiles").locator("[data-tile='Apothecary']")
    expect(tile).to_have_text("Apothecary — 3 crowns, 7 points, dyes + spices")
    _tap(phone, (3, 3), (3, 4))
    tile.click()
    expect(tile).to_have_attribute("aria-pressed", "true")
    expect(phone.locator("#cn-name")).to_have_value("Apothecary")
    _step(phone, "cost", 1, more=False)  # the group's tile really costs 2
    expect(tile).to_have_attribute("aria-pressed", "false")
    phone.locator("#add-move").click()
    expect(phone.get_by_role("heading", name="Moves (1)")).to_be_visible()
    assert _state(phone)["moves"][0] == {"player": "Atheneum", "build": {
        "kind": "industrial", "cells": [[3, 3], [3, 4]], "name": "Apothecary", "cost": 2,
        "points": 7, "needs": ["dyes", "spices"]}}
    # The kind stays selected, for the next player; the tile was updated, not doubled.
    expect(phone.locator("button[data-kind=industrial]")).to_have_attribute("aria-pressed", "true")
    expect(phone.get_by_test_id("mover").locator("[data-value='Guild']")).to_have_attribute("aria-pressed", "true")
    expect(tile).to_have_text("Apothecary — 2 crowns, 7 points, dyes + spices")
    tiles = phone.request.get(f"/api/groups/{gid}/canalis-tiles", headers=headers).json()["tiles"]
    assert [(t["name"], t["data"]["cost"]) for t in tiles] == [("Apothecary", 2)]
    # The Guild's move ends turn 1; turn 2's first player is the Guild (the marker moved on).
    _tap(phone, (6, 5), (6, 6))
    tile.click()
    phone.locator("#add-move").click()
    expect(phone.get_by_role("heading", name="Moves (2)")).to_be_visible()
    expect(phone.get_by_test_id("mover").locator("[data-value='Guild']")).to_have_attribute("aria-pressed", "true")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert [e for e in phone.errors if "422" not in e] == [], phone.errors


def test_first_game_offers_the_rulebooks_tiles_and_needs_no_tile_name(phone: Page, group_page):
    """With no tiles kept yet, the industrial form offers only the tiles whose
    figures the rulebook prints (Apothecary in full; Engineer without a cost,
    which stays the group's to set); a specialty added without a name is
    named by its figures, kept for the group and offered next time."""
    gid, key = group_page
    _two_player_game(phone, gid)
    phone.locator("button[data-kind=industrial]").click()
    tiles = phone.get_by_test_id("tiles").locator("[data-source=rulebook]")
    expect(tiles).to_have_count(2)
    phone.locator(".cn-form").screenshot(path=str(ARTIFACTS / "canalis_first_game_form.png"))
    expect(tiles.nth(0)).to_have_text("Apothecary — 3 crowns, 7 points, dyes + spices · rulebook")
    expect(tiles.nth(1)).to_have_text("Engineer — 7 points, ore + timber (cost: set below) · rulebook")
    _tap(phone, (3, 3), (3, 4))
    tiles.nth(1).click()
    expect(phone.locator("#cn-name")).to_have_value("Engineer")
    _step(phone, "cost", 1, more=False)  # the form starts at 3; this Engineer costs 2
    phone.locator("#add-move").click()
    expect(phone.get_by_role("heading", name="Moves (1)")).to_be_visible()
    assert _state(phone)["moves"][0]["build"] == {
        "kind": "industrial", "cells": [[3, 3], [3, 4]], "name": "Engineer", "cost": 2,
        "points": 7, "needs": ["ore", "timber"]}
    # Kept as the group's Engineer: the rulebook's chip gives way to it.
    engineer = phone.get_by_test_id("tiles").locator("[data-tile='Engineer']")
    expect(engineer).to_have_attribute("data-source", "group")
    expect(engineer).to_have_text("Engineer — 2 crowns, 7 points, ore + timber")

    _build(phone, "specialty", "Guild", (6, 5), (6, 6), moves_after=2)
    assert _state(phone)["moves"][1]["build"] == {
        "kind": "specialty", "cells": [[6, 5], [6, 6]], "name": "2 crowns, scores at the end", "cost": 2}
    kept = phone.get_by_test_id("tiles").locator("[data-tile='2 crowns, scores at the end']")
    expect(kept).to_have_text("2 crowns, scores at the end")
    headers = {"X-Companion-Key": key}
    names = sorted(t["name"] for t in phone.request.get(f"/api/groups/{gid}/canalis-tiles", headers=headers).json()["tiles"])
    assert names == ["2 crowns, scores at the end", "Engineer"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert [e for e in phone.errors if "422" not in e] == [], phone.errors
