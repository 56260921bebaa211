"""A full disk (or a database too busy to write) is answered plainly: 507
naming the cause when the disk is full, 503 when the database stays locked,
never a 500. SQLite rolls the transaction back, so nothing half-written is
kept and nothing that was acknowledged is lost; files are written whole or
not at all (`write_whole`)."""

from __future__ import annotations

import errno
import os
import sqlite3
import tempfile
from pathlib import Path

from flask import Flask, jsonify, request

FULL_ERRNOS = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
SQLITE_FULL = 13

DISK_FULL = ("the server's disk is full, so nothing was saved. Free some space on the server "
             "(delete old photos or backups), then save again; what you entered is still on "
             "this phone")
BUSY = "the database is busy (another long write is running); nothing was saved, try again in a minute"


def is_disk_full(exc: BaseException) -> bool:
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        return code == SQLITE_FULL or "database or disk is full" in str(exc)
    return isinstance(exc, OSError) and exc.errno in FULL_ERRNOS


def is_busy(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


def write_whole(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file in the same folder, so a
    full disk leaves either the whole file or no file, never a partial one."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".part-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def init_app(app: Flask) -> None:
    """Call after the app's catch-all handler is registered: other errors go to it."""
    fallback = app.error_handler_spec.get(None, {}).get(None, {}).get(Exception)

    def answer(exc: Exception):
        if is_disk_full(exc):
            app.logger.error("disk full on %s %s: %s", request.method, request.path, exc)
            return jsonify({"error": DISK_FULL, "cause": "disk full"}), 507
        if is_busy(exc):
            return jsonify({"error": BUSY, "cause": "database busy"}), 503, {"Retry-After": "30"}
        if fallback is None:
            raise exc
        return fallback(exc)

    app.register_error_handler(sqlite3.OperationalError, answer)
    app.register_error_handler(OSError, answer)
