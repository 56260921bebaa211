"""The live table: rooms where every phone shares one Doodle China dice tray.

- `api`: the JSON API (api.md, "Live table") and the server-sent event stream;
- `pages`: the join link, the room page and the page that opens a room;
- `table`: dice (rolled with `secrets`) and the rules engine behind each event;
- `hub`: wakes a room's streams when an event lands (this process or another);
- `tokens`: the room token of a join link and the group key sealed under it.
"""

ROOM_SESSION_KEY = "rooms"
MAX_REMEMBERED_ROOMS = 12


def remember_room(session, rid: str, token: str) -> None:
    """Keep the room token on this phone (signed session cookie)."""
    rooms = dict(session.get(ROOM_SESSION_KEY, {}))
    rooms.pop(rid, None)
    rooms[rid] = token
    while len(rooms) > MAX_REMEMBERED_ROOMS:
        rooms.pop(next(iter(rooms)))
    session[ROOM_SESSION_KEY] = rooms
    session.permanent = True


def room_token(session, rid: str) -> str | None:
    return session.get(ROOM_SESSION_KEY, {}).get(rid)
