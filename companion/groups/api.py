"""Groups: create one, and the join link that lets a phone in.

A join link opened straight from the camera or typed in (Fetch Metadata
`Sec-Fetch-Site: none`, or our own pages) lets the phone in at once. Opened
from another site, it asks first ("Join <group>?", a form POST with the page's
CSRF token), so no site can slip a phone into a group it did not choose.
Browsers that send no Fetch Metadata fall back on the Referer."""

from __future__ import annotations

from typing import Annotated, Any

from flask import (
    Blueprint,
    current_app,
    g,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from pydantic import AfterValidator, BaseModel, ConfigDict

from .. import storage
from ..games.registry import GROUP_NAME_MAX
from ..web import keys
from ..web.access import group_required, public_write
from ..web.bodies import parse_body
from ..web.db import get_db
from ..web.pages import group_join_url

bp = Blueprint("api_groups", __name__)

MAX_NAME = GROUP_NAME_MAX
BROKEN_LINK = ("This join link does not work: it may be cut short, mistyped, or replaced by a "
               "newer invite. Ask the group for a fresh QR code.")


def join_url(gid: str, key: str) -> str:
    return group_join_url(gid, key)


def _group_name(value: str) -> str:
    name = value.strip()
    if not name:
        raise ValueError("must be a non-empty string (the group's name)")
    if len(name) > MAX_NAME:
        raise ValueError(f"must be at most {MAX_NAME} characters")
    return name


class GroupBody(BaseModel):
    """`{"name": "Thursday club"}`."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, AfterValidator(_group_name)]


def make_group(name: str) -> dict[str, Any]:
    """A new group, with this phone in it and the key sealed for its invite."""
    group = storage.create_group(get_db(), name)
    keys.keep_key(storage.get_group(get_db(), group["id"]), group["key"])
    keys.join(group["id"])
    return group


@bp.post("/api/groups")
@public_write
def create_group():
    name = parse_body(GroupBody).name
    group = make_group(name)
    response = jsonify({**group, "join_url": join_url(group["id"], group["key"])})
    response.headers["Cache-Control"] = "no-store"
    return response, 201


@bp.get("/api/groups/<gid>")
@group_required
def show_group(gid: str):
    db = get_db()
    return jsonify({"id": gid, "name": g.group["name"], "created_at": g.group["created_at"],
                    "matches": storage.count_matches(db, gid),
                    "players": storage.list_players(db, gid)})


def _group_for_key(gid: str, key: str) -> dict[str, Any]:
    """The group this join key opens, or the styled "link does not work" page.
    Only wrong keys count against the address; a right one always works."""
    group = storage.get_group(get_db(), gid) if key else None
    if group is None or not storage.key_matches(group, key):
        keys.wrong_link(BROKEN_LINK)
    keys.keep_key(group, key)
    return group


def _enter(gid: str):
    keys.join(gid)
    endpoint = "groups.group_home" if "groups.group_home" in current_app.view_functions else None
    target = url_for(endpoint, gid=gid) if endpoint else f"/api/groups/{gid}"
    return keys.private(redirect(target, code=303))


@bp.get("/g/<gid>/join")
def join(gid: str):
    """Let this phone in (or ask first, see the module), then send it on
    without the key in the address."""
    group = _group_for_key(gid, request.args.get("key", ""))
    if keys.is_member(gid):
        return keys.private(redirect(url_for("groups.group_home", gid=gid), code=303))
    if keys.from_another_site():
        page = render_template("groups/join_confirm.html", group=group, gid=gid,
                               key=request.args.get("key", ""), field="key",
                               action=url_for("api_groups.join_confirmed", gid=gid))
        return keys.private(make_response(page))
    return _enter(gid)


@bp.post("/g/<gid>/join")
def join_confirmed(gid: str):
    """The "Join" button of the confirmation page (CSRF-checked like every form)."""
    _group_for_key(gid, request.form.get("key", ""))
    return _enter(gid)
