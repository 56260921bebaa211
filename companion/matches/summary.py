"""A match as a list row shows it (history, group page, recently deleted,
match page): game and edition, date, winners, each player's total by the
name the player has today."""

from __future__ import annotations

from typing import Any

from .. import storage
from ..games import registry
from ..games.registry import GAME_NAMES


def with_current_names(match: dict[str, Any], seats: dict[int, str]) -> dict[str, Any]:
    """The match's result with each seat's name as the player is called today
    (after a rename or a merge); the stored state keeps the names as played."""
    result = match.get("result") or {}
    renamed = {p.get("name"): seats[i] for i, p in enumerate(result.get("players", []))
               if i in seats and seats[i] != p.get("name")}
    if not renamed:
        return match
    result = {**result,
              "players": [{**p, "name": renamed.get(p.get("name"), p.get("name"))}
                          for p in result.get("players", [])],
              "winners": [renamed.get(n, n) for n in result.get("winners", [])],
              "ranking": [renamed.get(n, n) for n in result.get("ranking", [])]}
    return {**match, "result": result}


def summaries(db: Any, gid: str, matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    names = storage.current_names(db, gid, [m["id"] for m in matches])
    return [summary(with_current_names(m, names.get(m["id"], {}))) for m in matches]


def summary(match: dict[str, Any]) -> dict[str, Any]:
    """What a list row shows: game and edition, date, winners, each player's
    total (or won/lost in a game without points), where and how long."""
    result = match.get("result") or {}
    winners = result.get("winners", [])
    win_lose = match["game"] in registry.WIN_LOSE_GAMES
    players = [{"name": p.get("name", ""), "total": p.get("total"),
                "outcome": ("won" if p.get("name") in winners else "lost") if win_lose else None}
               for p in result.get("players", [])]
    return {"id": match["id"], "game": match["game"],
            "game_name": GAME_NAMES.get(match["game"], match["game"]),
            "edition": registry.edition_label(match.get("state")),
            "played_at": match["played_at"], "winners": winners,
            "players": players, "win_lose": win_lose,
            "duration_min": match.get("duration_min"), "location": match.get("location"),
            "notes": match.get("notes")}
