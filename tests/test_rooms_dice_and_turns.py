"""The live table's dice and turns over the test client: dice counts per
player count, dice from `secrets` and never from the client, the paper round's
order, the take body, and one stored roll when phones roll at once."""

from __future__ import annotations

import secrets
import threading

import pytest
from room_api import (
    SETUP_ROLLS,
    events_after,
    finish_setup,
    get_room,
    make_room,
    post,
    url,
)

from companion.table import room_state

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
