"""Doodle China live game: paper mode, event validation, and what
`new_game` refuses (players, variants, custom layouts)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from doodle_china_helpers import pass_, roll, started, take

from companion.games import StateError
from companion.games.doodle_china.layouts import get_layout
from companion.games.doodle_china.play import (
    IllegalMove,
    apply,
    can_take_any,
    current_turn,
    final_state,
    finished,
    legal_events,
    legal_targets,
    new_game,
)


def refused(game: dict[str, Any], event: Any, fragment: str, path: str = "event") -> None:
    with pytest.raises(IllegalMove) as caught:
        apply(game, event)
    assert fragment in caught.value.message
    assert caught.value.path == path


# Paper mode -------------------------------------------------------------------

def test_paper_mode_records_dice_only() -> None:
    game = new_game("suzhou", ["Ana", "Ben"], None, "paper")
    assert game["sheets"] == []
    for _ in range(5):
        game = apply(game, roll(4))
    assert game["setup"]["paths"] == ["NW"] * 5 and game["phase"] == "play"
    game = apply(game, roll(2, 3, 3, 6))
    refused(game, take("Ana", 0, [2, 1], "NS"), "records only the die taken", "event.cell")
    assert legal_events(game) == [take("Ana", 0), take("Ana", 1), take("Ana", 2), pass_("Ana"),
                                  {"type": "end", "player": "Ana"}]
    game = apply(game, take("Ana", 2))
    assert game["taken"] == [None, None, "Ana"]
    refused(game, take("Ben", 2), "already taken by Ana", "event.die")
    game = apply(game, pass_("Ben"))
    assert game["round"] == 2 and current_turn(game)["player"] == "Ben"


@pytest.mark.parametrize("query", [
    lambda g: legal_targets(g, "Ana", 0), lambda g: can_take_any(g, "Ana"), final_state,
], ids=["legal_targets", "can_take_any", "final_state"])
def test_paper_mode_has_no_sheets_to_ask_about(query: Any) -> None:
    game = apply(started("suzhou", 2, "paper"), roll(2, 3, 3, 6))
    with pytest.raises(IllegalMove, match="paper"):
        query(game)


def test_paper_end_announced_during_a_round_ends_with_it() -> None:
    game = apply(started("shanghai", 2, "paper"), roll(2, 3, 3, 6))
    game = apply(game, {"type": "end", "player": "Ana", "reason": "hotel 18"})
    assert not finished(game)
    game = apply(apply(game, take("Ana", 0)), take("Ben", 1))
    assert finished(game) and game["end"]["reasons"] == ["Ana: hotel 18"]


def test_paper_end_announced_between_rounds_ends_at_once() -> None:
    game = started("suzhou", 2, "paper")
    refused(game, {"type": "end", "player": "Ana"}, "nothing has been played yet")
    game = apply(game, roll(2, 3, 3, 6))
    game = apply(apply(game, take("Ana", 0)), take("Ben", 1))
    game = apply(game, {"type": "end", "player": "Ben", "reason": "last tree"})
    assert finished(game) and "in round 1" in game["last"]["effects"][0]


def test_digital_games_find_the_end_themselves() -> None:
    refused(apply(started(), roll(2, 3, 3, 6)), {"type": "end", "player": "Ana"},
            "finds the end triggers itself", "event.type")


# Events -----------------------------------------------------------------------

EVENTS = [
    ("not an object", "roll", "(state)", ""),
    ("no type", {"player": "Ana"}, "event", "needs the key 'type'"),
    ("unknown type", {"type": "draw", "player": "Ana"}, "event.type", "must be one of"),
    ("unknown key", {"type": "pass", "player": "Ana", "tree": 1}, "event.tree", "not a known key"),
    ("missing player", {"type": "take", "die": 0}, "event.player", "required"),
    ("die as a string", {"type": "take", "player": "Ana", "die": "0"}, "event.die", "an integer"),
    ("negative die", {"type": "take", "player": "Ana", "die": -1}, "event.die", "at least 0"),
    ("cell of three numbers", {"type": "take", "player": "Ana", "die": 0, "cell": [1, 2, 3]},
     "event.cell", "at most 2 items"),
    ("cell of strings", {"type": "take", "player": "Ana", "die": 0, "cell": ["1", "2"]},
     "event.cell[0]", "an integer"),
    ("bad choice", {"type": "take", "player": "Ana", "die": 0, "cell": [1, 2], "choice": "roof"},
     "event.choice", "'floor' or 'road'"),
    ("dice without blue", {"type": "roll", "dice": {"white": [1, 2, 3]}}, "event.dice.blue",
     "required"),
]


@pytest.mark.parametrize("event,path,fragment", [e[1:] for e in EVENTS], ids=[e[0] for e in EVENTS])
def test_malformed_events(event: Any, path: str, fragment: str) -> None:
    game = apply(started(), roll(3, 2, 2, 2))
    with pytest.raises(IllegalMove) as caught:
        apply(game, event)
    assert caught.value.path.startswith(path if path != "(state)" else "event")
    assert fragment in caught.value.message


def test_server_metadata_rides_along_and_the_input_game_is_untouched() -> None:
    game = started()
    before = copy.deepcopy(game)
    after = apply(game, {**roll(3, 2, 2, 2), "id": 17, "at": "2024-05-01T20:00:00Z"})
    assert game == before and after["seq"] == game["seq"] + 1
    assert json.loads(json.dumps(after)) == after


def test_illegal_move_is_a_state_error() -> None:
    with pytest.raises(StateError) as caught:
        apply(started(), pass_("Ana"))
    assert caught.value.to_json()["path"] == "event"


# new_game -------------------------------------------------------------------------

def _layout(edition: str = "suzhou", **changes: Any) -> dict[str, Any]:
    layout = get_layout(f"{edition}-v1")
    for key, value in changes.items():
        layout[key] = value
    return layout


def _cells(r: int, c: int, kind: str) -> list[list[str]]:
    cells = get_layout("suzhou-v1")["cells"]
    cells[r][c] = kind
    return cells


NEW_GAME = [
    ("unknown edition", ("beijing", ["Ana"]), {}, "edition", "suzhou"),
    ("unknown mode", ("suzhou", ["Ana"]), {"mode": "online"}, "mode", "paper"),
    ("no players", ("suzhou", []), {}, "players", "1 to 6"),
    ("seven players", ("suzhou", list("ABCDEFG")), {}, "players", "1 to 6"),
    ("same name twice", ("suzhou", ["Ana", "ana"]), {}, "players[1].name", "already the name"),
    ("more control in shanghai", ("shanghai", ["Ana"]), {"more_control": True}, "more_control",
     "Suzhou variant"),
    ("layout of the other edition", ("suzhou", ["Ana"]), {"layout": _layout("shanghai")},
     "layout.edition", "the game is 'suzhou'"),
    ("layout kind of the other edition", ("suzhou", ["Ana"]),
     {"layout": _layout(cells=_cells(1, 2, "taxi"))}, "layout.cells[1][2]", "kind of Suzhou"),
    ("layout row too short", ("suzhou", ["Ana"]),
     {"layout": _layout(cells=[["plain"] * 5] * 4 + [["plain"] * 4])}, "layout.cells[4]", "must have 5 squares, got 4"),
    ("house square without an entry", ("suzhou", ["Ana"]),
     {"layout": _layout(cells=_cells(1, 2, "house"))}, "layout.houses", "[1, 2] has no entry"),
    ("house entry on a plain square", ("suzhou", ["Ana"]),
     {"layout": _layout(cells=_cells(0, 1, "plain"))}, "layout.houses[0].cell",
     "not a house square"),
    ("no house left to cross", ("suzhou", ["Ana"]),
     {"layout": _layout(houses=[{"cell": [0, 1], "count": 2, "printed_crossed": 2},
                                *get_layout("suzhou-v1")["houses"][1:]])},
     "layout.houses[0].printed_crossed", "leave a house"),
    ("track out of the scoring range", ("suzhou", ["Ana"]),
     {"layout": _layout(tracks={"hotels": [2, 16], "shops": [1], "shop_bonuses": [3, 5, 7, 10]})},
     "layout.tracks.hotels", "from 2 to 15"),
    ("track not ascending", ("shanghai", ["Ana"]),
     {"layout": _layout("shanghai", tracks={"hotels": [3, 2], "skyscrapers": [1]})},
     "layout.tracks.hotels", "lowest first"),
    ("missing track", ("suzhou", ["Ana"]),
     {"layout": _layout(tracks={"hotels": [2], "shops": [1]})}, "layout.tracks", "shop_bonuses"),
    ("other bonuses", ("suzhou", ["Ana"]),
     {"layout": _layout(tracks={"hotels": [2], "shops": [1], "shop_bonuses": [2, 4]})},
     "layout.tracks.shop_bonuses", "[3, 5, 7, 10]"),
    ("too many trees", ("suzhou", ["Ana"]), {"layout": _layout(trees=11)}, "layout.trees",
     "from 1 to 10"),
    ("shanghai without floors", ("shanghai", ["Ana"]),
     {"layout": {k: v for k, v in _layout("shanghai").items() if k != "skyscraper_floors"}},
     "layout.skyscraper_floors", "required for Shanghai"),
    ("unknown layout key", ("suzhou", ["Ana"]), {"layout": _layout(colour="blue")},
     "layout.colour", "not a known key"),
]


@pytest.mark.parametrize("args,kwargs,path,fragment", [n[1:] for n in NEW_GAME],
                         ids=[n[0] for n in NEW_GAME])
def test_new_game_refuses(args: tuple, kwargs: dict, path: str, fragment: str) -> None:
    layout = kwargs.pop("layout", None)
    with pytest.raises(StateError) as caught:
        new_game(*args, layout, **kwargs)
    assert caught.value.path == path
    assert fragment in caught.value.message


def test_a_groups_own_layout_plays() -> None:
    layout = get_layout("suzhou-v1")
    layout["name"] = "thursday-club"
    layout["cells"][1][1], layout["cells"][1][2] = "plain", "start"  # two starts in column 2
    layout["tracks"]["hotels"] = [3, 6, 9, 12, 15]
    game = new_game("suzhou", ["Ana"], layout, "digital")
    assert game["setup"]["squares"] == [[0, 0], [1, 2], [2, 2], [3, 3], [4, 4]]
    for blue in (1, 2, 3, 4, 5):
        game = apply(game, roll(blue))
    assert game["sheets"][0]["grid"][1][2] == "start:EW"
    game = apply(game, roll(2, 2, 1, 1))
    assert legal_targets(game, "Ana", 0) == [[1, 1]]
