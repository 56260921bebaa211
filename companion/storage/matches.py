"""Named queries about matches: idempotent save, edit, soft delete with undo,
listing, export and import. A match, its result and its players are written
in one transaction."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import sqlite_utils

from .aggregates import sync_matches
from .db import write
from .groups import ensure_player, now_iso
from .versions import check_version

MATCH_COLUMNS = ("group_id, id, game, played_at, state, result, created_at, updated_at, deleted_at,"
                 " duration_min, location, notes")
# The optional fields a match carries beside its state (api.md): None = not given.
DETAIL_FIELDS = ("duration_min", "location", "notes")
# Read with the version (issue 16); inserts leave it to its default, 1.
SELECT_COLUMNS = MATCH_COLUMNS + ", version"
KEEP_DELETED_DAYS = 30


def _row_to_match(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "group": row["group_id"],
        "game": row["game"],
        "played_at": row["played_at"],
        "state": json.loads(row["state"]),
        "result": json.loads(row["result"]),
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
        "version": row["version"],
        "duration_min": row.get("duration_min"),
        "location": row.get("location"),
        "notes": row.get("notes"),
        **({"deleted_at": row["deleted_at"]} if row.get("deleted_at") else {}),
    }


def _fetch(db: sqlite_utils.Database, gid: str, mid: str) -> dict[str, Any] | None:
    rows = list(db.query(f"SELECT {SELECT_COLUMNS} FROM matches WHERE group_id = ? AND id = ?",
                         [gid, mid]))
    return rows[0] if rows else None


def _write_players(db: sqlite_utils.Database, gid: str, mid: str, result: dict[str, Any]) -> None:
    db.execute("DELETE FROM match_players WHERE group_id = ? AND match_id = ?", [gid, mid])
    players = result.get("players", [])
    totals = {p["name"]: p["total"] for p in players}
    winners = set(result.get("winners", []))
    place_of: dict[str, int] = {}
    previous_total, place = None, 0
    for i, name in enumerate(result.get("ranking", [])):
        # Players tied on the game's tie-breaks share a place; winners share first.
        key = (name in winners, totals.get(name))
        if key != previous_total:
            place = i + 1
            previous_total = key
        place_of[name] = place
    rows = []
    for seat, p in enumerate(players):
        pid = ensure_player(db, gid, p["name"])
        rows.append([gid, mid, seat, pid, p["total"], place_of.get(p["name"], seat + 1),
                     int(p["name"] in winners)])
    db.conn.executemany(
        "INSERT INTO match_players (group_id, match_id, seat, player_id, total, place, winner)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)", rows)


def save_match(db: sqlite_utils.Database, gid: str, mid: str, played_at: str,
               state: dict[str, Any], result: dict[str, Any],
               details: dict[str, Any] | None = None) -> tuple[dict[str, Any], bool]:
    """Store a new match; if this id is already stored, store nothing and
    return the stored one (a phone retrying a save). Returns (match, created).
    `details` holds any of DETAIL_FIELDS."""
    with write(db):
        return save_match_in(db, gid, mid, played_at, state, result, details)


def save_match_in(db: sqlite_utils.Database, gid: str, mid: str, played_at: str,
                  state: dict[str, Any], result: dict[str, Any],
                  details: dict[str, Any] | None = None) -> tuple[dict[str, Any], bool]:
    """`save_match` inside the caller's write transaction (a live table's
    last move and its match land together)."""
    details = details or {}
    existing = _fetch(db, gid, mid)
    if existing:
        return _row_to_match(existing), False
    stamp = now_iso()
    db.execute(
        f"INSERT INTO matches ({MATCH_COLUMNS})"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)",
        [gid, mid, state["game"], played_at, json.dumps(state, ensure_ascii=False),
         json.dumps(result, ensure_ascii=False), stamp, stamp,
         *(details.get(k) for k in DETAIL_FIELDS)])
    _write_players(db, gid, mid, result)
    sync_matches(db, gid, [mid], {mid: result})
    return _row_to_match(_fetch(db, gid, mid)), True


def get_match(db: sqlite_utils.Database, gid: str, mid: str, *, include_deleted: bool = False
              ) -> dict[str, Any] | None:
    row = _fetch(db, gid, mid)
    if not row or (row["deleted_at"] and not include_deleted):
        return None
    return _row_to_match(row)


def update_match(db: sqlite_utils.Database, gid: str, mid: str, state: dict[str, Any],
                 result: dict[str, Any], played_at: str | None = None,
                 details: dict[str, Any] | None = None,
                 expected_version: int | None = None) -> dict[str, Any] | None:
    """Replace a match's state and result (edit after saving); None if absent.
    Details not named in `details` keep their stored values (None clears one).
    With `expected_version`, raise VersionConflict (nothing changed) when
    another save came first."""
    details = details or {}
    with write(db):
        row = _fetch(db, gid, mid)
        if not row or row["deleted_at"]:
            return None
        check_version(_row_to_match(row), expected_version)
        kept = [details[k] if k in details else row[k] for k in DETAIL_FIELDS]
        db.execute(
            "UPDATE matches SET game = ?, state = ?, result = ?, played_at = ?, updated_at = ?,"
            " duration_min = ?, location = ?, notes = ?, version = version + 1"
            " WHERE group_id = ? AND id = ?",
            [state["game"], json.dumps(state, ensure_ascii=False),
             json.dumps(result, ensure_ascii=False), played_at or row["played_at"], now_iso(),
             *kept, gid, mid])
        _write_players(db, gid, mid, result)
        sync_matches(db, gid, [mid], {mid: result})
        return _row_to_match(_fetch(db, gid, mid))


def delete_match(db: sqlite_utils.Database, gid: str, mid: str) -> bool:
    """Soft delete, so the page can offer undo (`restore_match`)."""
    with write(db):
        cur = db.execute("UPDATE matches SET deleted_at = ?, version = version + 1"
                         " WHERE group_id = ? AND id = ? AND deleted_at IS NULL",
                         [now_iso(), gid, mid])
        if cur.rowcount > 0:
            sync_matches(db, gid, [mid])
            _purge(db, gid)
        return cur.rowcount > 0


def restore_match(db: sqlite_utils.Database, gid: str, mid: str) -> dict[str, Any] | None:
    with write(db):
        cur = db.execute("UPDATE matches SET deleted_at = NULL, version = version + 1"
                         " WHERE group_id = ? AND id = ? AND deleted_at IS NOT NULL", [gid, mid])
        if cur.rowcount > 0:
            sync_matches(db, gid, [mid])
        row = _fetch(db, gid, mid)
    return _row_to_match(row) if row else None


def list_matches(db: sqlite_utils.Database, gid: str, *, game: str | None = None,
                 player: str | None = None, limit: int = 50, before: str | None = None,
                 location: str | None = None) -> list[dict[str, Any]]:
    """Newest first. `player` matches a name without regard to case/spaces,
    `location` a location the same way."""
    from .groups import name_key

    where, params = ["m.group_id = ?", "m.deleted_at IS NULL"], [gid]
    if game:
        where.append("m.game = ?")
        params.append(game)
    if location:
        where.append("lower(trim(m.location)) = ?")
        params.append(" ".join(location.split()).lower())
    if before:
        where.append("m.played_at < ?")
        params.append(before)
    if player:
        # A player is found by their name or by a former one (renamed or merged).
        where.append("""EXISTS (SELECT 1 FROM match_players mp
                        WHERE mp.group_id = m.group_id AND mp.match_id = m.id AND mp.player_id IN (
                            SELECT id FROM players WHERE group_id = ? AND name_key = ?
                            UNION SELECT player_id FROM player_aliases
                                  WHERE group_id = ? AND name_key = ?))""")
        params.extend([gid, name_key(player), gid, name_key(player)])
    sql = (f"SELECT {', '.join('m.' + c.strip() for c in SELECT_COLUMNS.split(','))} FROM matches m"
           f" WHERE {' AND '.join(where)} ORDER BY m.played_at DESC, m.rowid DESC LIMIT ?")
    params.append(limit)
    return [_row_to_match(r) for r in db.query(sql, params)]


def _cutoff(days: int) -> str:
    from datetime import UTC, datetime, timedelta

    return (datetime.now(UTC) - timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ")


def list_deleted(db: sqlite_utils.Database, gid: str, limit: int = 200) -> list[dict[str, Any]]:
    """The group's recently deleted matches, newest deletion first (older than
    KEEP_DELETED_DAYS are gone even before the next purge runs)."""
    rows = db.query(f"SELECT {SELECT_COLUMNS} FROM matches WHERE group_id = ?"
                    " AND deleted_at IS NOT NULL AND deleted_at >= ?"
                    " ORDER BY deleted_at DESC, rowid DESC LIMIT ?",
                    [gid, _cutoff(KEEP_DELETED_DAYS), limit])
    return [_row_to_match(r) for r in rows]


def _purge(db: sqlite_utils.Database, gid: str | None, days: int = KEEP_DELETED_DAYS) -> int:
    """Inside a write: remove matches deleted more than `days` ago for good.
    Their stats were already taken out when they were deleted."""
    sql = "DELETE FROM matches WHERE deleted_at IS NOT NULL AND deleted_at < ?"
    params: list[Any] = [_cutoff(days)]
    if gid is not None:
        sql += " AND group_id = ?"
        params.append(gid)
    return db.execute(sql, params).rowcount


def purge_deleted(db: sqlite_utils.Database, gid: str | None = None,
                  days: int = KEEP_DELETED_DAYS) -> int:
    """Remove matches deleted more than `days` ago (the app runs this at start-up
    and on every delete); returns how many."""
    with write(db):
        return _purge(db, gid, days)


def count_matches(db: sqlite_utils.Database, gid: str | None = None) -> int:
    if gid is None:
        return db.execute("SELECT count(*) FROM matches WHERE deleted_at IS NULL").fetchone()[0]
    return db.execute("SELECT count(*) FROM matches WHERE group_id = ? AND deleted_at IS NULL",
                      [gid]).fetchone()[0]


def export_matches(db: sqlite_utils.Database, gid: str | None = None) -> Iterator[dict[str, Any]]:
    """Every live match as the export line `{"id", "group", "played_at", "state"}`."""
    sql = "SELECT id, group_id, played_at, state FROM matches WHERE deleted_at IS NULL"
    params: list[Any] = []
    if gid:
        sql += " AND group_id = ?"
        params.append(gid)
    sql += " ORDER BY group_id, played_at, id"
    for row in db.query(sql, params):
        yield {"id": row["id"], "group": row["group_id"], "played_at": row["played_at"],
               "state": json.loads(row["state"])}


class ImportStopped(Exception):
    """A batched import stopped: `added` and `skipped` were committed before
    `cause` (an sqlite3 error) rolled back the batch after them."""

    def __init__(self, added: int, skipped: int, cause: BaseException):
        super().__init__(str(cause))
        self.added, self.skipped, self.cause = added, skipped, cause


def _insert_batch(db: sqlite_utils.Database, chunk: Sequence[tuple], stamp: str
                  ) -> tuple[int, int]:
    """Inside a write: insert, skipping ids a group already has; (added, skipped)."""
    added = skipped = 0
    stored: dict[str, dict[str, dict[str, Any]]] = {}
    for gid, mid, played_at, state, result in chunk:
        if db.execute("SELECT 1 FROM matches WHERE group_id = ? AND id = ?",
                      [gid, mid]).fetchone():
            skipped += 1
            continue
        db.execute(
            f"INSERT INTO matches ({MATCH_COLUMNS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL)",
            [gid, mid, state["game"], played_at, json.dumps(state, ensure_ascii=False),
             json.dumps(result, ensure_ascii=False), stamp, stamp])
        _write_players(db, gid, mid, result)
        stored.setdefault(gid, {})[mid] = result
        added += 1
    for gid, results in stored.items():
        sync_matches(db, gid, list(results), results)
    return added, skipped


def import_steps(db: sqlite_utils.Database,
                 items: Sequence[tuple[str, str, str, dict[str, Any], dict[str, Any]]],
                 batch: int = 1000, atomic: bool = True) -> Iterator[tuple[int, int]]:
    """Insert (group, id, played_at, state, result) tuples, skipping ids a group
    already has. Yields (added, skipped) after each batch so a page can show
    progress.

    atomic=True: ONE transaction, every match is stored or none is (a full disk
    half-way rolls everything back; closing the generator early too).
    atomic=False (big files, so other phones can write between batches): each
    batch is committed; a failure raises ImportStopped saying how many were
    committed. Importing the same file again resumes: stored ids are skipped."""
    stamp = now_iso()
    added = skipped = 0
    if atomic:
        with write(db):
            for start in range(0, len(items), batch):
                a, s = _insert_batch(db, items[start:start + batch], stamp)
                added, skipped = added + a, skipped + s
                yield added, skipped
        return
    for start in range(0, len(items), batch):
        try:
            with write(db):
                a, s = _insert_batch(db, items[start:start + batch], stamp)
        except sqlite3.Error as exc:
            raise ImportStopped(added, skipped, exc) from exc
        added, skipped = added + a, skipped + s
        yield added, skipped


def import_matches(db: sqlite_utils.Database, gid: str,
                   items: Iterable[tuple[str, str, dict[str, Any], dict[str, Any]]],
                   batch: int = 1000) -> tuple[int, int]:
    """Insert (id, played_at, state, result) tuples into one group, skipping
    ids it already has, in one transaction. Returns (added, skipped)."""
    steps = list(import_steps(db, [(gid, *item) for item in items], batch))
    return steps[-1] if steps else (0, 0)


def list_locations(db: sqlite_utils.Database, gid: str) -> list[str]:
    """The places this group has played, most used first (for pickers and filters)."""
    return [r["location"] for r in db.query(
        "SELECT location, count(*) AS n FROM matches WHERE group_id = ? AND deleted_at IS NULL"
        " AND location IS NOT NULL AND location != '' GROUP BY lower(location)"
        " ORDER BY n DESC, location LIMIT 50", [gid])]


def current_names(db: sqlite_utils.Database, gid: str, mids: list[str]
                  ) -> dict[str, dict[int, str]]:
    """Each match's seats with the player's name today (after renames and merges):
    {match id: {seat: name}}."""
    out: dict[str, dict[int, str]] = {}
    for start in range(0, len(mids), 500):
        chunk = mids[start:start + 500]
        marks = ", ".join("?" * len(chunk))
        for row in db.query(
                "SELECT mp.match_id, mp.seat, p.name FROM match_players mp"
                " JOIN players p ON p.id = mp.player_id"
                f" WHERE mp.group_id = ? AND mp.match_id IN ({marks})", [gid, *chunk]):
            out.setdefault(row["match_id"], {})[row["seat"]] = row["name"]
    return out


def iter_matches(db: sqlite_utils.Database, gid: str) -> Iterator[dict[str, Any]]:
    """Every live match of a group, oldest first, with its result and details."""
    sql = (f"SELECT {SELECT_COLUMNS} FROM matches WHERE group_id = ? AND deleted_at IS NULL"
           " ORDER BY played_at, id")
    for row in db.query(sql, [gid]):
        yield _row_to_match(row)
