"""Properties of Doodle China scoring over random sheets: totals are the sum
of parts, and turning or mirroring a sheet (paths with it) changes neither the
vehicle points nor the riverway lengths."""

from __future__ import annotations

from typing import Any

from doodle_china_helpers import rotate180, state, transpose
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import score
from companion.games.doodle_china.layouts import KINDS, SIZES, TRACKS, TREES

PATHS = ("NS", "EW", "NE", "NW", "SE", "SW")
TREES_UNIT = {"suzhou": 4, "shanghai": 7}
VEHICLE_PARTS = {"suzhou": ("boats",), "shanghai": ("taxis", "buses")}


@st.composite
def cells(draw: st.DrawFn, edition: str) -> str:
    kind = draw(st.sampled_from(KINDS[edition]))
    if kind == "house":
        return kind
    path = draw(st.one_of(st.none(), st.sampled_from(PATHS)))
    return kind if path is None else f"{kind}:{path}"


def grids(edition: str) -> st.SearchStrategy[list[list[str]]]:
    size = SIZES[edition]
    return st.lists(st.lists(cells(edition), min_size=size, max_size=size),
                    min_size=size, max_size=size)


@st.composite
def states(draw: st.DrawFn, edition: str) -> dict[str, Any]:
    count = draw(st.integers(1, 5))
    shared = {key: draw(st.permutations(TRACKS[edition][key]))
              for key in ("hotels", "skyscrapers", "shop_bonuses") if key in TRACKS[edition]}
    players = []
    for i in range(count):
        player: dict[str, Any] = {"name": f"P{i}", "grid": draw(grids(edition)),
                                  "trees_crossed": draw(st.integers(0, TREES[edition]))}
        for key, track in TRACKS[edition].items():
            if edition == "shanghai" or key == "shop_bonuses":
                # One owner per value: deal from a shuffled track.
                player[key] = list(shared[key][i::count][: draw(st.integers(0, 4))])
            elif key == "hotels":
                player[key] = list(shared[key][: draw(st.integers(0, 4))])
            else:
                player[key] = draw(st.lists(st.sampled_from(track), unique=True, max_size=5))
        players.append(player)
    return state(edition, *players)


EDITIONS = st.sampled_from(("suzhou", "shanghai"))


@settings(max_examples=150, deadline=None)
@given(data=st.data(), edition=EDITIONS)
def test_totals_are_the_sum_of_parts(data: st.DataObject, edition: str) -> None:
    s = data.draw(states(edition))
    result = score(s)
    for player, sheet in zip(result["players"], s["players"], strict=True):
        assert player["total"] == sum(player["parts"].values())
        assert player["details"]
        drawn = sum(":" in c for row in sheet["grid"] for c in row)
        assert sum(w["length"] for w in player["riverways"]) == drawn
    assert set(result["winners"]) <= set(result["ranking"])
    assert sorted(result["ranking"]) == sorted(p["name"] for p in s["players"])
    assert ("solo" in result) == (len(s["players"]) == 1)
    if len(s["players"]) > 1:
        assert sum(p["parts"]["trees"] for p in result["players"]) % TREES_UNIT[edition] == 0


def _shape(result: dict[str, Any], edition: str) -> tuple:
    player = result["players"][0]
    return (tuple(player["parts"][k] for k in VEHICLE_PARTS[edition]),
            sorted(w["length"] for w in player["riverways"]),
            sum(b["connected"] for b in player["boats"]))


def _one(edition: str, grid: list[list[str]]) -> dict[str, Any]:
    blank = {"suzhou": {"shops": [], "shop_bonuses": []}, "shanghai": {"skyscrapers": []}}
    return state(edition, {"name": "Ana", "grid": grid, "hotels": [], "trees_crossed": 0,
                           **blank[edition]})


@settings(max_examples=150, deadline=None)
@given(data=st.data(), edition=EDITIONS)
def test_rotating_half_a_turn_keeps_vehicles_and_riverways(data: st.DataObject, edition: str) -> None:
    grid = data.draw(grids(edition))
    assert rotate180(rotate180(grid)) == grid
    assert _shape(score(_one(edition, rotate180(grid))), edition) == \
        _shape(score(_one(edition, grid)), edition)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), edition=EDITIONS)
def test_transposing_keeps_vehicles_and_riverways(data: st.DataObject, edition: str) -> None:
    grid = data.draw(grids(edition))
    assert transpose(transpose(grid)) == grid
    assert _shape(score(_one(edition, transpose(grid))), edition) == \
        _shape(score(_one(edition, grid)), edition)
