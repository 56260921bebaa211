"""The score pages this blueprint serves: Canal Houses and Canal Grande. A
page opens a new draft (players come from the new-match page) or, with
`?match=ID`, a saved match to edit and re-score."""

from __future__ import annotations

from typing import Any

from flask import g, render_template, request, url_for

from .. import storage
from ..app import get_db
from ..groups import bp
from ..web.page_access import GAME_NAMES, group_page, not_found


def _page(gid: str, game: str, template: str, extra: dict[str, Any]):
    mid = request.args.get("match") or None
    match = None
    if mid:
        match = storage.get_match(get_db(), gid, mid)
        if not match or match["game"] != game:
            return not_found(f"This {GAME_NAMES[game]} match is not in this group's history "
                             "(it may have been deleted).")
    data = {
        "gid": gid,
        "game": game,
        "match": {"id": match["id"], "state": match["state"], "result": match["result"],
                  "version": match["version"]}
        if match else None,
        "urls": {"group": url_for("pages.group_home", gid=gid),
                 "new": url_for("pages.new_match", gid=gid, game=game),
                 "match": url_for("pages.match_page", gid=gid, mid="MID"),
                 "history": url_for("pages.history", gid=gid)},
        **extra,
    }
    # `?street=NAME` (Canal Houses): this phone enters one player's street of the match.
    street = request.args.get("street") if match else None
    if street and street not in [p.get("name") for p in match["state"].get("players", [])]:
        street = None
    return render_template(template, group=g.group, gid=gid, data=data, match=match,
                           game_name=GAME_NAMES[game], street=street)


@bp.get("/g/<gid>/play/canal-houses")
@group_page
def play_houses(gid: str):
    # Colours and condition words reach the page with every game fact (base.html).
    return _page(gid, "canal-houses", "play/canal_houses.html", {})


@bp.get("/g/<gid>/play/canal-grande")
@group_page
def play_grande(gid: str):
    return _page(gid, "canal-grande", "play/canal_grande.html", {})  # districts: the facts
