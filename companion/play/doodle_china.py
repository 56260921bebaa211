"""Doodle China score page (Suzhou and Shanghai) and the sheet layout editor.

The page draws each player's sheet from a layout (the built-in print-and-play
ones or a group's own, see api/layouts.py); the player taps in what is on the
paper and the page scores through POST /api/score. `?match=ID` (or the edit
address) opens a saved match to change it; the script is static/play/doodle_china/.

`?room=RID&match_id=MID` (the live table's "Score the paper sheets" link)
scores a paper table's sheets: the edition, layout and seating come from the
room, and the match is saved under the room's reserved match id through
POST /api/groups/<gid>/rooms/<rid>/match, so the dice record stays with it.
Once that match is saved, the same link opens it for editing."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, g, redirect, render_template, request, url_for

from .. import storage
from ..games import registry
from ..games.doodle_china.layouts import KINDS, SIZES, TRACKS, TREES
from ..web.access import group_page, me, not_found
from ..web.db import get_db
from .doodle_layouts import group_layouts

bp = Blueprint("doodle_china", __name__)

GAME = "doodle-china"
MAX_PLAYERS = registry.PLAYER_COUNTS[GAME][1]


def _urls(gid: str) -> dict[str, str]:
    return {"group": url_for("groups.group_home", gid=gid),
            "history": url_for("matches.history", gid=gid),
            "match": url_for("matches.match_page", gid=gid, mid="MID"),
            "play": url_for("doodle_china.new", gid=gid),
            "layouts": url_for("doodle_china.layouts", gid=gid),
            "layouts_api": f"/api/groups/{gid}/layouts"}


def _rules() -> dict[str, Any]:
    """What the page needs to know about each edition (from the engine)."""
    return {ed: {"size": SIZES[ed], "kinds": list(KINDS[ed]), "trees": TREES[ed],
                 "tracks": {k: list(v) for k, v in TRACKS[ed].items()}} for ed in SIZES}


def _room_context(gid: str, rid: str, mid: str | None) -> dict[str, Any] | Any:
    """What the page needs to score a live table's paper sheets, a redirect
    to the saved match, or an error page saying what is wrong."""
    db = get_db()
    room = storage.get_room(db, gid, rid)
    if room is None:
        return not_found("This Doodle China table is not in this group (the link may be "
                         "mistyped). Open the table from the group page, or start a new "
                         "Doodle China match there.")
    if mid is not None and mid != room["match_id"]:
        return not_found("This link's match_id does not belong to that table. Use the "
                         "table's own “Score the paper sheets” button (it carries the "
                         "right one), or leave match_id out.")
    saved = storage.get_match(db, gid, room["match_id"], include_deleted=True)
    if saved is not None and not saved.get("deleted_at"):
        return redirect(url_for("doodle_china.new", gid=gid, match=room["match_id"]))
    if saved is not None:
        body, _ = not_found("This table's match was saved and then deleted, so it cannot be "
                            "saved again under the table's match id. Score these sheets as a "
                            "new Doodle China match from the group page instead.")
        return body, 409
    game = room["state"]["game"]
    table_url = url_for("table.room", gid=gid, rid=rid) \
        if "table.room" in current_app.view_functions else None
    if game["mode"] != "paper":
        body, _ = not_found("This table was played on the phones (digital): its sheets are "
                            "scored by the table itself and the match is saved when the game "
                            "ends. Only paper tables are scored here.")
        return body, 409
    return {"id": rid, "match_id": room["match_id"], "edition": room["edition"],
            "players": list(room["players"]), "finished": room["finished_at"] is not None,
            "layout": {"name": game["layout"].get("name"), "cells": game["layout"]["cells"]},
            # The starting riverways / roads the table rolled, filled in on every sheet.
            "setup": {"squares": game["setup"]["squares"], "paths": game["setup"]["paths"]},
            "url": table_url, "save": f"/api/groups/{gid}/rooms/{rid}/match"}


@bp.get("/g/<gid>/play/doodle-china")
@group_page
def new(gid: str):
    mid = request.args.get("match") or None
    room = None
    rid = request.args.get("room") or None
    if rid and not mid:
        room = _room_context(gid, rid, request.args.get("match_id") or None)
        if not isinstance(room, dict):
            return room
    match = None
    if mid:
        match = storage.get_match(get_db(), gid, mid)
        if not match or match["game"] != GAME:
            return not_found("This Doodle China match is not in this group's history "
                             "(it may have been deleted).")
    data = {
        "gid": gid, "game": GAME, "max_players": MAX_PLAYERS,
        "match": {"id": match["id"], "state": match["state"], "result": match["result"],
                  "version": match["version"]}
        if match else None,
        "room": room,
        "layouts": group_layouts(gid),
        "players": [p["name"] for p in storage.list_players(get_db(), gid)],
        "me": (me() or {}).get("name"),
        "rules": _rules(),
        "urls": _urls(gid),
    }
    return render_template("play/doodle_china.html", group=g.group, gid=gid, data=data,
                           match=match, room=room)


@bp.get("/g/<gid>/play/doodle-china/matches/<mid>")
@group_page
def edit(gid: str, mid: str):
    return redirect(url_for("doodle_china.new", gid=gid, match=mid))


@bp.get("/g/<gid>/play/doodle-china/layouts")
@group_page
def layouts(gid: str):
    data = {"gid": gid, "layouts": group_layouts(gid), "rules": _rules(), "urls": _urls(gid),
            "open": request.args.get("layout") or None}
    return render_template("play/doodle_china_layouts.html", group=g.group, gid=gid, data=data)
