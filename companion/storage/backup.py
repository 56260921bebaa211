"""Consistent copies of the live database with SQLite's online backup API,
and restoring one only after proving it is whole and exactly ours.

A backup is refused unless its whole schema — every table, column, index,
trigger and view — is exactly the one this app's own migrations create at
the backup's schema version (so a crafted file cannot smuggle in a trigger
that wipes history or sets a group key), and it passes `PRAGMA
integrity_check` and `foreign_key_check`. The live database is copied aside
before it is replaced."""

from __future__ import annotations

import os
import re
import sqlite3
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

from .schema import MIGRATIONS

REQUIRED_TABLES = {"groups", "players", "matches", "match_players"}
# Tables SQLite itself may add to any database (statistics from ANALYZE).
SQLITE_OWN = re.compile(r"^sqlite_stat\d$")


class BackupError(ValueError):
    """A backup that must not be put in place, with the reason."""


def backup_to(db_path: str | Path, out_path: str | Path) -> dict[str, int]:
    """Copy the live database (WAL and all, while it is in use) to `out_path`."""
    out = Path(out_path)
    if out.exists():
        raise BackupError(f"{out} already exists; choose a new file name")
    out.parent.mkdir(parents=True, exist_ok=True)
    _copy(db_path, out)
    dst = sqlite3.connect(str(out))
    try:
        return describe(dst)
    finally:
        dst.close()


def _copy(src_path: str | Path, out: Path, *, read_only: bool = False) -> None:
    src = (sqlite3.connect(f"file:{src_path}?mode=ro", uri=True) if read_only
           else sqlite3.connect(str(src_path), timeout=30))
    dst = sqlite3.connect(str(out))
    try:
        src.backup(dst, pages=1024)
        dst.execute("PRAGMA journal_mode = DELETE")
    finally:
        dst.close()
        src.close()


def describe(conn: sqlite3.Connection) -> dict[str, int]:
    return {"schema_version": conn.execute("PRAGMA user_version").fetchone()[0],
            "groups": conn.execute("SELECT count(*) FROM groups").fetchone()[0],
            "matches": conn.execute("SELECT count(*) FROM matches").fetchone()[0]}


def _sql(text: str | None) -> str | None:
    return " ".join(text.split()) if text else None


def schema_of(conn: sqlite3.Connection) -> dict[tuple[str, str], dict]:
    """(type, name) -> {"table", "sql", "columns"} for everything in the schema."""
    out: dict[tuple[str, str], dict] = {}
    for kind, name, table, sql in conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"):
        if kind == "table" and SQLITE_OWN.match(name):
            continue
        entry = {"table": table, "sql": _sql(sql)}
        if kind == "table":
            entry["columns"] = [(r[1], r[2], r[3], r[4], r[5]) for r in
                                conn.execute(f'PRAGMA table_xinfo("{name}")')]
        out[(kind, name)] = entry
    return out


@lru_cache(maxsize=8)
def expected_schema(version: int) -> dict[tuple[str, str], dict]:
    """The schema this app's migrations create at `version`, built in memory."""
    import sqlite_utils

    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        db = sqlite_utils.Database(conn)
        for steps in MIGRATIONS[:version]:
            for step in steps:  # a step is SQL, or a function over the database (data only)
                if callable(step):
                    step(db)
                else:
                    conn.execute(step)
        return schema_of(conn)
    finally:
        conn.close()


