"""Properties of the Canalis replay over legal games made from seeds
(`companion.games.canalis.sample`) and over arbitrary, often illegal, moves."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games import StateError, score
from companion.games.canalis import PARTS, Replay, load
from companion.games.canalis.sample import random_game

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

games = st.builds(random_game, seed=st.integers(0, 10**6), rows=st.integers(5, 10),
                  cols=st.integers(5, 10), players=st.integers(2, 4), moves=st.integers(5, 40))


@FAST
@given(games)
def test_replay_is_deterministic_and_leaves_the_state_alone(state):
    before = copy.deepcopy(state)
    first = score(state)
    assert state == before
    assert score(copy.deepcopy(state)) == first
    assert json.loads(json.dumps(first)) == first


@FAST
@given(games)
def test_totals_are_the_sum_of_parts(state):
    result = score(state)
    for p in result["players"]:
        assert list(p["parts"]) == list(PARTS)
        assert p["total"] == sum(p["parts"].values())
        assert p["parts"]["start"] == 10
        assert p["parts"]["fees"] <= 0 <= p["crowns"]
        entry = state["final"][p["name"]]
        track = result["events"][-1]["after"][p["name"]] if result["events"] else {
            "score": 10, "crowns": 5}
        assert p["total"] == track["score"] + entry["specialty"] + entry["missions"]
        assert p["crowns"] == track["crowns"]
    # Every point moved by a move is listed in its event, part by part.
    for name in (p["name"] for p in result["players"]):
        moved = {part: 0 for part in PARTS}
        for event in result["events"]:
            for part, n in event["parts"].get(name, {}).items():
                moved[part] += n
        parts = next(p["parts"] for p in result["players"] if p["name"] == name)
        for part in ("buildings", "gardens", "workers", "fees", "other"):
            assert moved[part] == parts[part]


@FAST
@given(games, st.data())
def test_a_prefix_scores_what_the_track_showed_then(state, data):
    full = score(state)
    k = data.draw(st.integers(0, len(state["moves"])), label="k")
    prefix = score({**state, "moves": state["moves"][:k]})
    assert prefix["events"] == full["events"][:k]
    assert prefix["log"] == full["log"][:k]
    for p in prefix["players"]:
        entry = state["final"][p["name"]]
        shown = full["events"][k - 1]["after"][p["name"]] if k else {"score": 10, "crowns": 5}
        assert (p["total"] - entry["specialty"] - entry["missions"], p["crowns"]) == (
            shown["score"], shown["crowns"])
    # Scoring moves[:k], then continuing, gives the same as scoring all.
    model = load(state)
    game = Replay(model.board, [p.name for p in model.players])
    for move in model.moves[:k]:
        game.apply(move)
    game.result(model.final)
    for move in model.moves[k:]:
        game.apply(move)
    assert game.result(model.final) == full


def _transpose(value):
    """Swap rows and columns everywhere a square or a size appears."""
    if isinstance(value, dict):
        out = {k: _transpose(v) for k, v in value.items()}
        if "rows" in value and "cols" in value:
            out["rows"], out["cols"] = value["cols"], value["rows"]
        return out
    if isinstance(value, list):
        if len(value) == 2 and all(type(v) is int for v in value):
            return [value[1], value[0]]
        return [_transpose(v) for v in value]
    return value


@FAST
@given(games)
def test_mirroring_the_board_changes_no_score(state):
    mirrored = score(_transpose(state))
    result = score(state)
    assert [(p["total"], p["parts"], p["crowns"]) for p in mirrored["players"]] == [
        (p["total"], p["parts"], p["crowns"]) for p in result["players"]]


cells = st.lists(st.lists(st.integers(-1, 5), min_size=2, max_size=2), min_size=1, max_size=3)
names = st.sampled_from(["Ana", "Ben", "Zed"])
builds = st.one_of(
    st.fixed_dictionaries({"kind": st.just("canal"), "cells": cells},
                          optional={"owner": names}),
    st.fixed_dictionaries({"kind": st.just("tenement"), "cells": cells}),
    st.fixed_dictionaries({"kind": st.just("resource"), "cells": cells,
                           "resource": st.sampled_from(["ore", "dyes"])}),
    st.fixed_dictionaries({"kind": st.just("garden"), "cells": cells, "value": st.integers(0, 3)}),
    st.fixed_dictionaries({"kind": st.just("locks"), "cells": cells.map(lambda c: c[:1]),
                           "water": st.lists(st.integers(-1, 5), min_size=2, max_size=2)}),
    st.fixed_dictionaries({"kind": st.just("industrial"), "name": st.just("Mill"), "cells": cells,
                           "cost": st.integers(0, 6), "points": st.integers(0, 9),
                           "needs": st.lists(st.sampled_from(["ore", "dyes"]), max_size=2,
                                             unique=True)}),
)
moves = st.lists(st.one_of(
    st.fixed_dictionaries({"player": names, "build": builds}),
    st.fixed_dictionaries({"player": names, "scheme": st.fixed_dictionaries(
        {"points": st.integers(-3, 3), "crowns": st.integers(-3, 3)})}),
), max_size=12)


@settings(max_examples=60, deadline=None)
@given(moves)
def test_any_moves_either_score_or_raise_a_state_error(move_list):
    board = {"rows": 5, "cols": 5, "harbors": [[0, 0], [4, 4]],
             "resources": [{"cells": [[2, 0]], "resource": "ore", "income": 2}]}
    state = {"game": "canalis", "board": board, "players": [{"name": "Ana"}, {"name": "Ben"}],
             "moves": move_list}
    try:
        result = score(state)
    except StateError as err:
        assert err.path.startswith("moves[") and err.message
        return
    assert len(result["events"]) == len(move_list)
    squares = [tuple(c) for t in result["board"]["tiles"]
               for c in t["cells"] + ([t["water"]] if t.get("water") else [])]
    assert len(squares) == len(set(squares))
    assert all(0 <= r < 5 and 0 <= c < 5 for r, c in squares)
    assert all(p["crowns"] >= 0 for p in result["players"])
