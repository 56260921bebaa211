"""The live table's API over the test client: creating a room, its join link
(token never stored, compared in constant time) and the access rules on every
room route (401 without a key, 404 for another group's, 403 without CSRF)."""

from __future__ import annotations

import re

import pytest
from room_api import (
    events_after,
    get_room,
    make_room,
    url,
)

from companion.web import keys

# -- creating and joining ---------------------------------------------------------

def test_create_answers_id_join_url_and_qr(client, group):
    room = make_room(client, group)
    assert set(room) >= {"id", "join_url", "qr_svg"}
    assert room["qr_svg"].lstrip().startswith("<?xml") and "<svg" in room["qr_svg"]
    assert "style=" not in room["qr_svg"]  # the CSP forbids inline styles
    match = re.fullmatch(rf"http://localhost/g/{group['id']}/rooms/{room['id']}/join\?token=(\S+)",
                         room["join_url"])
    assert match, room["join_url"]
    assert len(match.group(1)) * 6 >= 128  # url-safe base64: 6 bits a character
    whole = get_room(client, group, room)
    assert whole["players"] == [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Ben"},
                                {"seat": 2, "name": "Cem"}]
    assert whole["mode"] == "paper" and whole["edition"] == "suzhou"
    assert whole["last_event"] == 0 and whole["dice"] is None and whole["round"] == 0
    assert whole["turn"] == {"expect": "roll", "player": "Ana"}
    for key in ("players", "sheets", "dice", "round", "registers", "last_event"):
        assert key in whole


@pytest.mark.parametrize("body,path", [
    ({"game": "canalis", "edition": "suzhou", "players": ["A"]}, "game"),
    ({"edition": "beijing", "players": ["A"]}, "edition"),
    ({"edition": "suzhou", "players": []}, "players"),
    ({"edition": "suzhou", "players": ["A", "B", "C", "D", "E", "F", "G"]}, "players"),
    ({"edition": "suzhou", "players": ["A", " "]}, "players[1]"),
    ({"edition": "suzhou", "players": ["Ana", "ana"]}, "players[1].name"),
    ({"edition": "suzhou", "players": ["A"], "mode": "virtual"}, "mode"),
    ({"edition": "suzhou", "players": ["A"], "layout": "nowhere-v9"}, "layout"),
    ({"edition": "suzhou", "players": ["A"], "layout": "shanghai-v1"}, "layout.edition"),
    ({"edition": "suzhou", "players": ["A"], "colour": "red"}, "colour"),
    ({"edition": "suzhou", "players": ["A"], "variants": {"more": True}}, "variants"),
    ({"edition": "shanghai", "players": ["A"], "variants": {"more_control": True}},
     "variants.more_control"),
])
def test_create_refuses_bad_bodies_with_a_path(client, group, body, path):
    answer = client.post(f"/api/groups/{group['id']}/rooms", headers=group["headers"], json=body)
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["path"] == path
    assert answer.get_json()["error"]


def test_join_link_lets_a_new_phone_into_group_and_room(client, group):
    room = make_room(client, group)
    phone = client.application.test_client()
    token = room["join_url"].split("token=")[1]
    answer = phone.get(f"/g/{group['id']}/rooms/{room['id']}/join?token={token}")
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/g/{group['id']}/rooms/{room['id']}"
    assert "token" not in answer.headers["Location"]
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    with phone.session_transaction() as session:  # the cookie holds no key or token
        assert set(session) <= {"sid", "csrf", "_permanent"}
        assert token not in str(dict(session)) and group["key"] not in str(dict(session))
    # The cookie alone now opens the room (reads need no CSRF token) ...
    assert phone.get(url(group, room)).status_code == 200
    page = phone.get(f"/g/{group['id']}/rooms/{room['id']}")
    assert page.status_code == 200
    assert b'id="room"' in page.data and token.encode() in page.data  # the invite QR/link
    # ... and writes with the page's CSRF token.
    csrf = re.search(rb'name="csrf-token" content="([^"]+)"', page.data).group(1).decode()
    assert phone.post(url(group, room, "/roll")).status_code == 403
    assert phone.post(url(group, room, "/roll"), headers={"X-CSRF-Token": csrf}).status_code == 201


def test_join_link_with_a_wrong_token_is_404_and_compared_in_constant_time(client, group,
                                                                          monkeypatch):
    room = make_room(client, group)
    token = room["join_url"].split("token=")[1]
    calls = []
    real = keys.hmac.compare_digest
    monkeypatch.setattr(keys.hmac, "compare_digest",
                        lambda a, b: calls.append((a, b)) or real(a, b))
    phone = client.application.test_client()
    wrong = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    assert phone.get(f"/g/{group['id']}/rooms/{room['id']}/join?token={wrong}").status_code == 404
    assert phone.get(f"/g/{group['id']}/rooms/{room['id']}/join").status_code == 404
    assert phone.get(f"/g/{group['id']}/rooms/nope/join?token={token}").status_code == 404
    assert calls, "the token must be checked with hmac.compare_digest"
    assert phone.get(url(group, room)).status_code == 401


def test_the_database_keeps_neither_token_nor_group_key(client, group, app):
    room = make_room(client, group)
    token = room["join_url"].split("token=")[1]
    raw = open(app.config["DATABASE"], "rb").read()
    wal = app.config["DATABASE"] + "-wal"
    import os
    if os.path.exists(wal):
        raw += open(wal, "rb").read()
    assert token.encode() not in raw
    assert group["key"].encode() not in raw


# -- access rules ------------------------------------------------------------------

ROUTES = [("GET", ""), ("GET", "/events"), ("POST", "/roll"), ("POST", "/take"),
          ("POST", "/pass"), ("POST", "/end"), ("POST", "/match")]


@pytest.mark.parametrize("method,tail", ROUTES)
def test_missing_key_401_foreign_key_404(client, group, method, tail):
    room = make_room(client, group)
    stranger = client.application.test_client()
    target = url(group, room, tail)
    assert stranger.open(target, method=method, json={}, headers={
        "X-CSRF-Token": "x"}).status_code in (401, 403)
    with stranger.session_transaction() as session:
        session["csrf"] = "t"
    assert stranger.open(target, method=method, json={},
                         headers={"X-CSRF-Token": "t"}).status_code == 401
    other = client.post("/api/groups", json={"name": "Other"}).get_json()
    assert stranger.open(target, method=method, json={},
                         headers={"X-Companion-Key": other["key"]}).status_code == 404
    # Another group's own room id under this group's address: 404 as well.
    other_room = make_room(client, {**other, "headers": {"X-Companion-Key": other["key"]}})
    assert client.open(f"/api/groups/{group['id']}/rooms/{other_room['id']}{tail}",
                       method=method, json={}, headers=group["headers"]).status_code == 404


def test_cookie_write_without_csrf_is_403(client, group):
    room = make_room(client, group)
    phone = client.application.test_client()
    phone.get(f"/g/{group['id']}/join?key={group['key']}")
    assert phone.post(url(group, room, "/roll")).status_code == 403
    assert phone.post(url(group, room, "/roll"), headers={
        "X-CSRF-Token": "forged"}).status_code == 403
    assert events_after(client, group, room) == []


def test_create_needs_the_key(client, group):
    body = {"game": "doodle-china", "edition": "suzhou", "players": ["A"]}
    stranger = client.application.test_client()
    with stranger.session_transaction() as session:
        session["csrf"] = "t"
    assert stranger.post(f"/api/groups/{group['id']}/rooms", json=body,
                         headers={"X-CSRF-Token": "t"}).status_code == 401
