"""Pure scoring engines, one module per game, each exposing `score(state) -> result`.

`score` here dispatches on `state["game"]`. Engines never import Flask or
SQLite and do no I/O, so the same code scores for the CLI, the API and tests.
"""

from __future__ import annotations

import re
from importlib import import_module
from typing import Any

from .common import StateError, require_object

try:  # the one player-name limit lives in the game registry (issue 17, LOGGING)
    from .registry import PLAYER_NAME_MAX  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - until the registry lands
    PLAYER_NAME_MAX = 40

# Control characters and bidirectional overrides/isolates: a name must print as itself.
_HIDDEN = re.compile("[\x00-\x1f\x7f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

GAMES: dict[str, str] = {
    "canal-houses": "canal_houses",
    "doodle-china": "doodle_china",
    "canalis": "canalis",
    "canal-grande": "canal_grande",
}


def engine(game: str):
    """The engine module for a game id (raises StateError for unknown games)."""
    if game not in GAMES:
        raise StateError("game", f"must be one of {', '.join(GAMES)}, got {game!r}")
    return import_module(f"{__name__}.{GAMES[game]}")


def score(state: Any) -> dict[str, Any]:
    """Score any game's state; the result always names the game."""
    state = require_object(state)
    game = state.get("game")
    if game is None:
        raise StateError("game", f"is required: one of {', '.join(GAMES)}")
    if not isinstance(game, str):
        raise StateError("game", f"must be a string, one of {', '.join(GAMES)}")
    return engine(game).score(state)


def check_player_names(state: dict[str, Any]) -> None:
    """Every game's `players[i].name`: at most PLAYER_NAME_MAX characters
    (spaces collapsed), no control or bidirectional characters. Asked by the
    API for new input (POST /api/score); not by `score` itself, so a match
    saved before the limit can still be scored and edited."""
    players = state.get("players")
    if not isinstance(players, list):
        return
    for i, player in enumerate(players):
        name = player.get("name") if isinstance(player, dict) else None
        if not isinstance(name, str):
            continue
        clean = " ".join(name.split())
        if len(clean) > PLAYER_NAME_MAX:
            raise StateError(f"players[{i}].name", f"is {len(clean)} characters long; at most "
                                                   f"{PLAYER_NAME_MAX} are allowed")
        hidden = _HIDDEN.search(name)
        if hidden:
            raise StateError(f"players[{i}].name", f"contains the invisible character "
                                                   f"U+{ord(hidden.group()):04X}; names are plain text")


__all__ = ["GAMES", "PLAYER_NAME_MAX", "check_player_names", "StateError", "engine", "score"]
