"""Doodle China live game: setup, rolls, turn order, which squares each die
allows (normal, 6s, houses, parks, skyscrapers, full squares) and passing."""

from __future__ import annotations

from typing import Any

import pytest
from doodle_china_helpers import NAMES, fill, pass_, roll, started, take

from companion.games.doodle_china.layouts import default_layout
from companion.games.doodle_china.play import (
    IllegalMove,
    apply,
    can_take_any,
    current_turn,
    legal_events,
    legal_targets,
    new_game,
)


def rolled(blue: int, *white: int, edition: str = "suzhou", players: int = 2,
           game: dict[str, Any] | None = None, **options: Any) -> dict[str, Any]:
    game = game or started(edition, players, **options)
    return apply(game, roll(blue, *white))


def refused(game: dict[str, Any], event: Any, fragment: str, path: str = "event") -> None:
    with pytest.raises(IllegalMove) as caught:
        apply(game, event)
    assert fragment in caught.value.message
    assert caught.value.path == path


# Setup ----------------------------------------------------------------------

@pytest.mark.parametrize("edition,squares", [
    ("suzhou", [[i, i] for i in range(5)]),
    ("shanghai", [[i, i] for i in range(6)]),
], ids=["suzhou", "shanghai"])
def test_setup_rolls_draw_the_same_start_riverways_column_by_column(edition: str,
                                                                     squares: list) -> None:
    game = new_game(edition, ["Ana", "Ben"], None, "digital")
    assert game["phase"] == "setup" and game["setup"]["squares"] == squares
    blues = [1, 2, 3, 4, 5, 6][: len(squares)]
    for blue in blues:
        assert current_turn(game)["expect"] == "roll"
        game = apply(game, roll(blue))
    want = ["NS", "EW", "NE", "NW", "SE", "SW"][: len(squares)]
    assert game["setup"]["paths"] == want
    kind = "start" if edition == "suzhou" else "park"  # Shanghai's starting squares are its parks
    for sheet in game["sheets"]:
        assert [sheet["grid"][r][c] for r, c in squares] == [f"{kind}:{p}" for p in want]
        assert not any(cell.startswith("start") for row in sheet["grid"] for cell in row) \
            or edition == "suzhou"
    assert game["phase"] == "play" and game["round"] == 1
    assert current_turn(game) == {"phase": "play", "round": 1, "starting": "Ana",
                                  "expect": "roll", "player": "Ana"}


def test_setup_accepts_the_full_roll_and_refuses_other_white_counts() -> None:
    game = new_game("suzhou", ["Ana", "Ben"], None, "digital")
    game = apply(game, roll(3, 1, 2, 3))
    assert game["sheets"][0]["grid"][0][0] == "start:NE"
    refused(game, roll(3, 1, 2), "white dice may be left out or be 3", "event.dice.white")
    refused(game, take("Ana", 0, [1, 2], "NS"), "starting riverways are still being rolled")


# Rolls and turns ------------------------------------------------------------

ROLL_COUNTS = [(1, 3, True), (1, 2, False), (2, 3, True), (2, 2, False), (4, 5, True),
               (4, 4, False), (6, 7, True)]


@pytest.mark.parametrize("players,count,ok", ROLL_COUNTS,
                         ids=[f"{p}p-{c}dice-{'ok' if ok else 'refused'}" for p, c, ok in ROLL_COUNTS])
def test_white_dice_count(players: int, count: int, ok: bool) -> None:
    game = started("suzhou", players)
    event = roll(2, *([1] * count))
    if ok:
        assert apply(game, event)["dice"]["white"] == [1] * count
    else:
        refused(game, event, f"roll {3 if players == 1 else players + 1} white dice",
                "event.dice.white")


def test_roll_checks() -> None:
    game = started("suzhou", 2)
    refused(game, roll(2, 1, 2, 3, player="Ben"), "Ana rolls (the starting player)", "event.player")
    refused(game, roll(2, 1, 7, 3), "at most 6", "event.dice.white[1]")
    refused(game, roll(0, 1, 2, 3), "at least 1", "event.dice.blue")
    game = apply(game, roll(2, 1, 2, 3, player="Ana"))
    refused(game, roll(2, 1, 2, 3), "already rolled")


