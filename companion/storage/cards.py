"""Named queries for a group's card catalog: Canal Houses store, roof and
window cards the group entered once and picks again instead of re-typing."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from .documents import GroupDocuments

CARDS = GroupDocuments(table="cards", category="kind")


def list_cards(db: sqlite_utils.Database, gid: str, kind: str | None = None
              ) -> list[dict[str, Any]]:
    return CARDS.list(db, gid, kind)


def get_card(db: sqlite_utils.Database, gid: str, cid: str) -> dict[str, Any] | None:
    return CARDS.get(db, gid, cid)


def save_card(db: sqlite_utils.Database, gid: str, cid: str, kind: str, name: str,
              data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """A retry with an id already stored stores nothing: (stored, False)."""
    return CARDS.save(db, gid, cid, kind, name, data)


def update_card(db: sqlite_utils.Database, gid: str, cid: str, kind: str, name: str,
                data: dict[str, Any], expected_version: int | None = None
                ) -> dict[str, Any] | None:
    return CARDS.update(db, gid, cid, kind, name, data, expected_version)


def delete_card(db: sqlite_utils.Database, gid: str, cid: str) -> bool:
    return CARDS.delete(db, gid, cid)
