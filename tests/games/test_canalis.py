"""Canalis scoring: the worked examples, the rulebook's Sample Moves, every
part key, every build kind, fees, gardens after scoring, build order, ties,
and the live page's `events` and `board`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from canalis_helpers import (
    APOTHECARY,
    MILL,
    MILL_BOARD,
    SAMPLE_SETUP,
    build,
    canal,
    industrial,
    locks,
    player,
    sample_state,
    scheme,
    scored,
    state,
    tenement,
)

from companion.games import score
from companion.games.canalis import PARTS

EXAMPLES = Path(__file__).resolve().parents[2].parent / "shared" / "spec" / "examples"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("canalis-*.json")), ids=lambda p: p.stem)
def test_worked_example(path):
    case = json.loads(path.read_text())
    got, want = score(case["state"]), case["result"]
    for g, w in zip(got["players"], want["players"], strict=True):
        assert (g["name"], g["total"], g["parts"], g["crowns"]) == (
            w["name"], w["total"], w["parts"], w["crowns"])
    assert sorted(got["winners"]) == sorted(want["winners"])
    totals = {p["name"]: (p["total"], p["crowns"]) for p in got["players"]}
    assert [totals[n] for n in got["ranking"]] == [totals[n] for n in want["ranking"]]


# ----- the rulebook's Sample Moves -------------------------------------------

def test_sample_apothecary_scores_as_the_rulebook_tells():
    before = score(sample_state(len(SAMPLE_SETUP)))
    assert player(before, "Atheneum")["crowns"] == 3
    after = score(sample_state(len(SAMPLE_SETUP) + 1))
    ath = player(after, "Atheneum")
    # 7 points, +2 for the adjacent garden, no workers bonus for anyone.
    assert ath["parts"] == {**dict.fromkeys(PARTS, 0), "start": 10, "buildings": 7, "gardens": 2}
    # 3 paid, +2 gain, +1 dyes, +2 spices, -1 Guild, -1 Church.
    assert ath["crowns"] == 3 - 3 + 2 + 1 + 2 - 1 - 1
    assert player(after, "Guild")["crowns"] == 2 + 1
    assert player(after, "Church")["crowns"] == 1 + 1
    assert all(player(after, n)["parts"]["workers"] == 0 for n in ("Guild", "Church"))
    event = after["events"][-1]
    assert event["crowns"] == {"Atheneum": 0, "Guild": 1, "Church": 1}  # Atheneum: net 0
    assert "paid Guild 1 crown" in event["text"] and "paid Church 1 crown" in event["text"]
    assert event["text"].index("Guild 1 crown") < event["text"].index("Church 1 crown")


def test_sample_engineer_scores_when_the_ore_is_placed():
    result = score(sample_state())
    merchants, church = player(result, "Merchants"), player(result, "Church")
    assert merchants["parts"]["buildings"] == 7
    assert merchants["crowns"] == 0 + 1  # timber 1, the placed ore 0
    assert church["parts"]["workers"] == 2  # its tenement alone supplies the Engineer
    assert church["crowns"] == 2  # no fee: another path to the timber avoids its locks
    assert result["events"][-1]["crowns"] == {"Merchants": 1}
    assert [p["total"] for p in result["players"]] == [19, 10, 12, 17]
    assert result["winners"] == ["Atheneum"]


def test_sample_smelter_does_not_score():
    result = score(sample_state())
    smelter = next(t for t in result["board"]["tiles"] if t.get("name") == "Smelter")
    assert smelter["scored"] is False
    assert "Smelter waits for ore" in result["log"][11]
    ore = next(t for t in result["board"]["tiles"] if t["move"] == 13)
    assert (ore["kind"], ore["resource"], ore["income"], ore["owner"]) == ("resource", "ore", 0, None)


# ----- every part key ----------------------------------------------------------

FEE_BOARD = {"rows": 3, "cols": 6, "harbors": [[0, 5]]}
SHORT_FEE = [canal("Ben", [[0, 1], [0, 2], [0, 3], [0, 4]], owner="Ben"),
             industrial("Ana", [[1, 1]], cost=5), tenement("Ben", [1, 2])]

PART_CASES = [
    ("start", [], {}, None, "Ana", "start", 10),
    ("buildings", [MILL, tenement("Ben", [1, 2])], MILL_BOARD, None, "Ana", "buildings", 5),
    ("buildings-specialty-points",
     [build("Ana", "specialty", [[3, 3]], name="Senate Annex", cost=2, points=6)], MILL_BOARD,
     None, "Ana", "buildings", 6),
    ("gardens", [MILL, tenement("Ben", [1, 2])], MILL_BOARD, None, "Ana", "gardens", 3),
    ("workers-other-player", [MILL, tenement("Ben", [1, 2])], MILL_BOARD, None, "Ben", "workers", 2),
    ("workers-own-tenement", [MILL, tenement("Ana", [1, 2])], MILL_BOARD, None, "Ana", "workers", 2),
    ("fees-unpaid", SHORT_FEE, FEE_BOARD, None, "Ana", "fees", -1),
    ("other-scheme", [scheme("Ana", points=3)], {}, None, "Ana", "other", 3),
    ("other-negative-scheme", [scheme("Ana", points=-2)], {}, None, "Ana", "other", -2),
    ("other-gain", [canal("Ana", [[2, 2]], gain={"points": 2})], {}, None, "Ana", "other", 2),
    ("specialty", [], {}, {"Ana": {"specialty": 4}}, "Ana", "specialty", 4),
    ("missions", [], {}, {"Ana": {"missions": 6}, "Ben": {}}, "Ana", "missions", 6),
]


@pytest.mark.parametrize("moves,board,final,name,part,expected",
                         [c[1:] for c in PART_CASES], ids=[c[0] for c in PART_CASES])
def test_part(moves, board, final, name, part, expected):
    result = scored(moves, board=board or None, final=final)
    who = player(result, name)
    assert list(who["parts"]) == list(PARTS)
    assert who["parts"][part] == expected
    assert who["total"] == sum(who["parts"].values())
    # Every point has a reason: a details line names the part.
    if expected and part not in ("start", "specialty", "missions"):
        assert any(line.startswith("moves[") and f" {part} " in line for line in who["details"])
    else:
        assert any(part in line for line in who["details"])


# ----- every build kind --------------------------------------------------------

KIND_CASES = [
    ("canal", canal("Ana", [[2, 2], [2, 3]]), {"kind": "canal", "owner": None}, 5),
    ("canal-sealed", canal("Ana", [[2, 2]], owner="Ben"), {"kind": "canal", "owner": "Ben"}, 5),
    ("garden", build("Ana", "garden", [[2, 2]], value=2), {"kind": "garden", "value": 2}, 5),
    ("resource", build("Ana", "resource", [[2, 2]], resource="ore"),
     {"kind": "resource", "resource": "ore", "income": 0, "owner": None}, 5),
    ("industrial", industrial("Ana", [[2, 2], [3, 2]], cost=2, needs=("ore",)),
     {"kind": "industrial", "owner": "Ana", "needs": ["ore"], "scored": False}, 3),
    ("specialty", build("Ana", "specialty", [[2, 2]], name="College", cost=4),
     {"kind": "specialty", "owner": "Ana", "scored": False}, 1),
    ("specialty-points", build("Ana", "specialty", [[2, 2]], name="Senate Annex", cost=0, points=5),
     {"kind": "specialty", "owner": "Ana", "scored": True}, 5),
    ("tenement", tenement("Ana", [2, 2]), {"kind": "tenement", "owner": "Ana"}, 2),
    ("locks", locks("Ana", [2, 2], [2, 3]),
     {"kind": "locks", "owner": "Ana", "water": [2, 3], "cells": [[2, 2]]}, 4),
    ("gain-crowns", canal("Ana", [[2, 2]], gain={"crowns": 2}), {"kind": "canal"}, 7),
]


@pytest.mark.parametrize("move,tile,crowns", [c[1:] for c in KIND_CASES],
                         ids=[c[0] for c in KIND_CASES])
def test_build_kind(move, tile, crowns):
    result = scored([move])
    placed = result["board"]["tiles"][-1]
    assert placed["move"] == 0 and placed["cells"] == (tile.get("cells") or move["build"]["cells"])
    assert {k: placed[k] for k in tile} == tile
    assert player(result, "Ana")["crowns"] == crowns
    assert result["log"][0].startswith("moves[0] Ana built")


def test_locks_water_carries_connection_and_building_square_blocks_it():
    # Mill at [1,3] reaches the harbor only through the locks' water [1,2],
    # whose building square [2,2] sits on the other side.
    board = {"rows": 3, "cols": 5, "harbors": [[1, 0]]}
    moves = [canal("Ben", [[1, 1]]), locks("Ben", [2, 2], [1, 2]), tenement("Ana", [1, 4]),
             industrial("Ana", [[1, 3]])]
    result = scored(moves, board=board)
    assert player(result, "Ana")["parts"]["buildings"] == 5
    assert player(result, "Ben")["crowns"] == 5 - 1 + 1  # the locks' fee
    blocked = [canal("Ben", [[2, 1]]), locks("Ben", [1, 1], [1, 2]), tenement("Ana", [1, 4]),
               industrial("Ana", [[1, 3]])]
    assert player(scored(blocked, board=board), "Ana")["parts"]["buildings"] == 0


def test_a_third_tile_does_not_connect_two_others():
    # Tenement - resource - Mill in a row: the Mill has no workers.
    board = {"rows": 2, "cols": 4, "harbors": [[0, 3]],
             "resources": [{"cells": [[1, 1]], "resource": "ore", "income": 1}]}
    moves = [tenement("Ana", [1, 0]), industrial("Ana", [[1, 2]])]
    assert player(scored(moves, board=board), "Ana")["parts"]["buildings"] == 0


# ----- fees --------------------------------------------------------------------

# Row 0: . C C L ~ ~ H   (C: a canal sealed by `sealer`, L: Ben's locks water)
# Row 1: A S . l . . .   (A: Ana's tenement at [1,0], S: spices worth 2, l: locks building)
# Ana's Works at [0,0] reaches the harbor only through C and L.
FEES_BOARD = {"rows": 2, "cols": 7, "harbors": [[0, 6]],
              "resources": [{"cells": [[1, 1]], "resource": "spices", "income": 2}]}


def _fee_game(cost, *, sealer="Chloé", seats=("Ana", "Ben", "Chloé"), needs=()):
    moves = [canal(sealer, [[0, 1], [0, 2]], owner=sealer), locks("Ben", [1, 3], [0, 3]),
             canal("Chloé", [[0, 4], [0, 5]]), tenement("Ana", [1, 0]),
             industrial("Ana", [[0, 0]], name="Works", cost=cost, needs=needs)]
    return scored(moves, board=FEES_BOARD, players=seats)


FEE_CASES = [
    # id, cost, sealer, seats, needs, Ana fees, Ana crowns, Ben crowns, Chloé crowns
    ("both-paid", 0, "Chloé", ("Ana", "Ben", "Chloé"), (), 0, 0, 5, 6),
    ("one-short-pays-seat-order", 1, "Chloé", ("Ana", "Ben", "Chloé"), (), -1, 0, 5, 5),
    ("one-short-other-seating", 1, "Chloé", ("Ana", "Chloé", "Ben"), (), -1, 0, 4, 6),
    ("broke-loses-a-point-each", 2, "Chloé", ("Ana", "Ben", "Chloé"), (), -2, 0, 4, 5),
    ("own-water-is-free", 1, "Ana", ("Ana", "Ben", "Chloé"), (), 0, 0, 5, 5),
    ("income-pays-its-own-fees", 2, "Chloé", ("Ana", "Ben", "Chloé"), ("spices",), 0, 0, 5, 6),
]


@pytest.mark.parametrize("cost,sealer,seats,needs,fees,ana,ben,chloe",
                         [c[1:] for c in FEE_CASES], ids=[c[0] for c in FEE_CASES])
def test_fees(cost, sealer, seats, needs, fees, ana, ben, chloe):
    result = _fee_game(cost, sealer=sealer, seats=seats, needs=needs)
    assert player(result, "Ana")["parts"]["fees"] == fees
    assert player(result, "Ana")["parts"]["buildings"] == 5
    assert [player(result, n)["crowns"] for n in ("Ana", "Ben", "Chloé")] == [ana, ben, chloe]


def test_no_fee_when_another_path_avoids_the_water():
    # A second, unowned canal from the Works to the harbor makes both fees vanish.
    board = {**FEES_BOARD, "rows": 3}
    moves = [canal("Chloé", [[0, 1], [0, 2]], owner="Chloé"), locks("Ben", [1, 3], [0, 3]),
             canal("Chloé", [[0, 4], [0, 5]]), tenement("Ana", [1, 0]),
             canal("Ben", [[2, 0], [2, 1], [2, 2], [2, 3], [2, 4], [2, 5], [1, 5], [1, 6]]),
             industrial("Ana", [[1, 2]], name="Works", cost=0)]
    result = scored(moves, board=board, players=("Ana", "Ben", "Chloé"))
    assert player(result, "Ana")["parts"]["buildings"] == 5
    assert [player(result, n)["crowns"] for n in ("Ana", "Ben", "Chloé")] == [2, 4, 5]


# ----- gardens after scoring ---------------------------------------------------

SCORED_MILL = [MILL, tenement("Ben", [1, 2])]
GARDEN_CASES = [
    ("next-to-scored-building", [*SCORED_MILL, build("Ben", "garden", [[0, 1]], value=2)],
     {"Ana": 3 + 2, "Ben": 0}),
    ("before-scoring-counts-when-it-scores",
     [MILL, build("Ben", "garden", [[0, 1]], value=2), tenement("Ben", [1, 2])],
     {"Ana": 3 + 2, "Ben": 0}),
    ("next-to-tenement-pays-nothing", [*SCORED_MILL, build("Ana", "garden", [[1, 3]], value=2)],
     {"Ana": 3, "Ben": 0}),
    ("next-to-locks-pays-nothing",
     [*SCORED_MILL, locks("Ben", [3, 3], [3, 2]), build("Ana", "garden", [[3, 4]], value=2)],
     {"Ana": 3, "Ben": 0}),
    ("next-to-unscored-building-pays-nothing",
     [MILL, build("Ben", "garden", [[0, 1]], value=2)], {"Ana": 0, "Ben": 0}),
    ("next-to-specialty-that-scored",
     [build("Ben", "specialty", [[3, 4]], name="Senate Annex", cost=0, points=4),
      build("Ana", "garden", [[3, 5]], value=2)], {"Ana": 0, "Ben": 2}),
    ("specialty-scoring-at-once-takes-its-garden",
     [build("Ana", "garden", [[3, 5]], value=2),
      build("Ben", "specialty", [[3, 4]], name="Senate Annex", cost=0, points=4)],
     {"Ana": 0, "Ben": 2}),
    ("next-to-end-game-specialty-pays-nothing",
     [build("Ben", "specialty", [[3, 4]], name="College", cost=0),
      build("Ana", "garden", [[3, 5]], value=2)], {"Ana": 0, "Ben": 0}),
    ("one-garden-pays-two-owners",
     [*SCORED_MILL, build("Ben", "specialty", [[0, 2]], name="Senate Annex", cost=0, points=1),
      build("Ben", "garden", [[0, 1]], value=2)], {"Ana": 3 + 2, "Ben": 2}),
]


@pytest.mark.parametrize("moves,gardens", [c[1:] for c in GARDEN_CASES],
                         ids=[c[0] for c in GARDEN_CASES])
def test_gardens(moves, gardens):
    result = scored(moves, board=MILL_BOARD)
    assert {n: player(result, n)["parts"]["gardens"] for n in gardens} == gardens


# ----- several buildings scoring in one move ---------------------------------

# Row 0: . B ~ ~ ~ ~ H   B: Ben's sealed canal; the last canal [0,5] joins the harbor.
# Row 1: . 1 T 2 . . .   1: First (needs Ben's canal), T: Ana's tenement, 2: Second
# Row 2: . . . D . . .   D: dyes worth 2 beside Second.
ORDER_BOARD = {"rows": 3, "cols": 7, "harbors": [[0, 6]],
               "resources": [{"cells": [[2, 3]], "resource": "dyes", "income": 2}]}
FIRST = industrial("Ana", [[1, 1]], name="First", cost=2)
SECOND = industrial("Ana", [[1, 3]], name="Second", cost=0, needs=("dyes",))


@pytest.mark.parametrize("order,fees,crowns,ben", [
    ((FIRST, SECOND), -1, 2, 5),   # First pays before Second's income arrives
    ((SECOND, FIRST), 0, 1, 6),    # Second's income pays First's fee
], ids=["fee-before-income", "income-before-fee"])
def test_buildings_score_in_build_order(order, fees, crowns, ben):
    moves = [canal("Ben", [[0, 1]], owner="Ben"), tenement("Ana", [1, 2]), *order,
             canal("Ben", [[0, 2], [0, 3], [0, 4]]), canal("Ben", [[0, 5]])]
    result = scored(moves, board=ORDER_BOARD)
    ana = player(result, "Ana")
    assert (ana["parts"]["buildings"], ana["parts"]["workers"]) == (10, 4)
    assert (ana["parts"]["fees"], ana["crowns"], player(result, "Ben")["crowns"]) == (fees, crowns, ben)
    last = result["events"][-1]
    first_id, second_id = (t["id"] for t in result["board"]["tiles"] if t["kind"] == "industrial")
    assert last["scored"] == [first_id, second_id]
    names = [t["name"] for t in result["board"]["tiles"] if t["kind"] == "industrial"]
    assert last["text"].index(names[0]) < last["text"].index(names[1])


def test_a_building_scores_only_once():
    moves = [*SCORED_MILL, canal("Ben", [[0, 1], [0, 2]]), tenement("Ana", [3, 1])]
    result = scored(moves, board=MILL_BOARD)
    assert player(result, "Ana")["parts"]["buildings"] == 5
    assert [e["scored"] for e in result["events"]][2:] == [[], []]


# ----- ties ----------------------------------------------------------------------

TIE_CASES = [
    ("points-win", [scheme("Ana", points=3), scheme("Ben", points=2, crowns=4)], ["Ana"],
     ["Ana", "Ben"]),
    ("tie-broken-by-crowns", [scheme("Ana", points=2), scheme("Ben", points=2, crowns=1)],
     ["Ben"], ["Ben", "Ana"]),
    ("tie-on-points-and-crowns-shared", [scheme("Ana", points=2), scheme("Ben", points=2)],
     ["Ana", "Ben"], None),
]


@pytest.mark.parametrize("moves,winners,ranking", [c[1:] for c in TIE_CASES],
                         ids=[c[0] for c in TIE_CASES])
def test_ties(moves, winners, ranking):
    result = scored(moves)
    assert sorted(result["winners"]) == sorted(winners)
    if ranking is not None:
        assert result["ranking"] == ranking


# ----- what the live page reads --------------------------------------------------

def test_events_and_board_for_the_live_page():
    result = score(sample_state())
    assert len(result["events"]) == len(result["log"]) == len(SAMPLE_SETUP) + 2
    for i, event in enumerate(result["events"]):
        assert event["move"] == i and event["text"] == result["log"][i]
        assert set(event) >= {"player", "action", "points", "crowns", "after", "scored"}
    apo = result["events"][len(SAMPLE_SETUP)]
    assert apo["points"] == {"Atheneum": 9}
    assert apo["parts"] == {"Atheneum": {"buildings": 7, "gardens": 2}}
    assert apo["player"] == APOTHECARY["player"] and apo["kind"] == "industrial"
    final = result["events"][-1]["after"]
    assert final == {p["name"]: {"score": p["total"], "crowns": p["crowns"]}
                     for p in result["players"]}
    tiles = result["board"]["tiles"]
    assert (result["board"]["rows"], result["board"]["cols"]) == (5, 10)
    assert [t["kind"] for t in tiles[:6]] == ["harbor", "garden", "resource", "resource",
                                              "resource", "resource"]
    assert all(t["move"] is None for t in tiles[:6])
    assert {t["name"] for t in tiles if t["scored"]} == {"Apothecary", "Engineer"}
    cells = [tuple(c) for t in tiles for c in t["cells"] + ([t["water"]] if t.get("water") else [])]
    assert len(cells) == len(set(cells))


def test_scoring_is_dispatched_and_json_safe():
    result = score(sample_state())
    assert result["game"] == "canalis"
    assert json.loads(json.dumps(result)) == result
    assert state([])["board"]  # the helpers' default board is valid
    assert score(state([]))["winners"] == ["Ana", "Ben"]


# ----- settled reading: a specialty that scores when played (issue 11) ---------

def test_specialty_with_on_play_points_is_a_scored_building_for_its_gardens():
    """canalis.txt: "when a building scores, the owning player scores points for each
    adjacent gardens tile" and "When you place a gardens tile adjacent to one or more
    buildings that have already scored, the player who owns each such building scores
    extra points equal to the value shown on the gardens tile." A specialty with
    on-play `points` (Senate Annex: "no effect at all other than a big score") has
    scored when placed: the garden already beside it pays at once, and a garden placed
    next to it later pays too."""
    moves = [build("Ana", "garden", [[3, 5]], value=2),
             build("Ben", "specialty", [[3, 4]], name="Senate Annex", cost=0, points=4),
             build("Ana", "garden", [[2, 4]], value=3)]
    result = scored(moves, board=MILL_BOARD)
    ben = player(result, "Ben")
    assert ben["parts"]["buildings"] == 4 and ben["parts"]["gardens"] == 2 + 3
    assert ben["total"] == sum(ben["parts"].values())
    assert player(result, "Ana")["parts"]["gardens"] == 0  # gardens belong to nobody
    # Now and later: after the specialty, 2; after the later garden, 2 + 3.
    assert player(scored(moves[:2], board=MILL_BOARD), "Ben")["parts"]["gardens"] == 2
