"""Canalis states that cannot be scored: each error names the move and the
square (or key) at fault and says what is allowed."""

from __future__ import annotations

import copy

import pytest
from canalis_helpers import MILL_BOARD, build, canal, industrial, locks, scheme, state, tenement

from companion.games import StateError, score
from companion.games.canalis import Replay, load

# MILL_BOARD: 4x6, harbor [0,0], ore [2,0], natural garden [2,1].
MOVE_CASES = [
    # id, moves, path, words in the message
    ("off-board", [canal("Ana", [[3, 5], [4, 5]])], "moves[0].build.cells[1]",
     ["[4, 5] is off the board", "rows go from 0 to 3", "columns from 0 to 5"]),
    ("negative-square", [canal("Ana", [[-1, 0]])], "moves[0].build.cells[0]", ["off the board"]),
    ("not-contiguous", [canal("Ana", [[1, 2], [1, 3], [3, 3]])], "moves[0].build.cells[2]",
     ["[3, 3] does not join", "share sides"]),
    ("diagonal-only", [industrial("Ana", [[1, 2], [2, 3]])], "moves[0].build.cells[1]",
     ["corners do not count"]),
    ("repeated-square", [canal("Ana", [[1, 2], [1, 2]])], "moves[0].build.cells[1]",
     ["repeats cells[0]"]),
    ("overlaps-a-tile", [canal("Ana", [[1, 2]]), tenement("Ben", [1, 3]),
                         canal("Ana", [[1, 4], [1, 3]])],
     "moves[2].build.cells[1]", ["[1, 3] is already taken by Ben's tenement (moves[1])", "overlap"]),
    ("overlaps-a-harbor", [canal("Ana", [[0, 1], [0, 0]])], "moves[0].build.cells[1]",
     ["taken by a harbor (board)"]),
    ("overlaps-a-board-garden", [build("Ana", "garden", [[2, 1]], value=1)],
     "moves[0].build.cells[0]", ["taken by the garden worth 3 (board)"]),
    ("overlaps-a-board-resource", [tenement("Ana", [2, 0])], "moves[0].build.cells[0]",
     ["taken by the ore resource (board)"]),
    ("overlaps-locks-water", [locks("Ben", [1, 2], [1, 3]), canal("Ana", [[1, 3]])],
     "moves[1].build.cells[0]", ["the water square of Ben's locks (moves[0])"]),
    ("cannot-pay-industrial", [industrial("Ana", [[1, 2]], cost=6)], "moves[0].build.cost",
     ["Ana has 5 crowns but the industrial Mill costs 6"]),
    ("cannot-pay-tenement", [tenement("Ana", [1, 2]), tenement("Ana", [3, 3])], "moves[1].build",
     ["Ana has 2 crowns but the tenement costs 3"]),
    ("cannot-pay-locks", [scheme("Ana", crowns=-5), locks("Ana", [1, 2], [1, 3])], "moves[1].build",
     ["Ana has 0 crowns but the locks costs 1"]),
    ("gain-cannot-pay-cost", [industrial("Ana", [[1, 2]], cost=6, gain={"crowns": 3})],
     "moves[0].build.cost", ["has 5 crowns", "costs 6"]),
    ("gain-below-zero", [canal("Ana", [[1, 2]], gain={"crowns": -6})], "moves[0].build.gain.crowns",
     ["would leave Ana with -1 crowns", "never go below 0"]),
    ("scheme-below-zero", [scheme("Ben", crowns=-2), scheme("Ben", crowns=-4)],
     "moves[1].scheme.crowns", ["would leave Ben with -1 crowns", "Ben has 3", "takes 4"]),
    ("unknown-player", [scheme("Zed", points=1)], "moves[0].player",
     ['"Zed" is not a player', "players are Ana, Ben"]),
    ("player-name-case", [scheme("ana", points=1)], "moves[0].player", ['"ana" is not a player']),
    ("unknown-canal-owner", [canal("Ana", [[1, 2]], owner="Zed")], "moves[0].build.owner",
     ['"Zed" is not a player']),
    ("locks-water-not-adjacent", [locks("Ana", [1, 2], [2, 3])], "moves[0].build.water",
     ["[2, 3] does not share a side with the building square [1, 2]"]),
    ("locks-water-is-building", [locks("Ana", [1, 2], [1, 2])], "moves[0].build.water",
     ["is the building square [1, 2]"]),
    ("locks-water-off-board", [locks("Ana", [3, 5], [3, 6])], "moves[0].build.water",
     ["off the board"]),
    ("locks-water-taken", [locks("Ana", [1, 0], [0, 0])], "moves[0].build.water",
     ["taken by a harbor"]),
    ("locks-two-building-squares",
     [{"player": "Ana", "build": {"kind": "locks", "cells": [[1, 2], [1, 3]], "water": [2, 2]}}],
     "moves[0].build.cells", ["at most 1 items"]),
    ("unknown-key", [{"player": "Ana", "build": {"kind": "canal", "cells": [[1, 2]], "colour": "blue"}}],
     "moves[0].build.colour", ["not a known key"]),
    ("unknown-key-in-gain", [canal("Ana", [[1, 2]], gain={"point": 1})], "moves[0].build.gain.point",
     ["not a known key"]),
    ("unknown-key-for-kind", [{"player": "Ana", "build": {"kind": "tenement", "cells": [[1, 2]],
                                                           "cost": 3}}],
     "moves[0].build.cost", ["not a known key"]),
    ("wrong-type-cost", [industrial("Ana", [[1, 2]], cost="3")], "moves[0].build.cost",
     ["must be an integer", '"3"']),
    ("wrong-type-square", [canal("Ana", [[1, "2"]])], "moves[0].build.cells[0]",
     ["must be a square [row, col] (two integers)"]),
    ("square-with-three-numbers", [canal("Ana", [[1, 2, 3]])], "moves[0].build.cells[0]",
     ["[row, col]"]),
    ("bool-is-not-a-number", [scheme("Ana", points=True)], "moves[0].scheme.points",
     ["must be an integer"]),
    ("empty-tile", [canal("Ana", [])], "moves[0].build.cells", ["at least 1"]),
    ("unknown-kind", [build("Ana", "bridge", [[1, 2]])], "moves[0].build",
     ["must be one of", "canal", "locks", '"bridge"']),
    ("missing-kind", [{"player": "Ana", "build": {"cells": [[1, 2]]}}], "moves[0].build",
     ["needs the key 'kind'"]),
    ("missing-needs", [{"player": "Ana", "build": {"kind": "industrial", "name": "Mill",
                                                    "cells": [[1, 2]], "cost": 0, "points": 1}}],
     "moves[0].build.needs", ["required"]),
    ("three-needs", [industrial("Ana", [[1, 2]], needs=("ore", "dyes", "timber"))],
     "moves[0].build.needs", ["at most 2 items"]),
    ("needs-twice", [industrial("Ana", [[1, 2]], needs=("ore", "ore"))], "moves[0].build.needs",
     ['lists "ore" twice']),
    ("needs-workers", [industrial("Ana", [[1, 2]], needs=("workers",))], "moves[0].build.needs[0]",
     ["come from tenements"]),
    ("negative-garden", [build("Ana", "garden", [[1, 2]], value=-1)], "moves[0].build.value",
     ["at least 0"]),
    ("build-and-scheme", [{"player": "Ana", "build": {"kind": "canal", "cells": [[1, 2]]},
                           "scheme": {"points": 1}}], "moves[0]", ['exactly one of "build" or "scheme"']),
    ("neither-build-nor-scheme", [{"player": "Ana"}], "moves[0]", ["exactly one of"]),
]


