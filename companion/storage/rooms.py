"""Named queries about live tables (rooms) and their append-only event log.

A room row keeps the rules engine's game as it stands after event `last_seq`;
`append_room_events` reads the room, lets the caller decide what happens and
writes the new events and the new game in one `BEGIN IMMEDIATE` transaction,
so the sequence numbers of a room are gap-free and strictly increasing even
with several server processes on the same file.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from .db import BUSY_TIMEOUT_MS, write
from .groups import now_iso
from .matches import save_match_in

ROOM_COLUMNS = ("id, group_id, game, edition, mode, players, token_hash, sealed_key, state, "
                "last_seq, match_id, created_at, updated_at, finished_at")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _row_to_room(row: dict[str, Any]) -> dict[str, Any]:
    room = dict(row)
    room["group"] = room.pop("group_id")
    room["players"] = json.loads(room["players"])
    room["state"] = json.loads(room["state"])
    return room


def _event(seq: int, type_: str, data: str, created_at: str) -> dict[str, Any]:
    return {"id": seq, "type": type_, **json.loads(data), "at": created_at}


def connect_reader(path: str | Path) -> sqlite_utils.Database:
    """A light read-only-use connection for long-lived streams and watchers:
    no migration run, autocommit, usable from any thread."""
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
                           check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return sqlite_utils.Database(conn)


def data_version(db: sqlite_utils.Database) -> int:
    """Changes whenever another connection (any process) commits to the file:
    the cheapest way to notice writes from elsewhere."""
    return db.execute("PRAGMA data_version").fetchone()[0]


def create_room(db: sqlite_utils.Database, *, rid: str, gid: str, game: str, edition: str,
                mode: str, players: list[str], token_hash: str, sealed_key: str,
                state: dict[str, Any], match_id: str) -> dict[str, Any]:
    stamp = now_iso()
    with write(db):
        db.execute(
            f"INSERT INTO rooms ({ROOM_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, NULL)",
            [rid, gid, game, edition, mode, _dumps(players), token_hash, sealed_key,
             _dumps(state), match_id, stamp, stamp])
    room = get_room(db, gid, rid)
    assert room is not None
    return room


def room_id_free(db: sqlite_utils.Database, rid: str) -> bool:
    return db.execute("SELECT 1 FROM rooms WHERE id = ?", [rid]).fetchone() is None


def get_room(db: sqlite_utils.Database, gid: str, rid: str) -> dict[str, Any] | None:
    rows = list(db.query(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE group_id = ? AND id = ?",
                         [gid, rid]))
    return _row_to_room(rows[0]) if rows else None


def list_rooms(db: sqlite_utils.Database, gid: str, *, match_id: str | None = None,
               limit: int = 20) -> list[dict[str, Any]]:
    """A group's rooms, newest first (without their game state)."""
    sql = ("SELECT id, game, edition, mode, players, last_seq, match_id, created_at, updated_at,"
           " finished_at FROM rooms WHERE group_id = ?")
    params: list[Any] = [gid]
    if match_id is not None:
        sql += " AND match_id = ?"
        params.append(match_id)
    sql += " ORDER BY created_at DESC, id DESC LIMIT ?"
    params.append(limit)
    out = []
    for row in db.query(sql, params):
        row = dict(row)
        row["players"] = json.loads(row["players"])
        out.append(row)
    return out


class RoomGone(LookupError):
    """The room was not found inside the write transaction."""


Decision = tuple[list[tuple[str, dict[str, Any]]], dict[str, Any], dict[str, Any]]


