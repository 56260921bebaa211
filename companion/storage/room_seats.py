"""Which phone holds which seat at a dice table: one phone a seat, one seat a
phone. A phone is a random id the page keeps for its tab."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlite_utils

from .db import write


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
