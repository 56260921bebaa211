"""Named queries for a group's Canalis tiles: the industrial and specialty
buildings the group typed in once (name, cost, points, needs), offered by
kind in the move form so the next game picks them instead of re-typing."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from .documents import GroupDocuments

TILES = GroupDocuments(table="canalis_tiles", category="kind")


def list_tiles(db: sqlite_utils.Database, gid: str, kind: str | None = None
               ) -> list[dict[str, Any]]:
    return TILES.list(db, gid, kind)


def get_tile(db: sqlite_utils.Database, gid: str, tid: str) -> dict[str, Any] | None:
    return TILES.get(db, gid, tid)


def save_tile(db: sqlite_utils.Database, gid: str, tid: str, kind: str, name: str,
              data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """A retry with an id already stored stores nothing: (stored, False)."""
    return TILES.save(db, gid, tid, kind, name, data)


def update_tile(db: sqlite_utils.Database, gid: str, tid: str, kind: str, name: str,
                data: dict[str, Any]) -> dict[str, Any] | None:
    return TILES.update(db, gid, tid, kind, name, data)


def delete_tile(db: sqlite_utils.Database, gid: str, tid: str) -> bool:
    return TILES.delete(db, gid, tid)
