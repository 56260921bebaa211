"""Named queries about uploaded photos and what was read from them."""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from .db import write
from .groups import now_iso


def add_photo(db: sqlite_utils.Database, gid: str, pid: str, game: str, filename: str,
              media_type: str, reading: dict[str, Any]) -> None:
    with write(db):
        db.execute("INSERT INTO photos (group_id, id, game, filename, media_type, reading, created_at)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?)",
                   [gid, pid, game, filename, media_type, json.dumps(reading, ensure_ascii=False),
                    now_iso()])


def get_photo(db: sqlite_utils.Database, gid: str, pid: str) -> dict[str, Any] | None:
    rows = list(db.query("SELECT * FROM photos WHERE group_id = ? AND id = ?", [gid, pid]))
    if not rows:
        return None
    row = rows[0]
    row["reading"] = json.loads(row["reading"])
    return row
