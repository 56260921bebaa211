"""Doodle China score page (Suzhou and Shanghai) and the sheet layout editor.

The page draws each player's sheet from a layout (the built-in print-and-play
ones or a group's own, see api/layouts.py); the player taps in what is on the
paper and the page scores through POST /api/score. `?match=ID` (or the edit
address) opens a saved match to change it; the script is static/play_doodle/."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, g, redirect, render_template, request, url_for

from .. import storage
from ..api.layouts import group_layouts
from ..app import get_db
from ..games.doodle_china.layouts import KINDS, SIZES, TRACKS, TREES
from ..pages.access import group_page, not_found

bp = Blueprint("play_doodle", __name__)

GAME = "doodle-china"
MAX_PLAYERS = 6


def _urls(gid: str) -> dict[str, str]:
    return {"group": url_for("pages.group_home", gid=gid),
            "history": url_for("pages.history", gid=gid),
            "match": url_for("pages.match_page", gid=gid, mid="MID"),
            "play": url_for("play_doodle.new", gid=gid),
            "layouts": url_for("play_doodle.layouts", gid=gid),
            "layouts_api": f"/api/groups/{gid}/layouts"}


def _rules() -> dict[str, Any]:
    """What the page needs to know about each edition (from the engine)."""
    return {ed: {"size": SIZES[ed], "kinds": list(KINDS[ed]), "trees": TREES[ed],
                 "tracks": {k: list(v) for k, v in TRACKS[ed].items()}} for ed in SIZES}


@bp.get("/g/<gid>/play/doodle-china")
@group_page
def new(gid: str):
    mid = request.args.get("match") or None
    match = None
    if mid:
        match = storage.get_match(get_db(), gid, mid)
        if not match or match["game"] != GAME:
            return not_found("This Doodle China match is not in this group's history "
                             "(it may have been deleted).")
    data = {
        "gid": gid, "game": GAME, "max_players": MAX_PLAYERS,
        "match": {"id": match["id"], "state": match["state"], "result": match["result"]}
        if match else None,
        "layouts": group_layouts(gid),
        "players": [p["name"] for p in storage.list_players(get_db(), gid)],
        "rules": _rules(),
        "urls": _urls(gid),
    }
    return render_template("play_doodle/play.html", group=g.group, gid=gid, data=data,
                           match=match)


@bp.get("/g/<gid>/play/doodle-china/matches/<mid>")
@group_page
def edit(gid: str, mid: str):
    return redirect(url_for("play_doodle.new", gid=gid, match=mid))


@bp.get("/g/<gid>/play/doodle-china/layouts")
@group_page
def layouts(gid: str):
    data = {"gid": gid, "layouts": group_layouts(gid), "rules": _rules(), "urls": _urls(gid),
            "open": request.args.get("layout") or None}
    return render_template("play_doodle/layouts.html", group=g.group, gid=gid, data=data)
