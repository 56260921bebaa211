"""Named queries for a group's Doodle China sheet layouts: the grid of the
printed sheets the group owns (square kinds, houses, score tracks), saved
once and picked when a match starts. The built-in layouts are not stored
here; the API lists them beside these."""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from .db import write
from .groups import now_iso

LAYOUT_COLUMNS = "group_id, id, edition, name, data, created_at, updated_at"


def _row_to_layout(row: dict[str, Any]) -> dict[str, Any]:
    return {"id": row["id"], "edition": row["edition"], "name": row["name"],
            "data": json.loads(row["data"]), "created_at": row["created_at"],
            "updated_at": row["updated_at"]}


def _fetch(db: sqlite_utils.Database, gid: str, lid: str) -> dict[str, Any] | None:
    rows = list(db.query(f"SELECT {LAYOUT_COLUMNS} FROM sheet_layouts WHERE group_id = ? AND id = ?",
                         [gid, lid]))
    return rows[0] if rows else None


def list_layouts(db: sqlite_utils.Database, gid: str, edition: str | None = None
                 ) -> list[dict[str, Any]]:
    """The group's layouts, by edition then name."""
    sql = f"SELECT {LAYOUT_COLUMNS} FROM sheet_layouts WHERE group_id = ?"
    params: list[Any] = [gid]
    if edition:
        sql += " AND edition = ?"
        params.append(edition)
    sql += " ORDER BY edition, name COLLATE NOCASE, created_at"
    return [_row_to_layout(r) for r in db.query(sql, params)]


def get_layout(db: sqlite_utils.Database, gid: str, lid: str) -> dict[str, Any] | None:
    row = _fetch(db, gid, lid)
    return _row_to_layout(row) if row else None


def save_layout(db: sqlite_utils.Database, gid: str, lid: str, edition: str, name: str,
                data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """Store a new layout; an id already stored stores nothing and returns the
    stored one (a phone retrying). Returns (layout, created)."""
    with write(db):
        existing = _fetch(db, gid, lid)
        if existing:
            return _row_to_layout(existing), False
        stamp = now_iso()
        db.execute(f"INSERT INTO sheet_layouts ({LAYOUT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   [gid, lid, edition, name, json.dumps(data, ensure_ascii=False), stamp, stamp])
        return _row_to_layout(_fetch(db, gid, lid)), True


def update_layout(db: sqlite_utils.Database, gid: str, lid: str, edition: str, name: str,
                  data: dict[str, Any]) -> dict[str, Any] | None:
    with write(db):
        cur = db.execute("UPDATE sheet_layouts SET edition = ?, name = ?, data = ?, updated_at = ?"
                         " WHERE group_id = ? AND id = ?",
                         [edition, name, json.dumps(data, ensure_ascii=False), now_iso(), gid, lid])
        if cur.rowcount == 0:
            return None
        return _row_to_layout(_fetch(db, gid, lid))


def delete_layout(db: sqlite_utils.Database, gid: str, lid: str) -> bool:
    with write(db):
        cur = db.execute("DELETE FROM sheet_layouts WHERE group_id = ? AND id = ?", [gid, lid])
        return cur.rowcount > 0
