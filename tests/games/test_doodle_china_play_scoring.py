"""Doodle China live game: immediate scoring (hotels, shops, skyscrapers)
with the track fall-back, first-player shop bonuses, Shanghai values crossed
out for everybody, end triggers at the end of the round, and the hand-off
to end-of-game scoring."""

from __future__ import annotations

from typing import Any

import pytest
from doodle_china_helpers import fill, pass_, roll, started, take, trail

from companion.games import score
from companion.games.doodle_china.play import (
    IllegalMove,
    apply,
    final_state,
    finished,
    legal_events,
)

# Suzhou hotel [4, 3] drawn NE joins the start square above and the one to the right.
HOTEL_WAYS = [
    ("alone: 1 is below the track", {(3, 3): "EW", (4, 4): "NS"}, [], None),
    ("length 5 circles 5", {(4, 4): "NW", (3, 4): "NS", (3, 3): "SW", (3, 2): "SE"}, [], 5),
    ("length 5 with 5 taken falls back to 4",
     {(4, 4): "NW", (3, 4): "NS", (3, 3): "SW", (3, 2): "SE"}, [5], 4),
    ("length 6", {(4, 4): "NW", (3, 4): "NS", (3, 3): "SW", (3, 2): "EW", (3, 1): "EW"}, [], 6),
    ("length 7 is not on the track: 6",
     {(4, 4): "NW", (3, 4): "NS", (3, 3): "SW", (3, 2): "EW", (3, 1): "NE", (2, 1): "SE"}, [], 6),
    ("length 5, every value up to 5 taken: nothing",
     {(4, 4): "NW", (3, 4): "NS", (3, 3): "SW", (3, 2): "SE"}, [2, 3, 4, 5], None),
]


@pytest.mark.parametrize("cells,circled,want", [h[1:] for h in HOTEL_WAYS],
                         ids=[h[0] for h in HOTEL_WAYS])
def test_suzhou_hotel_scores_its_riverway_length(cells: dict, circled: list, want: int | None) -> None:
    game = fill(started("suzhou", 2), 0, cells)
    game["sheets"][0]["hotels"] = list(circled)
    game = apply(apply(game, roll(4, 5, 5, 5)), take("Ana", 0, [4, 3], "NE"))
    hotels = game["sheets"][0]["hotels"]
    assert hotels == circled + ([want] if want else [])
    assert game["sheets"][1]["crossed_out"]["hotels"] == []  # Suzhou: nobody else crosses
    # Later drawing on the same riverway scores nothing more.
    game = apply(game, take("Ben", 1, [4, 3], "EW"))
    assert game["sheets"][0]["hotels"] == hotels


def _shop_game(players: int, extra_crossed: list[list[int]]) -> dict[str, Any]:
    """Each sheet has the riverway [3, 1]-[3, 3] waiting for the shop at
    [3, 4]; it touches house squares [2, 4], [4, 2], [3, 0] (5 printed
    crossed houses), plus the given player crossings there."""
    game = started("suzhou", players)
    for who, extra in enumerate(extra_crossed):
        game = fill(game, who, {(3, 3): "EW", (3, 2): "EW", (3, 1): "EW"})
        for index, crossed in zip((2, 4, 3), extra, strict=True):
            game["sheets"][who]["houses"][index]["crossed"] = crossed
    return apply(game, roll(5, *([4] * (players + 1))))


SHOPS = [
    ("5 houses circles 5 and the 5 bonus", [0, 0, 0], [], 5, [5]),
    ("rulebook: 5 houses, 5 taken, circles 4 and the 3 bonus", [0, 0, 0], [5], 4, [3]),
    ("player crossings count", [2, 1, 0], [], 8, [7]),
    ("11 houses circles 10 and the 10 bonus", [2, 2, 2], [], 10, [10]),
]


@pytest.mark.parametrize("extra,circled,want,bonuses", [s[1:] for s in SHOPS], ids=[s[0] for s in SHOPS])
def test_suzhou_shop_counts_crossed_houses_along_its_riverway(extra: list, circled: list, want: int,
                                                              bonuses: list) -> None:
    game = _shop_game(2, [extra, [0, 0, 0]])
    game["sheets"][0]["shops"] = list(circled)
    game = apply(game, take("Ana", 0, [3, 4], "NW"))
    sheet = game["sheets"][0]
    assert sheet["shops"] == circled + [want] and sheet["shop_bonuses"] == bonuses
    assert sheet["largest_shop_houses"] == 5 + sum(extra)
    assert game["sheets"][1]["crossed_out"]["shop_bonuses"] == bonuses


