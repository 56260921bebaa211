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


def list_photos(db: sqlite_utils.Database, gid: str) -> list[dict[str, Any]]:
    """The group's photos, oldest first, without what was read."""
    return list(db.query("SELECT id, game, filename, media_type, created_at FROM photos"
                         " WHERE group_id = ? ORDER BY created_at, id", [gid]))


def delete_photo(db: sqlite_utils.Database, gid: str, pid: str) -> str | None:
    """Forget the photo; returns its file name (for the caller to remove) or None."""
    with write(db):
        rows = list(db.query("SELECT filename FROM photos WHERE group_id = ? AND id = ?",
                             [gid, pid]))
        if not rows:
            return None
        db.execute("DELETE FROM photos WHERE group_id = ? AND id = ?", [gid, pid])
        return rows[0]["filename"]


# --- card catalog photos (Canal Houses) ---------------------------------------
# One photo per catalog card, described for recognising it in a street photo
# (vision.canal_houses.entry_photos.catalog_entry_from_photo). Kept apart from the
# card itself, by card id: deleting a card and undoing it keeps its photo, and a
# photo whose card is gone is never used (every read joins the cards table).


def set_card_photo(db: sqlite_utils.Database, gid: str, cid: str, entry: dict[str, Any]) -> dict[str, Any]:
    """Store (or replace) the card's catalog entry; returns what the page shows."""
    stamp = now_iso()
    with write(db):
        db.execute("INSERT INTO card_photos (group_id, card_id, entry, role_hint, color_hint, features,"
                   " created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (group_id, card_id) DO UPDATE"
                   " SET entry = excluded.entry, role_hint = excluded.role_hint,"
                   " color_hint = excluded.color_hint, features = excluded.features,"
                   " created_at = excluded.created_at",
                   [gid, cid, json.dumps(entry, separators=(",", ":")), entry.get("role_hint"),
                    entry.get("color_hint"), int(entry.get("count") or 0), stamp])
    return {"card_id": cid, "role_hint": entry.get("role_hint"), "color_hint": entry.get("color_hint"),
            "features": int(entry.get("count") or 0), "created_at": stamp}


def list_card_photos(db: sqlite_utils.Database, gid: str) -> list[dict[str, Any]]:
    """Which of the group's catalog cards have a photo (without the descriptors)."""
    return list(db.query(
        "SELECT p.card_id, p.role_hint, p.color_hint, p.features, p.created_at,"
        " json_extract(p.entry, '$.version') AS version FROM card_photos p"
        " JOIN cards c ON c.group_id = p.group_id AND c.id = p.card_id"
        " WHERE p.group_id = ? ORDER BY c.kind, c.name COLLATE NOCASE", [gid]))


def delete_card_photo(db: sqlite_utils.Database, gid: str, cid: str) -> bool:
    with write(db):
        cur = db.execute("DELETE FROM card_photos WHERE group_id = ? AND card_id = ?", [gid, cid])
        return cur.rowcount > 0


def catalog_for_reading(db: sqlite_utils.Database, gid: str) -> list[dict[str, Any]]:
    """The group's photographed cards as the Canal Houses reader's `catalog`
    option: {"id", "role", "card" (the card's current values), "vision" (JSON text)}."""
    rows = db.query("SELECT c.id, c.kind, c.data, p.entry FROM card_photos p"
                    " JOIN cards c ON c.group_id = p.group_id AND c.id = p.card_id"
                    " WHERE p.group_id = ? ORDER BY c.kind, c.id", [gid])
    return [{"id": r["id"], "role": r["kind"], "card": json.loads(r["data"]), "vision": r["entry"]}
            for r in rows]
