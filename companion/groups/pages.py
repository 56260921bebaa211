"""Home (make a group, the groups this phone is in), the group's home page
(QR join code, phones, players, recent matches, a start button per game, open
tables) and the seat list a new Canal Houses or Canal Grande match starts from."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)

from .. import storage
from ..games.registry import GAME_NAMES
from ..matches.summary import summaries
from ..play.links import PLAYER_COUNTS, SEAT_LIST_FIRST, start_links, start_url
from ..web import access, keys
from ..web.access import group_page, not_found
from ..web.db import get_db
from ..web.pages import qr_svg
from .api import MAX_NAME, join_url, make_group

bp = Blueprint("groups", __name__)

RECENT = 5


def open_tables(db: Any, gid: str) -> dict[str, Any]:
    """The Doodle China dice tables still in play, to rejoin, and where to open one."""
    if "table.new_room" not in current_app.view_functions:
        return {"new": None, "open": []}
    rooms = [r for r in storage.list_rooms(db, gid, limit=10) if not r.get("finished_at")]
    return {"new": url_for("table.new_room", gid=gid),
            "open": [{"url": url_for("table.room", gid=gid, rid=r["id"]),
                      "edition": r["edition"].capitalize(), "mode": r["mode"],
                      "players": r["players"], "created_at": r["created_at"]} for r in rooms]}


@bp.route("/", methods=["GET", "POST"])
def home():
    error, typed = None, ""
    if request.method == "POST":
        typed = request.form.get("name", "")
        name = " ".join(typed.split())
        if not name:
            error = "Type a name for the group (for example “Thursday club”)."
        elif len(name) > MAX_NAME:
            error = f"The name is {len(name)} characters long; at most {MAX_NAME} are allowed."
        else:
            group = make_group(name)
            return redirect(url_for("groups.group_home", gid=group["id"]), code=303)
    groups = keys.my_groups()
    status = 422 if error else 200
    return render_template("groups/home.html", groups=groups, error=error, typed=typed,
                           max_name=MAX_NAME), status


@bp.get("/g/<gid>")
@group_page
def group_home(gid: str):
    db = get_db()
    recent = summaries(db, gid, storage.list_matches(db, gid, limit=RECENT))
    key = keys.current_key(g.group)
    mine = g.phone["id"] if g.phone else None
    joined = [{**p, "this_phone": p["id"] == mine}
              for p in storage.list_phones(db, gid, expired_before=access.expired_before())]
    page = render_template("groups/group.html", group=g.group, gid=gid,
                           join_url=join_url(gid, key) if key else None,
                           phone=g.phone, phones=joined, ask_who=request.args.get("who") == "1",
                           players=storage.list_players(db, gid),
                           recent=recent, total=storage.count_matches(db, gid),
                           starts=start_links(gid), tables=open_tables(db, gid),
                           photo_usage=_photo_usage(gid))
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"  # the page shows the group's key
    return response


def _photo_usage(gid: str) -> dict[str, Any]:
    """What the group's photos take of its quota, for the group page."""
    from ..photos.api import photo_usage

    usage = photo_usage(gid)
    return {"count": len(usage["photos"]), "used_mb": f"{usage['used_bytes'] / 2**20:.1f}",
            "quota_mb": f"{usage['quota_bytes'] / 2**20:.0f}"}


@bp.get("/g/<gid>/qr.svg")
@group_page
def group_qr(gid: str):
    """The join link as a QR code (SVG paths; it holds the key, so never cached)."""
    key = keys.current_key(g.group)
    if key is None:
        abort(404, description="this server no longer knows the group's invite: make a new "
                               "invite link on the group page")
    response = Response(qr_svg(join_url(gid, key)), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/g/<gid>/new/<game>")
@group_page
def new_match(gid: str, game: str):
    if game not in SEAT_LIST_FIRST:
        url = start_url(gid, game) if game in GAME_NAMES else None
        if url:
            return redirect(url)
        return not_found(f"There is no match page for “{game}” here: choose one of "
                         f"{', '.join(GAME_NAMES[x] for x in SEAT_LIST_FIRST)}.")
    low, high = PLAYER_COUNTS[game]
    return render_template("play/new_match.html", group=g.group, gid=gid, game=game,
                           game_name=GAME_NAMES[game], low=low, high=high,
                           play_url=url_for(SEAT_LIST_FIRST[game], gid=gid),
                           players=storage.list_players(get_db(), gid))
