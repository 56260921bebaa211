"""Where each game's pages are: the start button of each game on the group
page, the address that edits a saved match and the one that plays it again.
Games are served by their own blueprint in this package; a game without a page
gets None (the group page says "coming soon")."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import current_app, url_for
from werkzeug.routing import BuildError

from ..games import registry
from ..games.registry import GAME_NAMES

# game -> the blueprint of its score page (`.play` for the page, `.new`/`.edit` otherwise)
SEAT_LIST_FIRST = {"canal-houses": "canal_houses.play", "canal-grande": "canal_grande.play"}
OWN_START = {"doodle-china": "doodle_china", "canalis": "canalis"}
PLAYER_COUNTS = registry.PLAYER_COUNTS


def url_or_none(endpoint: str, **values: Any) -> str | None:
    """url_for, or None when the endpoint is not there (yet)."""
    if endpoint not in current_app.view_functions:
        return None
    try:
        return url_for(endpoint, **values)
    except BuildError:
        return None


def start_url(gid: str, game: str) -> str | None:
    """Canal Houses and Canal Grande start at the seat list; the others at their page."""
    if game in SEAT_LIST_FIRST:
        return url_for("groups.new_match", gid=gid, game=game)
    return url_or_none(f"{OWN_START.get(game, '-')}.new", gid=gid)


def start_links(gid: str) -> list[dict[str, Any]]:
    """One start button per game; games without a page show "coming soon"."""
    return [{"game": game, "name": name, "url": start_url(gid, game)}
            for game, name in GAME_NAMES.items()]


def edit_url(gid: str, match: dict[str, Any]) -> str | None:
    game = match["game"]
    if game in SEAT_LIST_FIRST:
        return url_for(SEAT_LIST_FIRST[game], gid=gid, match=match["id"])
    return url_or_none(f"{OWN_START.get(game, '-')}.edit", gid=gid, mid=match["id"])


def play_again_url(gid: str, match: dict[str, Any]) -> str | None:
    """A new match of the same game with the same players in the same seats
    (and the same edition), by today's names; Canal Houses and Canal Grande
    through the seat list, which warns about an unsaved draft."""
    names = [p.get("name", "") for p in (match.get("result") or {}).get("players", [])]
    query: list[tuple[str, str]] = [("player", n) for n in names if n]
    edition = (match.get("state") or {}).get("edition")
    if isinstance(edition, str):
        query.append(("edition", edition))
    base = start_url(gid, match["game"])
    return f"{base}?{urlencode(query)}" if base else None
