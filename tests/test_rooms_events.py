"""Room events carry what they changed (issue 12): a phone that applies each
event's `room` patch to the room it read holds exactly what a re-read gives,
through whole games in both editions and modes; the legal squares come from
`/options` for the phone that asks; a GET on a room never writes, and a
digital game's match is stored by the move that ends it."""

from __future__ import annotations

import random
import sqlite3

import pytest

from companion.table import room_state as table

PER_PHONE = ("options", "my_seat")  # not in events: each phone asks for its own
PATHS = ("NS", "EW", "NE", "NW", "SE", "SW")


def url(group, room, tail=""):
    return f"/api/groups/{group['id']}/rooms/{room['id']}{tail}"


def post(client, group, room, tail, body=None):
    return client.post(url(group, room, "/" + tail), headers=group["headers"],
                       **({"json": body} if body is not None else {}))


def read(client, group, room, phone="phone-test-1"):
    answer = client.get(url(group, room, f"?phone={phone}"), headers=group["headers"])
    assert answer.status_code == 200
    return answer.get_json()


def events_after(client, group, room, after):
    answer = client.get(url(group, room, f"/events?after={after}"), headers=group["headers"])
    assert answer.status_code == 200
    return answer.get_json()["events"]


def apply_event(room: dict, event: dict) -> dict:
    """What static/rooms/room.js `applyChanges` does with an event."""
    assert event["id"] == room["last_event"] + 1, "events are applied in order, without gaps"
    change = event.get("room") or {}
    out = {**room, **change.get("set", {}), "last_event": event["id"]}
    if change.get("sheets"):
        out["sheets"] = list(room["sheets"])
        for seat, sheet in change["sheets"].items():
            out["sheets"][int(seat)] = sheet
    if "standings" in change:
        out["standings"] = change["standings"]
    return out


def shared(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in PER_PHONE}


def a_move(client, group, room, view, rng):
    """One legal act for whoever is due: a roll, a take on a legal square (the
    options the acting phone asks for), or a pass."""
    turn = view["turn"]
    if turn["expect"] == "roll":
        return post(client, group, room, "roll")
    asked = client.get(url(group, room, "/options"), headers=group["headers"]).get_json()
    assert asked["last_event"] == view["last_event"]
    options = asked["options"]
    assert options == view["options"]  # the same squares a re-read shows
    player = options["player"]
    if options["can_end"] and view["round"] >= 3 and not view["registers"]["end_reasons"]:
        return post(client, group, room, "end", {"player": player, "reason": "top hotel"})
    dice = [d for d in options["dice"] if view["mode"] == "paper" or d["targets"]]
    rng.shuffle(dice)
    for die in dice:
        if view["mode"] == "paper":
            return post(client, group, room, "take", {"player": player, "die": die["die"]})
        cell = rng.choice(die["targets"])
        paths = rng.sample(PATHS, len(PATHS))
        # A house square takes no path; a skyscraper a floor or a road.
        for extra in [{}, *({"path": p} for p in paths), {"choice": "floor"},
                      *({"choice": "road", "path": p} for p in paths)]:
            answer = post(client, group, room, "take",
                          {"player": player, "die": die["die"], "cell": cell, **extra})
            if answer.status_code == 201:
                return answer
    return post(client, group, room, "pass", {"player": player})


@pytest.mark.parametrize(("edition", "mode", "players", "seed"), [
    ("suzhou", "digital", ["Ana", "Ben"], 1),
    ("shanghai", "digital", ["Ana", "Ben", "Cem"], 2),
    ("shanghai", "digital", ["Mei"], 3),
    ("suzhou", "paper", ["Ana", "Ben"], 4),
], ids=["suzhou-digital-2", "shanghai-digital-3", "shanghai-solo", "suzhou-paper-2"])
def test_every_event_applied_equals_a_re_read(client, group, monkeypatch, edition, mode,
                                             players, seed):
    rng = random.Random(seed)
    monkeypatch.setattr(table, "roll_dice", lambda n: {
        "blue": rng.randint(1, 6), "white": [rng.randint(1, 6) for _ in range(3 if n == 1 else n + 1)]})
    made = client.post(f"/api/groups/{group['id']}/rooms", headers=group["headers"],
                       json={"game": "doodle-china", "edition": edition, "players": players,
                             "mode": mode})
    room = made.get_json()
    claim = post(client, group, room, "seat", {"phone": "phone-test-1", "seat": 0})
    assert claim.status_code == 200
    view = read(client, group, room)
    applied = 0
    for _ in range(400):
        if view["finished"]:
            break
        answer = a_move(client, group, room, view, rng)
        assert answer.status_code == 201, answer.get_json()
        first = answer.get_json()
        assert first["room"] == events_after(client, group, room, view["last_event"])[0]["room"]
        patched = view
        for event in events_after(client, group, room, view["last_event"]):
            patched = apply_event(patched, event)
            applied += 1
        view = read(client, group, room)
        assert shared(patched) == shared(view), f"event {view['last_event']} applied != re-read"
    assert view["finished"], "the game should end within 400 acts"
    assert applied > 10
    if mode == "paper":  # the sheets scored by hand: the match_saved event says where
        grid = [["plain"] * 5 for _ in range(5)]
        state = {"game": "doodle-china", "edition": edition, "players": [
            {"name": name, "hotels": [], "shops": [], "shop_bonuses": [], "trees_crossed": 0,
             "grid": grid} for name in players]}
        assert post(client, group, room, "match", {"state": state}).status_code == 201
        patched = view
        for event in events_after(client, group, room, view["last_event"]):
            patched = apply_event(patched, event)
        view = read(client, group, room)
        assert shared(patched) == shared(view)
    assert view["saved_match"]["url"].endswith(view["match_id"])


