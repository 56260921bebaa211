"""The live table's pages: the join link of a room's QR code, the room page
(dice tray, turns, and in digital mode the phone's own sheet) and the page
that opens a room."""

from __future__ import annotations

from flask import (
    Blueprint,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)

from .. import storage
from ..web import access, keys
from ..web.db import get_db
from ..web.errors import found_or_404
from ..web.pages import public_base, qr_data_uri, room_join_url

bp = Blueprint("table", __name__)

group_page = access.page_access(
    "table/need_key.html",
    "This group is not open on this phone: the link or key does not match. Ask someone at "
    "the table to show the table's QR code again.")


def _room_for_token(gid: str, rid: str, token: str) -> dict:
    """The room this table link opens, or the styled "link does not work" page.
    Only wrong tokens count against the address; a right one always works."""
    db = get_db()
    room = storage.get_room(db, gid, rid)
    if not token or room is None or not keys.token_matches(room["token_hash"], token):
        keys.wrong_link("This table's link does not work: it may be cut short, mistyped "
                           "or replaced by a newer invite. Ask the table for a fresh QR code.")
    if keys.room_token(gid, room) is None:  # a table made before tokens were sealed
        storage.set_room_sealed_token(db, gid, rid, keys.seal_room_token(rid, token))
    return room


def _enter(gid: str, rid: str):
    keys.join(gid)
    return keys.private(redirect(url_for("table.room", gid=gid, rid=rid), code=303))


@bp.get("/g/<gid>/rooms/<rid>/join")
def join(gid: str, rid: str):
    """Let this phone into the group and the room (asking first when the link
    was followed from another site, like the group's join link), then send it
    on to the room page without the token in the address."""
    token = request.args.get("token", "")
    _room_for_token(gid, rid, token)
    if not keys.is_member(gid) and keys.from_another_site():
        group = storage.get_group(get_db(), gid)
        page = render_template("groups/join_confirm.html", group=group, gid=gid, key=token,
                               field="token", table=True,
                               action=url_for("table.join_confirmed", gid=gid, rid=rid))
        return keys.private(make_response(page))
    return _enter(gid, rid)


@bp.post("/g/<gid>/rooms/<rid>/join")
def join_confirmed(gid: str, rid: str):
    """The "Join" button of the confirmation page (CSRF-checked like every form)."""
    _room_for_token(gid, rid, request.form.get("token", ""))
    return _enter(gid, rid)


@bp.get("/g/<gid>/rooms/<rid>")
@group_page
def room(gid: str, rid: str):
    group = g.group
    found = found_or_404(storage.get_room(get_db(), gid, rid), "no such room in this group")
    token = keys.room_token(gid, found)
    invite = room_join_url(gid, rid, token) if token else None
    response = make_response(render_template(
        "table/table.html", group=group, gid=gid, rid=rid, room=found, invite=invite,
        invite_qr=qr_data_uri(invite) if invite else None, api=f"/api/groups/{gid}/rooms/{rid}"))
    response.headers["Cache-Control"] = "no-store"  # the invite holds the table's token
    return response


@bp.get("/g/<gid>/rooms/new")
@group_page
def new_room(gid: str):
    group = g.group
    return render_template("table/new.html", group=group, gid=gid,
                           api=f"/api/groups/{gid}/rooms", base=public_base())
