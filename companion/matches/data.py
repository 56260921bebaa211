"""A group's data out and in: plays as CSV for a spreadsheet, matches as JSON
lines (what `companion export` writes), and an upload of such a file that
skips the matches the group already has."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request, stream_with_context

from .. import storage
from ..stats.facts import PARTS, parts_of
from ..web.access import group_required
from ..web.db import get_db
from .import_lines import LineError, check_lines, stopped, store

bp = Blueprint("api_data", __name__, url_prefix="/api/groups/<gid>")

MAX_IMPORT_LINES = 100_000
CSV_HEAD = ["date", "time", "game", "edition", "match", "player", "seat", "score", "place",
            "winner"]
PART_HEAD = list(dict.fromkeys(p for parts in PARTS.values() for p in parts))
FORMULA = re.compile(r"^[=+\-@\t\r]")


def _filename(suffix: str) -> str:
    stem = re.sub(r"[^A-Za-z0-9]+", "-", g.group["name"]).strip("-").lower() or "group"
    return f'attachment; filename="{stem}-{suffix}"'


def _cell(text: str) -> str:
    """Text a spreadsheet shows as text, never runs as a formula."""
    return "'" + text if FORMULA.match(text) else text


def _own_connection(rows: Any) -> Any:
    """Streamed answers outlive the request's connection: give them their own."""
    def wrapped(gid: str) -> Iterator[str]:
        db = storage.connect(current_app.config["DATABASE"])
        try:
            yield from rows(db, gid)
        finally:
            db.conn.close()
    return wrapped


@_own_connection
def csv_rows(db: Any, gid: str) -> Iterator[str]:
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\r\n")

    def flush() -> str:
        text = buf.getvalue()
        buf.seek(0)
        buf.truncate()
        return text

    out.writerow(CSV_HEAD + PART_HEAD)
    yield "\ufeff" + flush()  # the BOM tells spreadsheets it is UTF-8
    for n, row in enumerate(storage.stats_plays_for_export(db, gid), 1):
        played_at, game, edition, mid, name, seat, total, place, winner, *values = row
        parts = dict(zip(parts_of(game, edition), values, strict=False))
        out.writerow([played_at[:10], played_at[11:16], game, edition, mid, _cell(name), seat + 1,
                      total, place, int(winner)] + [parts.get(p, "") for p in PART_HEAD])
        if n % 500 == 0:
            yield flush()
    yield flush()


@bp.get("/export.csv")
@group_required
def export_csv(gid: str):
    """One row per player per match, oldest first."""
    storage.stats_backfill(get_db(), gid)
    return Response(stream_with_context(csv_rows(gid)), mimetype="text/csv",
                    headers={"Content-Disposition": _filename("plays.csv")})


@_own_connection
def jsonl_lines(db: Any, gid: str) -> Iterator[str]:
    for match in storage.export_matches(db, gid):
        yield json.dumps(match, ensure_ascii=False) + "\n"


@bp.get("/export.jsonl")
@group_required
def export_jsonl(gid: str):
    """One match a line: {"id", "group", "played_at", "state"}."""
    return Response(stream_with_context(jsonl_lines(gid)), mimetype="application/x-ndjson",
                    headers={"Content-Disposition": _filename("matches.jsonl")})


def _refusal(exc: LineError) -> dict[str, Any]:
    body: dict[str, Any] = {"error": f"{exc}; nothing was stored (fix that line and import the "
                                     "file again)", "line": exc.line, "stored": 0}
    if exc.path:
        body["path"] = exc.path
    return body


def _checked(gid: str, lines: list[str], numbers: list[int]) -> Iterator[tuple[int, tuple]]:
    """Every line checked and scored (LineError at the first bad one); each
    item's line number is appended to `numbers`."""
    for count, (number, item) in enumerate(check_lines(lines, group=gid), 1):
        if count > MAX_IMPORT_LINES:
            raise LineError(number, f"the file has more than {MAX_IMPORT_LINES} matches; split "
                                    "it, or use `companion import FILE --group GID` on the server")
        numbers.append(number)
        yield count, item


PAUSE_EVERY = 20  # lines checked between two pauses: a few ms of work


