"""The group's Canalis tiles (/api/groups/<gid>/canalis-tiles): a tile typed
once is kept and listed by kind, edited, deleted; the engine's own build
models check every tile (each refusal names its path); a retried POST stores
once; another group never sees them."""

from __future__ import annotations

import pytest

URL = "/api/groups/{gid}/canalis-tiles"
APOTHECARY = {"kind": "industrial", "name": "Apothecary",
              "data": {"cost": 3, "points": 7, "needs": ["dyes", "spices"]}}


def _post(client, group, body):
    return client.post(URL.format(gid=group["id"]), json=body, headers=group["headers"])


def test_a_tile_typed_once_is_listed_by_kind_edited_and_deleted(client, group):
    made = _post(client, group, {**APOTHECARY, "id": "t-1", "name": "  Apothecary "})
    assert made.status_code == 201
    assert made.get_json()["name"] == "Apothecary"
    again = _post(client, group, {**APOTHECARY, "id": "t-1"})
    assert again.status_code == 200  # a retry stores nothing new
    _post(client, group, {"kind": "specialty", "name": "Senate Annex", "data": {"cost": 2}})
    url = URL.format(gid=group["id"])
    every = client.get(url, headers=group["headers"]).get_json()["tiles"]
    assert [(t["kind"], t["name"]) for t in every] == [("industrial", "Apothecary"),
                                                       ("specialty", "Senate Annex")]
    industrial = client.get(f"{url}?kind=industrial", headers=group["headers"]).get_json()["tiles"]
    assert [t["data"] for t in industrial] == [APOTHECARY["data"]]

    changed = client.put(f"{url}/t-1", headers=group["headers"],
                         json={**APOTHECARY, "data": {"cost": 4, "points": 7, "needs": ["dyes"]}})
    assert changed.status_code == 200 and changed.get_json()["data"]["cost"] == 4
    assert client.delete(f"{url}/t-1", headers=group["headers"]).status_code == 204
    assert client.get(f"{url}/t-1", headers=group["headers"]).status_code == 404


@pytest.mark.parametrize(("body", "path", "words"), [
    ({**APOTHECARY, "kind": "canal"}, "kind", "industrial, specialty"),
    ({**APOTHECARY, "name": "  "}, "name", "non-empty"),
    ({**APOTHECARY, "name": "x" * 41}, "name", "at most 40"),
    ({**APOTHECARY, "data": {"cost": -1, "points": 7, "needs": []}}, "data.cost", ""),
    ({**APOTHECARY, "data": {"cost": 3, "points": 7}}, "data.needs", ""),
    ({**APOTHECARY, "data": {"cost": 3, "points": 7, "needs": ["ore", "ore"]}}, "data.needs", "twice"),
    ({**APOTHECARY, "data": {"cost": 3, "points": 7, "needs": ["a", "b", "c"]}}, "data.needs", ""),
    ({**APOTHECARY, "data": {"cost": 3, "points": 7, "needs": [], "cells": []}}, "data.cells",
     "not a known key"),
    ({**APOTHECARY, "data": [3, 7]}, "data", "must be an object"),
    ({"kind": "industrial", "name": "Engineer"}, "data", "is required"),
    ({**APOTHECARY, "colour": "red"}, "colour", "not a known key"),
], ids=["kind", "blank-name", "long-name", "negative-cost", "no-needs", "twice", "three-needs",
        "cells", "not-object", "no-data", "unknown-key"])
def test_refusals_name_the_path(client, group, body, path, words):
    answer = _post(client, group, body)
    assert answer.status_code == 422, answer.get_json()
    error = answer.get_json()
    assert error["path"] == path
    assert words in error["error"]


def test_other_groups_do_not_see_the_tiles(client, group):
    assert _post(client, group, APOTHECARY).status_code == 201
    other = client.post("/api/groups", json={"name": "Other table"}).get_json()
    headers = {"X-Companion-Key": other["key"]}
    assert client.get(URL.format(gid=other["id"]), headers=headers).get_json()["tiles"] == []
    assert client.get(URL.format(gid=group["id"]), headers=headers).status_code in (401, 403, 404)


@pytest.mark.parametrize(("body", "path", "words"), [
    ({**APOTHECARY, "id": "t-2"}, "id", "allowed: data, kind, name, version"),
    ({**APOTHECARY, "version": 0}, "version", "1 or more"),
    ({**APOTHECARY, "kind": "specialty", "data": {"cost": 2, "needs": []}}, "data.needs",
     "allowed: cost, points"),
    ({"kind": "industrial", "name": "Apothecary"}, "data", '"needs": ["dyes", "spices"]'),
], ids=["id-in-edit", "version-zero", "specialty-needs", "no-data"])
def test_edit_refusals_name_the_path_and_change_nothing(client, group, body, path, words):
    assert _post(client, group, {**APOTHECARY, "id": "t-1"}).status_code == 201
    url = f"{URL.format(gid=group['id'])}/t-1"
    answer = client.put(url, json=body, headers=group["headers"])
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["path"] == path and words in answer.get_json()["error"], answer.get_json()
    kept = client.get(url, headers=group["headers"]).get_json()
    assert kept["version"] == 1 and kept["data"] == APOTHECARY["data"]