def test_a_take_carries_the_movers_sheet_and_no_legal_squares(client, group, monkeypatch):
    made = client.post(f"/api/groups/{group['id']}/rooms", headers=group["headers"],
                       json={"game": "doodle-china", "edition": "shanghai",
                             "players": ["Ana", "Ben"], "mode": "digital"})
    room = made.get_json()
    for _ in range(6):
        assert post(client, group, room, "roll").status_code == 201
    monkeypatch.setattr(table, "roll_dice", lambda n: {"blue": 2, "white": [1, 3, 4]})
    roll = post(client, group, room, "roll").get_json()
    assert roll["dice"] == {"blue": 2, "white": [1, 3, 4]}
    assert "sheets" not in roll["room"] and roll["room"]["set"]["dice"]["white"] == [1, 3, 4]
    assert "options" not in roll["room"]["set"]  # legal squares: asked for by the phone due
    view = read(client, group, room)
    due = view["turn"]["player"]
    die = next(d for d in view["options"]["dice"] if d["targets"])
    took = None
    for path in PATHS:
        took = post(client, group, room, "take", {"player": due, "die": die["die"],
                                                  "cell": die["targets"][0], "path": path})
        if took.status_code == 201:
            break
    assert took.status_code == 201
    change = took.get_json()["room"]
    seat = str([p["name"] for p in view["players"]].index(due))
    assert seat in change["sheets"]
    for other, sheet in change["sheets"].items():  # others: only the values crossed out
        if other != seat:                          # because the mover claimed them
            before = view["sheets"][int(other)]
            assert {k for k in sheet if sheet[k] != before[k]} == {"crossed_out"}
    assert change["set"]["turn"]["player"] != due
    assert set(change["standings"]["totals"]) == {"Ana", "Ben"}


def test_a_get_on_a_room_never_writes(client, group, app):
    """Every read of the live table, including of a finished digital game,
    leaves the database file untouched."""
    made = client.post(f"/api/groups/{group['id']}/rooms", headers=group["headers"],
                       json={"game": "doodle-china", "edition": "shanghai", "players": ["Mei"],
                             "mode": "digital"})
    room = made.get_json()
    view = read(client, group, room)
    while not view["finished"]:
        tail = "roll" if view["turn"]["expect"] == "roll" else "pass"
        assert post(client, group, room, tail, None if tail == "roll" else
                    {"player": "Mei"}).status_code == 201
        view = read(client, group, room)
    watcher = sqlite3.connect(app.config["DATABASE"])
    version = watcher.execute("PRAGMA data_version").fetchone()[0]
    changes = watcher.execute("SELECT count(*) FROM matches").fetchone()[0]
    gid = group["id"]
    for path in (url(group, room), url(group, room, "?phone=abcdefgh1"), url(group, room, "/events"),
                 url(group, room, "/events?after=3"), url(group, room, "/options"),
                 f"/api/groups/{gid}/rooms", f"/g/{gid}/rooms/{room['id']}"):
        answer = client.get(path, headers=group["headers"])
        assert answer.status_code == 200, path
    assert watcher.execute("PRAGMA data_version").fetchone()[0] == version, "a GET wrote"
    assert watcher.execute("SELECT count(*) FROM matches").fetchone()[0] == changes == 1
    watcher.close()


def test_the_move_that_ends_a_digital_game_stores_its_match(client, group, app):
    """No read in between: the match is in the history the moment the last
    move is, and the game_over event says where it is."""
    made = client.post(f"/api/groups/{group['id']}/rooms", headers=group["headers"],
                       json={"game": "doodle-china", "edition": "shanghai", "players": ["Mei"],
                             "mode": "digital"})
    room = made.get_json()
    db = sqlite3.connect(app.config["DATABASE"])
    last, expect = None, "roll"
    for _ in range(200):
        if expect == "roll":
            answer = post(client, group, room, "roll")
        else:
            answer = post(client, group, room, "pass", {"player": "Mei"})
        assert answer.status_code == 201, answer.get_json()
        last = answer.get_json()
        expect = last["room"]["set"].get("turn", {}).get("expect", expect)
        if last["room"]["set"].get("finished"):
            break
    assert last["room"]["set"]["finished"] is True
    match_id = db.execute("SELECT match_id FROM rooms WHERE id = ?", [room["id"]]).fetchone()[0]
    assert db.execute("SELECT count(*) FROM matches WHERE id = ?", [match_id]).fetchone()[0] == 1
    over = events_after(client, group, room, last["id"])[0]
    assert over["type"] == "game_over"
    assert over["room"]["set"]["saved_match"]["url"].endswith(match_id)
    assert over["room"]["set"]["saved_match"]["totals"]["Mei"] == over["result"]["totals"]["Mei"]
    db.close()
