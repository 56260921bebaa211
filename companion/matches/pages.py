"""The group's history (filtered by game, player and place) and a match's
page (its result, dice record, edit and play-again links); the recently
deleted page is in `deleted`."""

from __future__ import annotations

from flask import Blueprint, g, render_template, request

from .. import storage
from ..games.registry import GAME_NAMES
from ..play.links import edit_url, play_again_url, url_or_none
from ..table.record import dice_record
from ..web.access import group_page, not_found
from ..web.db import get_db
from .summary import summaries, summary, with_current_names

bp = Blueprint("matches", __name__)

HISTORY_LIMIT = 200


@bp.get("/g/<gid>/history")
@group_page
def history(gid: str):
    db = get_db()
    game = request.args.get("game") or None
    if game not in GAME_NAMES:
        game = None
    player = (request.args.get("player") or "").strip() or None
    location = " ".join((request.args.get("location") or "").split()) or None
    matches = storage.list_matches(db, gid, game=game, player=player, limit=HISTORY_LIMIT,
                                   location=location)
    return render_template("matches/history.html", group=g.group, gid=gid, game=game,
                           player=player, location=location, games=GAME_NAMES,
                           players=storage.list_players(db, gid),
                           locations=storage.list_locations(db, gid),
                           matches=summaries(db, gid, matches), limit=HISTORY_LIMIT)


@bp.get("/g/<gid>/matches/<mid>")
@group_page
def match_page(gid: str, mid: str):
    db = get_db()
    match = storage.get_match(db, gid, mid)
    if not match:
        return not_found("This match is not in this group's history (it may have been "
                         "deleted). Open the history to see the group's matches.")
    record = dice_record(db, gid, mid) if match["game"] == "doodle-china" else None
    if record is not None:
        record["url"] = url_or_none("table.room", gid=gid, rid=record["room"]["id"])
    shown = with_current_names(match, storage.current_names(db, gid, [mid]).get(mid, {}))
    return render_template("matches/match.html", group=g.group, gid=gid, match=shown,
                           row=summary(shown), game_name=GAME_NAMES.get(match["game"], match["game"]),
                           edit_url=edit_url(gid, match), record=record,
                           again_url=play_again_url(gid, shown),
                           locations=storage.list_locations(db, gid))


from . import deleted  # noqa: E402,F401 (its route joins this blueprint)
