"""Player housekeeping: list, rename, hide, merge two players who are the
same person (their matches follow; the old name keeps resolving)."""

from __future__ import annotations

from typing import Annotated, Any

from flask import Blueprint, jsonify, request
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, StrictBool

from .. import storage
from ..games.registry import PLAYER_NAME_MAX
from ..web.access import group_required
from ..web.bodies import conflict, expected_version, parse_body
from ..web.db import get_db
from ..web.errors import found_or_404, unprocessable

bp = Blueprint("api_players", __name__, url_prefix="/api/groups/<gid>/players")

MAX_NAME = PLAYER_NAME_MAX


def _public(player: dict[str, Any]) -> dict[str, Any]:
    return {"id": player["id"], "name": player["name"], "hidden": bool(player["hidden"]),
            "aliases": player.get("aliases", []), "version": player.get("version", 1)}


def _player_name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be a non-empty string (the player's name)")
    if len(value.strip()) > MAX_NAME:
        raise ValueError(f"must be at most {MAX_NAME} characters")
    return value


class PlayerEdit(BaseModel):
    """PATCH: {"name": "New name"} renames; {"hidden": true|false} hides or shows."""
    model_config = ConfigDict(extra="forbid")
    name: Annotated[Any, AfterValidator(_player_name)] = None
    hidden: StrictBool | None = None
    version: Any = None  # the version the edit started from: web/bodies.expected_version


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
    body = parse_body(PlayerEdit)
    if not body.model_fields_set:
        return unprocessable("(body)", 'is empty: send {"name": "Ana"} or {"hidden": true}')
    version, error = expected_version({"version": body.version})
    if error:
        return error
    db = get_db()
    stored = found_or_404(storage.get_player(db, gid, pid), f"no player {pid} in this group")
    if version is not None and version != stored["version"]:
        return conflict(_public(stored), "player")
    if body.name is not None:
        try:
            storage.rename_player(db, gid, pid, body.name, expected_version=version)
        except storage.VersionConflict as exc:
            return conflict(_public(exc.current), "player")
        except storage.PlayerConflict as exc:
            return jsonify({"error": str(exc), "path": "name"}), 409
    if body.hidden is not None:
        storage.set_hidden(db, gid, pid, body.hidden)
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
