"""The live table's API over the test client: rooms, join links, dice, turns,
the event log (?after=N and server-sent events) and the access rules."""

from __future__ import annotations

import json
import re
import secrets
import threading
import time

import pytest

from companion.table import room_state
from companion.web import keys

SETUP_ROLLS = {"suzhou": 5, "shanghai": 6}


# -- helpers -------------------------------------------------------------------

def make_room(client, group, players=("Ana", "Ben", "Cem"), edition="suzhou", mode="paper",
              **extra):
    answer = client.post(f"/api/groups/{group['id']}/rooms", headers=group["headers"],
                         json={"game": "doodle-china", "edition": edition,
                               "players": list(players), "mode": mode, **extra})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def url(group, room, tail=""):
    return f"/api/groups/{group['id']}/rooms/{room['id']}{tail}"


def post(client, group, room, tail, body=None):
    kwargs = {"json": body} if body is not None else {}
    return client.post(url(group, room, "/" + tail), headers=group["headers"], **kwargs)


def get_room(client, group, room):
    answer = client.get(url(group, room), headers=group["headers"])
    assert answer.status_code == 200
    return answer.get_json()


def finish_setup(client, group, room, edition="suzhou"):
    for _ in range(SETUP_ROLLS[edition]):
        assert post(client, group, room, "roll").status_code == 201
    assert get_room(client, group, room)["phase"] == "play"


def events_after(client, group, room, after=0):
    answer = client.get(url(group, room, f"/events?after={after}"), headers=group["headers"])
    assert answer.status_code == 200
    return answer.get_json()["events"]


def parse_sse(text: str) -> list[dict]:
    """Blocks of `id:`/`data:` lines; comments and `retry:` are kept apart."""
    out = []
    for block in text.split("\n\n"):
        lines = [line for line in block.split("\n") if line]
        fields: dict[str, str] = {}
        for line in lines:
            if line.startswith(":"):
                fields.setdefault("comment", line)
                continue
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value
        if fields:
            out.append(fields)
    return out


@pytest.fixture
def quick_streams(app):
    """Streams that end quickly, so a test client can read them whole."""
    app.config.update(ROOM_STREAM_SECONDS=0.3, ROOM_HEARTBEAT_SECONDS=0.1)
    return app


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


# -- dice ------------------------------------------------------------------------

@pytest.mark.parametrize("players,white", [(1, 3), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7)])
def test_dice_counts_per_player_count_and_solo(client, group, players, white):
    room = make_room(client, group, players=[f"P{i}" for i in range(players)])
    for _ in range(SETUP_ROLLS["suzhou"] + 1):
        event = post(client, group, room, "roll").get_json()
        assert event["type"] == "roll"
        assert 1 <= event["dice"]["blue"] <= 6
        assert len(event["dice"]["white"]) == white
        assert all(1 <= v <= 6 for v in event["dice"]["white"])
    assert get_room(client, group, room)["options"]["dice"][0]["value"] == event["dice"]["white"][0]


def test_dice_come_from_secrets(client, group, monkeypatch):
    """The server rolls with `secrets` (the OS generator), never `random`."""
    import random

    room = make_room(client, group, players=["Ana", "Ben"])
    faces = iter([4, 0, 1, 2, 5, 3] * 10)  # randbelow(6) answers: faces 5,1,2,3,6,4
    seen = []

    def fake_randbelow(n):
        seen.append(n)
        return next(faces)

    monkeypatch.setattr(secrets, "randbelow", fake_randbelow)
    monkeypatch.setattr(random, "randint", lambda *a: pytest.fail("random.randint used"))
    monkeypatch.setattr(random, "choice", lambda *a: pytest.fail("random.choice used"))
    event = post(client, group, room, "roll").get_json()
    assert event["dice"] == {"blue": 5, "white": [1, 2, 3]}
    assert seen == [6, 6, 6, 6]
    assert room_state.roll_dice(1) == {"blue": 6, "white": [4, 5, 1]}


