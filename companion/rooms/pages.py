"""The live table's pages: the join link of a room's QR code, the room page
(dice tray, turns, and in digital mode the phone's own sheet) and the page
that opens a room."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import (
    Blueprint,
    abort,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from .. import storage
from ..app import get_db
from ..web import ratelimit
from ..web.security import KEY_HEADER, known_groups, remember_key
from . import remember_room, room_token, tokens
from .api import base_url, join_url
from .qr import qr_data_uri

bp = Blueprint("rooms_pages", __name__)


def group_page(view: Callable) -> Callable:
    """Like `group_required`, but answering with pages: without the key a
    page saying how to get in (401); a wrong key or unknown group "not here"
    (404), never telling which."""

    @wraps(view)
    def wrapper(gid: str, *args: Any, **kwargs: Any):
        key = request.headers.get(KEY_HEADER)
        if key is None:
            key = known_groups().get(gid)
        if not key:
            return render_template("rooms/need_key.html"), 401
        group = storage.get_group(get_db(), gid)
        if group is None or not storage.key_matches(group, key):
            return render_template("rooms/not_found.html", message=(
                "This group is not open on this phone: the link or key does not match. "
                "Ask someone at the table to show the table's QR code again.")), 404
        g.group = group
        return view(gid, *args, **kwargs)

    return wrapper


@bp.get("/g/<gid>/rooms/<rid>/join")
def join(gid: str, rid: str):
    """Let this phone into the group and the room, then send it on to the
    room page without the token in the address."""
    ratelimit.check_allowed()
    token = request.args.get("token", "")
    db = get_db()
    room = storage.get_room(db, gid, rid)
    group = storage.get_group(db, gid)
    if not token or room is None or group is None \
            or not tokens.token_matches(room["token_hash"], token):
        ratelimit.note_failure()
        abort(404, description="this room link is not valid: ask for a fresh QR code")
    key = tokens.unseal(room["sealed_key"], token, rid)
    if not storage.key_matches(group, key):
        abort(404, description="this room link no longer opens the group: ask for a fresh QR code")
    remember_key(gid, key)
    remember_room(session, rid, token)
    response = redirect(url_for("rooms_pages.room", gid=gid, rid=rid), code=303)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/g/<gid>/rooms/<rid>")
@group_page
def room(gid: str, rid: str):
    group = g.group
    found = storage.get_room(get_db(), gid, rid)
    if found is None:
        abort(404, description="no such room in this group")
    token = room_token(session, rid)
    invite = join_url(gid, rid, token) if token else None
    return render_template("rooms/room.html", group=group, gid=gid, rid=rid, room=found,
                           invite=invite, invite_qr=qr_data_uri(invite) if invite else None,
                           api=f"/api/groups/{gid}/rooms/{rid}")


@bp.get("/g/<gid>/rooms/new")
@group_page
def new_room(gid: str):
    group = g.group
    return render_template("rooms/new.html", group=group, gid=gid,
                           api=f"/api/groups/{gid}/rooms", base=base_url())