@pytest.mark.parametrize("moves,path,words", [c[1:] for c in MOVE_CASES],
                         ids=[c[0] for c in MOVE_CASES])
def test_move_errors(moves, path, words):
    with pytest.raises(StateError) as err:
        score(state(moves, board=MILL_BOARD))
    assert err.value.path == path
    for word in words:
        assert word in err.value.message


def _with(**changes):
    base = state([], board=copy.deepcopy(MILL_BOARD))
    for dotted, value in changes.items():
        target = base
        *parents, last = dotted.split("__")
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[last] = value
    return base


STATE_CASES = [
    ("board-harbor-off-board", _with(board__harbors=[[0, 0], [4, 0]]), "board.harbors[1]",
     ["off the board"]),
    ("board-garden-on-harbor", _with(board__gardens=[{"cells": [[0, 0]], "value": 2}]),
     "board.gardens[0].cells[0]", ["taken by a harbor"]),
    ("board-resources-overlap", _with(board__resources=[
        {"cells": [[3, 3]], "resource": "ore", "income": 1},
        {"cells": [[3, 4], [3, 3]], "resource": "dyes", "income": 1}]),
     "board.resources[1].cells[1]", ["taken by the ore resource"]),
    ("board-resource-in-pieces", _with(board__resources=[
        {"cells": [[3, 3], [3, 5]], "resource": "ore", "income": 1}]),
     "board.resources[0].cells[1]", ["does not join"]),
    ("board-no-harbor", _with(board__harbors=[]), "board.harbors", ["at least 1"]),
    ("board-too-large", _with(board__rows=1000), "board.rows", ["at most 100"]),
    ("board-resource-without-income", _with(board__resources=[
        {"cells": [[3, 3]], "resource": "ore"}]), "board.resources[0].income", ["required"]),
    ("board-unknown-key", _with(board__rivers=[]), "board.rivers", ["not a known key"]),
    ("one-player", _with(players=[{"name": "Ana"}]), "players", ["at least 2"]),
    ("five-players", _with(players=[{"name": n} for n in "ABCDE"]), "players", ["at most 4"]),
    ("same-name-twice", _with(players=[{"name": "Ana"}, {"name": " ana"}]), "players[1].name",
     ["already the name of players[0]"]),
    ("blank-name", _with(players=[{"name": "Ana"}, {"name": "  "}]), "players[1].name",
     ["must not be empty"]),
    ("unknown-player-key", _with(players=[{"name": "Ana", "faction": "Guild"}, {"name": "Ben"}]),
     "players[0].faction", ["not a known key"]),
    ("final-unknown-player", _with(final={"Zed": {"missions": 1}}), "final.Zed",
     ['"Zed" is not a player']),
    ("final-negative", _with(final={"Ana": {"missions": -1}}), "final.Ana.missions",
     ["at least 0"]),
    ("final-unknown-key", _with(final={"Ana": {"mission": 1}}), "final.Ana.mission",
     ["not a known key"]),
    ("unknown-top-level-key", _with(round=3), "round", ["not a known key"]),
    ("moves-not-a-list", _with(moves={"player": "Ana"}), "moves", ["must be a list"]),
]


@pytest.mark.parametrize("bad,path,words", [c[1:] for c in STATE_CASES],
                         ids=[c[0] for c in STATE_CASES])
def test_state_errors(bad, path, words):
    with pytest.raises(StateError) as err:
        score(bad)
    assert err.value.path == path
    for word in words:
        assert word in err.value.message


def test_a_refused_move_leaves_the_replay_unchanged():
    """The live page may offer a fix and retry: nothing of a bad move sticks."""
    model = load(state([tenement("Ana", [1, 2]),
                        industrial("Ana", [[1, 3], [1, 4]], cost=3)], board=MILL_BOARD))
    game = Replay(model.board, ["Ana", "Ben"])
    game.apply(model.moves[0])
    before = game.result({})
    with pytest.raises(StateError, match="has 2 crowns but the industrial Mill costs 3"):
        game.apply(model.moves[1])
    assert game.result({}) == before
