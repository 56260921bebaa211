"""How many taps a table needs, counted on a 390x844 touch phone (issue 17,
"Fewer taps"): the rulebook's Canal Houses street, two full Suzhou paper
sheets from a dice-table match, and ten Canalis moves. Every screen tap goes
through `Taps.tap` (a real touch tap) and every typed character is counted
as a key (a tap on the phone's keyboard). The counts are printed (run with
`-s` to see them) and each test checks the state the taps built, so a count
is only reported for work that was really entered.

BEFORE holds the counts of the same entries on the pages as they were before
this work (measured by this file's first version, commit "Tap-count browser
test", on 162014e's pages: +/- steppers, conditions added then stepped up, a
square tapped round 7 states, every Canalis tile typed in). The tests fail
if a page ever needs more than AFTER_MAX again."""

from __future__ import annotations

import json

import pytest
from browser_support import ARTIFACTS, read_draft, score_cli, wait_scored
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser


class Taps:
    """Counts screen taps and keyboard keys."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.keys = 0

    def tap(self, target: Locator | str) -> None:
        loc = self.page.locator(target) if isinstance(target, str) else target
        loc.tap()
        self.taps += 1

    def type(self, target: Locator | str, text: str) -> None:
        """Tap the field, then one key per character."""
        loc = self.page.locator(target) if isinstance(target, str) else target
        loc.tap()
        self.taps += 1
        loc.fill(text)
        self.keys += len(text)

    def tap_unless_pressed(self, loc: Locator) -> None:
        if loc.get_attribute("aria-pressed") != "true":
            self.tap(loc)

    @property
    def total(self) -> int:
        return self.taps + self.keys

    def line(self, what: str) -> str:
        return f"{what}: {self.taps} taps + {self.keys} keys = {self.total}"


# Taps + keys before this work, and the most each may take now.
BEFORE = {"houses": 43, "suzhou": 92, "canalis": 92}
AFTER_MAX = {"houses": 21, "suzhou": 45, "canalis-first": 43, "canalis": 42}


def report(name: str, counter: Taps, key: str) -> None:
    before = BEFORE[key.split("-")[0]]
    print(f"\nTAP COUNT {counter.line(name)} (before: {before}; now {counter.total / before:.0%})")
    assert counter.total <= AFTER_MAX[key], counter.line(name)


# ---- Canal Houses: the rulebook's street of 3 houses / 7 cards -------------

def _houses_chips(t: Taps, street: list[dict]) -> None:
    """Now: the first store is open, one tap per value (a new store or roof
    starts at the points of the one before), conditions as chips (one chip
    for "1+ cat & 1+ flag"), the next card is added by tapping its colour
    (bottom up), and a window that gives what its house still asks for is
    one tap on "Asked by this house"."""
    page = t.page
    ed = page.locator("#editor")

    def scored_card(card: dict) -> None:
        t.tap_unless_pressed(ed.locator(f".swatches [data-color='{card['color']}']"))
        t.tap_unless_pressed(ed.get_by_test_id("points").locator(f"[data-value='{card['points']}']"))
        rules = [f"{kind} {key} {n}" for kind, values in card["condition"].items() for key, n in values.items()]
        both = ed.locator(f"[data-chip='{' & '.join(rules)}']")
        if len(rules) == 2 and both.count():
            t.tap_unless_pressed(both)
            return
        for rule in rules:
            t.tap_unless_pressed(ed.locator(f"[data-chip='{rule}']"))

    def add(what: str, color: str) -> None:
        t.tap(ed.locator(f"[data-next='{what}'][data-next-color='{color}']"))

    def window_features(window: dict) -> None:
        asked = ed.locator("[data-action=house-asks]")
        shown = {f: window[f] for f in ("cats", "birds", "flags", "flowerpots") if window[f]}
        if asked.count() and dict(x.split("=") for x in asked.get_attribute("data-asks").split(",")) == {
                f: str(n) for f, n in shown.items()}:
            t.tap_unless_pressed(asked)
            return
        for f in ("cats", "birds", "flags", "flowerpots"):
            t.tap_unless_pressed(ed.get_by_test_id(f"feature-{f}").locator(f"[data-value='{window[f]}']"))

    for i, house in enumerate(street):
        if i:
            add("house", house["store"]["color"])
        scored_card(house["store"])
        for window in house["windows"]:
            add("window", window["color"])
            window_features(window)
            t.tap_unless_pressed(ed.locator(f".swatches [data-color='{window['color']}']"))
        if house.get("roof"):
            add("roof", house["roof"]["color"])
            scored_card(house["roof"])


# ---- Doodle China: two full Suzhou paper sheets of a dice-table match ------

SETUP_BLUE = [3, 1, 6, 2, 4]  # the table's rolls: NE, NS, SW, EW, NW on the diagonal
STARTS = {(0, 0): "NE", (1, 1): "NS", (2, 2): "SW", (3, 3): "EW", (4, 4): "NW"}
SHEETS = {
    "Ana": {"paths": {(0, 2): "EW", (0, 3): "EW", (0, 4): "SW", (1, 0): "NS", (2, 0): "NE",
                      (1, 2): "NS", (2, 3): "NW", (3, 4): "NS", (4, 1): "EW", (4, 3): "EW"},
            "houses": {(0, 1): 1, (1, 3): 1}, "values": ["hotels-6", "shops-3"], "trees": 2},
    "Ben": {"paths": {(1, 0): "SE", (2, 0): "NS", (3, 1): "EW", (3, 2): "EW", (1, 2): "EW",
                      (1, 4): "NS", (2, 3): "NE", (4, 1): "NE", (4, 3): "EW"},
            "houses": {(3, 0): 1, (4, 2): 2}, "values": ["hotels-8"], "trees": 3},
}


def _paper_table(page: Page, key: str, gid: str, monkeypatch) -> str:
    """A Suzhou paper table for Ana and Ben whose starting riverways are rolled."""
    from companion.table import room_state

    rolls = iter(SETUP_BLUE)
    monkeypatch.setattr(room_state, "roll_dice", lambda n: {"blue": next(rolls), "white": []})
    headers = {"X-Companion-Key": key, "Content-Type": "application/json"}
    made = page.request.post(f"/api/groups/{gid}/rooms", headers=headers, data=json.dumps(
        {"edition": "suzhou", "players": ["Ana", "Ben"], "mode": "paper"}))
    assert made.status == 201, made.text()
    rid = made.json()["id"]
    for _ in SETUP_BLUE:
        rolled = page.request.post(f"/api/groups/{gid}/rooms/{rid}/roll", headers=headers, data="{}")
        assert rolled.status == 201, rolled.text()
    room = page.request.get(f"/api/groups/{gid}/rooms/{rid}").json()
    assert room["setup"]["paths"] == [STARTS[(i, i)] for i in range(5)], room["setup"]
    return rid


def _doodle_picker(t: Taps) -> None:
    """Now: the table's starting riverways are already drawn; a shape drawn
    once is tapped square then shape (2 taps); a shape on several squares is
    tapped first, then its squares (1 tap each); a tree is tapped once."""
    page = t.page
    t.tap("#start-scoring")
    for p, (name, sheet) in enumerate(SHEETS.items()):
        if p:
            t.tap(page.locator(f".dc-tab[data-player='{name}']"))
        by_shape: dict[str, list[tuple[int, int]]] = {}
        for (r, c), path in {**STARTS, **sheet["paths"]}.items():
            if page.get_by_test_id(f"sq-{r}-{c}").get_attribute("data-path") != path:
                by_shape.setdefault(path, []).append((r, c))
        for path, squares in by_shape.items():
            shape = page.locator(f"#shape-picker [data-shape='{path}']")
            if len(squares) == 1:
                t.tap(page.get_by_test_id(f"sq-{squares[0][0]}-{squares[0][1]}"))
                t.tap(shape)
                continue
            t.tap(shape)
            for r, c in squares:
                t.tap(page.get_by_test_id(f"sq-{r}-{c}"))
            t.tap(shape)  # put the shape down again
        for (r, c), n in sheet["houses"].items():
            for _ in range(n):
                t.tap(page.get_by_test_id(f"sq-{r}-{c}"))
        for value in sheet["values"]:
            t.tap(page.get_by_test_id(f"val-{value}"))
        t.tap(page.locator(f"[data-track=trees] [data-tree='{sheet['trees']}']"))


def _check_sheets(page: Page) -> dict:
    expect(page.locator("body[data-scoring=idle]")).to_have_count(1)
    state = json.loads(page.locator("#doodle-app").get_attribute("data-state"))
    for player, (name, sheet) in zip(state["players"], SHEETS.items(), strict=True):
        assert player["name"] == name
        drawn = {(r, c): cell.split(":")[1] for r, row in enumerate(player["grid"])
                 for c, cell in enumerate(row) if ":" in cell}
        assert drawn == {**STARTS, **sheet["paths"]}
        assert player["trees_crossed"] == sheet["trees"]
        circled = sorted(f"{k}-{v}" for k in ("hotels", "shops") for v in player.get(k, []))
        assert circled == sorted(sheet["values"])
    return state


# ---- Canalis: ten moves on the standard map, in turn order -----------------

CANALIS_PLAYERS = ["Atheneum", "Guild", "Church", "Merchants"]
TEN_MOVES = [
    {"player": "Atheneum", "kind": "tenement", "cells": [(1, 3)]},
    {"player": "Guild", "kind": "canal", "cells": [(1, 1), (2, 1), (3, 1)]},
    {"player": "Church", "kind": "canal", "cells": [(6, 10), (6, 9)]},
    {"player": "Merchants", "kind": "industrial", "cells": [(1, 7), (1, 8)],
     "name": "Engineer", "cost": 2, "points": 7, "needs": ["ore", "timber"]},
    {"player": "Guild", "kind": "canal", "cells": [(4, 1), (4, 2)]},
    {"player": "Church", "kind": "industrial", "cells": [(8, 9), (8, 10)],
     "name": "Apothecary", "cost": 3, "points": 7, "needs": ["dyes", "spices"]},
    {"player": "Merchants", "kind": "canal", "cells": [(1, 4), (1, 5), (1, 6)]},
    # Its name is not typed: scoring needs only the figures, and the tile is
    # named by them.
    {"player": "Atheneum", "kind": "specialty", "cells": [(3, 5), (3, 6)],
     "name": "2 crowns, scores at the end", "unnamed": True, "cost": 2},
    {"player": "Church", "kind": "resource", "cells": [(6, 5)], "resource": "ore"},
    {"player": "Merchants", "kind": "industrial", "cells": [(5, 3), (5, 4)],
     "name": "Engineer", "cost": 2, "points": 7, "needs": ["ore", "timber"]},
]


def _canalis_match(page: Page, gid: str, key: str) -> str:
    """A saved Canalis game on the standard map with no moves yet, opened to add moves."""
    board = {
        "rows": 10, "cols": 12, "harbors": [[4, 0], [5, 0], [4, 11], [5, 11]],
        "gardens": [{"cells": [c], "value": 2} for c in ([0, 0], [0, 11], [9, 0], [9, 11])],
        "resources": [{"cells": [[0, 3]], "resource": "timber", "income": 1},
                      {"cells": [[0, 8]], "resource": "ore", "income": 2},
                      {"cells": [[9, 3]], "resource": "dyes", "income": 1},
                      {"cells": [[9, 8]], "resource": "spices", "income": 2},
                      {"cells": [[2, 0]], "resource": "spices", "income": 2},
                      {"cells": [[7, 11]], "resource": "dyes", "income": 1}]}
    state = {"game": "canalis", "board": board, "players": [{"name": n} for n in CANALIS_PLAYERS],
             "moves": [], "final": {}}
    made = page.request.post(f"/api/groups/{gid}/matches", data={"state": state},
                             headers={"X-Companion-Key": key})
    assert made.status == 201, made.text()
    mid = made.json()["id"]
    page.goto(f"/g/{gid}/play/canalis?match={mid}")
    expect(page.get_by_test_id("track-row")).to_have_count(4)
    return mid


def _stepper_to(t: Taps, testid: str, want: int) -> None:
    page = t.page
    delta = want - int(page.get_by_test_id(testid).locator("output").inner_text())
    for _ in range(abs(delta)):
        t.tap(page.get_by_test_id(testid).get_by_role("button", name="one more" if delta > 0 else "one less"))


def _canalis_moves(t: Taps, moves: list[dict]) -> None:
    """Kind (it stays selected after a move), who plays it (the next player
    is preselected), squares, then the tile: one tap on a tile the group kept
    or the rulebook prints (Apothecary, Engineer), then only the figures that
    chip does not give; a tile with neither is filled in by its figures, its
    name left out (scoring does not need it)."""
    page = t.page
    for n, move in enumerate(moves, start=1):
        t.tap_unless_pressed(page.locator(f"button[data-kind={move['kind']}]"))
        t.tap_unless_pressed(page.get_by_test_id("mover").locator(f"[data-value='{move['player']}']"))
        for r, c in move["cells"]:
            t.tap(page.get_by_test_id(f"cell-{r}-{c}"))
        if "name" in move:
            chip = page.locator(f"[data-testid=tiles] [data-tile='{move['name']}']")
            if chip.count():
                t.tap_unless_pressed(chip)
            elif not move.get("unnamed"):
                t.type("#cn-name", move["name"])
            _stepper_to(t, "cost", move["cost"])
        if "points" in move:
            _stepper_to(t, "points", move["points"])
        for need in move.get("needs", []):
            t.tap_unless_pressed(page.get_by_test_id("needs").locator(f"[data-value='{need}']"))
        if "resource" in move:
            t.tap_unless_pressed(page.get_by_test_id("resource").locator(f"[data-value='{move['resource']}']"))
        t.tap("#add-move")
        expect(page.get_by_role("heading", name=f"Moves ({n})")).to_be_visible()


def _check_moves(page: Page, moves: list[dict]) -> dict:
    expect(page.locator("body[data-scoring=idle]")).to_have_count(1)
    state = json.loads(page.locator("#canalis-app").get_attribute("data-state"))
    assert len(state["moves"]) == len(moves)
    for got, want in zip(state["moves"], moves, strict=True):
        build = got["build"]
        assert got["player"] == want["player"] and build["kind"] == want["kind"]
        assert [tuple(c) for c in build["cells"]] == want["cells"]
        for field in ("name", "cost", "points", "needs", "resource"):
            if field in want:
                assert build[field] == want[field], (field, build)
    return state


# ---- the counts --------------------------------------------------------------

def test_canal_houses_rulebook_street(phone: Page, group_page):
    from browser_support import start_match
    from houses_street import RULEBOOK_STREET

    gid, _key = group_page
    start_match(phone, gid, "canal-houses", ["Ana", "Ben"])
    t = Taps(phone)
    _houses_chips(t, RULEBOOK_STREET)
    wait_scored(phone)
    state = read_draft(phone, gid, "canal-houses")["state"]
    assert state["players"][0]["street"] == RULEBOOK_STREET
    assert score_cli(state)["players"][0]["total"] == 12
    report("Canal Houses rulebook street (3 houses, 7 cards)", t, "houses")
    phone.screenshot(path=str(ARTIFACTS / "taps_houses_street.png"), full_page=True)
    phone.locator(".street [data-house='1'] .hcard[data-part='store']").tap()
    phone.locator("#editor").screenshot(path=str(ARTIFACTS / "taps_houses_store_editor.png"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_suzhou_two_full_paper_sheets(phone: Page, group_page, monkeypatch):
    gid, key = group_page
    rid = _paper_table(phone, key, gid, monkeypatch)
    mid = phone.request.get(f"/api/groups/{gid}/rooms/{rid}").json()["match_id"]
    phone.goto(f"/g/{gid}/play/doodle-china?room={rid}&match_id={mid}")
    t = Taps(phone)
    _doodle_picker(t)
    _check_sheets(phone)
    report("Doodle China Suzhou, two full paper sheets", t, "suzhou")
    phone.get_by_test_id("sq-1-2").tap()
    phone.locator("#doodle-app").screenshot(path=str(ARTIFACTS / "taps_doodle_sheet.png"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_canalis_ten_moves(phone: Page, group_page):
    """Ten moves of a group's first game (each tile typed once), then the
    same ten moves in its next game (the group's tiles offered)."""
    gid, key = group_page
    _canalis_match(phone, gid, key)
    first = Taps(phone)
    _canalis_moves(first, TEN_MOVES)
    _check_moves(phone, TEN_MOVES)
    report("Canalis ten moves, the group's first game", first, "canalis-first")
    tiles = phone.request.get(f"/api/groups/{gid}/canalis-tiles").json()["tiles"]
    assert sorted((x["name"], json.dumps(x["data"])) for x in tiles) == [
        ("2 crowns, scores at the end", json.dumps({"cost": 2, "points": None})),
        ("Apothecary", json.dumps({"cost": 3, "points": 7, "needs": ["dyes", "spices"]})),
        ("Engineer", json.dumps({"cost": 2, "points": 7, "needs": ["ore", "timber"]}))]

    _canalis_match(phone, gid, key)
    t = Taps(phone)
    _canalis_moves(t, TEN_MOVES)
    _check_moves(phone, TEN_MOVES)
    report("Canalis ten moves, next game (group's tiles known)", t, "canalis")
    phone.locator("button[data-kind=industrial]").tap()
    phone.locator(".cn-form").screenshot(path=str(ARTIFACTS / "taps_canalis_tiles.png"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
