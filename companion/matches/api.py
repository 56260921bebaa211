"""The group's match history: save (idempotent by client id), list, show,
edit and re-score, delete with undo."""

from __future__ import annotations

import re
import uuid
from typing import Any

from flask import Blueprint, jsonify, request

from .. import storage
from ..games import GAMES, StateError, score
from ..games.registry import (
    DURATION_MAX_MIN,
    LOCATION_MAX,
    NOTES_MAX,
    PLAYER_NAME_MAX,
    name_problem,
)
from ..web.db import get_db
from ..web.errors import found_or_404, state_error, unprocessable
from ..web.json_body import json_body, parse_played_at
from ..web.security import group_required
from ..web.versions import conflict, expected_version

NO_MATCH = "no such match in this group"

bp = Blueprint("api_matches", __name__, url_prefix="/api/groups/<gid>/matches")

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
MAX_LIMIT = 500


DETAIL_KEYS = ("duration_min", "location", "notes")


def _public(match: dict[str, Any]) -> dict[str, Any]:
    out = {k: match.get(k) for k in ("id", "played_at", "game", "state", "result",
                                     "created_at", "updated_at", "version", *DETAIL_KEYS)}
    if match.get("deleted_at"):
        out["deleted_at"] = match["deleted_at"]
    return out


