"""Every engine answers with structured reasons beside its words: the result's
top-level `reasons[i][j]` is the data behind `players[i].details[j]` (kind,
part, cells, values, move index, points), and each Canalis event carries its
`lines` (kind, tile, cells, values, text). Pages read these, never the English.
The player objects keep exactly their contract keys (scoring.md)."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from canal_houses_helpers import card, house, state, window
from canalis_helpers import canal, industrial, scheme, scored, tenement
from doodle_china_helpers import blank, shanghai_player
from doodle_china_helpers import state as doodle_state

from companion.games import score
from companion.games.canal_houses import missing_values
from companion.games.canal_houses.state import required_values

# The contract's worked examples (test_worked_examples fails when they are missing).
EXAMPLES = sorted((Path(__file__).resolve().parents[2].parent / "shared" / "spec" / "examples")
                  .glob("*.json"))
# Games whose every point is one reason's `points` (Canal Grande counts cards instead).
ADDITIVE = {"canal-houses", "doodle-china", "canalis"}


def _results():
    for path in EXAMPLES:
        yield pytest.param(score(json.loads(path.read_text())["state"]), id=path.stem)
    yield pytest.param(_fee_game(), id="canalis-fees-and-waits")
    yield pytest.param(_bus_game(), id="shanghai-buses")


def _fee_game():
    board = {"rows": 2, "cols": 7, "harbors": [[0, 6]],
             "resources": [{"cells": [[1, 1]], "resource": "spices", "income": 2}]}
    moves = [industrial("Ana", [[0, 0]], name="Works", cost=1, needs=["spices"]),
             canal("Chloé", [[0, 1], [0, 2], [0, 3], [0, 4], [0, 5]], owner="Chloé"),
             scheme("Ben", points=2, crowns=1, note="a note; with a semicolon"),
             tenement("Ana", [1, 0])]
    return scored(moves, board=board, players=("Ana", "Ben", "Chloé"))


def _bus_game():
    grid = blank("shanghai")
    grid[0][:3] = ["bus:EW", "plain:EW", "bus:EW"]
    return score(doodle_state("shanghai", shanghai_player("Ana", grid=grid),
                              shanghai_player("Ben", trees_crossed=3)))


@pytest.mark.parametrize("result", list(_results()))
def test_reasons_run_beside_the_details_and_add_up_to_the_parts(result):
    assert len(result["reasons"]) == len(result["players"])
    for player, reasons in zip(result["players"], result["reasons"], strict=True):
        assert set(player) - {"crowns", "houses", "color_group", "riverways", "boats",
                              "progress"} == {"name", "total", "parts", "details"}
        assert len(reasons) == len(player["details"])
        for reason in reasons:
            assert isinstance(reason["kind"], str)
            assert reason["part"] is None or reason["part"] in player["parts"]
        if result["game"] not in ADDITIVE:
            continue
        summed: dict[str, int] = defaultdict(int)
        for reason in reasons:
            if reason["part"] is not None:
                summed[reason["part"]] += reason["points"]
            if reason["kind"] == "final":  # Canalis: entered by hand at the end
                for part, value in reason["values"].items():
                    summed[part] += value
        assert {k: summed.get(k, 0) for k in player["parts"]} == player["parts"]


def test_canal_houses_reasons_name_the_house_card_and_failed_rule():
    street = [house(card(2, {"at_least": {"cats": 1}}, color="red"),
                    [window(cats=1, flowerpots=2, color="red")]),
              house(card(3, {"none": ["cats"], "height": {"exactly": 3}}), [window(cats=1)],
                    roof=card(1, {"taller_than": "left"}))]
    result = score(state(street, [house(card(0))]))
    reasons = result["reasons"][0]
    assert reasons[0] == {"kind": "store", "part": "stores", "house": 0, "card_points": 2,
                          "met": True, "points": 2, "checks": [{"rule": "at_least cats 1", "met": True}]}
    assert reasons[1] == {"kind": "no_roof", "part": "roofs", "house": 0, "points": 0}
    assert reasons[2]["checks"] == [{"rule": "none cats", "met": False},
                                    {"rule": "height exactly 3", "met": True}]
    assert (reasons[2]["met"], reasons[2]["points"]) == (False, 0)
    assert reasons[3]["kind"] == "roof" and reasons[3]["checks"] == [
        {"rule": "taller_than left", "met": True}]
    assert reasons[4] == {"kind": "flowerpots", "part": "flowerpots", "points": 2,
                          "houses": [{"house": 0, "count": 2}]}
    bonus = reasons[5]
    assert (bonus["outcome"], bonus["points"], bonus["group"]["cells"]) == ("alone", 4, [[0, 0], [0, 1]])
    assert result["reasons"][1][-1]["outcome"] == "no_group"


def test_doodle_china_reasons_give_cells_values_and_outcomes():
    result = _bus_game()
    ana = result["reasons"][0]
    buses = [r for r in ana if r["kind"] == "vehicle"]
    assert [(r["cell"], r["outcome"], r["points"], r["length"]) for r in buses] == [
        ([0, 0], "connected", 5, 3), ([0, 2], "connected", 5, 3)]
    assert [r for r in ana if r["kind"] == "track"] == [
        {"kind": "track", "part": "hotels", "value": None, "index": None, "points": 0},
        {"kind": "track", "part": "skyscrapers", "value": None, "index": None, "points": 0}]
    trees = {r["kind"]: r for r in result["reasons"][1]}["trees"]
    assert (trees["count"], trees["counted"], trees["worst"], trees["points"]) == (9, "remaining", True, -7)


def test_canalis_events_carry_their_lines_as_data():
    result = _fee_game()
    events = result["events"]
    for event in events:  # the words are the lines' words, in order
        assert event["text"] == f"moves[{event['move']}] " + "; ".join(line["text"] for line in event["lines"])
    (waits,) = [line for line in events[0]["lines"] if line["kind"] == "waits"]
    assert waits["missing"] == ["workers", "spices", "harbor"] and waits["tile"] == events[0]["tile"]
    (scheme_line,) = events[2]["lines"]
    assert (scheme_line["kind"], scheme_line["note"], scheme_line["points"]) == (
        "scheme", "a note; with a semicolon", 2)
    kinds = [line["kind"] for line in events[3]["lines"]]
    assert kinds == ["built", "scored", "income", "workers", "fee"]
    fee = events[3]["lines"][-1]
    assert (fee["player"], fee["to"], fee["crowns"]) == ("Ana", "Chloé", 1)
    ana = result["reasons"][0]
    assert {"kind": "fee", "part": None, "move": 3, "crowns": -1, "tile": fee["tile"],
            "to": "Chloé"} in ana
    assert ana[0] == {"kind": "start", "part": "start", "move": None, "points": 10, "crowns": 5}


def test_canal_grande_reasons_count_districts_and_what_is_left():
    result = score({"game": "canal-grande", "players": [
        {"name": "Ana", "won": {"San Marco": 2, "Castello": 1}, "numbers": [1, 3]},
        {"name": "Ben", "won": {"Dorsoduro": 4}, "numbers": [2]}]})
    ana, ben = result["reasons"]
    assert ana[0] == {"kind": "districts", "part": "districts", "count": 2, "of": 6,
                      "districts": ["San Marco", "Castello"]}
    assert ana[3] == {"kind": "to_win", "part": None, "districts_left": 4, "of_one_left": 2}
    assert ana[4] == {"kind": "numbers", "part": None, "values": [1, 3], "sum": 4}
    assert ben[3] == {"kind": "won", "part": None, "win": result["win_condition"]}


def test_required_values_are_what_missing_values_reports():
    """The pages mark missing values from `required_values`; it must agree with the engine."""
    need = required_values()
    blank_card = dict.fromkeys(need["store"])
    blank_window = dict.fromkeys(need["window"])
    street = [{"store": {**blank_card, "color": None}, "windows": [{**blank_window, "color": None}],
               "roof": {**blank_card, "color": None}}]
    found = missing_values({"game": "canal-houses", "players": [{"name": "Ana", "street": street}]})
    root = "players[0].street[0]"
    assert found == ([f"{root}.store.{k}" for k in need["store"]]
                     + [f"{root}.windows[0].{k}" for k in need["window"]]
                     + [f"{root}.roof.{k}" for k in need["roof"]])
