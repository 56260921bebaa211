"""Canalis score page: the board's setup (size, harbors, gardens, resources),
then the game's moves tapped in on a board that pans and zooms, each move
checked and scored by the engine through POST /api/score; the score track,
crowns and the log of what each move caused come from its result.
`?match=ID` (or the edit address) opens a saved game to change it; the
script is static/play/canalis/."""

from __future__ import annotations

from flask import Blueprint, g, redirect, render_template, request, url_for

from .. import storage
from ..web.access import group_page, me, not_found
from ..web.db import get_db

bp = Blueprint("canalis", __name__)

GAME = "canalis"


@bp.get("/g/<gid>/play/canalis")
@group_page
def new(gid: str):
    mid = request.args.get("match") or None
    match = None
    if mid:
        match = storage.get_match(get_db(), gid, mid)
        if not match or match["game"] != GAME:
            return not_found("This Canalis game is not in this group's history "
                             "(it may have been deleted).")
    data = {
        "gid": gid, "game": GAME,
        "match": {"id": match["id"], "state": match["state"], "result": match["result"],
                  "version": match["version"]}
        if match else None,
        "players": [p["name"] for p in storage.list_players(get_db(), gid)],
        "tiles": storage.list_tiles(get_db(), gid),
        "me": (me() or {}).get("name"),
        "urls": {"group": url_for("groups.group_home", gid=gid),
                 "history": url_for("matches.history", gid=gid)},
    }
    return render_template("play/canalis.html", group=g.group, gid=gid, data=data,
                           match=match)


@bp.get("/g/<gid>/play/canalis/matches/<mid>")
@group_page
def edit(gid: str, mid: str):
    return redirect(url_for("canalis.new", gid=gid, match=mid))