def schema_differences(conn: sqlite3.Connection, version: int) -> list[str]:
    """What differs from the app's own schema at `version`, in words."""
    have, want = schema_of(conn), expected_schema(version)
    problems = []
    for kind, name in sorted(set(have) - set(want)):
        where = f" on {have[(kind, name)]['table']}" if kind in ("trigger", "index") else ""
        problems.append(f"{kind} {name!r}{where} is not one this app creates")
    for kind, name in sorted(set(want) - set(have)):
        problems.append(f"{kind} {name!r} is missing")
    for key in sorted(set(have) & set(want)):
        kind, name = key
        mine, ours = have[key], want[key]
        if kind == "table" and mine["columns"] != ours["columns"]:
            got = [c[0] for c in mine["columns"]]
            expected = [c[0] for c in ours["columns"]]
            extra = [c for c in got if c not in expected]
            missing = [c for c in expected if c not in got]
            detail = "; ".join(filter(None, [
                f"unexpected column(s) {', '.join(extra)}" if extra else "",
                f"missing column(s) {', '.join(missing)}" if missing else "",
            ])) or f"columns differ in type, order or defaults (expected {', '.join(expected)})"
            problems.append(f"table {name!r}: {detail}")
        elif mine["sql"] != ours["sql"]:
            problems.append(f"{kind} {name!r} is defined differently ({mine['sql']})")
    return problems


def check_backup(path: str | Path) -> dict[str, int]:
    """Open read-only and refuse anything damaged, foreign, altered or from the
    future, naming what differs."""
    p = Path(path)
    if not p.is_file():
        raise BackupError(f"{p}: no such file")
    with open(p, "rb") as fh:
        if fh.read(16) != b"SQLite format 3\x00":
            raise BackupError(f"{p}: is not an SQLite database")
    conn = sqlite3.connect(f"file:{p}?mode=ro", uri=True)
    try:
        status = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if status != "ok":
            raise BackupError(f"{p}: integrity check failed ({status})")
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        missing = REQUIRED_TABLES - tables
        if missing:
            raise BackupError(f"{p}: not a Canal Companion database (no {', '.join(sorted(missing))})")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise BackupError(f"{p}: made by a newer version (schema {version}, "
                              f"this one knows {len(MIGRATIONS)}); update the app first")
        if version < 1:
            raise BackupError(f"{p}: schema version {version} is not one this app ever wrote "
                              f"(1 to {len(MIGRATIONS)}); refusing it")
        problems = schema_differences(conn, version)
        if problems:
            raise BackupError(f"{p}: not exactly the schema this app creates at version "
                              f"{version}: " + "; ".join(problems))
        broken = conn.execute("PRAGMA foreign_key_check").fetchall()
        if broken:
            tables_hit = sorted({row[0] for row in broken})
            raise BackupError(f"{p}: foreign key check failed: {len(broken)} row(s) in "
                              f"{', '.join(tables_hit)} point at rows that do not exist")
        return describe(conn)
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{p}: damaged database ({exc})") from None
    finally:
        conn.close()


def set_aside_path(db_path: str | Path) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    return Path(db_path).parent / "backups" / f"before-restore-{stamp}.sqlite"


def restore_from(backup_path: str | Path, db_path: str | Path) -> dict[str, int | str | None]:
    """Copy the backup to a private file and check that copy (so the file
    cannot change between check and use), copy the live database aside, then
    put the checked copy in place through the backup API (safe while the app
    runs: readers see old or new, never half). Returns the backup's counts
    and `set_aside`, where the previous live database now is (None if there
    was none)."""
    live = Path(db_path)
    live.parent.mkdir(parents=True, exist_ok=True)
    staged = live.parent / f".restore-{os.getpid()}-{datetime.now(UTC).timestamp():.0f}.sqlite"
    try:
        if not Path(backup_path).is_file():
            raise BackupError(f"{backup_path}: no such file")
        check_backup(backup_path)  # a clear message before copying anything
        try:
            _copy(backup_path, staged, read_only=True)
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{backup_path}: damaged database ({exc})") from None
        info: dict[str, int | str | None] = dict(check_backup(staged))
        aside = None
        if live.exists() and live.stat().st_size > 0:
            aside = set_aside_path(live)
            aside.parent.mkdir(parents=True, exist_ok=True)
            _copy(live, aside)
        src = sqlite3.connect(f"file:{staged}?mode=ro", uri=True)
        dst = sqlite3.connect(str(live), timeout=30)
        try:
            src.backup(dst)
        finally:
            dst.close()
            src.close()
    finally:
        staged.unlink(missing_ok=True)
    from .db import connect

    connect(live).conn.close()  # bring an older backup's schema up to date
    info["set_aside"] = str(aside) if aside else None
    return info
