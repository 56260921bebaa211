"""A group's named JSON documents in one table, sorted by a category column:
the card catalog (category `kind`) and the sheet layouts (category
`edition`) are both this shape, so they share these queries."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from .db import write
from .groups import now_iso
from .versions import check_version


@dataclass(frozen=True)
class GroupDocuments:
    """Queries over `table` (group_id, id, <category>, name, data, created_at,
    updated_at), with (group_id, id) as the key."""

    table: str
    category: str

    @property
    def columns(self) -> str:
        return f"group_id, id, {self.category}, name, data, created_at, updated_at"

    @property
    def read_columns(self) -> str:
        return self.columns + ", version"

    def to_json(self, row: dict[str, Any]) -> dict[str, Any]:
        return {"id": row["id"], self.category: row[self.category], "name": row["name"],
                "data": json.loads(row["data"]), "created_at": row["created_at"],
                "updated_at": row["updated_at"], "version": row["version"]}

    def _fetch(self, db: sqlite_utils.Database, gid: str, did: str) -> dict[str, Any] | None:
        rows = list(db.query(f"SELECT {self.read_columns} FROM {self.table}"
                             " WHERE group_id = ? AND id = ?", [gid, did]))
        return rows[0] if rows else None

    def list(self, db: sqlite_utils.Database, gid: str, category: str | None = None
             ) -> list[dict[str, Any]]:
        """The group's documents, by category then name."""
        sql = f"SELECT {self.read_columns} FROM {self.table} WHERE group_id = ?"
        params: list[Any] = [gid]
        if category:
            sql += f" AND {self.category} = ?"
            params.append(category)
        sql += f" ORDER BY {self.category}, name COLLATE NOCASE, created_at"
        return [self.to_json(r) for r in db.query(sql, params)]

    def get(self, db: sqlite_utils.Database, gid: str, did: str) -> dict[str, Any] | None:
        row = self._fetch(db, gid, did)
        return self.to_json(row) if row else None

    def save(self, db: sqlite_utils.Database, gid: str, did: str, category: str, name: str,
             data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """Store a new document; an id already stored stores nothing and returns
        the stored one (a phone retrying). Returns (document, created)."""
        with write(db):
            existing = self._fetch(db, gid, did)
            if existing:
                return self.to_json(existing), False
            stamp = now_iso()
            db.execute(f"INSERT INTO {self.table} ({self.columns}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       [gid, did, category, name, json.dumps(data, ensure_ascii=False), stamp,
                        stamp])
            return self.to_json(self._fetch(db, gid, did)), True

    def update(self, db: sqlite_utils.Database, gid: str, did: str, category: str, name: str,
               data: dict[str, Any], expected_version: int | None = None
               ) -> dict[str, Any] | None:
        """None if absent; VersionConflict (nothing changed) if `expected_version`
        is given and another save came first."""
        with write(db):
            row = self._fetch(db, gid, did)
            if row is None:
                return None
            check_version(self.to_json(row), expected_version)
            cur = db.execute(
                f"UPDATE {self.table} SET {self.category} = ?, name = ?, data = ?, updated_at = ?,"
                " version = version + 1 WHERE group_id = ? AND id = ?",
                [category, name, json.dumps(data, ensure_ascii=False), now_iso(), gid, did])
            if cur.rowcount == 0:
                return None
            return self.to_json(self._fetch(db, gid, did))

    def delete(self, db: sqlite_utils.Database, gid: str, did: str) -> bool:
        with write(db):
            cur = db.execute(f"DELETE FROM {self.table} WHERE group_id = ? AND id = ?", [gid, did])
            return cur.rowcount > 0