def test_the_client_cannot_choose_the_dice(client, group):
    room = make_room(client, group)
    answer = post(client, group, room, "roll", {"dice": {"blue": 6, "white": [6, 6, 6, 6]}})
    assert answer.status_code == 422 and answer.get_json()["path"] == "dice"


# -- turns ------------------------------------------------------------------------

def test_paper_round_clockwise_each_die_once_starting_player_moves_left(client, group):
    room = make_room(client, group)
    finish_setup(client, group, room)
    for rnd, order in enumerate([["Ana", "Ben", "Cem"], ["Ben", "Cem", "Ana"],
                                 ["Cem", "Ana", "Ben"], ["Ana", "Ben", "Cem"]], start=1):
        whole = get_room(client, group, room)
        assert whole["round"] == rnd and whole["starting_player"] == order[0]
        assert whole["turn"] == {"expect": "roll", "player": order[0]}
        # Before the roll nobody takes.
        early = post(client, group, room, "take", {"player": order[0], "die": 0})
        assert early.status_code == 409
        roll = post(client, group, room, "roll").get_json()
        assert roll["round"] == rnd and roll["next"] == {
            "expect": "move", "player": order[0], "round": rnd, "starting": order[0]}
        assert post(client, group, room, "roll").status_code == 409  # one roll a round
        # Out of turn: refused, nothing recorded.
        wrong = post(client, group, room, "take", {"player": order[1], "die": 0})
        assert wrong.status_code == 409 and "turn" in wrong.get_json()["error"]
        first = post(client, group, room, "take", {"player": order[0], "die": 1})
        assert first.status_code == 201
        assert first.get_json()["value"] == roll["dice"]["white"][1]
        taken_again = post(client, group, room, "take", {"player": order[1], "die": 1})
        assert taken_again.status_code == 409 and taken_again.get_json()["path"] == "event.die"
        assert post(client, group, room, "take", {"player": order[1], "die": 0}).status_code == 201
        whole = get_room(client, group, room)
        assert whole["dice"]["taken"] == [order[1], order[0], None, None]
        assert whole["turn"] == {"expect": "move", "player": order[2]}
        assert [d["die"] for d in whole["options"]["dice"]] == [2, 3]
        # The last player passes (crosses out a tree) by seat number.
        seat = ["Ana", "Ben", "Cem"].index(order[2])
        assert post(client, group, room, "pass", {"player": seat}).status_code == 201
        whole = get_room(client, group, room)
        assert whole["dice"]["passed"] == [order[2]]  # the tray keeps the round's dice


def test_take_body_is_checked(client, group):
    room = make_room(client, group)
    finish_setup(client, group, room)
    post(client, group, room, "roll")
    for body, path in [({"die": 0}, "player"), ({"player": "Zed", "die": 0}, "player"),
                       ({"player": 7, "die": 0}, "player"), ({"player": "Ana"}, "die"),
                       ({"player": "Ana", "die": "one"}, "die"),
                       ({"player": "Ana", "die": 0, "cell": [1]}, "cell"),
                       ({"player": "Ana", "die": 0, "spin": 1}, "spin")]:
        answer = post(client, group, room, "take", body)
        assert answer.status_code == 422, (body, answer.get_json())
        assert answer.get_json()["path"] == path
    paper_cell = post(client, group, room, "take", {"player": "ana", "die": 0, "cell": [0, 0]})
    assert paper_cell.status_code == 409 and paper_cell.get_json()["path"] == "event.cell"
    assert post(client, group, room, "take", {"player": "Ana", "die": 9}).status_code == 409
    assert post(client, group, room, "take", {"player": " ana ", "die": 0}).status_code == 201