def _first_take(game: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in legal_events(game) if e["type"] == "take")


def test_picks_go_clockwise_each_die_once_and_the_starting_player_moves_left() -> None:
    game = rolled(3, 2, 2, 2, 2, players=3)
    assert current_turn(game)["player"] == "Ana"
    refused(game, take("Ben", 1, [1, 2], "NS"), "it is Ana's turn, not Ben's", "event.player")
    game = apply(game, take("Ana", 0, [1, 2], "NS"))
    refused(game, take("Ben", 0, [1, 2], "NS"), "already taken by Ana", "event.die")
    refused(game, take("Ben", 4, [1, 2], "NS"), "there are 4 white dice", "event.die")
    game = apply(game, take("Ben", 1, [1, 2], "NS"))
    assert game["taken"] == ["Ana", "Ben", None, None]
    game = apply(game, take("Cy", 3, [1, 2], "EW"))
    # Round over: dice collected, Ben (left of Ana) starts and rolls.
    assert game["round"] == 2 and game["dice"] is None and game["taken"] == []
    assert current_turn(game) == {"phase": "play", "round": 2, "starting": "Ben",
                                  "expect": "roll", "player": "Ben"}
    refused(game, take("Ben", 0, [0, 2], "NS"), "not rolled yet; Ben rolls first")
    game = apply(game, roll(2, 1, 1, 1, 1))
    order = []
    for _ in range(3):
        order.append(current_turn(game)["player"])
        game = apply(game, _first_take(game))
    assert order == ["Ben", "Cy", "Ana"]
    assert current_turn(game)["starting"] == "Cy"


def test_unknown_player_refused() -> None:
    refused(rolled(3, 2, 2, 2), take("Zed", 0, [1, 2], "NS"), "'Zed' is not playing",
            "event.player")


# Which squares a die allows --------------------------------------------------

SUZHOU_TARGETS = [
    ("column from blue, row from white", 3, 2, [[1, 2]]),
    ("start square already drawn", 1, 1, []),
    ("house square", 2, 1, [[0, 1]]),
    ("blue 6: any column of the white row", 6, 2, [[1, 0], [1, 2], [1, 3], [1, 4]]),
    ("white 6: any square of the blue column", 3, 6, [[0, 2], [1, 2], [3, 2], [4, 2]]),
    ("both 6: any square not yet full", 6, 6, "all twenty"),
]


@pytest.mark.parametrize("blue,white,want", [t[1:] for t in SUZHOU_TARGETS],
                         ids=[t[0] for t in SUZHOU_TARGETS])
def test_suzhou_targets(blue: int, white: int, want: Any) -> None:
    game = rolled(blue, white, white, white)
    got = legal_targets(game, "Ana", 0)
    if want == "all twenty":
        assert len(got) == 20 and all(game["sheets"][0]["grid"][r][c] != "start:NS" for r, c in got)
    else:
        assert got == want
    assert can_take_any(game, "Ana") == bool(got)


SHANGHAI_TARGETS = [
    ("column from blue, row from white", 4, 1, [[0, 3]]),
    ("6s are plain row and column numbers", 6, 1, [[0, 5]]),
    ("both 6 point to a park holding its starting road: its row", 6, 6,
     [[5, 0], [5, 1], [5, 2], [5, 3], [5, 4]]),
    ("park: any square of the park's row", 2, 2, [[1, 0], [1, 2], [1, 3], [1, 4], [1, 5]]),
    ("another park", 4, 4, [[3, 0], [3, 1], [3, 2], [3, 4], [3, 5]]),
    ("a plain square", 3, 2, [[1, 2]]),
    ("skyscraper", 4, 3, [[2, 3]]),
]


@pytest.mark.parametrize("blue,white,want", [t[1:] for t in SHANGHAI_TARGETS],
                         ids=[t[0] for t in SHANGHAI_TARGETS])
def test_shanghai_targets(blue: int, white: int, want: list) -> None:
    assert legal_targets(rolled(blue, white, white, white, edition="shanghai"), "Ana", 0) == want