def _checked_pausing(gid: str, lines: list[str], numbers: list[int]) -> list[tuple]:
    items = []
    for count, item in _checked(gid, lines, numbers):
        items.append(item)
        if count % PAUSE_EVERY == 0:
            storage.pause()
    return items


def _upload_lines() -> tuple[list[str] | None, Any]:
    upload = request.files.get("file")
    if upload is None:
        return None, (jsonify({"error": "send the JSON lines file as the multipart field 'file' "
                                        "(what the export or `companion export` writes)",
                               "path": "file"}), 400)
    try:
        return upload.read().decode("utf-8-sig").splitlines(), None
    except UnicodeDecodeError:
        return None, (jsonify({"error": "the file is not UTF-8 text; export writes JSON lines in "
                                        "UTF-8; nothing was stored", "path": "file"}), 422)


NO_MATCHES = "the file has no matches (one JSON object per line); nothing was stored"


@bp.post("/import")
@group_required
def import_jsonl(gid: str):
    """multipart `file`: JSON lines as `companion export` writes them. Every
    line is checked and scored first (a bad line stores nothing), then the
    matches are stored in one transaction, or for a file over
    import_lines.ATOMIC_LIMIT in committed batches that a second import of the
    same file resumes: the answer is true in every case. With
    `?progress=1` the answer is a stream of JSON lines the page draws as a
    progress bar: {"stage": "checking"|"storing", "done", "total"}, then
    {"stage": "done", "added", "skipped"} or {"stage": "failed", "status", "error", ...}."""
    lines, error = _upload_lines()
    if error:
        return error
    if request.args.get("progress") == "1":
        return Response(stream_with_context(_import_stream(gid, lines)),
                        mimetype="application/x-ndjson", headers={"Cache-Control": "no-store"})
    numbers: list[int] = []
    db = get_db()
    # Checking, scoring and storing a big file take seconds to minutes, which
    # must not stop the process's other connections (bench/worker_hold.py):
    # the check pauses every few lines, each stored batch runs on gevent's
    # thread pool.
    try:
        items = _checked_pausing(gid, lines, numbers)
    except LineError as exc:
        return jsonify(_refusal(exc)), 422
    if not items:
        return jsonify({"error": NO_MATCHES, "path": "file"}), 422
    added = skipped = 0
    try:
        steps = store(db, items)
        while (step := storage.offload(next, steps, None)) is not None:
            added, skipped = step
    except (sqlite3.Error, storage.ImportStopped) as exc:
        status, body = stopped(exc, numbers)
        return jsonify(body), status
    return jsonify({"added": added, "skipped": skipped})


def _event(**fields: Any) -> str:
    return json.dumps(fields, ensure_ascii=False) + "\n"


def _import_stream(gid: str, lines: list[str]) -> Iterator[str]:
    total = sum(1 for line in lines if line.strip())
    yield _event(stage="checking", done=0, total=total)
    items: list[tuple] = []
    numbers: list[int] = []
    try:
        for count, item in _checked(gid, lines, numbers):
            items.append(item)
            if count % PAUSE_EVERY == 0:
                storage.pause()  # see import_jsonl
            if count % 1000 == 0:
                yield _event(stage="checking", done=count, total=total)
    except LineError as exc:
        yield _event(stage="failed", status=422, **_refusal(exc))
        return
    if not items:
        yield _event(stage="failed", status=422, error=NO_MATCHES, path="file", stored=0)
        return
    yield _event(stage="storing", done=0, total=len(items))
    db = storage.connect(current_app.config["DATABASE"])
    added = skipped = 0
    steps = store(db, items)
    try:
        while (step := storage.offload(next, steps, None)) is not None:
            added, skipped = step
            yield _event(stage="storing", done=added + skipped, total=len(items))
    except (sqlite3.Error, storage.ImportStopped) as exc:
        status, body = stopped(exc, numbers)
        if status == 500:
            current_app.logger.exception("import failed")
        yield _event(stage="failed", status=status, **body)
        return
    finally:
        db.conn.close()
    yield _event(stage="done", added=added, skipped=skipped, total=len(items))
