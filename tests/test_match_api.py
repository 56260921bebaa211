"""The group and match API of api.md, through Flask's test client."""

from __future__ import annotations

import pytest
from helpers import grande_state


def test_create_group_answers_id_key_and_join_url(client):
    answer = client.post("/api/groups", json={"name": "Thursday club"})
    assert answer.status_code == 201
    body = answer.get_json()
    assert set(body) == {"id", "name", "key", "join_url"}
    assert body["name"] == "Thursday club"
    assert len(body["key"]) >= 22  # 128 bits, URL-safe
    assert body["join_url"].endswith(f"/g/{body['id']}/join?key={body['key']}")


@pytest.mark.parametrize("body,path", [
    ({}, "name"),
    ({"name": "  "}, "name"),
    ({"name": 3}, "name"),
    ({"name": "x" * 81}, "name"),
    ({"name": "ok", "colour": "red"}, "colour"),
    ([1, 2], "(body)"),
], ids=["missing", "blank", "not-a-string", "too-long", "unknown-key", "not-an-object"])
def test_create_group_refuses_bad_bodies(client, body, path):
    answer = client.post("/api/groups", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["path"] == path


def test_match_lifecycle_save_twice_list_edit_delete_restore(client, group):
    gid, headers = group["id"], group["headers"]
    url = f"/api/groups/{gid}/matches"
    body = {"id": "0b7c1d2e-0000-4000-8000-000000000001", "played_at": "2026-11-27T20:15:00+01:00",
            "state": grande_state()}
    first = client.post(url, json=body, headers=headers)
    assert first.status_code == 201
    saved = first.get_json()
    assert saved["played_at"] == "2026-11-27T19:15:00Z"
    assert saved["result"]["winners"] == ["Ana"]
    again = client.post(url, json=body, headers=headers)
    assert again.status_code == 200
    assert again.get_json()["id"] == saved["id"]
    listed = client.get(url, headers=headers).get_json()["matches"]
    assert [m["id"] for m in listed] == [saved["id"]]

    edited = client.put(f"{url}/{saved['id']}", json={"state": grande_state("Ben")},
                        headers=headers)
    assert edited.status_code == 200
    assert edited.get_json()["result"]["winners"] == ["Ben"]
    assert client.get(f"{url}/{saved['id']}", headers=headers).get_json()["result"]["winners"] == ["Ben"]

    assert client.delete(f"{url}/{saved['id']}", headers=headers).status_code == 204
    assert client.get(f"{url}/{saved['id']}", headers=headers).status_code == 404
    assert client.get(url, headers=headers).get_json()["matches"] == []
    assert client.post(url, json=body, headers=headers).status_code == 409
    restored = client.post(f"{url}/{saved['id']}/restore", headers=headers)
    assert restored.status_code == 200
    assert len(client.get(url, headers=headers).get_json()["matches"]) == 1


def test_wrong_key_is_404_and_missing_key_is_401(client, group):
    url = f"/api/groups/{group['id']}/matches"
    assert client.get(url, headers={"X-Companion-Key": "not-the-key"}).status_code == 404
    other = client.post("/api/groups", json={"name": "Other"}).get_json()
    assert client.get(url, headers={"X-Companion-Key": other["key"]}).status_code == 404
    assert client.get("/api/groups/nope/matches", headers=group["headers"]).status_code == 404
    fresh = client.application.test_client()
    assert fresh.get(url).status_code == 401


def test_join_link_sets_cookie_and_drops_key_from_url(client, group):
    fresh = client.application.test_client()
    answer = fresh.get(f"/g/{group['id']}/join?key={group['key']}")
    assert answer.status_code == 303
    assert group["key"] not in answer.headers["Location"]
    assert fresh.get(f"/api/groups/{group['id']}/matches").status_code == 200
    assert fresh.get(f"/g/{group['id']}/join?key=wrong").status_code == 404


def test_cookie_writes_need_the_csrf_token(client, group):
    fresh = client.application.test_client()
    fresh.get(f"/g/{group['id']}/join?key={group['key']}")
    url = f"/api/groups/{group['id']}/matches"
    assert fresh.post(url, json={"state": grande_state()}).status_code == 403
    with fresh.session_transaction() as session:
        session["csrf"] = "token-1"
    ok = fresh.post(url, json={"state": grande_state()}, headers={"X-CSRF-Token": "token-1"})
    assert ok.status_code == 201
    foreign = fresh.post(url, json={"state": grande_state()},
                         headers={"X-CSRF-Token": "token-1", "Origin": "https://evil.example"})
    assert foreign.status_code == 403


@pytest.mark.parametrize("body,status,path", [
    ({"state": {"game": "canal-grande", "players": "x"}}, 422, "state.players"),
    ({"state": {"game": "chess"}}, 422, "state.game"),
    ({}, 422, "state"),
    ({"state": grande_state(), "id": "has space"}, 422, "id"),
    ({"state": grande_state(), "played_at": "yesterday"}, 422, "played_at"),
    ({"state": grande_state(), "extra": 1}, 422, "extra"),
], ids=["bad-state", "unknown-game", "no-state", "bad-id", "bad-date", "unknown-key"])
def test_bad_match_bodies_name_the_path(client, group, body, status, path):
    answer = client.post(f"/api/groups/{group['id']}/matches", json=body, headers=group["headers"])
    assert answer.status_code == status
    assert answer.get_json()["path"] == path


def test_list_filters_by_game_player_and_before(client, group):
    url, headers = f"/api/groups/{group['id']}/matches", group["headers"]
    for day, winner in [(1, "Ana"), (2, "Ben"), (3, "ana ")]:
        state = grande_state(winner.strip().capitalize())
        state["players"][0]["name"] = winner
        client.post(url, json={"played_at": f"2026-11-0{day}", "state": state}, headers=headers)
    assert len(client.get(url + "?player=ANA", headers=headers).get_json()["matches"]) == 3
    newest = client.get(url + "?limit=1", headers=headers).get_json()["matches"]
    assert newest[0]["played_at"].startswith("2026-11-03")
    older = client.get(url + "?before=2026-11-02T12:00:00Z", headers=headers).get_json()["matches"]
    assert [m["played_at"][:10] for m in older] == ["2026-11-01"]
    assert client.get(url + "?game=canalis", headers=headers).get_json()["matches"] == []
    assert client.get(url + "?limit=0", headers=headers).status_code == 400
    players = client.get(f"/api/groups/{group['id']}", headers=headers).get_json()["players"]
    assert sorted(p["name"] for p in players) == ["Ana", "Ben"]


def test_score_endpoint_scores_and_stores_nothing(client):
    answer = client.post("/api/score", json=grande_state())
    assert answer.status_code == 200
    assert answer.get_json()["winners"] == ["Ana"]
    bad = client.post("/api/score", data="{not json", content_type="application/json")
    assert bad.status_code == 400
    assert "not valid JSON" in bad.get_json()["error"]


def test_html_and_json_answers_carry_security_headers(client, group):
    answer = client.get(f"/api/groups/{group['id']}", headers=group["headers"])
    assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"]


def test_guessing_keys_is_rate_limited_but_never_locks_out_the_right_key(client, group):
    fresh = client.application.test_client()
    answers = [fresh.get(f"/g/{group['id']}/join?key=guess{i}").status_code for i in range(31)]
    assert answers[:30] == [404] * 30
    assert answers[30] == 429
    blocked = fresh.get(f"/api/groups/{group['id']}/matches",
                        headers={"X-Companion-Key": "another-guess"})
    assert blocked.status_code == 429
    assert "wait" in blocked.get_json()["error"]
    # The same address with the right key (a phone on the same Wi-Fi) still gets in.
    assert fresh.get(f"/api/groups/{group['id']}/matches",
                     headers=group["headers"]).status_code == 200


def test_player_counts_skip_deleted_matches_and_former_names_still_find_matches(client, group):
    url, headers = f"/api/groups/{group['id']}/matches", group["headers"]
    kept = client.post(url, json={"state": grande_state("Ana")}, headers=headers).get_json()
    gone = client.post(url, json={"state": grande_state("Ana")}, headers=headers).get_json()
    client.delete(f"{url}/{gone['id']}", headers=headers)
    players = client.get(f"/api/groups/{group['id']}", headers=headers).get_json()["players"]
    assert {p["name"]: (p["plays"], p["wins"]) for p in players} == {"Ana": (1, 1), "Ben": (1, 0)}
    ana = next(p for p in players if p["name"] == "Ana")
    renamed = client.patch(f"/api/groups/{group['id']}/players/{ana['id']}", json={"name": "Anna"},
                           headers=headers)
    assert renamed.status_code == 200, renamed.get_json()
    found = client.get(url + "?player=ana", headers=headers).get_json()["matches"]
    assert [m["id"] for m in found] == [kept["id"]]


@pytest.mark.parametrize("method,suffix,words", [
    ("get", "matches/nope", "no such match in this group"),
    ("delete", "matches/nope", "no such match in this group"),
    ("post", "matches/nope/restore", "no such match in this group"),
    ("get", "photos/nope", "no such photo in this group"),
    ("get", "layouts/nope", "no such sheet layout in this group"),
    ("delete", "templates/nope", "no such template in this group"),
    ("get", "rooms/nope", "no such room in this group"),
], ids=["match", "match-delete", "match-restore", "photo", "layout", "template", "room"])
def test_a_missing_thing_is_one_404_shape(client, group, method, suffix, words):
    """`found_or_404`: every "no such X" is `{"error", "path": "(url)"}`."""
    answer = getattr(client, method)(f"/api/groups/{group['id']}/{suffix}", headers=group["headers"])
    assert answer.status_code == 404
    assert answer.get_json() == {"error": words, "path": "(url)"}


def test_a_missing_room_page_is_still_a_page(client, group):
    client.get(f"/g/{group['id']}/join?key={group['key']}")
    answer = client.get(f"/g/{group['id']}/rooms/nope")
    assert answer.status_code == 404
    assert answer.mimetype == "text/html"
    assert "no such room in this group" in answer.get_data(as_text=True).lower()
