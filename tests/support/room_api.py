"""The live table's API as a test drives it: make a room, post a move, read
the room and its event log (?after=N and server-sent events)."""

from __future__ import annotations

SETUP_ROLLS = {"suzhou": 5, "shanghai": 6}


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


def ana_and_ben_sheets() -> dict:
    """A paper Suzhou game's two sheets as a table's "match" call sends them:
    Ana wins (a 15-hotel and one tree crossed against Ben's 4-hotel and shop)."""
    grid = [["plain"] * 5 for _ in range(5)]
    return {"game": "doodle-china", "edition": "suzhou", "players": [
        {"name": "Ana", "hotels": [15], "shops": [], "shop_bonuses": [], "trees_crossed": 1,
         "grid": grid},
        {"name": "Ben", "hotels": [4], "shops": [2], "shop_bonuses": [], "trees_crossed": 0,
         "grid": grid}]}