def test_concurrent_rolls_store_exactly_one(client, group, app):
    room = make_room(client, group)
    finish_setup(client, group, room)
    results = []

    def attempt():
        with app.test_client() as c:
            results.append(c.post(url(group, room, "/roll"), headers=group["headers"]).status_code)

    threads = [threading.Thread(target=attempt) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [201] + [409] * 7
    ids = [e["id"] for e in events_after(client, group, room)]
    assert ids == list(range(1, SETUP_ROLLS["suzhou"] + 2))


# -- the event log -------------------------------------------------------------------

def test_event_ids_strictly_increase_and_after_returns_exactly_the_later_ones(client, group):
    room = make_room(client, group)
    other = make_room(client, group, players=["Solo"])
    finish_setup(client, group, room)
    post(client, group, other, "roll")
    post(client, group, room, "roll")
    post(client, group, room, "take", {"player": "Ana", "die": 0})
    post(client, group, room, "pass", {"player": "Ben"})
    everything = events_after(client, group, room)
    ids = [e["id"] for e in everything]
    assert ids == list(range(1, len(ids) + 1)) and len(ids) == SETUP_ROLLS["suzhou"] + 3
    assert all(e["type"] in {"roll", "take", "pass"} for e in everything)
    for n in range(len(ids) + 2):
        assert events_after(client, group, room, n) == everything[n:]
    assert [e["id"] for e in events_after(client, group, other)] == [1]  # rooms count apart
    assert get_room(client, group, room)["last_event"] == ids[-1]
    bad = client.get(url(group, room, "/events?after=-1"), headers=group["headers"])
    assert bad.status_code == 400 and bad.get_json()["path"] == "after"


def test_sse_answer_format_and_resume_by_last_event_id(client, group, quick_streams):
    room = make_room(client, group)
    finish_setup(client, group, room)
    post(client, group, room, "roll")
    stream = client.get(url(group, room, "/events"),
                        headers={**group["headers"], "Accept": "text/event-stream"})
    assert stream.status_code == 200
    assert stream.mimetype == "text/event-stream"
    assert "no-cache" in stream.headers["Cache-Control"]
    text = stream.get_data(as_text=True)
    blocks = parse_sse(text)
    assert blocks[0]["retry"].isdigit()
    events = [b for b in blocks if "data" in b]
    assert [int(b["id"]) for b in events] == list(range(1, SETUP_ROLLS["suzhou"] + 2))
    for b in events:
        data = json.loads(b["data"])
        assert data["id"] == int(b["id"]) and data["type"] == "roll"
    assert any(b.get("comment", "").startswith(": keep-alive") for b in blocks), text

    resumed = client.get(url(group, room, "/events"), headers={
        **group["headers"], "Accept": "text/event-stream", "Last-Event-ID": "4"})
    ids = [int(b["id"]) for b in parse_sse(resumed.get_data(as_text=True)) if "data" in b]
    assert ids == list(range(5, SETUP_ROLLS["suzhou"] + 2))
    by_query = client.get(url(group, room, "/events?after=5"),
                          headers={**group["headers"], "Accept": "text/event-stream"})
    ids = [int(b["id"]) for b in parse_sse(by_query.get_data(as_text=True)) if "data" in b]
    assert ids == list(range(6, SETUP_ROLLS["suzhou"] + 2))
    bad = client.get(url(group, room, "/events"), headers={
        **group["headers"], "Accept": "text/event-stream", "Last-Event-ID": "x"})
    assert bad.status_code == 400


def test_a_held_stream_gets_a_new_roll_at_once(client, group, app):
    # "At once" means woken by the write itself, not found by the hub's poll: with the
    # poll a minute apart (and the stream, heartbeat likewise) only the wake-up can
    # deliver the roll before the reader's deadline. No wall-clock bound, which a
    # busy box would break; the latency is measured in bench/venue.py.
    app.config.update(ROOM_STREAM_SECONDS=120, ROOM_HEARTBEAT_SECONDS=120,
                      ROOM_POLL_SECONDS=120)
    room = make_room(client, group)
    stream = client.get(url(group, room, "/events"),
                        headers={**group["headers"], "Accept": "text/event-stream"})
    chunks = iter(stream.response)
    assert next(chunks).startswith(b"retry:")  # the stream is open and listening
    got: list = []

    def read():
        for chunk in chunks:
            got.append((time.monotonic(), chunk.decode()))
            if "data:" in chunk.decode():
                return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    roll = post(client, group, room, "roll").get_json()
    reader.join(timeout=60)
    assert got, "the stream never delivered the roll (only the hub's poll would have)"
    stream.close()
    _at, chunk = got[-1]
    assert parse_sse(chunk)[0]["id"] == str(roll["id"])


# -- game end --------------------------------------------------------------------

def test_paper_game_end_links_the_dice_record_to_the_match(client, group):
    room = make_room(client, group, players=["Ana", "Ben"])
    finish_setup(client, group, room)
    post(client, group, room, "roll")
    assert post(client, group, room, "end", {"player": "Ana", "reason": "top hotel"}).status_code == 201
    post(client, group, room, "take", {"player": "Ana", "die": 0})
    post(client, group, room, "take", {"player": "Ben", "die": 1})
    whole = get_room(client, group, room)
    assert whole["finished"] and whole["turn"]["expect"] is None
    last = events_after(client, group, room, whole["last_event"] - 1)
    assert last[0]["type"] == "game_over" and last[0]["result"] is None
    mid = whole["match_id"]
    assert post(client, group, room, "roll").status_code == 409

    grid = [["plain"] * 5 for _ in range(5)]
    state = {"game": "doodle-china", "edition": "suzhou", "players": [
        {"name": "Ana", "hotels": [15], "shops": [], "shop_bonuses": [], "trees_crossed": 1,
         "grid": grid},
        {"name": "Ben", "hotels": [4], "shops": [2], "shop_bonuses": [], "trees_crossed": 0,
         "grid": grid}]}
    saved = post(client, group, room, "match", {"state": state})
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["match"]["id"] == mid
    match = client.get(f"/api/groups/{group['id']}/matches/{mid}", headers=group["headers"])
    assert match.status_code == 200 and match.get_json()["result"]["winners"] == ["Ana"]
    linked = client.get(f"/api/groups/{group['id']}/rooms?match={mid}", headers=group["headers"])
    assert [r["id"] for r in linked.get_json()["rooms"]] == [room["id"]]
    record = events_after(client, group, room)
    roll = [e for e in record if e["type"] == "roll"][-1]
    takes = [(e["player"], e["die"], e["value"]) for e in record if e["type"] == "take"]
    assert takes == [("Ana", 0, roll["dice"]["white"][0]), ("Ben", 1, roll["dice"]["white"][1])]


def test_digital_solo_game_ends_and_saves_the_scored_match(client, group, monkeypatch):
    room = make_room(client, group, players=["Mei"], edition="shanghai", mode="digital")
    finish_setup(client, group, room, "shanghai")
    whole = get_room(client, group, room)
    assert len(whole["sheets"]) == 1 and whole["sheets"][0]["trees_left"] == 12
    # Draw once (blue 2, white 1: the hotel at row 1, column 2), then pass round after round.
    with monkeypatch.context() as fixed:
        fixed.setattr(room_state, "roll_dice", lambda n: {"blue": 2, "white": [1, 3, 4]})
        post(client, group, room, "roll")
    options = get_room(client, group, room)["options"]
    assert options["dice"][0]["targets"] == [[0, 1]]
    body = {"player": "Mei", "die": 0, "cell": [0, 1], "path": "EW"}
    bad = post(client, group, room, "take", {**body, "cell": [1, 1]})
    assert bad.status_code == 409 and bad.get_json()["path"] == "event.cell"
    took = post(client, group, room, "take", body)
    assert took.status_code == 201, took.get_json()
    assert any("hotel" in line for line in took.get_json()["effects"])
    rounds = 1
    while not get_room(client, group, room)["finished"]:
        rounds += 1
        assert rounds < 40
        assert post(client, group, room, "roll").status_code == 201
        answer = post(client, group, room, "pass", {"player": "Mei"})
        assert answer.status_code == 201, answer.get_json()
    whole = get_room(client, group, room)
    over = events_after(client, group, room, whole["last_event"] - 1)[0]
    assert over["type"] == "game_over" and "last" in " ".join(over["reasons"])
    assert over["result"]["totals"]["Mei"] == whole["standings"]["totals"]["Mei"]
    match = client.get(f"/api/groups/{group['id']}/matches/{whole['match_id']}",
                       headers=group["headers"]).get_json()
    assert match["state"]["players"][0]["trees_crossed"] == 12
    assert match["result"]["solo"]["rank"]
    # Saved through the history's own path: the stats count it.
    stats = client.get(f"/api/groups/{group['id']}/stats", headers=group["headers"]).get_json()
    assert [(p["name"], p["plays"]) for p in stats["players"]] == [("Mei", 1)]
    # The paper-only endpoints refuse a digital game.
    assert post(client, group, room, "match", {"state": match["state"]}).status_code == 409


def test_streams_beyond_the_cap_get_503_and_a_polling_address(client, group, app):
    """Each stream holds a server thread: past ROOM_MAX_STREAMS the answer is
    503 with where to poll; a closed stream frees its place."""
    app.config.update(ROOM_MAX_STREAMS=1, ROOM_STREAM_SECONDS=5)
    room = make_room(client, group)
    headers = {**group["headers"], "Accept": "text/event-stream"}
    first = client.get(url(group, room, "/events"), headers=headers)
    assert first.status_code == 200
    second = client.get(url(group, room, "/events?after=3"), headers=headers)
    assert second.status_code == 503 and second.headers["Retry-After"]
    assert second.get_json()["poll"] == url(group, room, "/events") + "?after=3"
    assert client.get(url(group, room, "/events"), headers=group["headers"]).status_code == 200
    first.close()  # the phone went away before reading anything
    third = client.get(url(group, room, "/events"), headers=headers)
    assert third.status_code == 200
    third.close()


def test_more_control_variant_lets_a_suzhou_player_pass(client, group, monkeypatch):
    plain = make_room(client, group, players=["Ana"], mode="digital")
    chosen = make_room(client, group, players=["Ana"], mode="digital",
                       variants={"more_control": True})
    for room in (plain, chosen):
        finish_setup(client, group, room)
    monkeypatch.setattr(room_state, "roll_dice", lambda n: {"blue": 1, "white": [2, 3, 4]})
    for room in (plain, chosen):
        post(client, group, room, "roll")
    assert get_room(client, group, chosen)["variants"] == {"more_control": True}
    # Column 1, rows 2-4 are empty squares: only the variant may pass.
    assert post(client, group, plain, "pass", {"player": "Ana"}).status_code == 409
    assert post(client, group, chosen, "pass", {"player": "Ana"}).status_code == 201


@pytest.mark.parametrize("tail,body,path,words", [
    ("take", {"player": "Ana", "spin": 1}, "spin", "allowed: cell, choice, die, path, player"),
    ("take", {"player": "Ana"}, "die", "is required: the white die's place in the roll, from 0"),
    ("take", {"player": "Ana", "die": "one"}, "die", "the white die's place in the roll"),
    ("end", {"player": "Ana", "reason": "x" * 300}, "reason", "at most 200 characters"),
    ("seat", {"seat": 0}, "phone", "8 to 64 letters, digits or '-'"),
    ("seat", {"phone": "phone-0001", "take_over": "yes"}, "take_over", "true or false"),
    ("match", {"sheets": []}, "sheets", "allowed: state"),
], ids=["unknown-key", "missing-die", "die-type", "long-reason", "no-phone", "take-over", "match-key"])
def test_move_bodies_say_what_is_allowed(client, group, tail, body, path, words):
    """parse_body: each refusal names the key and what the call accepts."""
    room = make_room(client, group)
    answer = post(client, group, room, tail, body)
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["path"] == path
    assert words in answer.get_json()["error"]


def test_a_foreign_room_is_404_whatever_the_body(client, group):
    """The room is looked up before the body is read: nothing about it leaks."""
    room = make_room(client, group)
    other = client.post("/api/groups", json={"name": "Other"}).get_json()
    answer = client.post(f"/api/groups/{other['id']}/rooms/{room['id']}/take", json={"spin": 1},
                         headers={"X-Companion-Key": other["key"]})
    assert answer.status_code == 404
