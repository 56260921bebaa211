"""Group sheet layouts for Doodle China: CRUD, the built-in layouts, every
validation error with its path, and other groups' layouts staying hidden."""

from __future__ import annotations

import copy

import pytest

from companion.games.doodle_china.layouts import get_layout

URL = "/api/groups/{gid}/layouts"


def _data(name: str = "suzhou-v1") -> dict:
    layout = get_layout(name)
    return {k: layout[k] for k in ("cells", "houses", "tracks", "trees")}


def _body(**changes) -> dict:
    body = {"name": "Our old sheets", "edition": "suzhou", "data": _data()}
    body.update(changes)
    return body


def _post(client, group, body):
    return client.post(URL.format(gid=group["id"]), json=body, headers=group["headers"])


# ----- reading -------------------------------------------------------------

def test_builtin_layouts_are_always_listed(client, group):
    answer = client.get(URL.format(gid=group["id"]), headers=group["headers"])
    assert answer.status_code == 200
    layouts = answer.get_json()["layouts"]
    assert [lay["id"] for lay in layouts] == ["suzhou-v1", "shanghai-v1"]
    assert all(lay["builtin"] for lay in layouts)
    suzhou = layouts[0]["data"]
    assert suzhou["rows"] == suzhou["cols"] == 5 and len(suzhou["cells"]) == 5
    shanghai = layouts[1]["data"]
    assert shanghai["skyscraper_floors"] == {"printed": 2, "extra": 3}

    only = client.get(URL.format(gid=group["id"]) + "?edition=shanghai", headers=group["headers"])
    assert [lay["id"] for lay in only.get_json()["layouts"]] == ["shanghai-v1"]
    bad = client.get(URL.format(gid=group["id"]) + "?edition=venice", headers=group["headers"])
    assert bad.status_code == 400 and bad.get_json()["path"] == "edition"

    one = client.get(URL.format(gid=group["id"]) + "/shanghai-v1", headers=group["headers"])
    assert one.status_code == 200 and one.get_json()["edition"] == "shanghai"


# ----- create, read, update, delete ----------------------------------------

def test_crud_round_trip(client, group):
    data = _data()
    data["cells"][4][4] = "boat"  # their sheet has a boat where ours starts
    answer = _post(client, group, _body(id="sheet-1", name="  Our   old sheets ", data=data))
    assert answer.status_code == 201, answer.get_json()
    made = answer.get_json()
    assert made["id"] == "sheet-1" and made["name"] == "Our old sheets"
    assert made["builtin"] is False and made["edition"] == "suzhou"
    assert made["data"]["cells"][4][4] == "boat"
    assert made["data"]["rows"] == 5 and made["data"]["tracks"]["shop_bonuses"] == [3, 5, 7, 10]

    again = _post(client, group, _body(id="sheet-1", name="Another name"))
    assert again.status_code == 200 and again.get_json()["name"] == "Our old sheets"

    url = URL.format(gid=group["id"]) + "/sheet-1"
    assert client.get(url, headers=group["headers"]).get_json()["data"]["cells"][4][4] == "boat"
    listed = client.get(URL.format(gid=group["id"]), headers=group["headers"]).get_json()["layouts"]
    assert [lay["id"] for lay in listed] == ["suzhou-v1", "shanghai-v1", "sheet-1"]

    data["tracks"]["hotels"] = [3, 5, 8, 12, 15]
    changed = client.put(url, json=_body(name="Renamed", data=data), headers=group["headers"])
    assert changed.status_code == 200, changed.get_json()
    assert changed.get_json()["name"] == "Renamed"
    assert changed.get_json()["data"]["tracks"]["hotels"] == [3, 5, 8, 12, 15]

    assert client.delete(url, headers=group["headers"]).status_code == 204
    assert client.get(url, headers=group["headers"]).status_code == 404
    assert client.delete(url, headers=group["headers"]).status_code == 404
    assert client.put(url, json=_body(), headers=group["headers"]).status_code == 404


def test_shanghai_layout_gets_its_floors_and_a_new_id(client, group):
    layout = get_layout("shanghai-v1")
    data = {"cells": layout["cells"], "houses": []}
    answer = _post(client, group, {"name": "Shanghai copy", "edition": "shanghai", "data": data})
    assert answer.status_code == 201, answer.get_json()
    made = answer.get_json()
    assert len(made["id"]) == 36
    assert made["data"]["skyscraper_floors"] == {"printed": 2, "extra": 3}
    assert made["data"]["trees"] == 12 and made["data"]["tracks"]["hotels"][-1] == 18


