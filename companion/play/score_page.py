"""The page around a Canal Houses or Canal Grande score sheet: a new draft
(players come from the seat list) or, with `?match=ID`, a saved match to edit
and re-score; its data (urls, the match) is written into the page for the
script."""

from __future__ import annotations

from typing import Any

from flask import g, render_template, request, url_for

from .. import storage
from ..games.registry import GAME_NAMES
from ..web.access import not_found
from ..web.db import get_db


def score_page(gid: str, game: str, template: str, extra: dict[str, Any]):
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
        "urls": {"group": url_for("groups.group_home", gid=gid),
                 "new": url_for("groups.new_match", gid=gid, game=game),
                 "match": url_for("matches.match_page", gid=gid, mid="MID"),
                 "history": url_for("matches.history", gid=gid)},
        **extra,
    }
    # `?street=NAME` (Canal Houses): this phone enters one player's street of the match.
    street = request.args.get("street") if match else None
    if street and street not in [p.get("name") for p in match["state"].get("players", [])]:
        street = None
    return render_template(template, group=g.group, gid=gid, data=data, match=match,
                           game_name=GAME_NAMES[game], street=street)
