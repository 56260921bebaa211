"""Player housekeeping (rename, hide, merge) and a group's data out and in
(CSV of plays, JSON lines, import upload skipping known ids)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from support.helpers import grande_state


def save(client, group, state, mid=None, played_at="2025-03-01"):
    body = {"state": state, "played_at": played_at, **({"id": mid} if mid else {})}
    r = client.post(f"/api/groups/{group['id']}/matches", json=body, headers=group["headers"])
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def players(client, group, hidden=False):
    r = client.get(f"/api/groups/{group['id']}/players{'?hidden=1' if hidden else ''}",
                   headers=group["headers"])
    assert r.status_code == 200
    return {p["name"]: p for p in r.get_json()["players"]}


def patch(client, group, pid, body):
    return client.patch(f"/api/groups/{group['id']}/players/{pid}", json=body,
                        headers=group["headers"])


def test_rename_keeps_the_old_name_working(client, group):
    save(client, group, grande_state("Ana"))
    ana = players(client, group)["Ana"]
    r = patch(client, group, ana["id"], {"name": "  Ana   Maria "})
    assert r.status_code == 200 and r.get_json()["name"] == "Ana Maria"
    assert r.get_json()["aliases"] == ["ana"]
    save(client, group, {"game": "canal-grande", "players": [  # the old name, any case
        {"name": "ana", "won": {"San Marco": 4}}, {"name": "Ben", "won": {}}]})
    now = players(client, group)
    assert "Ana" not in now and now["Ana Maria"]["plays"] == 2


def test_rename_onto_another_player_says_merge(client, group):
    save(client, group, grande_state("Ana"))
    ids = players(client, group)
    r = patch(client, group, ids["Ben"]["id"], {"name": "ana"})
    assert r.status_code == 409
    assert "merge" in r.get_json()["error"] and r.get_json()["path"] == "name"


def test_hide_and_show(client, group):
    save(client, group, grande_state("Ana"))
    ben = players(client, group)["Ben"]
    assert patch(client, group, ben["id"], {"hidden": True}).get_json()["hidden"] is True
    assert "Ben" not in players(client, group) and "Ben" in players(client, group, hidden=True)
    stats = client.get(f"/api/groups/{group['id']}/stats", headers=group["headers"]).get_json()
    assert [p["name"] for p in stats["players"]] == ["Ana"] and stats["matches"] == 1
    assert [e["opponent"] for e in stats["players"][0]["head_to_head"]] == []
    shown = client.get(f"/api/groups/{group['id']}/stats?hidden=1",
                       headers=group["headers"]).get_json()
    assert {p["name"] for p in shown["players"]} == {"Ana", "Ben"}
    assert patch(client, group, ben["id"], {"hidden": False}).get_json()["hidden"] is False


@pytest.mark.parametrize("body, status, path", [
    ({}, 422, "(body)"), ({"nick": "x"}, 422, "nick"), ({"name": ""}, 422, "name"),
    ({"name": "x" * 41}, 422, "name"), ({"hidden": "yes"}, 422, "hidden")])
def test_bad_patches_say_what_is_allowed(client, group, body, status, path):
    save(client, group, grande_state("Ana"))
    r = patch(client, group, players(client, group)["Ana"]["id"], body)
    assert r.status_code == status and r.get_json()["path"] == path


def test_merge_moves_matches_and_refuses_two_people(client, group):
    save(client, group, grande_state("Ana"))
    save(client, group, {"game": "canal-grande", "players": [
        {"name": "Anna", "won": {"Castello": 4}}, {"name": "Cy", "won": {}}]})
    ids = players(client, group)
    url = f"/api/groups/{group['id']}/players"
    r = client.post(f"{url}/{ids['Ben']['id']}/merge", json={"into": ids["Ana"]["id"]},
                    headers=group["headers"])
    assert r.status_code == 409 and "both played" in r.get_json()["error"]
    r = client.post(f"{url}/{ids['Anna']['id']}/merge", json={"into": ids["Ana"]["id"]},
                    headers=group["headers"])
    assert r.status_code == 200 and r.get_json()["name"] == "Ana"
    now = players(client, group)
    assert "Anna" not in now and (now["Ana"]["plays"], now["Ana"]["wins"]) == (2, 2)
    for body, status in (({"into": "Ana"}, 422), ({"into": 999}, 404),
                         ({"into": ids["Ana"]["id"]}, 409)):
        r = client.post(f"{url}/{ids['Ana']['id']}/merge", json=body, headers=group["headers"])
        assert r.status_code == status, body
    assert client.post(f"{url}/{ids['Anna']['id']}/merge", json={"into": ids["Ana"]["id"]},
                       headers=group["headers"]).status_code == 404  # gone


# -- export and import -------------------------------------------------------------------

def test_csv_has_one_row_per_player_per_match(client, group):
    save(client, group, grande_state("Ana"), mid="g1", played_at="2025-03-01T20:15:00Z")
    save(client, group, {"game": "canal-houses", "players": [
        {"name": "=cmd()", "street": [{"store": {"points": 3, "color": None, "condition": {}},
                                       "windows": []}]}]}, mid="h1", played_at="2025-03-02")
    r = client.get(f"/api/groups/{group['id']}/export.csv", headers=group["headers"])
    assert r.status_code == 200 and r.mimetype == "text/csv"
    assert "attachment" in r.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(r.get_data(as_text=True).lstrip("\ufeff"))))
    assert [(x["match"], x["player"], x["seat"], x["score"], x["place"], x["winner"])
            for x in rows] == [("g1", "Ana", "1", "4", "1", "1"), ("g1", "Ben", "2", "1", "2", "0"),
                               ("h1", "'=cmd()", "1", "3", "1", "1")]
    assert rows[0]["date"] == "2025-03-01" and rows[0]["time"] == "20:15"
    assert (rows[0]["cards"], rows[0]["districts"], rows[0]["stores"]) == ("4", "1", "")
    assert rows[2]["stores"] == "3" and rows[2]["game"] == "canal-houses"


def test_jsonl_round_trip_skips_known_ids(client, group):
    save(client, group, grande_state("Ana"), mid="g1")
    save(client, group, grande_state("Ben"), mid="g2", played_at="2025-03-05")
    r = client.get(f"/api/groups/{group['id']}/export.jsonl", headers=group["headers"])
    lines = [json.loads(x) for x in r.get_data(as_text=True).splitlines()]
    assert [x["id"] for x in lines] == ["g1", "g2"]
    lines.append({"id": "g3", "played_at": "2025-03-09", "state": grande_state("Cy")})
    upload = "\n".join(json.dumps(x) for x in lines).encode()
    r = client.post(f"/api/groups/{group['id']}/import", headers=group["headers"],
                    data={"file": (io.BytesIO(upload), "matches.jsonl")})
    assert r.status_code == 200 and r.get_json() == {"added": 1, "skipped": 2}
    stats = client.get(f"/api/groups/{group['id']}/stats", headers=group["headers"]).get_json()
    assert stats["matches"] == 3


@pytest.mark.parametrize("text, needle", [
    ("not json", "line 1: not valid JSON"),
    ('{"id": "a", "state": {"game": "chess"}}', "line 1: state.game: must be one of"),
    ('{"id": "a", "state": {}, "extra": 1}', "line 1: extra: is not a known key"),
    ('{"state": {"game": "canal-grande"}}', "line 1: id: must be a string"),
    ("\n\n", "has no matches"),
])
def test_import_names_the_bad_line_and_stores_nothing(client, group, text, needle):
    good = json.dumps({"id": "ok", "state": grande_state("Ana")})
    data = text if needle == "has no matches" else good + "\n" + text.replace("line 1", "")
    r = client.post(f"/api/groups/{group['id']}/import", headers=group["headers"],
                    data={"file": (io.BytesIO(data.encode()), "m.jsonl")})
    assert r.status_code == 422
    expected = needle.replace("line 1", "line 2") if needle != "has no matches" else needle
    assert expected in r.get_json()["error"]
    assert client.get(f"/api/groups/{group['id']}/matches",
                      headers=group["headers"]).get_json()["matches"] == []


def test_import_without_a_file_and_pages_reach_it(client, group):
    r = client.post(f"/api/groups/{group['id']}/import", headers=group["headers"], data={})
    assert r.status_code == 400 and r.get_json()["path"] == "file"
    home = client.get(f"/g/{group['id']}").get_data(as_text=True)
    assert f'href="/g/{group["id"]}/stats"' in home  # the group page links to the stats
    page = client.get(f"/g/{group['id']}/data").get_data(as_text=True)
    for url in ("export.csv", "export.jsonl", "/import"):
        assert f"/api/groups/{group['id']}/{url.lstrip('/')}" in page
