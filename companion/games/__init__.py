"""Pure scoring engines, one module per game, each exposing `score(state) -> result`.

`score` here dispatches on `state["game"]`. Engines never import Flask or
SQLite and do no I/O, so the same code scores for the CLI, the API and tests.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .common import StateError, require_object

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


__all__ = ["GAMES", "StateError", "engine", "score"]
