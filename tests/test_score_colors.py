"""Canal Houses colours compare ignoring case and surrounding spaces
(scoring.md: "`"Orange"` next to `"orange "` is one group; results write them
as the first card gave them"), and the command line and the API agree on such
states: a street typed on two phones keeps its colour bonus."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def _street(*colors: str | None) -> list[dict]:
    """One house: a store and a window per further colour, bottom to top."""
    store = {"points": 0, "color": colors[0], "condition": {}}
    windows = [{"cats": 0, "birds": 0, "flags": 0, "flowerpots": 0, "color": c} for c in colors[1:]]
    return [{"store": store, "windows": windows}]


STATES = [
    ("two-phones", [("Ana", ("Orange", "orange ", " ORANGE")), ("Ben", ("red", "Red"))],
     {"Ana": 4, "Ben": 0}, "Orange"),
    ("first-card-names-it", [("Ana", ("  green", "GREEN", "Green ")), ("Ben", ("blue",))],
     {"Ana": 4, "Ben": 0}, "green"),
    ("tied-once-folded", [("Ana", ("Blue", "blue")), ("Ben", ("RED ", "red"))],
     {"Ana": 2, "Ben": 2}, "Blue"),
]


def _state(players: list[tuple[str, tuple[str, ...]]]) -> dict:
    return {"game": "canal-houses",
            "players": [{"name": name, "street": _street(*colors)} for name, colors in players]}


def _cli(state: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", "score", "-"],
                          input=json.dumps(state), capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("players,bonus,shown", [s[1:] for s in STATES], ids=[s[0] for s in STATES])
def test_command_line_and_api_agree_on_colour_case_and_spaces(client, players, bonus, shown):
    state = _state(players)
    done = _cli(state)
    assert done.returncode == 0, done.stderr
    by_cli = json.loads(done.stdout)
    answer = client.post("/api/score", json=state)
    assert answer.status_code == 200, answer.get_json()
    by_api = answer.get_json()
    assert by_api == by_cli
    assert {p["name"]: p["parts"]["color_bonus"] for p in by_api["players"]} == bonus
    ana = by_api["players"][0]
    assert ana["color_group"]["color"] == shown  # as the first card gave it, spaces trimmed
    assert ana["color_group"]["size"] == len(players[0][1])


def test_a_colour_of_only_spaces_is_refused_the_same_way(client):
    state = _state([("Ana", ("red", "   ")), ("Ben", ("red",))])
    done = _cli(state)
    assert done.returncode == 2
    path = "players[0].street[0].windows[0].color"
    assert f"{path}: must be a colour name" in done.stderr
    answer = client.post("/api/score", json=state)
    assert answer.status_code == 422
    assert answer.get_json()["path"] == path
    assert "must be a colour name" in answer.get_json()["error"]
