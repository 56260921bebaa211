"""The live table's game end and move bodies over the test client: a paper
game's dice record linked to its match, a digital solo game saved scored, the
more-control variant, and move bodies refused with their path."""

from __future__ import annotations

import pytest
from room_api import (
    ana_and_ben_sheets,
    events_after,
    finish_setup,
    get_room,
    make_room,
    post,
)

from companion.table import room_state

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

    state = ana_and_ben_sheets()
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