def test_each_bonus_goes_to_the_first_player_only() -> None:
    # Ana 8 houses, Ben 9, Cy 10, Dee 2: bonuses 7, 5 (7 gone), 10, none (below 3).
    game = _shop_game(4, [[2, 1, 0], [2, 2, 0], [2, 2, 1], [0, 0, 0]])
    for who, name in enumerate(["Ana", "Ben", "Cy"]):
        game = apply(game, take(name, who, [3, 4], "NW"))
    assert [s["shops"] for s in game["sheets"][:3]] == [[8], [9], [10]]
    assert [s["shop_bonuses"] for s in game["sheets"]] == [[7], [5], [10], []]
    assert game["bonuses"] == {"7": "Ana", "5": "Ben", "10": "Cy"}
    assert game["sheets"][3]["crossed_out"]["shop_bonuses"] == [7, 5, 10]
    assert game["sheets"][0]["crossed_out"]["shop_bonuses"] == [5, 10]


def test_a_low_shop_takes_no_bonus() -> None:
    game = _shop_game(2, [[0, 0, 0], [0, 0, 0]])
    game["bonuses"] = {"3": "Ben", "5": "Ben"}
    game = apply(game, take("Ana", 0, [3, 4], "NW"))
    assert game["sheets"][0]["shops"] == [5] and game["sheets"][0]["shop_bonuses"] == []


ROAD_7 = {(1, 2): "EW", (1, 0): "EW", (1, 4): "EW", (1, 5): "SW", (2, 5): "NS"}


def test_shanghai_hotel_values_are_crossed_out_for_everybody() -> None:
    game = started("shanghai", 3, setup_blue=2)
    for who in range(3):
        game = fill(game, who, ROAD_7)
    game = apply(game, roll(4, 2, 2, 2, 2))
    game = apply(game, take("Ana", 0, [1, 3], "EW"))
    game = apply(game, take("Ben", 1, [1, 3], "EW"))  # 7 is gone: the next lower, 6
    assert [s["hotels"] for s in game["sheets"]] == [[7], [6], []]
    assert [s["crossed_out"]["hotels"] for s in game["sheets"]] == [[6], [7], [7, 6]]
    assert "fell back to 6" in " ".join(game["last"]["effects"])
    game = apply(game, take("Cy", 2, [1, 3], "EW"))
    assert game["sheets"][2]["hotels"] == [5]
    score(final_state(game))  # no value on two sheets


def _claim(game: dict[str, Any], key: str, owners: dict[int, int]) -> None:
    """Values already circled by other players (and crossed out elsewhere)."""
    for value, owner in owners.items():
        for who, sheet in enumerate(game["sheets"]):
            (sheet[key] if who == owner else sheet["crossed_out"][key]).append(value)


def test_shanghai_skyscraper_floors_times_parks_with_fall_back() -> None:
    # Rulebook: 3 floors x 2 parks = 6, but 6 and 5 are taken: Ana circles 4. The parks
    # are the starting squares (setup drew EW in each): the road from the skyscraper at
    # [3, 1] runs through the parks [3, 3] and [1, 1].
    game = started("shanghai", 3, setup_blue=2)
    game = fill(game, 0, {(3, 2): "EW", (3, 4): "NW", (2, 4): "NS", (1, 4): "SW", (1, 3): "EW",
                          (1, 2): "EW"})
    game["sheets"][0]["floors"][2]["added"] = 1
    _claim(game, "skyscrapers", {6: 1, 5: 2})
    game = apply(apply(game, roll(2, 4, 4, 4, 4)), take("Ana", 0, [3, 1], "EW", "road"))
    assert game["sheets"][0]["skyscrapers"] == [4]
    assert game["sheets"][1]["crossed_out"]["skyscrapers"] == [5, 4]
    assert game["sheets"][2]["crossed_out"]["skyscrapers"] == [6, 4]
    assert "3 floors x 2 connected parks" in " ".join(game["last"]["effects"])


