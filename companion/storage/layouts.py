"""Named queries for a group's Doodle China sheet layouts: the grid of the
printed sheets the group owns (square kinds, houses, score tracks), saved
once and picked when a match starts. The built-in layouts are not stored
here; the API lists them beside these."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from .documents import GroupDocuments

LAYOUTS = GroupDocuments(table="sheet_layouts", category="edition")


def list_layouts(db: sqlite_utils.Database, gid: str, edition: str | None = None
                ) -> list[dict[str, Any]]:
    return LAYOUTS.list(db, gid, edition)


def get_layout(db: sqlite_utils.Database, gid: str, lid: str) -> dict[str, Any] | None:
    return LAYOUTS.get(db, gid, lid)


def save_layout(db: sqlite_utils.Database, gid: str, lid: str, edition: str, name: str,
                data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """A retry with an id already stored stores nothing: (stored, False)."""
    return LAYOUTS.save(db, gid, lid, edition, name, data)


def update_layout(db: sqlite_utils.Database, gid: str, lid: str, edition: str, name: str,
                  data: dict[str, Any], expected_version: int | None = None
                  ) -> dict[str, Any] | None:
    return LAYOUTS.update(db, gid, lid, edition, name, data, expected_version)


def delete_layout(db: sqlite_utils.Database, gid: str, lid: str) -> bool:
    return LAYOUTS.delete(db, gid, lid)
