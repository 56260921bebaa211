"""Consistent copies of the live database with SQLite's online backup API,
and restoring one after checking it is whole and ours."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .schema import MIGRATIONS

REQUIRED_TABLES = {"groups", "players", "matches", "match_players"}


class BackupError(ValueError):
    """A backup that must not be put in place, with the reason."""


def backup_to(db_path: str | Path, out_path: str | Path) -> dict[str, int]:
    """Copy the live database (WAL and all, while it is in use) to `out_path`."""
    out = Path(out_path)
    if out.exists():
        raise BackupError(f"{out} already exists; choose a new file name")
    out.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(str(db_path), timeout=30)
    dst = sqlite3.connect(str(out))
    try:
        src.backup(dst, pages=1024)
        dst.execute("PRAGMA journal_mode = DELETE")
        return describe(dst)
    finally:
        dst.close()
        src.close()


def describe(conn: sqlite3.Connection) -> dict[str, int]:
    return {"schema_version": conn.execute("PRAGMA user_version").fetchone()[0],
            "groups": conn.execute("SELECT count(*) FROM groups").fetchone()[0],
            "matches": conn.execute("SELECT count(*) FROM matches").fetchone()[0]}


def check_backup(path: str | Path) -> dict[str, int]:
    """Open read-only and refuse anything damaged, foreign or from the future."""
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
        info = describe(conn)
        if info["schema_version"] > len(MIGRATIONS):
            raise BackupError(f"{p}: made by a newer version (schema {info['schema_version']}, "
                              f"this one knows {len(MIGRATIONS)}); update the app first")
        return info
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{p}: damaged database ({exc})") from None
    finally:
        conn.close()


def restore_from(backup_path: str | Path, db_path: str | Path) -> dict[str, int]:
    """Check the backup, then copy it into the live database through the
    backup API (safe while the app runs: readers see old or new, never half)."""
    info = check_backup(backup_path)
    src = sqlite3.connect(f"file:{backup_path}?mode=ro", uri=True)
    Path(db_path).parent.mkdir(parents=True, exist_ok=True)
    dst = sqlite3.connect(str(db_path), timeout=30)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
    from .db import connect

    connect(db_path).conn.close()  # bring an older backup's schema up to date
    return info
