"""Reading the stats filters (?game=, ?player=, ?from=, ?to=, ?location=) from a query
string, with messages that say what was wrong and what is allowed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

import sqlite_utils

from .. import storage
from ..games import GAMES
from ..storage.stats_scope import Scope
from .report import scope


class FilterError(ValueError):
    def __init__(self, path: str, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


@dataclass(frozen=True)
class Filters:
    game: str | None = None
    player: str | None = None
    player_id: int | None = None
    date_from: date | None = None
    date_to: date | None = None
    include_hidden: bool = False
    location: str | None = None  # a place: every figure from that place's matches only

    def scope(self, gid: str, *, game: str | None = None) -> Scope:
        return scope(gid, game=game or self.game, player_id=self.player_id,
                     date_from=self.date_from, date_to=self.date_to, location=self.location)

    def query(self, **changes: str | None) -> dict[str, str]:
        """The filters as query-string arguments (for links between pages)."""
        out = {"game": self.game, "player": self.player,
               "from": self.date_from.isoformat() if self.date_from else None,
               "to": self.date_to.isoformat() if self.date_to else None,
               "location": self.location}
        out.update(changes)
        return {k: v for k, v in out.items() if v}


def _day(args: Mapping[str, str], key: str) -> date | None:
    text = (args.get(key) or "").strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise FilterError(key, f"must be a date like 2025-03-01 (YYYY-MM-DD), got {text!r}") \
            from None


def read_filters(db: sqlite_utils.Database, gid: str, args: Mapping[str, str],
                 *, game_required: bool = False) -> Filters:
    game = (args.get("game") or "").strip() or None
    if game is not None and game not in GAMES:
        raise FilterError("game", f"must be one of {', '.join(GAMES)}, got {game!r}")
    if game_required and game is None:
        raise FilterError("game", f"is required here: one of {', '.join(GAMES)}")
    player = (args.get("player") or "").strip() or None
    player_id = None
    if player is not None:
        player_id = storage.find_player(db, gid, player)
        if player_id is None:
            known = sorted(name for name, hidden in storage.player_names(db, gid).values()
                           if not hidden)
            raise FilterError("player", f"no player named {player!r} in this group"
                              + (f" (players: {', '.join(known)})" if known else
                                 " (no matches saved yet)"))
        player = storage.player_names(db, gid)[player_id][0]
    date_from, date_to = _day(args, "from"), _day(args, "to")
    if date_from and date_to and date_from > date_to:
        raise FilterError("from", f"must not be after to ({date_from} is after {date_to})")
    hidden = (args.get("hidden") or "").strip().lower()
    if hidden not in ("", "0", "1", "true", "false"):
        raise FilterError("hidden", f"must be 1 or 0, got {hidden!r}")
    location = " ".join((args.get("location") or "").split()) or None
    return Filters(game, player, player_id, date_from, date_to, hidden in ("1", "true"), location)