def test_full_squares_are_no_target_and_cannot_be_taken() -> None:
    game = fill(started("suzhou", 2), 0, {(1, 2): "NS"})
    game = apply(game, roll(3, 2, 2, 2))
    assert legal_targets(game, "Ana", 0) == [] and legal_targets(game, "Ben", 0) == [[1, 2]]
    refused(game, take("Ana", 0, [1, 2], "EW"), "is of no use: it points to no square", "event.die")


def test_taken_die_has_no_targets() -> None:
    game = apply(rolled(3, 2, 4, 5), take("Ana", 0, [1, 2], "NS"))
    assert legal_targets(game, "Ben", 0) == []
    assert legal_targets(game, "Ben", 1) == [[3, 2]]


def test_cell_must_be_a_target_and_path_must_fit() -> None:
    game = rolled(3, 2, 2, 2)
    refused(game, take("Ana", 0, [2, 2], "NS"), "you may draw in [1, 2], not [2, 2]", "event.cell")
    refused(game, take("Ana", 0), "say where to draw", "event.cell")
    refused(game, take("Ana", 0, [1, 2]), "a path is needed", "event.path")
    refused(game, take("Ana", 0, [1, 2], "SN"), "unknown path \"SN\"", "event.path")
    refused(game, take("Ana", 0, [1, 2], "NS", "floor"), "only for skyscrapers", "event.choice")


def test_white_6_crosses_a_tree_then_draws_in_the_blue_column() -> None:
    game = apply(rolled(3, 6, 1, 1), take("Ana", 0, [4, 2]))
    sheet = game["sheets"][0]
    assert sheet["trees_crossed"] == 1 and sheet["houses"][4]["crossed"] == 1
    assert any("crossed out a tree (white 6)" in e for e in game["last"]["effects"])


def test_white_6_without_trees_is_of_no_use() -> None:
    game = started("suzhou", 2)
    game["sheets"][0]["trees_crossed"] = 10
    game = apply(game, roll(3, 6, 6, 6))
    assert legal_targets(game, "Ana", 0) == [] and not can_take_any(game, "Ana")
    refused(game, take("Ana", 0, [1, 2], "NS"), "no tree left to cross", "event.die")


def test_house_square_crosses_a_house_twice_then_is_full() -> None:
    game = started("suzhou", 1)
    for _ in range(2):
        game = apply(game, roll(2, 1, 1, 1))
        refused(game, take("Ana", 0, [0, 1], "NS"), "takes no path", "event.path")
        game = apply(game, take("Ana", 0, [0, 1]))
    assert game["sheets"][0]["houses"][0]["crossed"] == 2
    assert game["sheets"][0]["grid"][0][1] == "house"
    game = apply(game, roll(2, 1, 1, 1))
    assert legal_targets(game, "Ana", 0) == []


def test_park_crosses_a_tree_then_draws_in_its_row_whatever_the_park_holds() -> None:
    # doodle-china.txt: "When you take a die that points to a park, you must cross out a
    # tree, and then you must draw in any one space in the same row as the park."
    # The park at [1, 1] holds its starting road: the die still points at a park.
    game = apply(rolled(2, 2, 2, 2, edition="shanghai"), take("Ana", 0, [1, 4], "NS"))
    assert game["sheets"][0]["trees_crossed"] == 1
    assert game["sheets"][0]["grid"][1][4] == "plain:NS"
    assert "crossed out a tree (park)" in " ".join(game["last"]["effects"])
    refused(game, take("Ben", 1, [2, 1], "NS"), "you may draw in [1, 0], [1, 2], [1, 3], [1, 4], "
            "[1, 5], not [2, 1]", "event.cell")
    refused(game, take("Ben", 1, [1, 1], "NS"), "not [1, 1]", "event.cell")  # the park is full
    game = apply(game, take("Ben", 1, [1, 0], "EW"))
    assert game["sheets"][1]["trees_crossed"] == 1


