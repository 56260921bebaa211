"""The request's database connection (flaskr's `db.py`): opened on first use,
closed when the request ends. Every feature gets its connection here, so no
module imports the app factory to reach the database."""

from __future__ import annotations

import sqlite_utils
from flask import Flask, current_app, g

from .. import storage


def get_db() -> sqlite_utils.Database:
    """The request's database connection, opened on first use."""
    if "db" not in g:
        g.db = storage.connect(current_app.config["DATABASE"])
    return g.db


def close_db(_exc: BaseException | None = None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.conn.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
