"""A state holds no more than the game allows, and memory stays bounded
whatever arrives (issue 15): oversized states are refused at the path of the
first item too many, bodies over 1 MB get 413 before they are parsed, and
scoring the largest accepted states costs little memory."""

from __future__ import annotations

import io
import json
import tracemalloc

import pytest

from companion.games import StateError, score
from companion.games.canalis.model import MAX_MOVES

GRANDE = {"game": "canal-grande", "players": [{"name": "Ana", "won": {"San Marco": 4}},
                                              {"name": "Ben", "won": {"Castello": 1}}]}


def canalis_waiting(moves: int) -> dict:
    """A canal grows along a row, an industrial that never scores under each square."""
    log = []
    for k in range(moves // 2):
        row, col = 2 * (k // 98), k % 98 + 1
        log.append({"player": "Ana", "build": {"kind": "canal", "cells": [[row, col]]}})
        log.append({"player": "Ben", "build": {"kind": "industrial", "name": f"Mill {k}",
                                               "cost": 0, "points": 3, "needs": [],
                                               "cells": [[row + 1, col]]}})
    return {"game": "canalis", "board": {"rows": 100, "cols": 100, "harbors": [[99, 99]]},
            "players": [{"name": "Ana"}, {"name": "Ben"}], "moves": log}


def canal_houses(players: int, houses: int, windows: int = 1) -> dict:
    card = {"points": 1, "color": "red", "condition": {}}
    window = {"cats": 0, "birds": 0, "flags": 0, "flowerpots": 0, "color": "red"}
    return {"game": "canal-houses", "players": [
        {"name": f"P{i}", "street": [{"store": card, "windows": [window] * windows, "roof": None}
                                     for _ in range(houses)]} for i in range(players)]}


def doodle_sheets(count: int) -> dict:
    return {"game": "doodle-china", "edition": "suzhou",
            "players": [{"name": f"P{i}", "grid": [], "hotels": [], "shops": [],
                         "shop_bonuses": [], "trees_crossed": 0} for i in range(count)]}


@pytest.mark.parametrize("state,path,words", [
    (canalis_waiting(MAX_MOVES + 2), "moves", "at most 500"),
    ({**canalis_waiting(2), "moves": [{"player": "Ana", "build": {
        "kind": "canal", "cells": [[0, c] for c in range(17)]}}]}, "moves[0].build.cells",
     "at most 16"),
    (canal_houses(4, 8), "players[3].street[6].store", "30 store"),
    (canal_houses(2, 10, windows=3), "players[1].street[7].windows[1]", "52 window"),
    (doodle_sheets(7), "players", "at most 6"),
], ids=["canalis-moves", "canalis-tile", "houses-stores", "houses-windows", "doodle-sheets"])
def test_a_state_holds_no_more_than_the_game_allows(state, path, words):
    with pytest.raises(StateError) as caught:
        score(state)
    assert caught.value.path == path and words in caught.value.message, caught.value


def test_the_largest_accepted_states_score_in_little_memory():
    """500 Canalis moves (250 industrials waiting all game: 22 s and rising
    before the incremental replay) and the fullest Canal Houses table."""
    for state in (canalis_waiting(MAX_MOVES), canal_houses(4, 7)):
        tracemalloc.start()
        score(state)
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert peak < 40 * 2**20, f"{state['game']}: {peak / 2**20:.1f} MB"


def test_bodies_over_a_megabyte_get_413_before_parsing(client):
    big = json.dumps({**GRANDE, "pad": "x" * (1024 * 1024)})
    tracemalloc.start()
    answer = client.post("/api/score", data=big, content_type="application/json")
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert answer.status_code == 413 and answer.get_json()["path"] == "(body)"
    assert peak < 8 * 2**20, f"{peak / 2**20:.1f} MB to refuse it"  # never read, never parsed


def test_an_oversized_state_over_the_api_is_refused_with_its_path(client):
    answer = client.post("/api/score", json=canalis_waiting(MAX_MOVES + 2))
    assert answer.status_code == 422
    assert answer.get_json()["path"] == "moves"


def test_a_chunked_body_is_counted_as_it_arrives(client):
    """No Content-Length: read up to the limit, then 413 (once cut silently)."""
    body = io.BytesIO(b'{"game": "canal-grande", "pad": "' + b"x" * (40 * 65536) + b'"}')
    answer = client.post("/api/score", input_stream=body, content_type="application/json",
                         headers={"Transfer-Encoding": "chunked"})
    assert answer.status_code == 413 and "at most" in answer.get_json()["error"]


@pytest.mark.parametrize("name,words", [("x" * 41, "at most 40"), ("Ana\u202e", "U+202E"),
                                        ("A\u0000na", "control")],
                         ids=["long", "bidi", "nul"])
def test_new_player_names_take_the_registry_limit_and_plain_text(client, name, words):
    state = {**GRANDE, "players": [{"name": name, "won": {}}, GRANDE["players"][1]]}
    answer = client.post("/api/score", json=state)
    assert answer.status_code == 422
    assert answer.get_json()["path"] == "players[0].name" and words in answer.get_json()["error"]
