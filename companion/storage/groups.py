"""Named queries about groups: the group and its key, its players, and the
phones that joined it -- one row per phone and group, found by the hash of
the phone's session id (the id itself lives only in the phone's cookie) --
with the sealed secrets of the current invite (the group key, sealed by the
web layer; each room's sealed token is in `rooms`)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable
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


# -- the phones that joined ----------------------------------------------------------

PHONE_COLUMNS = """ph.id, ph.group_id, ph.label, ph.player_id, ph.asked_who, ph.joined_at,
                   ph.last_seen_at, p.name AS player"""


def _phone_query(where: str) -> str:
    return (f"SELECT {PHONE_COLUMNS} FROM phones ph LEFT JOIN players p "
            f"ON p.id = ph.player_id AND p.group_id = ph.group_id WHERE {where}")


def add_phone(db: sqlite_utils.Database, gid: str, session_hash: str, label: str,
              *, expired_before: str) -> dict[str, Any]:
    """This phone in this group (made if new; an existing one is kept, so
    joining twice is harmless). Memberships unused since `expired_before`
    are dropped on the way."""
    stamp = now_iso()
    with write(db):
        db.execute("DELETE FROM phones WHERE group_id = ? AND last_seen_at < ?",
                   [gid, expired_before])
        row = db.execute("SELECT id FROM phones WHERE group_id = ? AND session_hash = ?",
                         [gid, session_hash]).fetchone()
        if row:
            db.execute("UPDATE phones SET last_seen_at = ? WHERE id = ?", [stamp, row[0]])
            pid = row[0]
        else:
            pid = secrets.token_urlsafe(8)
            db.execute("INSERT INTO phones (id, group_id, session_hash, label, joined_at, "
                       "last_seen_at) VALUES (?, ?, ?, ?, ?, ?)",
                       [pid, gid, session_hash, label, stamp, stamp])
    found = get_phone(db, gid, pid)
    assert found is not None
    return found


def rekey_session(db: sqlite_utils.Database, old_hash: str, new_hash: str) -> None:
    """Move a phone's memberships to its new session id (the old one stops)."""
    with write(db):
        db.execute("UPDATE phones SET session_hash = ? WHERE session_hash = ?",
                   [new_hash, old_hash])


def get_phone(db: sqlite_utils.Database, gid: str, pid: str) -> dict[str, Any] | None:
    rows = list(db.query(_phone_query("ph.group_id = ? AND ph.id = ?"), [gid, pid]))
    return rows[0] if rows else None


def find_phone(db: sqlite_utils.Database, gid: str, session_hash: str,
               *, expired_before: str) -> dict[str, Any] | None:
    """The membership this session holds in this group, unless it lapsed."""
    rows = list(db.query(_phone_query(
        "ph.group_id = ? AND ph.session_hash = ? AND ph.last_seen_at >= ?"),
        [gid, session_hash, expired_before]))
    return rows[0] if rows else None


def touch_phone(db: sqlite_utils.Database, pid: str) -> None:
    with write(db):
        db.execute("UPDATE phones SET last_seen_at = ? WHERE id = ?", [now_iso(), pid])


def list_phones(db: sqlite_utils.Database, gid: str, *, expired_before: str
                ) -> list[dict[str, Any]]:
    return list(db.query(_phone_query("ph.group_id = ? AND ph.last_seen_at >= ?")
                         + " ORDER BY ph.joined_at, ph.rowid", [gid, expired_before]))


def remove_phone(db: sqlite_utils.Database, gid: str, pid: str) -> bool:
    with write(db):
        cur = db.execute("DELETE FROM phones WHERE group_id = ? AND id = ?", [gid, pid])
    return cur.rowcount > 0


def set_phone_player(db: sqlite_utils.Database, gid: str, pid: str, name: str | None) -> None:
    """Who this phone is (a player of the group, made if new), or nobody;
    either way the phone has been asked."""
    with write(db):
        player_id = ensure_player(db, gid, name) if name else None
        db.execute("UPDATE phones SET player_id = ?, asked_who = 1 WHERE group_id = ? AND id = ?",
                   [player_id, gid, pid])


def groups_of_session(db: sqlite_utils.Database, session_hash: str, *, expired_before: str
                      ) -> list[dict[str, Any]]:
    """The groups this phone is in, newest membership first, with match counts."""
    return list(db.query(
        """SELECT g.id, g.name, (SELECT count(*) FROM matches m WHERE m.group_id = g.id
                                 AND m.deleted_at IS NULL) AS matches
           FROM phones ph JOIN groups g ON g.id = ph.group_id
           WHERE ph.session_hash = ? AND ph.last_seen_at >= ?
           ORDER BY ph.last_seen_at DESC""", [session_hash, expired_before]))


def group_sealed_key(db: sqlite_utils.Database, gid: str) -> str | None:
    row = db.execute("SELECT sealed_key FROM groups WHERE id = ?", [gid]).fetchone()
    return row[0] if row else None


def set_group_sealed_key(db: sqlite_utils.Database, gid: str, sealed: str) -> None:
    with write(db):
        db.execute("UPDATE groups SET sealed_key = ? WHERE id = ?", [sealed, gid])


def rotate_invite(db: sqlite_utils.Database, gid: str, key_hash: str, sealed_key: str,
                  room_secret: Callable[[str], tuple[str, str]]) -> int:
    """A new group key and a new token for every room of the group, in one
    transaction (the old ones stop working together). `room_secret(rid)`
    gives (token_hash, sealed_token). Joined phones are untouched. Returns
    how many rooms got a new token."""
    with write(db):
        db.execute("UPDATE groups SET key_hash = ?, sealed_key = ? WHERE id = ?",
                   [key_hash, sealed_key, gid])
        rids = [r[0] for r in db.execute("SELECT id FROM rooms WHERE group_id = ?", [gid])]
        for rid in rids:
            token_hash, sealed_token = room_secret(rid)
            db.execute("UPDATE rooms SET token_hash = ?, sealed_key = '', sealed_token = ? "
                       "WHERE group_id = ? AND id = ?", [token_hash, sealed_token, gid, rid])
    return len(rids)


def still_allowed(db: sqlite_utils.Database, phone_ids: Iterable[str], group_ids: Iterable[str]
                  ) -> tuple[set[str], dict[str, str]]:
    """For open live streams: which of these phones are still in their group,
    and each group's current key hash (a rotated key ends the streams opened
    with the old one). Two indexed reads, whatever the number of streams."""
    pids, gids = sorted(set(phone_ids)), sorted(set(group_ids))
    live: set[str] = set()
    keys: dict[str, str] = {}
    for start in range(0, len(pids), 500):
        chunk = pids[start:start + 500]
        marks = ", ".join("?" for _ in chunk)
        live.update(r[0] for r in db.execute(f"SELECT id FROM phones WHERE id IN ({marks})",
                                             chunk))
    for start in range(0, len(gids), 500):
        chunk = gids[start:start + 500]
        marks = ", ".join("?" for _ in chunk)
        keys.update(db.execute(f"SELECT id, key_hash FROM groups WHERE id IN ({marks})",
                               chunk).fetchall())
    return live, keys
