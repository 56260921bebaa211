"""Every error answer. The JSON API's one shape: `{"error": what was wrong and
what is allowed, "path": where in the request}` with its status. Views return
`error(...)`; helpers deep inside a view `refuse(...)`, which ends the request
with the same answer; `found_or_404(...)` is the one "get it or 404" (a JSON
call gets `{"error", "path"}`, a page the error page with the same words).
Pages get a styled error page at phone width for every HTTP error; a 5xx is
always a bug and never shows a traceback.

A full disk (or a database too busy to write) is answered plainly: 507
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
from typing import Any, NoReturn, TypeVar

from flask import Flask, abort, jsonify, make_response, render_template, request
from werkzeug.exceptions import HTTPException

from ..games import StateError

# -- the JSON API's answer -------------------------------------------------------------

def error(message: str, status: int, path: str | None = None, **extra: Any):
    """`({"error", "path"?, **extra}, status)`: a view's refusal."""
    body: dict[str, Any] = {"error": message}
    if path:
        body["path"] = path
    body.update(extra)
    return jsonify(body), status


def unprocessable(path: str, message: str):
    return error(message, 422, path)


def state_error(exc: StateError, prefix: str = ""):
    """A game engine's refusal, its JSON path under `prefix` (where the state sits in the body)."""
    path = exc.path if not prefix else (prefix if exc.path == "(state)" else f"{prefix}.{exc.path}")
    return error(exc.message, 422, path)


def refuse(message: str, status: int, path: str | None = None, **extra: Any) -> NoReturn:
    """End the request with `error(...)` from anywhere below a view."""
    body, code = error(message, status, path, **extra)
    abort(make_response(body, code))


def wants_json() -> bool:
    """An API call (or a client asking for JSON) gets JSON errors; a page, a page."""
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


T = TypeVar("T")


def found_or_404(value: T | None, missing: str, path: str = "(url)") -> T:
    """`value` when the store found it (a row, a filename, True); `None` or
    `False` end the request 404 with `missing` as its words, `path` naming what
    was not found ("(url)": the id in the address)."""
    if value is None or value is False:
        if wants_json():
            refuse(missing, 404, path)
        abort(404, description=missing)
    return value


# -- pages -----------------------------------------------------------------------------

# What a person sees for each status on a page (JSON answers keep {"error"}).
PAGE_WORDS = {
    400: ("That did not work", "The page sent something this server cannot read.",
          "Go back, reload the page and try again."),
    401: ("This phone is not in the group", "This page needs the group's invite.",
          "Ask someone in the group to show the group's QR code, and scan it with this phone."),
    403: ("Not allowed", "This request was refused.",
          "Reload the page and try again from the app itself."),
    404: ("Not here", "There is nothing at this address.",
          "Check the address, or start again from the start page."),
    405: ("Not here", "This address does not work that way.",
          "Start again from the start page."),
    413: ("Too large", "What was sent is too large.", "Send something smaller."),
    429: ("Too many tries", "Too many wrong links or keys came from this network.",
          "Wait a few minutes, then scan the group's QR code again."),
}


def error_page(exc: HTTPException):
    """A styled page at phone width for every HTTP error on a page: what
    happened (the view's own words when it gave some) and what to do."""
    if exc.response is not None:  # the view built its own answer
        return exc.response
    code = exc.code or 500
    title, message, advice = PAGE_WORDS.get(
        code, ("Something went wrong", exc.description or "", "Go back and try again."))
    if exc.description and exc.description != type(exc).description:
        text = exc.description
        message = text[0].upper() + text[1:]
        if not message.endswith("."):
            message += "."
        advice = None if "ask" in text.lower() or "wait" in text.lower() else advice
    response = exc.get_response()
    response.set_data(render_template("errors/error.html", code=code, title=title,
                                      message=message, advice=advice))
    response.mimetype = "text/html"
    return response


# -- a full disk, a locked database ----------------------------------------------------

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
    """Every HTTP error as JSON (API) or a page; anything else a plain 500;
    then a full disk 507 and a locked database 503 (other such errors go on
    to the catch-all)."""

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if not wants_json():
            return error_page(exc)
        messages = {
            400: "the request is malformed",
            404: "nothing here: check the address (or the group key)",
            405: f"{request.method} is not allowed here",
            429: "too many attempts; wait a few minutes",
            413: f"the upload is too large: at most {app.config['MAX_CONTENT_LENGTH'] // (1024 * 1024)} MB",
        }
        limit = app.config.get("MAX_CONTENT_LENGTH")
        if exc.code == 413 and limit and request.content_length is not None \
                and request.content_length <= limit:
            # Not the size: Werkzeug's form parser refused too many parts or a huge text field.
            messages[413] = (f"the form has too many parts (at most {app.config['MAX_FORM_PARTS']})"
                             " or a text field that is too long; send the photo as the file field "
                             "'photo' with only a few short fields")
        custom = exc.description != type(exc).description
        description = exc.description if custom or exc.code not in messages else messages[exc.code]
        return jsonify({"error": description}), exc.code

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # pragma: no cover - a 5xx is always a bug
        app.logger.exception("unexpected error on %s %s", request.method, request.path)
        if wants_json():
            return jsonify({"error": "something went wrong on our side; nothing was saved, "
                                     "try again"}), 500
        try:
            return render_template("errors/error.html", code=500, title="Something went wrong",
                                   message="Something went wrong on our side; nothing was saved.",
                                   advice="Go back and try again. If it keeps happening, tell "
                                          "whoever runs this server."), 500
        except Exception:  # the page itself failed: plain words, never a traceback
            return ("Something went wrong on our side; nothing was saved. Go back and try "
                    "again."), 500, {"Content-Type": "text/plain; charset=utf-8"}


    def disk_or_busy(exc: Exception):
        if is_disk_full(exc):
            app.logger.error("disk full on %s %s: %s", request.method, request.path, exc)
            return jsonify({"error": DISK_FULL, "cause": "disk full"}), 507
        if is_busy(exc):
            return jsonify({"error": BUSY, "cause": "database busy"}), 503, {"Retry-After": "30"}
        return unexpected(exc)

    app.register_error_handler(sqlite3.OperationalError, disk_or_busy)
    app.register_error_handler(OSError, disk_or_busy)
