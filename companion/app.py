"""The Flask app factory: `create_app({"DATABASE": path})` runs on that file."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from . import storage

ROOT = Path(__file__).resolve().parent.parent

# One Blueprint per feature: each module here exposes `bp`.
BLUEPRINTS = [
    "play.score_api",
    "groups.api",
    "groups.invite",
    "matches.api",
    "photos.api",
    "table.api",
    "table.pages",
    "play.doodle_layouts",
    "photos.templates_api",
    "play.doodle_china",
    "play.canalis",
    "photos.catalog",
    "play.canalis_tiles",
    "groups.pages",
    "matches.pages",
    "play.canal_houses",
    "play.canal_grande",
    "stats.api",
    "groups.players",
    "photos.pages",
    "matches.data",
    "matches.bgstats",
    "stats.pages",
    "play.print_sheets",
    "web.pages",
]


def _secret_key(instance: Path) -> str:
    """A per-install secret for signed cookies, made once and kept in instance/."""
    path = instance / "secret_key"
    if path.exists():
        return path.read_text().strip()
    instance.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(key)
    return key


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_path=str(ROOT / "instance"),
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    app.config.from_mapping(
        DATABASE=str(Path(app.instance_path) / "companion.sqlite"),
        MAX_CONTENT_LENGTH=26 * 1024 * 1024,  # multipart uploads (photos, imports)
        JSON_MAX_BYTES=1024 * 1024,  # every other body (companion.web.bodies)
        MAX_FORM_PARTS=200,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_NAME="companion",
        # A joined phone stays in its groups while it is used at least twice a year:
        # the cookie and the server-side membership are renewed on use (web/access.py).
        SESSION_LIFETIME_DAYS=180,
        # Where phones reach this server: join links and QR codes are built from it,
        # never from the request's Host (`companion serve --public-url`).
        PUBLIC_URL=os.environ.get("COMPANION_PUBLIC_URL") or None,
        JSON_SORT_KEYS=False,
        UPLOAD_FOLDER=str(Path(app.instance_path) / "uploads"),
    )
    if test_config:
        app.config.from_mapping(test_config)
    if not test_config or "UPLOAD_FOLDER" not in test_config:
        # Uploaded photos live beside the database they belong to.
        database = app.config["DATABASE"]
        base = Path(database).parent if database != ":memory:" else Path(app.instance_path)
        app.config["UPLOAD_FOLDER"] = str(base / "uploads")
    app.config["PERMANENT_SESSION_LIFETIME"] = 60 * 60 * 24 * int(app.config["SESSION_LIFETIME_DAYS"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    app.json.sort_keys = False
    app.json.ensure_ascii = False

    from . import web

    web.init_app(app)  # the toolkit: connection, access, bodies, errors, pages

    from importlib import import_module

    for name in BLUEPRINTS:
        app.register_blueprint(import_module(f"{__package__}.{name}").bp)

    _purge_deleted_at_start(app)
    return app


def _purge_deleted_at_start(app: Flask) -> None:
    """Matches deleted more than 30 days ago go for good when the app starts
    (deletes purge their group's too): no cron job needed."""
    import sqlite3

    database = app.config["DATABASE"]
    if database == ":memory:" or not Path(database).exists():
        return
    try:
        db = storage.connect(database)
        try:
            storage.purge_deleted(db)
        finally:
            db.conn.close()
    except sqlite3.Error as exc:  # a full disk must not stop the app from starting
        app.logger.warning("could not purge old deleted matches: %s", exc)