def _details(body: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The optional duration, location and notes a body names (null or "" clears
    one): (details, None) or ({}, error response)."""
    out: dict[str, Any] = {}
    if "duration_min" in body:
        value = body["duration_min"]
        if value in (None, ""):
            out["duration_min"] = None
        elif isinstance(value, bool) or not isinstance(value, int) \
                or not 1 <= value <= DURATION_MAX_MIN:
            return {}, unprocessable("duration_min", "must be a whole number of minutes from 1 to "
                                     f"{DURATION_MAX_MIN}, or null, got {value!r}")
        else:
            out["duration_min"] = value
    for key, most, what in (("location", LOCATION_MAX, "where you played, e.g. “Ana's kitchen”"),
                            ("notes", NOTES_MAX, "anything to remember about the match")):
        if key not in body:
            continue
        value = body[key]
        if value is None:
            out[key] = None
            continue
        if not isinstance(value, str):
            return {}, unprocessable(key, f"must be text ({what}) or null")
        text = value.strip() if key == "notes" else " ".join(value.split())
        if len(text) > most:
            return {}, unprocessable(key, f"is {len(text)} characters long; at most {most} "
                                          "are allowed")
        out[key] = text or None
    return out, None


def _names_error(result: dict[str, Any], kept: frozenset[str] = frozenset()):
    """Every player's name within the one limit (companion/games/registry.py).
    Names `kept` from the stored match pass: a match saved before the limit
    can still be edited without renaming anyone."""
    for i, player in enumerate(result.get("players", [])):
        if player.get("name") in kept:
            continue
        problem = name_problem(player.get("name"))
        if problem:
            return unprocessable(f"state.players[{i}].name",
                                 f"{problem} (a player's name has 1 to {PLAYER_NAME_MAX} "
                                 "characters)")
    return None


def _read_match_body(allowed: set[str]) -> tuple[dict[str, Any], Any] | tuple[None, Any]:
    """(fields, None) or (None, error response)."""
    body = json_body()
    if not isinstance(body, dict):
        return None, unprocessable("(body)", 'must be a JSON object like {"state": {...}}')
    unknown = sorted(set(body) - allowed)
    if unknown:
        return None, unprocessable(unknown[0], f"is not a known key (allowed: {', '.join(sorted(allowed))})")
    if "state" not in body:
        return None, unprocessable("state", "is required: the game's state (see scoring.md)")
    return body, None


def _score(state: Any):
    try:
        return score(state), None
    except StateError as exc:
        return None, state_error(exc, prefix="state")


@bp.post("")
@group_required
def create(gid: str):
    body, error = _read_match_body({"id", "played_at", "state", *DETAIL_KEYS})
    if error:
        return error
    details, error = _details(body)
    if error:
        return error
    mid = body.get("id")
    if mid is None:
        mid = str(uuid.uuid4())
    elif not isinstance(mid, str) or not ID_PATTERN.match(mid):
        return unprocessable("id", "must be a string of 1 to 64 letters, digits, '.', '_' or '-' "
                                   "(a client UUID)")
    try:
        played_at = parse_played_at(body["played_at"]) if "played_at" in body else storage.now_iso()
    except StateError as exc:
        return unprocessable(exc.path, exc.message)
    db = get_db()
    existing = storage.get_match(db, gid, mid, include_deleted=True)
    if existing:
        if existing.get("deleted_at"):
            return jsonify({"error": "this match was deleted; restore it instead of saving it again",
                            "path": "id"}), 409
        return jsonify(_public(existing)), 200
    result, error = _score(body["state"])
    if error:
        return error
    error = _names_error(result)
    if error:
        return error
    match, created = storage.offload(storage.save_match, db, gid, mid, played_at, body["state"],
                                     result, details)
    return jsonify(_public(match)), 201 if created else 200


@bp.get("")
@group_required
def index(gid: str):
    args = request.args
    deleted = args.get("deleted", "0")
    if deleted not in ("0", "1"):
        return jsonify({"error": f"deleted must be 1 or 0, got {deleted!r}", "path": "deleted"}), 400
    if deleted == "1":
        return jsonify({"matches": [_public(m) for m in storage.list_deleted(get_db(), gid)],
                        "kept_days": storage.KEEP_DELETED_DAYS})
    game = args.get("game") or None
    if game and game not in GAMES:
        return jsonify({"error": f"game must be one of {', '.join(GAMES)}", "path": "game"}), 400
    try:
        limit = int(args.get("limit", 50))
    except ValueError:
        return jsonify({"error": f"limit must be a whole number from 1 to {MAX_LIMIT}",
                        "path": "limit"}), 400
    if not 1 <= limit <= MAX_LIMIT:
        return jsonify({"error": f"limit must be from 1 to {MAX_LIMIT}", "path": "limit"}), 400
    before = args.get("before") or None
    if before:
        try:
            before = parse_played_at(before)
        except StateError as exc:
            return jsonify({"error": exc.message, "path": "before"}), 400
    matches = storage.list_matches(get_db(), gid, game=game, player=args.get("player") or None,
                                   limit=limit, before=before)
    return jsonify({"matches": [_public(m) for m in matches]})


@bp.get("/<mid>")
@group_required
def show(gid: str, mid: str):
    return jsonify(_public(found_or_404(storage.get_match(get_db(), gid, mid), NO_MATCH)))


@bp.put("/<mid>")
@group_required
def update(gid: str, mid: str):
    body, error = _read_match_body({"state", "played_at", "version", *DETAIL_KEYS})
    if error:
        return error
    version, error = expected_version(body)
    if error:
        return error
    details, error = _details(body)
    if error:
        return error
    db = get_db()
    stored = found_or_404(storage.get_match(db, gid, mid), NO_MATCH)
    if version is not None and version != stored["version"]:
        return conflict(_public(stored))
    try:
        played_at = parse_played_at(body["played_at"]) if "played_at" in body else None
    except StateError as exc:
        return unprocessable(exc.path, exc.message)
    result, error = _score(body["state"])
    if error:
        return error
    error = _names_error(result, frozenset(p.get("name") for p in stored["result"].get("players", [])))
    if error:
        return error
    try:
        match = storage.update_match(db, gid, mid, body["state"], result, played_at, details,
                                     expected_version=version)
    except storage.VersionConflict as exc:
        return conflict(_public(exc.current))
    return jsonify(_public(found_or_404(match, NO_MATCH)))


@bp.delete("/<mid>")
@group_required
def delete(gid: str, mid: str):
    found_or_404(storage.delete_match(get_db(), gid, mid), NO_MATCH)
    return "", 204


@bp.post("/<mid>/restore")
@group_required
def restore(gid: str, mid: str):
    """Undo a delete."""
    return jsonify(_public(found_or_404(storage.restore_match(get_db(), gid, mid), NO_MATCH)))
