"""The group's match history: save (idempotent by client id), list, show,
edit and re-score, delete with undo."""

from __future__ import annotations

import re
import uuid
from typing import Annotated, Any

from flask import Blueprint, jsonify, request
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from .. import storage
from ..games import GAMES, StateError, score
from ..games.registry import (
    DURATION_MAX_MIN,
    LOCATION_MAX,
    NOTES_MAX,
    PLAYER_NAME_MAX,
    name_problem,
)
from ..web.access import group_required
from ..web.bodies import conflict, expected_version, parse_body, parse_played_at
from ..web.db import get_db
from ..web.errors import found_or_404, state_error, unprocessable

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


# -- what a match body may hold (web/bodies.parse_body) ----------------

def _client_id(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str) or not ID_PATTERN.match(value)):
        raise ValueError("must be a string of 1 to 64 letters, digits, '.', '_' or '-' "
                         "(a client UUID)")
    return value


def _played_at(value: Any) -> str:
    try:
        return parse_played_at(value)
    except StateError as exc:
        raise ValueError(exc.message) from None


def _minutes(value: Any) -> int | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= DURATION_MAX_MIN:
        raise ValueError(f"must be a whole number of minutes from 1 to {DURATION_MAX_MIN}, or "
                         f"null, got {value!r}")
    return value


def _text(most: int, what: str, keep_lines: bool):
    def check(value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str):
            raise ValueError(f"must be text ({what}) or null")
        text = value.strip() if keep_lines else " ".join(value.split())
        if len(text) > most:
            raise ValueError(f"is {len(text)} characters long; at most {most} are allowed")
        return text or None
    return AfterValidator(check)


class _MatchFields(BaseModel):
    """A field left out keeps what is stored; null (or "") clears a detail."""
    model_config = ConfigDict(extra="forbid")
    state: Any = Field(description="the game's state (see scoring.md)")
    played_at: Annotated[Any, AfterValidator(_played_at)] = None
    duration_min: Annotated[Any, AfterValidator(_minutes)] = None
    location: Annotated[Any, _text(LOCATION_MAX, "where you played, e.g. “Ana's kitchen”",
                                   keep_lines=False)] = None
    notes: Annotated[Any, _text(NOTES_MAX, "anything to remember about the match",
                                keep_lines=True)] = None

    def details(self) -> dict[str, Any]:
        """The duration, location and notes the body named."""
        return {key: getattr(self, key) for key in DETAIL_KEYS if key in self.model_fields_set}


class NewMatch(_MatchFields):
    id: Annotated[Any, AfterValidator(_client_id)] = None


class MatchEdit(_MatchFields):
    version: Any = None  # the version the edit started from: web/bodies.expected_version


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


def _score(state: Any):
    try:
        return score(state), None
    except StateError as exc:
        return None, state_error(exc, prefix="state")


@bp.post("")
@group_required
def create(gid: str):
    body = parse_body(NewMatch)
    mid = body.id or str(uuid.uuid4())
    played_at = body.played_at if "played_at" in body.model_fields_set else storage.now_iso()
    db = get_db()
    existing = storage.get_match(db, gid, mid, include_deleted=True)
    if existing:
        if existing.get("deleted_at"):
            return jsonify({"error": "this match was deleted; restore it instead of saving it again",
                            "path": "id"}), 409
        return jsonify(_public(existing)), 200
    result, error = _score(body.state)
    if error:
        return error
    error = _names_error(result)
    if error:
        return error
    match, created = storage.offload(storage.save_match, db, gid, mid, played_at, body.state,
                                     result, body.details())
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
    body = parse_body(MatchEdit)
    version, error = expected_version({"version": body.version})
    if error:
        return error
    db = get_db()
    stored = found_or_404(storage.get_match(db, gid, mid), NO_MATCH)
    if version is not None and version != stored["version"]:
        return conflict(_public(stored))
    result, error = _score(body.state)
    if error:
        return error
    error = _names_error(result, frozenset(p.get("name") for p in stored["result"].get("players", [])))
    if error:
        return error
    try:
        match = storage.update_match(db, gid, mid, body.state, result, body.played_at,
                                     body.details(), expected_version=version)
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
