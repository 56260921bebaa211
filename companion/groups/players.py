"""Player housekeeping: list, rename, hide, merge two players who are the
same person (their matches follow; the old name keeps resolving)."""

from __future__ import annotations

from typing import Annotated, Any

from flask import Blueprint, jsonify, request
from pydantic import BaseModel, BeforeValidator, ConfigDict

from .. import storage
from ..games.registry import PLAYER_NAME_MAX
from ..web.db import get_db
from ..web.errors import found_or_404, unprocessable
from ..web.json_body import json_body, parse_body
from ..web.security import group_required
from ..web.versions import conflict, expected_version

bp = Blueprint("api_players", __name__, url_prefix="/api/groups/<gid>/players")

MAX_NAME = PLAYER_NAME_MAX


def _public(player: dict[str, Any]) -> dict[str, Any]:
    return {"id": player["id"], "name": player["name"], "hidden": bool(player["hidden"]),
            "aliases": player.get("aliases", []), "version": player.get("version", 1)}


def _object(allowed: set[str], example: str) -> dict[str, Any] | tuple:
    body = json_body()
    if not isinstance(body, dict):
        return unprocessable("(body)", f"must be a JSON object like {example}")
    unknown = sorted(set(body) - allowed)
    if unknown:
        return unprocessable(unknown[0], f"is not a known key (allowed: {', '.join(sorted(allowed))})")
    if not body:
        return unprocessable("(body)", f"is empty: send {example}")
    return body


@bp.get("")
@group_required
def index(gid: str):
    """Players by plays; hidden ones only with ?hidden=1."""
    hidden = request.args.get("hidden", "0")
    if hidden not in ("0", "1"):
        return jsonify({"error": f"hidden must be 1 or 0, got {hidden!r}", "path": "hidden"}), 400
    players = storage.list_players(get_db(), gid, include_hidden=hidden == "1")
    return jsonify({"players": [{**p, "hidden": bool(p["hidden"])} for p in players]})


@bp.patch("/<int:pid>")
@group_required
def update(gid: str, pid: int):
    """{"name": "New name"} renames; {"hidden": true|false} hides or shows."""
    body = _object({"name", "hidden", "version"}, '{"name": "Ana"} or {"hidden": true}')
    if isinstance(body, tuple):
        return body
    version, error = expected_version(body)
    if error:
        return error
    db = get_db()
    stored = found_or_404(storage.get_player(db, gid, pid), f"no player {pid} in this group")
    if version is not None and version != stored["version"]:
        return conflict(_public(stored), "player")
    if "hidden" in body and not isinstance(body["hidden"], bool):
        return unprocessable("hidden", f"must be true or false, got {body['hidden']!r}")
    if "name" in body:
        name = body["name"]
        if not isinstance(name, str) or not name.strip():
            return unprocessable("name", "must be a non-empty string (the player's name)")
        if len(name.strip()) > MAX_NAME:
            return unprocessable("name", f"must be at most {MAX_NAME} characters")
        try:
            storage.rename_player(db, gid, pid, name, expected_version=version)
        except storage.VersionConflict as exc:
            return conflict(_public(exc.current), "player")
        except storage.PlayerConflict as exc:
            return jsonify({"error": str(exc), "path": "name"}), 409
    if "hidden" in body:
        storage.set_hidden(db, gid, pid, body["hidden"])
    return jsonify(_public(storage.get_player(db, gid, pid)))


def _player_id(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"must be the id (a whole number) of the player to keep, got {value!r}")
    return value


class MergeBody(BaseModel):
    """`{"into": 12}`: the id of the player to keep."""

    model_config = ConfigDict(extra="forbid")
    into: Annotated[int, BeforeValidator(_player_id)]


@bp.post("/<int:pid>/merge")
@group_required
def merge(gid: str, pid: int):
    """{"into": ID}: this player and ID are one person; ID is kept."""
    into = parse_body(MergeBody).into
    db = get_db()
    for which in (pid, into):
        found_or_404(storage.get_player(db, gid, which), f"no player {which} in this group")
    try:
        kept = storage.merge_players(db, gid, pid, into)
    except storage.PlayerConflict as exc:
        return jsonify({"error": str(exc), "path": "into"}), 409
    return jsonify(_public(kept))