def test_park_with_nothing_drawn_may_take_the_drawing_itself() -> None:
    # A room started before the parks were the starting squares may hold a park the
    # setup drew nothing in: a die pointing at it may draw in the park itself.
    layout = default_layout("shanghai")
    layout["cells"][1][2] = "start"  # an old layout: its `start` is read as a park
    game = new_game("shanghai", ["Ana"], layout, "digital")
    assert game["layout"]["cells"][1][2] == "park" and [1, 2] in game["setup"]["squares"]
    game = started("shanghai", 1)
    game["layout"]["cells"][1][2] = game["sheets"][0]["grid"][1][2] = "park"  # nothing drawn
    game = apply(game, roll(3, 2, 2, 2))
    assert legal_targets(game, "Ana", 0) == [[1, 0], [1, 2], [1, 3], [1, 4], [1, 5]]
    game = apply(game, take("Ana", 0, [1, 2], "EW"))
    assert game["sheets"][0]["grid"][1][2] == "park:EW" and game["sheets"][0]["trees_crossed"] == 1


def test_park_is_of_no_use_without_a_tree_or_a_free_square_in_its_row() -> None:
    game = started("shanghai", 2)
    game["sheets"][0]["trees_crossed"] = 12
    game = fill(game, 1, {(1, c): "EW" for c in (0, 2, 3, 4, 5)})
    game = apply(game, roll(2, 2, 2, 2))
    refused(game, take("Ana", 0, [1, 0], "NS"), "no tree left to cross", "event.die")
    assert legal_targets(game, "Ben", 0) == []


def test_skyscraper_floor_floor_then_road_must_follow() -> None:
    game = started("shanghai", 1)
    for added in (1, 2):
        game = apply(game, roll(4, 3, 3, 3))
        options = [e.get("choice") for e in legal_events(game) if e.get("cell") == [2, 3]]
        assert "floor" in options and "road" in options
        refused(game, take("Ana", 0, [2, 3], "NS"), "needs \"choice\"", "event.choice")
        refused(game, take("Ana", 0, [2, 3], "NS", "floor"), "draws no path", "event.path")
        game = apply(game, take("Ana", 0, [2, 3], choice="floor"))
        assert game["sheets"][0]["floors"][1] == {"cell": [2, 3], "added": added, "scored": False}
        assert game["sheets"][0]["grid"][2][3] == "skyscraper"
    game = apply(game, roll(4, 3, 3, 3))
    assert {e.get("choice") for e in legal_events(game) if e.get("cell") == [2, 3]} == {"road"}
    refused(game, take("Ana", 0, [2, 3], choice="floor"), "third drawing", "event.choice")
    game = apply(game, take("Ana", 0, [2, 3], "NS", "road"))
    assert game["sheets"][0]["floors"][1] == {"cell": [2, 3], "added": 3, "scored": True}
    game = apply(game, roll(4, 3, 3, 3))
    assert legal_targets(game, "Ana", 0) == []


# Passing and forced trees -----------------------------------------------------

def test_forced_tree_when_no_die_is_usable() -> None:
    game = rolled(1, 1, 1, 1)  # every die points at the drawn start square [0, 0]
    assert not can_take_any(game, "Ana")
    assert legal_events(game) == [pass_("Ana")]
    game = apply(game, pass_("Ana"))
    assert game["sheets"][0]["trees_crossed"] == 1 and game["acted"] == ["Ana"]


def test_suzhou_pass_refused_while_a_die_is_usable() -> None:
    game = rolled(3, 2, 1, 1)
    refused(game, pass_("Ana"), "in Suzhou you pass only when none does")
    assert pass_("Ana") not in legal_events(game)


def test_suzhou_more_control_variant_allows_passing() -> None:
    game = apply(rolled(3, 2, 1, 1, more_control=True), pass_("Ana"))
    assert game["sheets"][0]["trees_crossed"] == 1


def test_shanghai_may_always_pass() -> None:
    game = rolled(4, 1, 1, 1, edition="shanghai")
    assert can_take_any(game, "Ana") and pass_("Ana") in legal_events(game)
    assert apply(game, pass_("Ana"))["sheets"][0]["trees_crossed"] == 1


def test_queries_name_unknown_players() -> None:
    with pytest.raises(IllegalMove, match="'Zed' is not playing"):
        legal_targets(rolled(3, 2, 2, 2), "Zed", 0)


def test_six_players() -> None:
    game = started("shanghai", 6)
    game = apply(game, roll(2, 1, 2, 3, 4, 5, 6, 1))
    assert game["players"] == NAMES and len(game["taken"]) == 7