def append_room_events(db: sqlite_utils.Database, gid: str, rid: str,
                       decide: Callable[[dict[str, Any]], Decision]) -> list[dict[str, Any]]:
    """Append events to a room atomically.

    `decide(room)` runs inside the write transaction with the room as stored
    (and `seat_claims`: {seat: claimed_at}) and returns `(events, new_state,
    extra)`: events as `(type, data)` pairs, the engine's game after them, and
    `extra` with optional `finished: True` and `save_match: (match_id,
    played_at, state, result)`, a match stored in the same transaction (a
    digital game's end: the move and its match land together, so nothing has
    to mend it later). Other keys are the caller's. Raising from `decide`
    writes nothing. Returns the stored events with their ids."""
    with write(db):
        rows = list(db.query(f"SELECT {ROOM_COLUMNS} FROM rooms WHERE group_id = ? AND id = ?",
                             [gid, rid]))
        if not rows:
            raise RoomGone(rid)
        room = _row_to_room(rows[0])
        room["seat_claims"] = dict(db.execute(
            "SELECT seat, claimed_at FROM room_seats WHERE room_id = ?", [rid]).fetchall())
        events, state, extra = decide(room)
        if extra.get("save_match"):
            mid, played_at, final, result = extra["save_match"]
            save_match_in(db, gid, mid, played_at, final, result)
        stamp = now_iso()
        seq = room["last_seq"]
        stored = []
        for type_, data in events:
            seq += 1
            text = _dumps(data)
            db.execute("INSERT INTO room_events (room_id, seq, type, data, created_at)"
                       " VALUES (?, ?, ?, ?, ?)", [rid, seq, type_, text, stamp])
            stored.append(_event(seq, type_, text, stamp))
        finished = stamp if extra.get("finished") else room["finished_at"]
        db.execute("UPDATE rooms SET state = ?, last_seq = ?, updated_at = ?, finished_at = ?"
                   " WHERE id = ?", [_dumps(state), seq, stamp, finished, rid])
    return stored


def list_room_events(db: sqlite_utils.Database, rid: str, after: int = 0,
                     limit: int = 1000) -> list[dict[str, Any]]:
    """The room's events with id > `after`, oldest first."""
    rows = db.execute("SELECT seq, type, data, created_at FROM room_events"
                      " WHERE room_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                      [rid, after, limit]).fetchall()
    return [_event(*row) for row in rows]


def room_seqs(db: sqlite_utils.Database, rids: Iterable[str]) -> dict[str, int]:
    """The last event id of each of these rooms (absent rooms left out)."""
    rids = list(rids)
    if not rids:
        return {}
    marks = ", ".join("?" for _ in rids)
    return dict(db.execute(f"SELECT id, last_seq FROM rooms WHERE id IN ({marks})",
                           rids).fetchall())


# -- the room's sealed token (its QR shown again) ---------------------------------------

def room_sealed_token(db: sqlite_utils.Database, gid: str, rid: str) -> str | None:
    row = db.execute("SELECT sealed_token FROM rooms WHERE group_id = ? AND id = ?",
                     [gid, rid]).fetchone()
    return row[0] if row else None


def room_group_id(db: sqlite_utils.Database, rid: str) -> str | None:
    row = db.execute("SELECT group_id FROM rooms WHERE id = ?", [rid]).fetchone()
    return row[0] if row else None


def set_room_sealed_token(db: sqlite_utils.Database, gid: str, rid: str, sealed: str) -> None:
    with write(db):
        db.execute("UPDATE rooms SET sealed_token = ? WHERE group_id = ? AND id = ?",
                   [sealed, gid, rid])


# -- seats: one phone a seat, one seat a phone (a phone is a random id its page keeps per tab)

def _stamp() -> str:
    """When a seat was claimed, to the microsecond: a room event carries each
    seat's stamp, so a phone sees its seat was taken over even within a second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def held_seats(db: sqlite_utils.Database, rid: str) -> dict[int, dict[str, Any]]:
    """{seat: {"phone", "claimed_at"}} for a room."""
    return {r["seat"]: {"phone": r["phone"], "claimed_at": r["claimed_at"]} for r in db.query(
        "SELECT seat, phone, claimed_at FROM room_seats WHERE room_id = ?", [rid])}


def claim_seat(db: sqlite_utils.Database, rid: str, seat: int | None, phone: str, *,
               take_over: bool = False) -> dict[str, Any] | None:
    """Give `seat` to `phone` (None: the phone only watches), letting go of the
    seat it held before. Returns None when done, or the holder's
    {"phone", "claimed_at"} when another phone holds the seat and `take_over`
    is false (nothing changes then)."""
    with write(db):
        if seat is not None:
            row = db.execute("SELECT phone, claimed_at FROM room_seats WHERE room_id = ? AND seat = ?",
                             [rid, seat]).fetchone()
            if row and row[0] != phone and not take_over:
                return {"phone": row[0], "claimed_at": row[1]}
        db.execute("DELETE FROM room_seats WHERE room_id = ? AND phone = ?", [rid, phone])
        if seat is not None:
            db.execute("INSERT OR REPLACE INTO room_seats (room_id, seat, phone, claimed_at)"
                       " VALUES (?, ?, ?, ?)", [rid, seat, phone, _stamp()])
    return None
