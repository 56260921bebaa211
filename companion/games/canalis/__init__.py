"""Canalis: the score track, replayed from the board's setup and the log of
moves (scoring.md, Canalis). The result is the score so far, so a state may
be scored after any move.

Readings this engine takes where the rulebook and the contract leave room:

- Order within a build: pay the cost (the crowns held before the move must
  cover it; the tile's own gain cannot pay for it), place the tile, take its
  gain, then check every unscored industrial. A gain or scheme that would
  leave fewer than 0 crowns is an error.
- Locks: `cells` is the one building square and `water` the one water square;
  they must share a side (the tile is two squares side by side). The water
  square is part of the body of water; the building square blocks water.
- An industrial scores completely (points, income, gardens, workers, fees)
  before the next one in build order starts, so its income can pay its own
  fees, and fees it pays can be spent by the receiver's later building.
- Income uses the best connected tile of each needed resource, even when
  that tile is reached only through someone's water.
- Fees: only other players' water counts (a player never pays themself). A
  player is owed 1 crown when the building could not score with all of that
  player's water squares (sealed canals, locks water) taken out. Harbors belong
  to no one. Seating order is the order of `players`: an owner short of
  crowns pays the first seats first, whoever built.
- A specialty with `points` above 0 scores when placed: it collects its
  adjacent gardens then, and a garden placed next to it later pays its owner.
  Without `points`, its end-of-game scoring is entered in `final` by hand.
- Tenements always cost 3 and locks 1: a `cost` key on them is refused, as
  is `"workers"` in `needs` (workers are always needed). 2 to 4 players.
- Player names in moves and `final` must match a player's name exactly.
- Resource names are compared exactly (`ore` is not `Ore`).

Besides the contract's keys the result has `events` (one per move: who, what
changed for whom, what scored, and everyone's score and crowns after it) and
`board` (every tile's squares, kind, owner and scored flag) for the live page.
"""

from __future__ import annotations

from typing import Any

from ..common import StateError, check_unique_names, parse
from .model import BUILD_KINDS, CanalisState
from .replay import PARTS, Replay


def load(state: Any) -> CanalisState:
    """Validate a state's shape and names (not yet its moves)."""
    model = parse(CanalisState, state, tags=BUILD_KINDS)
    names = [p.name for p in model.players]
    check_unique_names(names)
    for key in model.final:
        if key not in names:
            raise StateError(["final", key],
                             f'"{key}" is not a player; players are {", ".join(names)}')
    return model


def replay(model: CanalisState) -> Replay:
    """A replay with every move of the state applied."""
    game = Replay(model.board, [p.name for p in model.players])
    for move in model.moves:
        game.apply(move)
    return game


def score(state: Any) -> dict[str, Any]:
    """The Canalis result for a state (the score track after its last move)."""
    model = load(state)
    return replay(model).result(model.final)


__all__ = ["PARTS", "Replay", "load", "replay", "score"]
