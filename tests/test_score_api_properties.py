"""Property test of POST /api/score with hypothesis: states made by breaking
the worked examples in random places (and random JSON). Never a 5xx; every
422 names a path that exists in the input (or, for a missing key, whose
parent does)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from helpers import SHARED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.app import create_app

EXAMPLES = [json.loads(p.read_text())["state"]
            for p in sorted((SHARED / "spec" / "examples").glob("*.json"))]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.floats(allow_nan=False, width=32)
    | st.text(max_size=8) | st.sampled_from(["NS", "plain:EW", "house", "San Marco", "Ana", "ore"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.text(max_size=6) | st.sampled_from(["name", "points", "color", "cells", "won"]),
        children, max_size=4),
    max_leaves=10)

TOKEN = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def locations(value: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += locations(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += locations(v, (*prefix, i))
    return out


def mutate(state: Any, where: tuple, how: str, new: Any) -> Any:
    state = json.loads(json.dumps(state))
    if not where:
        return new
    parent = state
    for part in where[:-1]:
        parent = parent[part]
    last = where[-1]
    if how == "delete" and isinstance(parent, dict):
        del parent[last]
    elif how == "extra" and isinstance(parent, dict):
        parent["zz_unknown"] = new
    else:
        parent[last] = new
    return state


@st.composite
def broken_states(draw):
    if draw(st.integers(0, 9)) == 0:
        return draw(json_values)
    state = draw(st.sampled_from(EXAMPLES))
    for _ in range(draw(st.integers(0, 2))):
        spots = locations(state)
        where = draw(st.sampled_from(spots))
        state = mutate(state, where, draw(st.sampled_from(["replace", "delete", "extra"])),
                       draw(json_values))
    return state


def resolve(value: Any, path: str) -> tuple[bool, bool]:
    """(the path exists, its parent exists as an object)."""
    if path in ("(state)", "(body)", ""):  # the body of /api/score is the state
        return True, True
    node, parent_ok = value, False
    parts = [(m.group(1), m.group(2)) for m in TOKEN.finditer(path)]
    for i, (key, index) in enumerate(parts):
        last = i == len(parts) - 1
        if index is not None:
            if not isinstance(node, list) or int(index) >= len(node):
                return False, False
            node = node[int(index)]
        else:
            if not isinstance(node, dict):
                return False, False
            if key not in node:
                # Keys may hold spaces or dots (district names): try the rest joined.
                rest = path[path.index(key):] if key in path else key
                if rest in node:
                    return True, True
                return False, last
            node = node[key]
        parent_ok = True
    return True, parent_ok


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("p") / "db.sqlite"),
                      "SECRET_KEY": "p", "TESTING": True})
    return app.test_client()


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(state=broken_states())
def test_score_api_never_fails_and_names_real_paths(api, state):
    answer = api.post("/api/score", data=json.dumps(state), content_type="application/json")
    assert answer.status_code in (200, 422), (answer.status_code, answer.get_data(as_text=True))
    body = answer.get_json()
    if answer.status_code == 422:
        assert isinstance(body["error"], str) and body["error"]
        exists, parent_exists = resolve(state, body["path"])
        missing = "missing" in body["error"] or "required" in body["error"]
        assert exists or (parent_exists and missing), (body, json.dumps(state)[:400])
    else:
        assert body["players"] and all(
            p["total"] == sum(p["parts"].values()) for p in body["players"]
            if body["game"] != "canal-grande")
