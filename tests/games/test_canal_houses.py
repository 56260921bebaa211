"""Canal Houses scoring: the rulebook's three-house street, every condition
type (met, not met, missing neighbours), parts, colour bonus, ties, and
properties that must hold for any street."""

from __future__ import annotations

from typing import Any

import pytest
from canal_houses_helpers import (
    card,
    color_street,
    house,
    mirror,
    state,
    street_of_heights,
    window,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import score

PARTS = {"stores", "roofs", "flowerpots", "color_bonus"}


def rulebook_street() -> list[dict[str, Any]]:
    """The rulebook's final-scoring example: orange left and middle houses
    (3 connected orange cards), a purple right house, one roof in the middle."""
    return [
        house(card(4, {"at_least": {"flags": 3}}, "orange"),
              [window(flags=1, color="orange")]),
        house(card(2, {"at_least": {"cats": 1, "birds": 2}}, "orange"),
              [window(cats=1, birds=1, flowerpots=1, color="blue"), window(birds=1, color="green")],
              roof=card(3, {"height": {"exactly": 4}}, "red")),
        house(card(2, {"at_least": {"cats": 1, "flags": 1}}, "purple"),
              [window(cats=1, flags=1, color="purple")]),
    ]


def test_rulebook_example_street() -> None:
    result = score(state(rulebook_street(), [house(card(0, color="green"))]))
    ana = result["players"][0]
    assert ana["parts"] == {"stores": 4, "roofs": 3, "flowerpots": 1, "color_bonus": 4}
    assert ana["total"] == 12
    assert [h["store"]["met"] for h in ana["houses"]] == [False, True, True]
    assert [h["height"] for h in ana["houses"]] == [2, 4, 2]
    assert ana["houses"][1]["roof"]["met"] is True
    assert ana["houses"][0]["roof"] is None
    assert ana["color_group"] == {"color": "orange", "size": 3, "cells": [[0, 0], [0, 1], [1, 0]]}
    assert result["color_bonus"]["winners"] == ["Ana"]
    assert result["ranking"] == ["Ana", "Ben"] and result["winners"] == ["Ana"]
    assert any("3+ flags: not met" in line for line in ana["details"])
    assert any("1+ cat and 2+ birds: met" in line for line in ana["details"])


CONDITION_CASES = [
    # id, heights, index, condition, features of house `index`, met
    ("at_least-met", [2], 0, {"at_least": {"cats": 1, "birds": 2}}, {"cats": 1, "birds": 2}, True),
    ("at_least-one-short", [2], 0, {"at_least": {"cats": 1, "birds": 2}}, {"cats": 3, "birds": 1}, False),
    ("at_least-flags", [2], 0, {"at_least": {"flags": 3}}, {"flags": 2}, False),
    ("at_least-flowerpots", [2], 0, {"at_least": {"flowerpots": 1}}, {"flowerpots": 1}, True),
    ("none-met", [2], 0, {"none": ["flags"]}, {"cats": 2}, True),
    ("none-not-met", [2], 0, {"none": ["flags"]}, {"flags": 1}, False),
    ("none-two-features", [2], 0, {"none": ["cats", "birds"]}, {"birds": 1}, False),
    ("none-no-windows", [1], 0, {"none": ["cats", "birds", "flags", "flowerpots"]}, None, True),
    ("height-exactly-met", [3], 0, {"height": {"exactly": 3}}, None, True),
    ("height-exactly-not", [4], 0, {"height": {"exactly": 3}}, None, False),
    ("height-at_least-equal", [4], 0, {"height": {"at_least": 4}}, None, True),
    ("height-at_least-more", [6], 0, {"height": {"at_least": 4}}, None, True),
    ("height-at_least-not", [3], 0, {"height": {"at_least": 4}}, None, False),
    ("height-at_most-equal", [2], 0, {"height": {"at_most": 2}}, None, True),
    ("height-at_most-not", [3], 0, {"height": {"at_most": 2}}, None, False),
    ("height-range", [3], 0, {"height": {"at_least": 2, "at_most": 4}}, None, True),
    ("taller-left-met", [2, 3], 1, {"taller_than": "left"}, None, True),
    ("taller-left-equal", [3, 3], 1, {"taller_than": "left"}, None, False),
    ("taller-left-no-neighbour", [3, 1], 0, {"taller_than": "left"}, None, False),
    ("taller-right-met", [3, 2], 0, {"taller_than": "right"}, None, True),
    ("taller-right-no-neighbour", [1, 3], 1, {"taller_than": "right"}, None, False),
    ("taller-both-met", [2, 4, 3], 1, {"taller_than": "both"}, None, True),
    ("taller-both-one-side", [2, 4, 5], 1, {"taller_than": "both"}, None, False),
    ("taller-both-edge", [4, 2], 0, {"taller_than": "both"}, None, False),
    ("taller-both-alone", [5], 0, {"taller_than": "both"}, None, False),
    ("shorter-left-met", [3, 2], 1, {"shorter_than": "left"}, None, True),
    ("shorter-left-taller", [2, 3], 1, {"shorter_than": "left"}, None, False),
    ("shorter-left-no-neighbour", [1, 3], 0, {"shorter_than": "left"}, None, False),
    ("shorter-right-met", [2, 3], 0, {"shorter_than": "right"}, None, True),
    ("shorter-right-equal", [2, 2], 0, {"shorter_than": "right"}, None, False),
    ("shorter-right-no-neighbour", [3, 1], 1, {"shorter_than": "right"}, None, False),
    ("shorter-both-met", [3, 1, 2], 1, {"shorter_than": "both"}, None, True),
    ("shorter-both-one-side", [3, 2, 2], 1, {"shorter_than": "both"}, None, False),
    ("shorter-both-edge", [1, 3], 0, {"shorter_than": "both"}, None, False),
    ("combined-all-met", [2, 3, 2], 1,
     {"at_least": {"cats": 1}, "none": ["flags"], "height": {"exactly": 3}, "taller_than": "both"},
     {"cats": 1}, True),
    ("combined-one-fails", [2, 3, 2], 1,
     {"at_least": {"cats": 1}, "none": ["flags"], "height": {"exactly": 3}, "taller_than": "both"},
     {"cats": 1, "flags": 1}, False),
    ("empty-condition", [1], 0, {}, None, True),
]


@pytest.mark.parametrize("heights,index,condition,features,met",
                         [c[1:] for c in CONDITION_CASES], ids=[c[0] for c in CONDITION_CASES])
def test_condition(heights: list[int], index: int, condition: dict[str, Any],
                   features: dict[str, int] | None, met: bool) -> None:
    result = score(state(street_of_heights(heights, index, condition, features)))
    player = result["players"][0]
    store = player["houses"][index]["store"]
    assert store["met"] is met
    assert player["parts"]["stores"] == (1 if met else 0)
    assert all(isinstance(c["why"], str) and c["why"] for c in store["checks"])
    assert store["met"] == all(c["met"] for c in store["checks"])


@pytest.mark.parametrize("condition,rules", [
    ({"at_least": {"birds": 2, "cats": 1}}, ["at_least cats 1", "at_least birds 2"]),
    ({"none": ["flags", "cats"]}, ["none flags", "none cats"]),
    ({"height": {"at_most": 5, "exactly": 3}}, ["height exactly 3", "height at_most 5"]),
    ({"taller_than": "both", "shorter_than": "left"}, ["taller_than both", "shorter_than left"]),
], ids=["at_least", "none", "height", "neighbours"])
def test_one_check_per_requirement(condition: dict[str, Any], rules: list[str]) -> None:
    result = score(state([house(card(1, condition))]))
    checks = result["players"][0]["houses"][0]["store"]["checks"]
    assert [c["rule"] for c in checks] == rules


@pytest.mark.parametrize("windows,roofed,height", [
    (0, False, 1), (0, True, 2), (2, False, 3), (2, True, 4), (5, True, 7),
], ids=["store", "store+roof", "2-windows", "2-windows+roof", "tall"])
def test_height_counts_store_windows_and_roof(windows: int, roofed: bool, height: int) -> None:
    h = house(card(1, {"height": {"exactly": height}}), [window() for _ in range(windows)],
              roof=card(2, {"height": {"exactly": height}}) if roofed else None)
    player = score(state([h]))["players"][0]
    assert player["houses"][0]["height"] == height
    assert player["parts"]["stores"] == 1
    assert player["parts"]["roofs"] == (2 if roofed else 0)


def test_features_are_summed_over_windows() -> None:
    h = house(card(3, {"at_least": {"cats": 3, "birds": 1}}),
              [window(cats=1), window(cats=2, birds=1, flowerpots=2)])
    player = score(state([h]))["players"][0]
    assert player["houses"][0]["features"] == {"cats": 3, "birds": 1, "flags": 0, "flowerpots": 2}
    assert player["parts"] == {"stores": 3, "roofs": 0, "flowerpots": 2, "color_bonus": 0}


def test_every_part_scores_and_keys_are_fixed() -> None:
    ana = [house(card(2, {}, "red"), [window(flowerpots=3, color="red")],
                 roof=card(5, {"height": {"exactly": 3}}, "red"))]
    ben = [house(card(1, {"none": ["cats"]}), [window(cats=1)], roof=card(4, {"taller_than": "left"}))]
    result = score(state(ana, ben))
    assert [p["parts"] for p in result["players"]] == [
        {"stores": 2, "roofs": 5, "flowerpots": 3, "color_bonus": 4},
        {"stores": 0, "roofs": 0, "flowerpots": 0, "color_bonus": 0},
    ]
    assert [p["total"] for p in result["players"]] == [14, 0]


def test_roof_null_is_the_same_as_no_roof() -> None:
    with_null = state([{"store": card(1, {"height": {"exactly": 1}}), "windows": [], "roof": None}])
    absent = state([house(card(1, {"height": {"exactly": 1}}))])
    assert score(with_null)["players"] == score(absent)["players"]


COLOR_CASES = [
    # id, streets as colour columns, expected colour bonus per player, largest sizes
    ("alone", [[["red", "red"], ["red"]], [["blue"], ["blue"]]], [4, 0], [3, 2]),
    ("tied", [[["red", "red"]], [["blue", "blue"]], [["green"]]], [2, 2, 0], [2, 2, 1]),
    ("three-tied", [[["a"]], [["b"]], [["c"]]], [2, 2, 2], [1, 1, 1]),
    ("no-colours", [[[None, None]], [[None]]], [0, 0], [0, 0]),
    ("nulls-never-connect", [[[None, None], [None]], [["red"]]], [0, 4], [0, 1]),
    ("diagonal-does-not-connect", [[["red", "blue"], ["blue", "red"]], [["x", "x"]]], [0, 4], [1, 2]),
    ("case-insensitive", [[["Orange", "orange"]], [["red"]]], [4, 0], [2, 1]),
    ("case-and-spaces", [[["Orange", " orange ", "ORANGE\t"]], [["red", "red "]]], [4, 0], [3, 2]),
    ("spaces-across-houses", [[["blue "], [" Blue"]], [["red"], ["RED"]]], [2, 2], [2, 2]),
    ("any-colour-counts", [[["red", "red", "blue"], ["blue", "blue", "blue"]], [["red"] * 3]],
     [4, 0], [4, 3]),
    ("one-side-no-colour", [[[None]], [["red"]]], [0, 4], [0, 1]),
]


@pytest.mark.parametrize("columns,bonus,sizes", [c[1:] for c in COLOR_CASES],
                         ids=[c[0] for c in COLOR_CASES])
def test_color_bonus(columns: list[list[list[str | None]]], bonus: list[int], sizes: list[int]) -> None:
    result = score(state(*[color_street(c) for c in columns]))
    assert [p["parts"]["color_bonus"] for p in result["players"]] == bonus
    assert [(p["color_group"] or {"size": 0})["size"] for p in result["players"]] == sizes
    assert result["color_bonus"]["size"] == max(sizes)
    assert result["color_bonus"]["winners"] == [
        p["name"] for p, b in zip(result["players"], bonus, strict=True) if b]


def test_roof_sits_on_the_row_above_its_windows() -> None:
    """House 1's roof (row 2) touches house 2's second window (row 2)."""
    ana = [house(card(0, color="red"), [window(color="blue")], roof=card(0, color="green")),
           house(card(0, color="blue"), [window(color="yellow"), window(color="green")])]
    result = score(state(ana, color_street([["x", "x"]])))
    assert result["players"][0]["color_group"] == {
        "color": "green", "size": 2, "cells": [[0, 2], [1, 2]]}
    assert result["players"][0]["parts"]["color_bonus"] == 2  # tied with Ben's 2


def test_solo_scores_no_color_bonus() -> None:
    result = score(state(color_street([["red", "red", "red"], ["red"]])))
    assert result["players"][0]["parts"]["color_bonus"] == 0
    assert result["players"][0]["color_group"]["size"] == 4
    assert result["color_bonus"]["scored"] is False
    assert result["winners"] == ["Ana"]


@pytest.mark.parametrize("streets,ranking_blocks,winners", [
    ([[house(card(3))], [house(card(3))]], [{"Ana", "Ben"}], {"Ana", "Ben"}),
    ([[house(card(1))], [house(card(3))], [house(card(3))]], [{"Ben", "Chloé"}, {"Ana"}],
     {"Ben", "Chloé"}),
    ([[house(card(5))], [house(card(3))]], [{"Ana"}, {"Ben"}], {"Ana"}),
], ids=["two-tied", "tied-first-of-three", "clear-winner"])
def test_ties_share_the_win(streets: list[list[dict[str, Any]]], ranking_blocks: list[set[str]],
                            winners: set[str]) -> None:
    result = score(state(*streets))
    assert set(result["winners"]) == winners
    at = 0
    for block in ranking_blocks:
        assert set(result["ranking"][at:at + len(block)]) == block
        at += len(block)


# --- properties ---------------------------------------------------------------

COLORS = st.sampled_from([None, "red", "blue", "orange"])
COUNT = st.integers(0, 2)
windows_st = st.builds(window, COUNT, COUNT, COUNT, COUNT, COLORS)
condition_st = st.fixed_dictionaries({}, optional={
    "at_least": st.dictionaries(st.sampled_from(["cats", "birds", "flags", "flowerpots"]),
                                st.integers(1, 3), min_size=1),
    "none": st.lists(st.sampled_from(["cats", "birds", "flags", "flowerpots"]),
                     min_size=1, max_size=2, unique=True),
    "height": st.fixed_dictionaries({}, optional={k: st.integers(1, 5)
                                                   for k in ("exactly", "at_least", "at_most")}
                                    ).filter(bool),
    "taller_than": st.sampled_from(["left", "right", "both"]),
    "shorter_than": st.sampled_from(["left", "right", "both"]),
})
card_st = st.builds(card, st.integers(0, 5), condition_st, COLORS)
house_st = st.builds(house, card_st, st.lists(windows_st, max_size=4), st.none() | card_st)
street_st = st.lists(house_st, min_size=1, max_size=5)
streets_st = st.lists(street_st, min_size=1, max_size=4)


@settings(max_examples=60, deadline=None)
@given(streets_st)
def test_total_is_sum_of_parts(streets: list[list[dict[str, Any]]]) -> None:
    for player in score(state(*streets))["players"]:
        assert set(player["parts"]) == PARTS
        assert player["total"] == sum(player["parts"].values())
        assert player["parts"]["color_bonus"] in (0, 2, 4)


@settings(max_examples=60, deadline=None)
@given(streets_st)
def test_mirrored_street_keeps_each_total(streets: list[list[dict[str, Any]]]) -> None:
    plain = score(state(*streets))["players"]
    mirrored = score(state(*[mirror(s) for s in streets]))["players"]
    assert [p["parts"] for p in mirrored] == [p["parts"] for p in plain]


@settings(max_examples=60, deadline=None)
@given(streets_st, st.data())
def test_one_more_flowerpot_is_one_more_point(streets: list[list[dict[str, Any]]],
                                              data: st.DataObject) -> None:
    before = score(state(*streets))["players"]
    p = data.draw(st.integers(0, len(streets) - 1))
    h = data.draw(st.integers(0, len(streets[p]) - 1))
    windows = streets[p][h]["windows"]
    if windows:
        windows[data.draw(st.integers(0, len(windows) - 1))]["flowerpots"] += 1
    else:
        windows.append(window(flowerpots=1))
    after = score(state(*streets))["players"]
    assert after[p]["parts"]["flowerpots"] == before[p]["parts"]["flowerpots"] + 1
