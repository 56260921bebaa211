"""Groups: create one, and the join link that lets a phone in."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, g, jsonify, redirect, request, url_for

from .. import storage
from ..app import get_db
from ..games.registry import GROUP_NAME_MAX
from ..web import ratelimit
from ..web.security import group_required, public_write, remember_key
from .body import json_body, unprocessable

bp = Blueprint("api_groups", __name__)

MAX_NAME = GROUP_NAME_MAX


def join_url(gid: str, key: str, base: str | None = None) -> str:
    base = (base or current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")
    return f"{base}/g/{gid}/join?key={key}"


def check_name(value: Any, path: str = "name") -> str | tuple:
    if not isinstance(value, str) or not value.strip():
        return unprocessable(path, "must be a non-empty string (the group's name)")
    if len(value.strip()) > MAX_NAME:
        return unprocessable(path, f"must be at most {MAX_NAME} characters")
    return value.strip()


@bp.post("/api/groups")
@public_write
def create_group():
    body = json_body()
    if not isinstance(body, dict):
        return unprocessable("(body)", 'must be a JSON object like {"name": "Thursday club"}')
    unknown = sorted(set(body) - {"name"})
    if unknown:
        return unprocessable(unknown[0], "is not a known key (allowed: name)")
    name = check_name(body.get("name"))
    if isinstance(name, tuple):
        return name
    group = storage.create_group(get_db(), name)
    remember_key(group["id"], group["key"])
    return jsonify({**group, "join_url": join_url(group["id"], group["key"])}), 201


@bp.get("/api/groups/<gid>")
@group_required
def show_group(gid: str):
    db = get_db()
    return jsonify({"id": gid, "name": g.group["name"], "created_at": g.group["created_at"],
                    "matches": storage.count_matches(db, gid),
                    "players": storage.list_players(db, gid)})


@bp.get("/g/<gid>/join")
def join(gid: str):
    """Set the group cookie, then send the phone on without the key in the URL."""
    key = request.args.get("key", "")
    ratelimit.check_allowed()
    group = storage.get_group(get_db(), gid)
    if not key or group is None or not storage.key_matches(group, key):
        ratelimit.note_failure()
        abort(404, description="this join link is not valid: ask the group for a fresh QR code")
    remember_key(gid, key)
    endpoint = "pages.group_home" if "pages.group_home" in current_app.view_functions else None
    target = url_for(endpoint, gid=gid) if endpoint else f"/api/groups/{gid}"
    response = redirect(target, code=303)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response
