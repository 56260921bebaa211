"""A group's data out and in: plays as CSV for a spreadsheet, matches as JSON
lines (what `companion export` writes), and an upload of such a file that
skips the matches the group already has."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, current_app, g, jsonify, request, stream_with_context

from .. import storage
from ..app import get_db
from ..games import StateError, score
from ..stats.facts import PARTS, parts_of
from ..web.security import group_required
from .body import parse_played_at
from .matches import ID_PATTERN

bp = Blueprint("api_data", __name__, url_prefix="/api/groups/<gid>")

MAX_IMPORT_LINES = 20_000
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


def _error(line: int, message: str, path: str | None = None):
    body = {"error": f"line {line}: {path + ': ' if path else ''}{message}", "line": line}
    if path:
        body["path"] = path
    return jsonify(body), 422


@bp.post("/import")
@group_required
def import_jsonl(gid: str):
    """multipart `file`: JSON lines as `companion export` writes them. Every
    line is checked and scored first; nothing is stored unless all are good."""
    upload = request.files.get("file")
    if upload is None:
        return jsonify({"error": "send the JSON lines file as the multipart field 'file' "
                                 "(what the export or `companion export` writes)",
                        "path": "file"}), 400
    try:
        text = upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        return jsonify({"error": "the file is not UTF-8 text; export writes JSON lines in UTF-8",
                        "path": "file"}), 422
    items: list[tuple[str, str, dict[str, Any], dict[str, Any]]] = []
    seen: set[str] = set()
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        if len(items) >= MAX_IMPORT_LINES:
            return _error(number, f"the file has more than {MAX_IMPORT_LINES} matches; split it, "
                                  "or use `companion import FILE --group GID` on the server")
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as exc:
            return _error(number, f"not valid JSON ({exc.msg} at column {exc.colno})")
        if not isinstance(item, dict) or "state" not in item:
            return _error(number, 'must be an object with "id", "played_at" and "state"')
        unknown = sorted(set(item) - {"id", "group", "played_at", "state"})
        if unknown:
            return _error(number, "is not a known key (allowed: id, group, played_at, state)",
                          unknown[0])
        mid = item.get("id")
        if not isinstance(mid, str) or not ID_PATTERN.match(mid):
            return _error(number, "must be a string of 1 to 64 letters, digits, '.', '_' or '-' "
                                  "(the match's id)", "id")
        if mid in seen:
            return _error(number, f"{mid!r} appears twice in the file", "id")
        seen.add(mid)
        try:
            played_at = parse_played_at(item.get("played_at") or storage.now_iso())
            result = score(item["state"])
        except StateError as exc:
            path = exc.path if exc.path == "played_at" else f"state.{exc.path}"
            return _error(number, exc.message, path)
        items.append((mid, played_at, item["state"], result))
    if not items:
        return jsonify({"error": "the file has no matches (one JSON object per line)",
                        "path": "file"}), 422
    added, skipped = storage.import_matches(get_db(), gid, items)
    return jsonify({"added": added, "skipped": skipped})
