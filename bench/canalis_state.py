"""A large, realistic Canalis state for the score benchmark (bench/score.py).

20x20 board, 4 players, two 2-square harbors, natural gardens in the corners,
six starting resources, and 150 legal moves (canals grown from the harbors,
sealed canals and locks that earn fees, tenements, industrials that score,
gardens, specialties, schemes). Made by `companion.games.canalis.sample`, which
keeps only moves the engine accepts, so the state is legal by construction."""

from __future__ import annotations

from typing import Any

from companion.games.canalis.sample import random_game

ROWS = COLS = 20
PLAYERS = 4
MOVES = 150


def large_state(seed: int = 0) -> dict[str, Any]:
    """The benchmark state for `seed` (same seed, same state)."""
    state = random_game(seed, ROWS, COLS, PLAYERS, MOVES)
    if len(state["moves"]) != MOVES:
        raise RuntimeError(f"seed {seed} gave {len(state['moves'])} moves, not {MOVES}")
    return state


if __name__ == "__main__":
    import json
    import sys

    json.dump(large_state(int(sys.argv[1]) if len(sys.argv) > 1 else 0), sys.stdout,
              ensure_ascii=False)
