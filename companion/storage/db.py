"""The only place that opens SQLite: connections, the write transaction, and
schema migrations. WAL mode so readers never wait for a writer; every write
is `BEGIN IMMEDIATE` so two writers queue on the busy timeout instead of
failing half-way with "database is locked"."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import sqlite_utils

from .schema import MIGRATIONS

BUSY_TIMEOUT_MS = 30_000
T = TypeVar("T")


def connect(path: str | Path) -> sqlite_utils.Database:
    """Open (and migrate) the database at `path`. Autocommit connection:
    transactions are explicit, see `write`."""
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
                           check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    db = sqlite_utils.Database(conn)
    if str(path) != ":memory:":
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
    migrate(db)
    return db


def offload(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a storage call (a whole write with its stats upkeep) on one of
    gevent's real threads when the server runs under gevent: SQLite releases
    the GIL while it works and its busy wait sleeps only that thread, so the
    other connections (live streams, plain GETs) keep being served. Without
    gevent it just calls `fn`. The connection may cross threads
    (check_same_thread=False); the request waits for the answer, so it is
    never used by two threads at once."""
    try:
        from gevent import get_hub, monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return fn(*args, **kwargs)
    if not monkey.is_module_patched("threading"):
        return fn(*args, **kwargs)
    return get_hub().threadpool.apply(fn, args, kwargs)


def pause() -> None:
    """Let the process's other connections run (under gevent; nothing
    otherwise): long CPU work in a request calls it every few milliseconds
    of work, so it never holds the event loop for long."""
    try:
        from gevent import monkey, sleep
    except ImportError:  # pragma: no cover - gevent is a dependency
        return
    if monkey.is_module_patched("threading"):
        sleep(0)


@contextmanager
def write(db: sqlite_utils.Database) -> Iterator[sqlite_utils.Database]:
    """One write transaction: all of it lands or none of it does."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        # SQLite rolls back by itself on some errors (SQLITE_FULL): a second
        # ROLLBACK would hide the real cause behind "no transaction is active".
        if db.conn.in_transaction:
            db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def schema_version(db: sqlite_utils.Database) -> int:
    return db.execute("PRAGMA user_version").fetchone()[0]


def migrate(db: sqlite_utils.Database) -> int:
    """Apply the migrations this file has not seen yet, each in its own
    transaction with the version bump, so a crash never leaves half a schema."""
    while True:
        with write(db):
            version = schema_version(db)
            if version >= len(MIGRATIONS):
                return version
            for step in MIGRATIONS[version]:
                if callable(step):
                    step(db)
                else:
                    db.execute(step)
            db.execute(f"PRAGMA user_version = {version + 1}")