def test_builtin_layouts_cannot_be_changed(client, group):
    url = URL.format(gid=group["id"]) + "/suzhou-v1"
    put = client.put(url, json=_body(), headers=group["headers"])
    assert put.status_code == 409 and "copy" in put.get_json()["error"]
    assert client.delete(url, headers=group["headers"]).status_code == 409
    taken = _post(client, group, _body(id="suzhou-v1"))
    assert taken.status_code == 422 and taken.get_json()["path"] == "id"


# ----- validation: every refusal names its path -----------------------------

def _with(path_fn):
    data = _data()
    path_fn(data)
    return data


def _set(data, key, value):
    data[key] = value


HOUSE_CELL = [0, 1]  # suzhou-v1's first house square

CASES = [
    ("body not an object", [1, 2], "(body)", "JSON object"),
    ("unknown key", _body(colour="red"), "colour", "not a known key"),
    ("edition", _body(edition="venice"), "edition", "suzhou, shanghai"),
    ("name missing", {"edition": "suzhou", "data": _data()}, "name", "non-empty"),
    ("name blank", _body(name="   "), "name", "non-empty"),
    ("name too long", _body(name="x" * 61), "name", "at most 60"),
    ("id", _body(id="no spaces please"), "id", "client UUID"),
    ("data missing", {"name": "n", "edition": "suzhou"}, "data", "is required"),
    ("data not object", _body(data=[]), "data", "must be an object"),
    ("data unknown key", _body(data={**_data(), "dice": 3}), "data.dice", "not a known key"),
    ("cells missing", _body(data={"houses": []}), "data.cells", "is required"),
    ("houses missing", _body(data={"cells": _data()["cells"]}), "data.houses", "is required"),
    ("rows", _body(data={**_data(), "rows": 6}), "data.rows", "must be 5"),
    ("cols", _body(data={**_data(), "cols": 4}), "data.cols", "must be 5"),
    ("too few rows", _body(data=_with(lambda d: d["cells"].pop())), "data.cells", "5 rows"),
    ("short row", _body(data=_with(lambda d: d["cells"][2].pop())), "data.cells[2]", "5 squares"),
    ("kind of the other edition", _body(data=_with(lambda d: d["cells"][1].__setitem__(2, "taxi"))),
     "data.cells[1][2]", "plain, start, house, hotel, shop, boat"),
    ("shanghai size", {"name": "n", "edition": "shanghai", "data": _data()},
     "data.cells", "must have 6 rows"),
    ("house on a plain square",
     _body(data=_with(lambda d: d["houses"][0].__setitem__("cell", [1, 2]))),
     "data.houses[0].cell", "not a house square"),
    ("house square listed twice",
     _body(data=_with(lambda d: d["houses"][1].__setitem__("cell", HOUSE_CELL))),
     "data.houses[1].cell", "listed twice"),
    ("house square without entry", _body(data=_with(lambda d: d["houses"].pop())),
     "data.houses", "has no entry"),
    ("no house left to cross",
     _body(data=_with(lambda d: d["houses"][0].__setitem__("printed_crossed", 4))),
     "data.houses[0].printed_crossed", "less than count"),
    ("house count zero", _body(data=_with(lambda d: d["houses"][0].__setitem__("count", 0))),
     "data.houses[0].count", "1"),
    ("house cell shape", _body(data=_with(lambda d: d["houses"][0].__setitem__("cell", [0]))),
     "data.houses[0].cell", "2"),
    ("a track missing", _body(data=_with(lambda d: d["tracks"].pop("shops"))),
     "data.tracks", "hotels, shops, shop_bonuses"),
    ("track values repeated",
     _body(data=_with(lambda d: d["tracks"].__setitem__("hotels", [2, 3, 3, 15]))),
     "data.tracks.hotels", "distinct"),
    ("track value not positive",
     _body(data=_with(lambda d: d["tracks"].__setitem__("shops", [0, 1, 2]))),
     "data.tracks.shops", "from 1 to 10"),
    ("track value above the range",
     _body(data=_with(lambda d: d["tracks"].__setitem__("hotels", [2, 3, 16]))),
     "data.tracks.hotels", "from 2 to 15"),
    ("track value not a number",
     _body(data=_with(lambda d: d["tracks"].__setitem__("hotels", [2, "three"]))),
     "data.tracks.hotels[1]", "integer"),
    ("shop bonuses are printed",
     _body(data=_with(lambda d: d["tracks"].__setitem__("shop_bonuses", [3, 5, 7]))),
     "data.tracks.shop_bonuses", "[3, 5, 7, 10]"),
    ("trees", _body(data={**_data(), "trees": 11}), "data.trees", "from 1 to 10"),
    ("floors on a suzhou sheet",
     _body(data={**_data(), "skyscraper_floors": {"printed": 2, "extra": 3}}),
     "data.skyscraper_floors", "only for Shanghai"),
]


