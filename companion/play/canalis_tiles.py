"""The group's Canalis tiles: an industrial or specialty building typed in
once (name, cost, points, needs) is kept for the group and offered by kind
in the move form next time. The app knows no tile list of its own (none is
published): everything here was typed by the group. Tile data is checked by
the Canalis engine's own build models, so a kept tile always makes a valid
move."""

from __future__ import annotations

import re
import uuid
from typing import Any

from flask import Blueprint, abort, jsonify, request

from .. import storage
from ..app import get_db
from ..games import StateError
from ..games.canalis.model import IndustrialBuild, SpecialtyBuild
from ..games.common import parse
from ..games.registry import PLAYER_NAME_MAX
from ..web.json_body import json_body, unprocessable
from ..web.security import group_required

bp = Blueprint("api_tiles", __name__, url_prefix="/api/groups/<gid>/canalis-tiles")

MODELS = {"industrial": IndustrialBuild, "specialty": SpecialtyBuild}
DATA_KEYS = {"industrial": ("cost", "points", "needs"), "specialty": ("cost", "points")}
MAX_NAME = PLAYER_NAME_MAX  # the move form's name field takes the same (registry)
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
EXAMPLES = {
    "industrial": '{"cost": 3, "points": 7, "needs": ["dyes", "spices"]}',
    "specialty": '{"cost": 2, "points": null}',
}


def _tile_error(kind: str, name: str, data: Any) -> tuple[str, str] | None:
    """(path, message) if `data` is not a valid tile of `kind`."""
    if not isinstance(data, dict):
        return "data", f"must be an object, e.g. {EXAMPLES[kind]}"
    unknown = sorted(set(data) - set(DATA_KEYS[kind]))
    if unknown:
        return f"data.{unknown[0]}", f"is not a known key (allowed: {', '.join(DATA_KEYS[kind])})"
    build = {"kind": kind, "cells": [[0, 0]], "name": name, **data}
    try:
        parse(MODELS[kind], build)
    except StateError as exc:
        return f"data.{exc.path}", exc.message
    return None


def _read(body: Any, allowed: set[str]) -> tuple[dict[str, Any] | None, Any]:
    if not isinstance(body, dict):
        return None, unprocessable("(body)", "must be a JSON object like "
                                             '{"kind": "industrial", "name": "...", "data": {...}}')
    unknown = sorted(set(body) - allowed)
    if unknown:
        return None, unprocessable(unknown[0], f"is not a known key (allowed: {', '.join(sorted(allowed))})")
    kind = body.get("kind")
    if kind not in MODELS:
        return None, unprocessable("kind", f"must be one of {', '.join(MODELS)}, got {kind!r}")
    name = body.get("name")
    if not isinstance(name, str) or not name.strip():
        return None, unprocessable("name", "must be a non-empty string (the name printed on the tile)")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        return None, unprocessable("name", f"must be at most {MAX_NAME} characters")
    if "data" not in body:
        return None, unprocessable("data", f"is required: the tile, e.g. {EXAMPLES[kind]}")
    problem = _tile_error(kind, name, body["data"])
    if problem:
        return None, unprocessable(*problem)
    data = {k: body["data"][k] for k in DATA_KEYS[kind] if k in body["data"]}
    return {"kind": kind, "name": name, "data": data}, None


@bp.get("")
@group_required
def index(gid: str):
    kind = request.args.get("kind") or None
    if kind and kind not in MODELS:
        return jsonify({"error": f"kind must be one of {', '.join(MODELS)}", "path": "kind"}), 400
    return jsonify({"tiles": storage.list_tiles(get_db(), gid, kind)})


@bp.post("")
@group_required
def create(gid: str):
    body = json_body()
    fields, error = _read(body, {"id", "kind", "name", "data"})
    if error:
        return error
    tid = body.get("id")
    if tid is None:
        tid = str(uuid.uuid4())
    elif not isinstance(tid, str) or not ID_PATTERN.match(tid):
        return unprocessable("id", "must be a string of 1 to 64 letters, digits, '.', '_' or '-' "
                                   "(a client UUID)")
    tile, created = storage.save_tile(get_db(), gid, tid, **fields)
    return jsonify(tile), 201 if created else 200


@bp.get("/<tid>")
@group_required
def show(gid: str, tid: str):
    tile = storage.get_tile(get_db(), gid, tid)
    if not tile:
        abort(404, description="no such tile among this group's Canalis tiles")
    return jsonify(tile)


@bp.put("/<tid>")
@group_required
def update(gid: str, tid: str):
    fields, error = _read(json_body(), {"kind", "name", "data"})
    if error:
        return error
    tile = storage.update_tile(get_db(), gid, tid, **fields)
    if not tile:
        abort(404, description="no such tile among this group's Canalis tiles")
    return jsonify(tile)


@bp.delete("/<tid>")
@group_required
def delete(gid: str, tid: str):
    if not storage.delete_tile(get_db(), gid, tid):
        abort(404, description="no such tile among this group's Canalis tiles")
    return "", 204
