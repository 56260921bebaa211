"""Named queries about groups and their players."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime
from typing import Any

import sqlite_utils

from .db import write

KEY_BYTES = 16  # 128 bits


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def name_key(name: str) -> str:
    """Players are matched without regard to case or surrounding spaces."""
    return " ".join(name.split()).casefold()


def create_group(db: sqlite_utils.Database, name: str) -> dict[str, Any]:
    """A new group and its secret key (returned once; only its hash is kept)."""
    key = secrets.token_urlsafe(KEY_BYTES)
    with write(db):
        while True:
            gid = secrets.token_urlsafe(6)
            if not db.execute("SELECT 1 FROM groups WHERE id = ?", [gid]).fetchone():
                break
        db.execute("INSERT INTO groups (id, name, key_hash, created_at) VALUES (?, ?, ?, ?)",
                   [gid, name, hash_key(key), now_iso()])
    return {"id": gid, "name": name, "key": key}


def get_group(db: sqlite_utils.Database, gid: str) -> dict[str, Any] | None:
    rows = list(db.query("SELECT id, name, key_hash, created_at FROM groups WHERE id = ?", [gid]))
    return rows[0] if rows else None


def key_matches(group: dict[str, Any], key: str) -> bool:
    """Constant-time comparison of a presented key with the stored hash."""
    return hmac.compare_digest(group["key_hash"], hash_key(key))


def rename_group(db: sqlite_utils.Database, gid: str, name: str) -> None:
    with write(db):
        db.execute("UPDATE groups SET name = ? WHERE id = ?", [name, gid])


def ensure_player(db: sqlite_utils.Database, gid: str, name: str) -> int:
    """The id of the group's player with this name, made if new.
    Call inside a write transaction."""
    key = name_key(name)
    row = db.execute("SELECT id FROM players WHERE group_id = ? AND name_key = ?",
                     [gid, key]).fetchone()
    if row:
        return row[0]
    alias = db.execute("SELECT player_id FROM player_aliases WHERE group_id = ? AND name_key = ?",
                       [gid, key]).fetchone()
    if alias:  # a renamed or merged player's former name
        return alias[0]
    cur = db.execute(
        "INSERT INTO players (group_id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
        [gid, " ".join(name.split()), key, now_iso()])
    return cur.lastrowid


def list_players(db: sqlite_utils.Database, gid: str, *, include_hidden: bool = False
                 ) -> list[dict[str, Any]]:
    # Plays and wins count live matches only (a deleted match keeps its rows for undo).
    sql = """SELECT p.id, p.name, p.hidden, p.version, count(m.id) AS plays,
                    coalesce(sum(CASE WHEN m.id IS NOT NULL THEN mp.winner END), 0) AS wins
             FROM players p
             LEFT JOIN match_players mp ON mp.player_id = p.id
             LEFT JOIN matches m ON m.group_id = mp.group_id AND m.id = mp.match_id
                                 AND m.deleted_at IS NULL
             WHERE p.group_id = ? {hidden}
             GROUP BY p.id ORDER BY plays DESC, p.name_key"""
    sql = sql.format(hidden="" if include_hidden else "AND p.hidden = 0")
    return list(db.query(sql, [gid]))
