"""Doodle China states that must be refused, each with the path a person
would look at and a message saying what is allowed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from doodle_china_helpers import shanghai_player, state, suzhou_player

from companion.games import StateError, score


def suzhou(**over: Any) -> dict[str, Any]:
    return state("suzhou", suzhou_player(**over))


def two_suzhou(first: dict, second: dict) -> dict[str, Any]:
    return state("suzhou", suzhou_player(**{"name": "Ana", **first}),
                 suzhou_player(**{"name": "Ben", **second}))


def two_shanghai(first: dict, second: dict) -> dict[str, Any]:
    return state("shanghai", shanghai_player("Ana", **first), shanghai_player("Ben", **second))


def cell(value: Any, r: int = 2, c: int = 3) -> dict[str, Any]:
    s = suzhou()
    s["players"][0]["grid"][r][c] = value
    return s


def edit(fn: Callable[[dict[str, Any]], None], base: dict[str, Any] | None = None) -> dict[str, Any]:
    s = base or suzhou()
    fn(s)
    return s


ERRORS = [
    # grid cells
    ("unknown kind", cell("tower"), "players[0].grid[2][3]", "unknown kind \"tower\""),
    ("shanghai kind on a suzhou sheet", cell("taxi:NS"), "players[0].grid[2][3]", "Suzhou kinds"),
    ("bad path", cell("boat:NN"), "players[0].grid[2][3]", "unknown path \"NN\""),
    ("path in the wrong order", cell("boat:SN"), "players[0].grid[2][3]", "did you mean \"NS\""),
    ("lower-case path", cell("boat:ne"), "players[0].grid[2][3]", "did you mean \"NE\""),
    ("path in a house square", cell("house:EW"), "players[0].grid[2][3]", "takes no path"),
    ("empty path", cell("boat:"), "players[0].grid[2][3]", "KIND or KIND:PATH"),
    ("two colons", cell("boat:NS:EW"), "players[0].grid[2][3]", "KIND or KIND:PATH"),
    ("empty cell string", cell(""), "players[0].grid[2][3]", "KIND or KIND:PATH"),
    ("cell not a string", cell(3), "players[0].grid[2][3]", "must be a string"),
    ("cell is null", cell(None, 0, 0), "players[0].grid[0][0]", "got null"),
    ("short row", edit(lambda s: s["players"][0]["grid"][1].pop()), "players[0].grid[1]",
     "must have 5 cells"),
    ("long row", edit(lambda s: s["players"][0]["grid"][4].append("plain")), "players[0].grid[4]",
     "got 6"),
    ("six rows on a suzhou sheet", edit(lambda s: s["players"][0]["grid"].append(["plain"] * 5)),
     "players[0].grid", "must have 5 rows"),
    ("row not a list", edit(lambda s: s["players"][0]["grid"].__setitem__(0, "plain")),
     "players[0].grid[0]", "must be a list"),
    ("grid not a list", suzhou(grid="plain"), "players[0].grid", "must be a list"),
    ("five rows on a shanghai sheet",
     state("shanghai", shanghai_player(grid=[["plain"] * 6] * 5)), "players[0].grid",
     "Shanghai is 6x6"),
    # circled values
    ("hotel twice on a sheet", suzhou(hotels=[8, 8]), "players[0].hotels[1]", "already circled"),
    ("shop twice on a sheet", suzhou(shops=[3, 5, 3]), "players[0].shops[2]", "at shops[0]"),
    ("suzhou hotel above the track", suzhou(hotels=[16]), "players[0].hotels[0]", "from 2 to 15"),
    ("suzhou hotel below the track", suzhou(hotels=[1]), "players[0].hotels[0]", "from 2 to 15"),
    ("suzhou shop zero", suzhou(shops=[0]), "players[0].shops[0]", "from 1 to 10"),
    ("suzhou shop 11", suzhou(shops=[11]), "players[0].shops[0]", "from 1 to 10"),
    ("bonus not on the list", suzhou(shop_bonuses=[4]), "players[0].shop_bonuses[0]",
     "3, 5, 7, 10"),
    ("bonus twice on a sheet", suzhou(shop_bonuses=[5, 5]), "players[0].shop_bonuses[1]",
     "already circled"),
    ("bonus on two sheets", two_suzhou({"shop_bonuses": [7]}, {"shop_bonuses": [3, 7]}),
     "players[1].shop_bonuses[1]", "also circled at players[0].shop_bonuses[0] (Ana)"),
    ("shanghai hotel on two sheets", two_shanghai({"hotels": [7]}, {"hotels": [7]}),
     "players[1].hotels[0]", "hotel 7 is also circled at players[0].hotels[0]"),
    ("shanghai skyscraper on two sheets", two_shanghai({"skyscrapers": [2, 9]}, {"skyscrapers": [9]}),
     "players[1].skyscrapers[0]", "players[0].skyscrapers[1]"),
    ("shanghai hotel 19", state("shanghai", shanghai_player(hotels=[19])), "players[0].hotels[0]",
     "from 1 to 18"),
    # trees
    ("suzhou trees above ten", suzhou(trees_crossed=11), "players[0].trees_crossed",
     "from 0 to 10"),
    ("negative trees", suzhou(trees_crossed=-1), "players[0].trees_crossed", "got -1"),
    ("shanghai trees above twelve", state("shanghai", shanghai_player(trees_crossed=13)),
     "players[0].trees_crossed", "from 0 to 12 (a Shanghai sheet has 12 trees), got 13"),
    # keys and types
    ("unknown player key", suzhou(score=3), "players[0].score", "not a known key"),
    ("skyscrapers on a suzhou sheet", suzhou(skyscrapers=[3]), "players[0].skyscrapers",
     "not a known key"),
    ("shops on a shanghai sheet", state("shanghai", shanghai_player(shops=[3])),
     "players[0].shops", "not a known key"),
    ("largest_shop_houses on a shanghai sheet",
     state("shanghai", shanghai_player(largest_shop_houses=3)), "players[0].largest_shop_houses",
     "not a known key"),
    ("unknown top-level key", edit(lambda s: s.__setitem__("layout", "suzhou-v1")), "layout",
     "not a known key"),
    ("missing trees", edit(lambda s: s["players"][0].pop("trees_crossed")),
     "players[0].trees_crossed", "required"),
    ("hotels as a string", suzhou(hotels="8"), "players[0].hotels", "must be a list"),
    ("hotel value as a string", suzhou(hotels=["8"]), "players[0].hotels[0]", "an integer"),
    ("hotel value true", suzhou(hotels=[True]), "players[0].hotels[0]", "an integer"),
    ("trees as a float", suzhou(trees_crossed=2.0), "players[0].trees_crossed", "an integer"),
    ("name not a string", suzhou(name=3), "players[0].name", "a string"),
    ("empty name", suzhou(name=""), "players[0].name", "empty"),
    ("negative largest shop", suzhou(largest_shop_houses=-2), "players[0].largest_shop_houses",
     "at least 0"),
    ("player not an object", edit(lambda s: s["players"].append("Ben")), "players[1]",
     "an object"),
    ("same name twice", two_suzhou({}, {"name": " ana "}), "players[1].name", "already the name"),
    ("unknown edition", edit(lambda s: s.__setitem__("edition", "beijing")), "edition",
     "'suzhou' or 'shanghai'"),
    ("no players", edit(lambda s: s.__setitem__("players", [])), "players", "at least 1"),
    ("state not an object", [], "(state)", "JSON object"),
]


@pytest.mark.parametrize("bad,path,fragment", [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS])
def test_refused(bad: Any, path: str, fragment: str) -> None:
    with pytest.raises(StateError) as caught:
        score(bad)
    assert caught.value.path == path
    assert fragment in caught.value.message


ACCEPTED = [
    ("shanghai 7 and 6 on different sheets", two_shanghai({"hotels": [7]}, {"hotels": [6]})),
    ("shanghai hotel 7 and skyscraper 7", two_shanghai({"hotels": [7]}, {"skyscrapers": [7]})),
    ("suzhou hotels repeat across sheets", two_suzhou({"hotels": [15]}, {"hotels": [15]})),
    ("suzhou shops repeat across sheets", two_suzhou({"shops": [10]}, {"shops": [10]})),
    ("largest_shop_houses may be left out or given", suzhou(largest_shop_houses=0)),
    ("paths in every drawable kind", suzhou(grid=[["plain:NS", "start:EW", "hotel:NE",
                                                   "shop:SW", "boat:SE"]] * 4 + [["house"] * 5])),
]


@pytest.mark.parametrize("good", [a[1] for a in ACCEPTED], ids=[a[0] for a in ACCEPTED])
def test_accepted(good: dict[str, Any]) -> None:
    assert score(good)["game"] == "doodle-china"
