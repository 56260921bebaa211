"""The photo pages (see the package doc). Every page needs the group's key
(pages.access.group_page: 401 page without it, 404 page for another group's);
names reach the browser only inside the page's JSON data and are set as text."""

from __future__ import annotations

from typing import Any

from flask import g, render_template, url_for

from .. import storage
from ..games import registry
from ..games.doodle_china.layouts import DEFAULT_LAYOUTS, get_layout
from ..games.registry import GAME_NAMES
from ..play.doodle_layouts import builtin_layouts
from ..web.access import group_page, not_found
from ..web.db import get_db
from .pages import bp

GAMES = ("doodle-china", "canal-houses")


def _urls(gid: str) -> dict[str, str]:
    return {"group": url_for("groups.group_home", gid=gid),
            "history": url_for("matches.history", gid=gid),
            "match": url_for("matches.match_page", gid=gid, mid="MID"),
            "reading": url_for("photos.reading", gid=gid, pid="PID"),
            "cards_page": url_for("photos.cards", gid=gid),
            "photos_page": url_for("photos.photos", gid=gid),
            "photos_api": f"/api/groups/{gid}/photos",
            "cards_api": f"/api/groups/{gid}/cards",
            "card_photos_api": f"/api/groups/{gid}/card-photos",
            "card_grid_api": f"/api/groups/{gid}/card-photos/grid",
            "upload": {game: url_for(UPLOAD_PAGES[game], gid=gid) for game in GAMES},
            "play": {"doodle-china": url_for("doodle_china.new", gid=gid),
                     "canal-houses": url_for("canal_houses.play", gid=gid)}}


def _players(gid: str) -> list[str]:
    return [p["name"] for p in storage.list_players(get_db(), gid)]


def _upload_page(gid: str, game: str):
    data = {"gid": gid, "game": game, "urls": _urls(gid)}
    return render_template("photos/upload.html", group=g.group, gid=gid, game=game,
                           game_name=GAME_NAMES[game], data=data)


@bp.get("/g/<gid>/photo/doodle-china")
@group_page
def upload_doodle(gid: str):
    return _upload_page(gid, "doodle-china")


@bp.get("/g/<gid>/photo/canal-houses")
@group_page
def upload_houses(gid: str):
    return _upload_page(gid, "canal-houses")


UPLOAD_PAGES = {"doodle-china": "photos.upload_doodle", "canal-houses": "photos.upload_houses"}


@bp.get("/g/<gid>/photos")
@group_page
def photos(gid: str):
    """The group's photos, newest first, with what they take of the quota and
    a Delete for each (the file goes with it)."""
    from .api import photo_usage

    usage = photo_usage(gid)
    items = [{**p, "image": url_for("api_photos.image", gid=gid, pid=p["id"]),
              "page": url_for("photos.reading", gid=gid, pid=p["id"]),
              "game_name": GAME_NAMES.get(p["game"], p["game"])}
             for p in reversed(usage["photos"])]
    data = {"gid": gid, "photos": items, "used_bytes": usage["used_bytes"],
            "quota_bytes": usage["quota_bytes"], "urls": _urls(gid)}
    return render_template("photos/photos.html", group=g.group, gid=gid, data=data)


@bp.get("/g/<gid>/photo/cards")
@group_page
def cards(gid: str):
    data = {"gid": gid, "urls": _urls(gid)}  # colours and condition words: base.html's facts
    return render_template("photos/cards.html", group=g.group, gid=gid, data=data)


def _doodle_extra(reading: dict[str, Any], gid: str | None = None) -> dict[str, Any]:
    """The sheet's layout (as the Doodle China page keeps it in a draft) and,
    when the reader said where the sheet is, the printed boxes to draw (a
    taught sheet's from its template: the homography is into its frame)."""
    name = (reading.get("sheet") or {}).get("layout")
    if name not in DEFAULT_LAYOUTS:
        return {"layout": None, "geometry": None}
    layout = next(lay for lay in builtin_layouts() if lay["id"] == name)
    geometry = None
    tid = (reading.get("sheet") or {}).get("template")
    if tid and gid and reading.get("homography") and reading.get("size"):
        stored = storage.get_template(get_db(), gid, str(tid))
        if stored is not None:
            t = stored["data"]
            geometry = {"cells": [[cell["box"] for cell in row] for row in t["cells"]],
                        "tracks": {k: [{"value": e["value"], "box": e["box"]} for e in v]
                                   for k, v in t["tracks"].items()},
                        "trees": [tr["box"] for tr in t["trees"]], "size": t["size"]}
    elif reading.get("homography") and reading.get("size"):
        from vision.doodle_china.sheet import sheet_geometry

        geo = sheet_geometry(get_layout(name))
        geometry = {"cells": [[cell["box"] for cell in row] for row in geo["cells"]],
                    "tracks": {k: [{"value": e["value"], "box": e["box"]} for e in v]
                               for k, v in geo["tracks"].items()},
                    "trees": [t["box"] for t in geo["trees"]], "size": geo["size"]}
    return {"layout": {"id": layout["id"], "name": layout["name"], "data": layout["data"]},
            "geometry": geometry}


@bp.get("/g/<gid>/photo/<pid>")
@group_page
def reading(gid: str, pid: str):
    photo = storage.get_photo(get_db(), gid, pid)
    if not photo or photo["game"] not in GAMES:
        return not_found("This photo is not in this group (it may belong to another group, or "
                         "the address is incomplete). Take or choose the photo again.")
    game = photo["game"]
    data: dict[str, Any] = {
        "gid": gid, "pid": pid, "game": game, "reading": photo["reading"],
        "image": url_for("api_photos.image", gid=gid, pid=pid),
        "players": _players(gid), "max_players": registry.PLAYER_COUNTS[game][1],
        "urls": _urls(gid),
    }
    if game == "doodle-china":
        data.update(_doodle_extra(photo["reading"], gid))
    template = "photos/doodle.html" if game == "doodle-china" else "photos/houses.html"
    return render_template(template, group=g.group, gid=gid, data=data, game_name=GAME_NAMES[game])


@bp.get("/g/<gid>/photo/doodle-china/teach")
@group_page
def teach(gid: str):
    """Teach once: a photo of a blank pad sheet -> a template the group's
    photos are read with (every printed value shown for a one-tap fix)."""
    data = {"gid": gid, "urls": {**_urls(gid), "templates_api": f"/api/groups/{gid}/templates",
                                 "layouts_page": url_for("doodle_china.layouts", gid=gid)},
            "layouts": [{"id": lay["id"], "name": lay["name"], "edition": lay["edition"]}
                        for lay in storage.list_layouts(get_db(), gid)]}
    return render_template("photos/teach.html", group=g.group, gid=gid, data=data)
