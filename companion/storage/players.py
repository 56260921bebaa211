"""Player housekeeping: rename, hide, merge two players who are the same
person. Old names stay in `player_aliases`, so a later match (or an edit of
an old one) that still says the old name resolves to the kept player."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from .aggregates import repoint_player
from .db import write
from .groups import name_key, now_iso
from .versions import check_version


class PlayerConflict(Exception):
    """The change would clash with another player; the message says how."""


def get_player(db: sqlite_utils.Database, gid: str, pid: int) -> dict[str, Any] | None:
    rows = list(db.query("SELECT id, name, hidden, created_at, version FROM players WHERE group_id = ?"
                         " AND id = ?", [gid, pid]))
    if not rows:
        return None
    row = rows[0]
    row["hidden"] = bool(row["hidden"])
    row["aliases"] = [r[0] for r in db.execute(
        "SELECT name_key FROM player_aliases WHERE group_id = ? AND player_id = ?"
        " ORDER BY created_at, name_key", [gid, pid])]
    return row


def find_player(db: sqlite_utils.Database, gid: str, name: str) -> int | None:
    """The player a name means: their own name, or a former one."""
    key = name_key(name)
    row = db.execute("SELECT id FROM players WHERE group_id = ? AND name_key = ?",
                     [gid, key]).fetchone()
    if row:
        return row[0]
    row = db.execute("SELECT player_id FROM player_aliases WHERE group_id = ? AND name_key = ?",
                     [gid, key]).fetchone()
    return row[0] if row else None


def player_names(db: sqlite_utils.Database, gid: str) -> dict[int, tuple[str, bool]]:
    """Every player of the group, hidden ones too: id -> (name, hidden)."""
    return {pid: (name, bool(hidden)) for pid, name, hidden in db.execute(
        "SELECT id, name, hidden FROM players WHERE group_id = ?", [gid])}


def _holder(db: sqlite_utils.Database, gid: str, key: str) -> int | None:
    row = db.execute("SELECT id FROM players WHERE group_id = ? AND name_key = ?",
                     [gid, key]).fetchone()
    if row:
        return row[0]
    row = db.execute("SELECT player_id FROM player_aliases WHERE group_id = ? AND name_key = ?",
                     [gid, key]).fetchone()
    return row[0] if row else None


def _keep_alias(db: sqlite_utils.Database, gid: str, key: str, pid: int) -> None:
    db.execute("INSERT INTO player_aliases (group_id, name_key, player_id, created_at)"
               " VALUES (?, ?, ?, ?) ON CONFLICT (group_id, name_key) DO UPDATE SET"
               " player_id = excluded.player_id", [gid, key, pid, now_iso()])


def rename_player(db: sqlite_utils.Database, gid: str, pid: int, name: str,
                  expected_version: int | None = None) -> dict[str, Any]:
    """Give a player a new name; the old one keeps resolving to them. With
    `expected_version`, VersionConflict (nothing changed) if someone else
    changed the player since."""
    clean = " ".join(name.split())
    key = name_key(clean)
    with write(db):
        row = db.execute("SELECT name, name_key FROM players WHERE group_id = ? AND id = ?",
                         [gid, pid]).fetchone()
        if row is None:
            raise LookupError(pid)
        check_version(get_player(db, gid, pid), expected_version)
        holder = _holder(db, gid, key)
        if holder is not None and holder != pid:
            other = db.execute("SELECT name FROM players WHERE id = ?", [holder]).fetchone()[0]
            raise PlayerConflict(
                f"the name {clean!r} already belongs to {other!r}; if they are the same person, "
                f"merge them instead")
        if key != row[1]:
            _keep_alias(db, gid, row[1], pid)
            db.execute("DELETE FROM player_aliases WHERE group_id = ? AND name_key = ?",
                       [gid, key])
        db.execute("UPDATE players SET name = ?, name_key = ?, version = version + 1"
                   " WHERE group_id = ? AND id = ?", [clean, key, gid, pid])
    return get_player(db, gid, pid)


def set_hidden(db: sqlite_utils.Database, gid: str, pid: int, hidden: bool) -> dict[str, Any]:
    with write(db):
        cur = db.execute("UPDATE players SET hidden = ?, version = version + 1"
                         " WHERE group_id = ? AND id = ?",
                         [int(hidden), gid, pid])
        if not cur.rowcount:
            raise LookupError(pid)
    return get_player(db, gid, pid)


def merge_players(db: sqlite_utils.Database, gid: str, pid: int, into: int) -> dict[str, Any]:
    """`pid` and `into` are the same person: every match of `pid` becomes
    `into`'s, `pid`'s names resolve to `into`, and `pid` is gone."""
    if pid == into:
        raise PlayerConflict("a player cannot be merged into themself; pick another player")
    with write(db):
        names = dict(db.execute("SELECT id, name FROM players WHERE group_id = ? AND id IN (?, ?)",
                                [gid, pid, into]).fetchall())
        for missing in (pid, into):
            if missing not in names:
                raise LookupError(missing)
        both = db.execute(
            "SELECT m.id, m.played_at, m.game FROM match_players a JOIN match_players b"
            " ON b.group_id = a.group_id AND b.match_id = a.match_id"
            " JOIN matches m ON m.group_id = a.group_id AND m.id = a.match_id"
            " WHERE a.group_id = ? AND a.player_id = ? AND b.player_id = ?"
            " ORDER BY m.played_at LIMIT 1", [gid, pid, into]).fetchone()
        if both:
            raise PlayerConflict(
                f"{names[pid]!r} and {names[into]!r} both played {both[2]} match {both[0]} "
                f"on {both[1][:10]}, so they are two people; rename one instead")
        key = db.execute("SELECT name_key FROM players WHERE id = ?", [pid]).fetchone()[0]
        db.execute("UPDATE match_players SET player_id = ? WHERE group_id = ? AND player_id = ?",
                   [into, gid, pid])
        db.execute("UPDATE player_aliases SET player_id = ? WHERE group_id = ? AND player_id = ?",
                   [into, gid, pid])
        repoint_player(db, gid, pid, into)
        db.execute("DELETE FROM players WHERE group_id = ? AND id = ?", [gid, pid])
        _keep_alias(db, gid, key, into)
    return get_player(db, gid, into)


def player_table(db: sqlite_utils.Database, gid: str) -> list[dict[str, Any]]:
    """Every player, hidden ones too, with plays and wins from the kept
    totals (cheap for any history), most active first."""
    return [{"id": pid, "name": name, "hidden": bool(hidden), "plays": plays, "wins": wins,
             "version": version}
            for pid, name, hidden, plays, wins, version in db.execute(
                "SELECT p.id, p.name, p.hidden, coalesce(t.plays, 0), coalesce(t.wins, 0),"
                " p.version"
                " FROM players p LEFT JOIN (SELECT player_id, sum(plays) AS plays,"
                " sum(wins) AS wins FROM stats_month WHERE group_id = ? AND month = '*'"
                " GROUP BY player_id) t ON t.player_id = p.id WHERE p.group_id = ?"
                " ORDER BY coalesce(t.plays, 0) DESC, p.name_key", [gid, gid])]