@pytest.mark.parametrize(("body", "path", "words"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_refusals_name_the_path(client, group, body, path, words):
    answer = _post(client, group, copy.deepcopy(body))
    assert answer.status_code == 422, answer.get_json()
    error = answer.get_json()
    assert error["path"] == path, error
    assert words in error["error"], error


def test_a_refused_update_changes_nothing(client, group):
    assert _post(client, group, _body(id="mine")).status_code == 201
    url = URL.format(gid=group["id"]) + "/mine"
    bad = client.put(url, json=_body(data=_with(lambda d: d["cells"][0].__setitem__(0, "bus"))),
                     headers=group["headers"])
    assert bad.status_code == 422 and bad.get_json()["path"] == "data.cells[0][0]"
    assert client.get(url, headers=group["headers"]).get_json()["data"]["cells"][0][0] == "start"


def test_bad_json_is_400(client, group):
    answer = client.post(URL.format(gid=group["id"]), data="{oops", headers={
        **group["headers"], "Content-Type": "application/json"})
    assert answer.status_code == 400 and "not valid JSON" in answer.get_json()["error"]


# ----- access ----------------------------------------------------------------

def test_other_groups_layouts_are_404(client, group):
    other = client.post("/api/groups", json={"name": "Other table"}).get_json()
    other_headers = {"X-Companion-Key": other["key"]}
    assert _post(client, group, _body(id="ours")).status_code == 201

    # Their key on our group: 404, whatever the call.
    base = URL.format(gid=group["id"])
    assert client.get(base, headers=other_headers).status_code == 404
    assert client.get(base + "/ours", headers=other_headers).status_code == 404
    assert client.put(base + "/ours", json=_body(), headers=other_headers).status_code == 404
    assert client.delete(base + "/ours", headers=other_headers).status_code == 404
    assert client.post(base, json=_body(), headers=other_headers).status_code == 404

    # Our layout's id under their group: 404, and it is not in their list.
    theirs = URL.format(gid=other["id"])
    assert client.get(theirs + "/ours", headers=other_headers).status_code == 404
    assert client.delete(theirs + "/ours", headers=other_headers).status_code == 404
    listed = client.get(theirs, headers=other_headers).get_json()["layouts"]
    assert [lay["id"] for lay in listed] == ["suzhou-v1", "shanghai-v1"]
    assert client.get(base + "/ours", headers=group["headers"]).status_code == 200


def test_without_a_key_is_401(app, group):
    answer = app.test_client().get(URL.format(gid=group["id"]))  # no cookie, no header
    assert answer.status_code == 401 and "key" in answer.get_json()["error"]


def test_a_shanghai_layout_with_start_squares_is_stored_with_parks(client, group):
    # Issue 11: Shanghai's starting squares are its parks; a layout made before
    # (with `start` squares) is read as parks, and a Suzhou one keeps its start squares.
    data = _data("shanghai-v1")
    data["cells"][0][0] = data["cells"][1][1] = "start"
    answer = _post(client, group, _body(id="old-sh", edition="shanghai", data=data))
    assert answer.status_code == 201, answer.get_json()
    cells = answer.get_json()["data"]["cells"]
    assert cells[0][0] == cells[1][1] == "park"
    assert not any(kind == "start" for row in cells for kind in row)
    shanghai = client.get(URL.format(gid=group["id"]) + "/shanghai-v1",
                          headers=group["headers"]).get_json()["data"]["cells"]
    assert [(r, c) for r, row in enumerate(shanghai) for c, k in enumerate(row) if k == "park"] \
        == [(i, i) for i in range(6)]
    assert not any(kind == "start" for row in shanghai for kind in row)
