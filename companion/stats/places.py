"""Stats at one place (?location=): plays, wins, win rate and each game's mean
and best score, for the matches played there. The month aggregates behind the
other figures know no places, so these come straight from the matches; the
answer keeps the api.md "Stats" shape (no streaks or ratings)."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from .. import storage
from .filters import Filters
from .report import scope


def at_location(db: sqlite_utils.Database, gid: str, f: Filters) -> dict[str, Any]:
    assert f.location
    s = scope(gid, game=f.game, player_id=f.player_id, date_from=f.date_from, date_to=f.date_to)
    rows = storage.location_stats(db, gid, f.location, game=f.game, player_id=f.player_id,
                                  lo=s.lo, hi=s.hi)
    players: dict[int, dict[str, Any]] = {}
    for r in rows:
        if r["hidden"] and not f.include_hidden:
            continue
        p = players.setdefault(r["player_id"], {"name": r["name"], "plays": 0, "rated_plays": 0,
                                                "wins": 0, "games": {}})
        p["plays"] += r["plays"]
        p["rated_plays"] += r["rated_plays"] or 0
        p["wins"] += r["wins"] or 0
        p["games"][r["game"]] = {"plays": r["plays"], "wins": r["wins"] or 0,
                                 "mean_score": round(r["total"] / r["plays"], 2),
                                 "best": r["best"]}
    out = []
    for p in players.values():
        p["win_rate"] = round(p["wins"] / p["rated_plays"], 3) if p["rated_plays"] else None
        p["favourite_game"] = max(p["games"], key=lambda g: (p["games"][g]["plays"], g))
        out.append(p)
    out.sort(key=lambda p: (-(p["win_rate"] or 0), -p["plays"], p["name"].casefold()))
    return {"matches": storage.count_location_matches(db, gid, f.location, f.game),
            "location": f.location, "players": out}