def test_skyscraper_with_no_park_scores_nothing() -> None:
    game = apply(apply(started("shanghai", 1), roll(2, 4, 4, 4)),
                 take("Ana", 0, [3, 1], "NS", "road"))
    assert game["sheets"][0]["skyscrapers"] == []
    assert "nothing circled" in " ".join(game["last"]["effects"])


# Game end -----------------------------------------------------------------

SUZHOU_15 = [(4, 3), (4, 4), (3, 4), (3, 3), (2, 3), (2, 2), (3, 2), (3, 1), (2, 1), (2, 0),
             (1, 0), (1, 1), (1, 2), (0, 2), (0, 3), (0, 4), (1, 4)]
SHANGHAI_18 = [(3, 0), *[(2, c) for c in range(6)], *[(1, c) for c in range(5, -1, -1)],
               *[(0, c) for c in range(6)]]


def _ends_after_round(game: dict[str, Any], first: dict[str, Any], reason: str) -> None:
    game = apply(game, first)
    assert not finished(game) and reason in " ".join(game["end"]["reasons"])
    game = apply(game, legal_events(game)[0])  # Ben plays the round out
    assert finished(game)
    with pytest.raises(IllegalMove, match="the game is over"):
        apply(game, roll(1, 1, 1, 1))
    result = score(final_state(game))
    assert [p["name"] for p in result["players"]] == ["Ana", "Ben"]


def test_suzhou_hotel_15_ends_the_game_with_the_round() -> None:
    way = trail(SUZHOU_15)
    game = fill(started("suzhou", 2), 0, {p: way[p] for p in SUZHOU_15[1:]})
    game = apply(game, roll(4, 5, 1, 1))
    _ends_after_round(game, take("Ana", 0, [4, 3], way[(4, 3)]), "top hotel value 15")


def test_suzhou_shop_10_ends_the_game_with_the_round() -> None:
    game = _shop_game(2, [[2, 2, 2], [0, 0, 0]])
    game["bonuses"] = {"10": "Ben"}
    _ends_after_round(game, take("Ana", 0, [3, 4], "NW"), "top shop value 10")


@pytest.mark.parametrize("edition", ["suzhou", "shanghai"])
def test_last_tree_ends_the_game_with_the_round(edition: str) -> None:
    game = started(edition, 2, more_control=edition == "suzhou")
    game["sheets"][0]["trees_crossed"] = game["layout"]["trees"] - 1
    game = apply(game, roll(1, 1, 1, 1))
    _ends_after_round(game, pass_("Ana"), "crossed out their last tree")


def test_shanghai_hotel_18_ends_the_game_with_the_round() -> None:
    way = trail(SHANGHAI_18)
    game = fill(started("shanghai", 2), 0, {p: way[p] for p in SHANGHAI_18[1:]})
    game = apply(game, roll(1, 4, 1, 1))
    _ends_after_round(game, take("Ana", 0, [3, 0], way[(3, 0)]), "top hotel value 18")


def test_the_end_waits_for_the_whole_round() -> None:
    # Ben starts round 2; Ana, last in the round, ends it: Ben's turn came first.
    game = started("suzhou", 2, more_control=True)
    game = apply(apply(apply(game, roll(1, 1, 1, 1)), pass_("Ana")), pass_("Ben"))
    game["sheets"][1]["trees_crossed"] = 9
    game = apply(apply(game, roll(1, 1, 1, 1)), pass_("Ben"))
    assert not finished(game) and game["acted"] == ["Ben"]
    assert finished(apply(game, pass_("Ana")))


# Hand-off -------------------------------------------------------------------

def test_final_state_scores_what_was_circled_and_drawn() -> None:
    game = _shop_game(2, [[2, 1, 0], [0, 0, 0]])
    game = apply(game, take("Ana", 0, [3, 4], "NW"))
    state = final_state(game)
    ana = state["players"][0]
    assert ana["shops"] == [8] and ana["shop_bonuses"] == [7] and ana["largest_shop_houses"] == 8
    assert ana["grid"][3][1:] == ["hotel:EW", "plain:EW", "start:EW", "shop:NW"]
    result = score(state)
    assert result["players"][0]["parts"]["shops"] == 8
    assert result["players"][0]["parts"]["shop_bonuses"] == 7
    assert {"cells": [[3, 1], [3, 2], [3, 3], [3, 4]], "length": 4} in result["players"][0]["riverways"]
