"""Named queries for a group's card catalog: Canal Houses store, roof and
window cards the group entered once and picks again instead of re-typing."""

from __future__ import annotations

import json
from typing import Any

import sqlite_utils

from .db import write
from .groups import now_iso

CARD_COLUMNS = "group_id, id, kind, name, data, created_at, updated_at"


def _row_to_card(row: dict[str, Any]) -> dict[str, Any]:
    return {"id": row["id"], "kind": row["kind"], "name": row["name"],
            "data": json.loads(row["data"]), "created_at": row["created_at"],
            "updated_at": row["updated_at"]}


def _fetch(db: sqlite_utils.Database, gid: str, cid: str) -> dict[str, Any] | None:
    rows = list(db.query(f"SELECT {CARD_COLUMNS} FROM cards WHERE group_id = ? AND id = ?",
                         [gid, cid]))
    return rows[0] if rows else None


def list_cards(db: sqlite_utils.Database, gid: str, kind: str | None = None
               ) -> list[dict[str, Any]]:
    """The group's cards, by kind then name."""
    sql = f"SELECT {CARD_COLUMNS} FROM cards WHERE group_id = ?"
    params: list[Any] = [gid]
    if kind:
        sql += " AND kind = ?"
        params.append(kind)
    sql += " ORDER BY kind, name COLLATE NOCASE, created_at"
    return [_row_to_card(r) for r in db.query(sql, params)]


def get_card(db: sqlite_utils.Database, gid: str, cid: str) -> dict[str, Any] | None:
    row = _fetch(db, gid, cid)
    return _row_to_card(row) if row else None


def save_card(db: sqlite_utils.Database, gid: str, cid: str, kind: str, name: str,
              data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """Store a new card; an id already stored stores nothing and returns the
    stored card (a phone retrying). Returns (card, created)."""
    with write(db):
        existing = _fetch(db, gid, cid)
        if existing:
            return _row_to_card(existing), False
        stamp = now_iso()
        db.execute(f"INSERT INTO cards ({CARD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   [gid, cid, kind, name, json.dumps(data, ensure_ascii=False), stamp, stamp])
        return _row_to_card(_fetch(db, gid, cid)), True


def update_card(db: sqlite_utils.Database, gid: str, cid: str, kind: str, name: str,
                data: dict[str, Any]) -> dict[str, Any] | None:
    with write(db):
        cur = db.execute("UPDATE cards SET kind = ?, name = ?, data = ?, updated_at = ?"
                         " WHERE group_id = ? AND id = ?",
                         [kind, name, json.dumps(data, ensure_ascii=False), now_iso(), gid, cid])
        if cur.rowcount == 0:
            return None
        return _row_to_card(_fetch(db, gid, cid))


def delete_card(db: sqlite_utils.Database, gid: str, cid: str) -> bool:
    with write(db):
        cur = db.execute("DELETE FROM cards WHERE group_id = ? AND id = ?", [gid, cid])
        return cur.rowcount > 0
