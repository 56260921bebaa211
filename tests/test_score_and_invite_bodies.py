"""The bodies of `POST /api/score` and `POST /api/groups/<gid>/invite`, read
by pydantic models through `web/json_body.parse_body`: every refusal is 422
`{"error", "path"}` naming what was wrong and what is allowed. A state's own
keys stay the engine's: its refusals keep their JSON path into the state."""

from __future__ import annotations

import json

import pytest
from helpers import grande_state

from companion.games import GAMES

ALL_GAMES = ", ".join(GAMES)


def _with(**changes) -> dict:
    return {**grande_state(), **changes}


def _player_named(name: str) -> dict:
    state = grande_state()
    state["players"][0]["name"] = name
    return state


SCORE_REFUSALS = [
    ("list body", [1, 2], "(body)", "must be a JSON object"),
    ("null body", None, "(body)", "must be a JSON object"),
    ("number body", 3, "(body)", "must be a JSON object"),
    ("game missing", {"players": []}, "game", f"is required: one of {ALL_GAMES}"),
    ("game null", {"game": None}, "game", f"is required: one of {ALL_GAMES}"),
    ("game not a string", {"game": 3}, "game", f"must be a string, one of {ALL_GAMES}"),
    ("game unknown", {"game": "chess"}, "game", f"must be one of {ALL_GAMES}, got 'chess'"),
    # past the envelope, the engine's words and paths
    ("unknown top-level key", _with(colour="red"), "colour",
     "allowed: game, districts, players, last_recipient"),
    ("unknown key in a player", _with(players=[{**grande_state()["players"][0], "x": 1},
                                               grande_state()["players"][1]]),
     "players[0].x", "not a known key"),
    ("players of the wrong type", _with(players=3), "players", "2 players"),
    ("name too long", _player_named("x" * 90), "players[0].name", "at most"),
    ("name with a direction mark", _player_named("Ana\u202e"), "players[0].name",
     "plain text"),
]


@pytest.mark.parametrize(("body", "path", "words"), [c[1:] for c in SCORE_REFUSALS],
                         ids=[c[0] for c in SCORE_REFUSALS])
def test_score_refusals_name_the_path_and_what_is_allowed(client, body, path, words):
    answer = client.post("/api/score", data=json.dumps(body), content_type="application/json")
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json() == {"error": answer.get_json()["error"], "path": path}
    assert words in answer.get_json()["error"]


def test_score_of_a_good_state_is_unchanged_by_the_envelope(client):
    answer = client.post("/api/score", json=grande_state())
    assert answer.status_code == 200
    assert answer.get_json()["game"] == "canal-grande" and answer.get_json()["winners"]


def _invite(client, group, data: str):
    return client.post(f"/api/groups/{group['id']}/invite", data=data,
                       headers={**group["headers"], "Content-Type": "application/json"})


INVITE_REFUSALS = [
    ("a key", '{"expires": 3}', "(body)", "the invite has no options, got the key 'expires'"),
    ("two keys", '{"b": 1, "a": 2}', "(body)", "got the key 'a'"),
    ("a list", "[]", "(body)", "must be no body or {}, got a list"),
    ("a number", "3", "(body)", "must be no body or {}, got int"),
    ("not JSON", "{oops", "(body)", "not valid JSON"),
]


@pytest.mark.parametrize(("data", "path", "words"), [c[1:] for c in INVITE_REFUSALS],
                         ids=[c[0] for c in INVITE_REFUSALS])
def test_invite_refusals_change_nothing(client, group, data, path, words):
    answer = _invite(client, group, data)
    assert answer.status_code in (400, 422), answer.get_json()
    assert answer.get_json()["path"] == path and words in answer.get_json()["error"]
    # the old key still works: nothing was rotated
    assert client.get(f"/api/groups/{group['id']}/phones", headers=group["headers"]).status_code == 200


@pytest.mark.parametrize("data", ["", "  ", "{}"], ids=["no body", "blank", "empty object"])
def test_invite_without_options_makes_a_new_key(client, group, data):
    answer = _invite(client, group, data)
    assert answer.status_code == 201, answer.get_json()
    assert set(answer.get_json()) >= {"key", "join_url", "qr_svg"}
    assert answer.get_json()["key"] != group["key"]
