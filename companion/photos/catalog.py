"""The group's card catalog (Canal Houses): save a store, roof or window card
once, pick it again next time. Card data is checked by the Canal Houses
engine itself, so a catalog card always fits into a state."""

from __future__ import annotations

import re
import uuid
from typing import Any

from flask import Blueprint, abort, jsonify, request

from .. import storage
from ..app import get_db
from ..games import StateError, score
from ..games.registry import LABEL_NAME_MAX
from ..web.json_body import json_body, unprocessable
from ..web.security import group_required
from ..web.versions import conflict, expected_version

bp = Blueprint("api_cards", __name__, url_prefix="/api/groups/<gid>/cards")

KINDS = ("store", "roof", "window")
MAX_NAME = LABEL_NAME_MAX
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
EXAMPLES = {
    "store": '{"points": 2, "color": "orange", "condition": {"at_least": {"cats": 1}}}',
    "roof": '{"points": 3, "color": "red", "condition": {"height": {"exactly": 4}}}',
    "window": '{"cats": 1, "birds": 0, "flags": 0, "flowerpots": 1, "color": "blue"}',
}
_PLAIN_STORE = {"points": 0, "color": None, "condition": {}}


def _card_error(kind: str, data: Any) -> tuple[str, str] | None:
    """(path, message) if `data` is not a valid card of `kind`, checked by
    scoring a one-house street that holds it."""
    if not isinstance(data, dict):
        return "data", f"must be an object, e.g. {EXAMPLES[kind]}"
    if kind == "window":
        house, prefix = {"store": _PLAIN_STORE, "windows": [data]}, "players[0].street[0].windows[0]"
    else:
        house = {"store": _PLAIN_STORE, "windows": [], kind: data} if kind == "roof" else {
            "store": data, "windows": []}
        prefix = f"players[0].street[0].{kind}"
    state = {"game": "canal-houses", "players": [{"name": "catalog", "street": [house]}]}
    try:
        score(state)
    except StateError as exc:
        path = exc.path
        if path.startswith(prefix):
            path = "data" + path[len(prefix):]
        return path, exc.message
    return None


def _read(body: Any, allowed: set[str]) -> tuple[dict[str, Any] | None, Any]:
    if not isinstance(body, dict):
        return None, unprocessable("(body)", "must be a JSON object like "
                                             '{"kind": "window", "name": "...", "data": {...}}')
    unknown = sorted(set(body) - allowed)
    if unknown:
        return None, unprocessable(unknown[0], f"is not a known key (allowed: {', '.join(sorted(allowed))})")
    kind = body.get("kind")
    if kind not in KINDS:
        return None, unprocessable("kind", f"must be one of {', '.join(KINDS)}, got {kind!r}")
    name = body.get("name")
    if not isinstance(name, str) or not name.strip():
        return None, unprocessable("name", "must be a non-empty string (what the card is called)")
    if len(name.strip()) > MAX_NAME:
        return None, unprocessable("name", f"must be at most {MAX_NAME} characters")
    if "data" not in body:
        return None, unprocessable("data", f"is required: the card, e.g. {EXAMPLES[kind]}")
    problem = _card_error(kind, body["data"])
    if problem:
        return None, unprocessable(*problem)
    return {"kind": kind, "name": " ".join(name.split()), "data": body["data"]}, None


@bp.get("")
@group_required
def index(gid: str):
    kind = request.args.get("kind") or None
    if kind and kind not in KINDS:
        return jsonify({"error": f"kind must be one of {', '.join(KINDS)}", "path": "kind"}), 400
    return jsonify({"cards": storage.list_cards(get_db(), gid, kind)})


@bp.post("")
@group_required
def create(gid: str):
    body = json_body()
    fields, error = _read(body, {"id", "kind", "name", "data"})
    if error:
        return error
    cid = body.get("id")
    if cid is None:
        cid = str(uuid.uuid4())
    elif not isinstance(cid, str) or not ID_PATTERN.match(cid):
        return unprocessable("id", "must be a string of 1 to 64 letters, digits, '.', '_' or '-' "
                                   "(a client UUID)")
    card, created = storage.save_card(get_db(), gid, cid, **fields)
    return jsonify(card), 201 if created else 200


@bp.get("/<cid>")
@group_required
def show(gid: str, cid: str):
    card = storage.get_card(get_db(), gid, cid)
    if not card:
        abort(404, description="no such card in this group's catalog")
    return jsonify(card)


@bp.put("/<cid>")
@group_required
def update(gid: str, cid: str):
    body = json_body()
    version, error = expected_version(body)
    if error:
        return error
    fields, error = _read(body, {"kind", "name", "data"})
    if error:
        return error
    try:
        card = storage.update_card(get_db(), gid, cid, **fields, expected_version=version)
    except storage.VersionConflict as exc:
        return conflict(exc.current, "card")
    if not card:
        abort(404, description="no such card in this group's catalog")
    return jsonify(card)


@bp.delete("/<cid>")
@group_required
def delete(gid: str, cid: str):
    if not storage.delete_card(get_db(), gid, cid):
        abort(404, description="no such card in this group's catalog")
    return "", 204
