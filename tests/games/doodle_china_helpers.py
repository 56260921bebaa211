"""Builders shared by the Doodle China tests: blank sheets, one-player and
multi-player states, grid rotations."""

from __future__ import annotations

import copy
from typing import Any

from companion.games.doodle_china.layouts import SIZES

FLIP = {"N": "S", "S": "N", "E": "W", "W": "E"}
SWAP = {"N": "W", "W": "N", "S": "E", "E": "S"}
CANON = {frozenset(p): p for p in ("NS", "EW", "NE", "NW", "SE", "SW")}


def blank(edition: str, kind: str = "plain") -> list[list[str]]:
    size = SIZES[edition]
    return [[kind] * size for _ in range(size)]


def suzhou_player(name: str = "Ana", **over: Any) -> dict[str, Any]:
    player = {"name": name, "grid": blank("suzhou"), "hotels": [], "shops": [],
              "shop_bonuses": [], "trees_crossed": 0}
    player.update(over)
    return player


def shanghai_player(name: str = "Ana", **over: Any) -> dict[str, Any]:
    player = {"name": name, "grid": blank("shanghai"), "hotels": [], "skyscrapers": [],
              "trees_crossed": 0}
    player.update(over)
    return player


def state(edition: str, *players: dict[str, Any]) -> dict[str, Any]:
    return {"game": "doodle-china", "edition": edition, "players": copy.deepcopy(list(players))}


def _map_cell(cell: str, sides: dict[str, str]) -> str:
    kind, _, path = cell.partition(":")
    if not path:
        return cell
    return f"{kind}:{CANON[frozenset(sides[s] for s in path)]}"


def rotate180(grid: list[list[str]]) -> list[list[str]]:
    """The sheet turned upside down, its paths turned with it."""
    return [[_map_cell(cell, FLIP) for cell in reversed(row)] for row in reversed(grid)]


def transpose(grid: list[list[str]]) -> list[list[str]]:
    """The sheet mirrored on its main diagonal (N<->W, S<->E)."""
    n = len(grid)
    return [[_map_cell(grid[c][r], SWAP) for c in range(n)] for r in range(n)]


# Live games ----------------------------------------------------------------

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"]


def roll(blue: int, *white: int, player: str | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "roll", "dice": {"blue": blue, "white": list(white)}}
    if player is not None:
        event["player"] = player
    return event


def take(player: str, die: int, cell: list[int] | None = None, path: str | None = None,
         choice: str | None = None) -> dict[str, Any]:
    event: dict[str, Any] = {"type": "take", "player": player, "die": die}
    for key, value in (("cell", cell), ("path", path), ("choice", choice)):
        if value is not None:
            event[key] = value
    return event


def pass_(player: str) -> dict[str, Any]:
    return {"type": "pass", "player": player}


def started(edition: str = "suzhou", players: int = 2, mode: str = "digital",
            setup_blue: int = 1, **options: Any) -> dict[str, Any]:
    """A game past its setup rolls (every start square drawn with the same
    blue value), waiting for round 1's roll."""
    from companion.games.doodle_china.play import apply, new_game

    game = new_game(edition, NAMES[:players], None, mode, **options)
    while game["phase"] == "setup":
        game = apply(game, roll(setup_blue))
    return game


def fill(game: dict[str, Any], who: int, cells: dict[tuple[int, int], str]) -> dict[str, Any]:
    """A copy of `game` with paths drawn straight onto one sheet (to set up a
    position); values are PATHs, the printed kind is kept."""
    game = copy.deepcopy(game)
    grid = game["sheets"][who]["grid"]
    for (r, c), path in cells.items():
        grid[r][c] = f"{grid[r][c].split(':')[0]}:{path}"
    return game


_STEP = {(-1, 0): "N", (1, 0): "S", (0, 1): "E", (0, -1): "W"}


def trail(cells: list[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """Paths that join `cells` (orthogonal neighbours, in order) into one
    riverway; each end also points away from its neighbour."""
    out = {}
    for i, (r, c) in enumerate(cells):
        sides = {_STEP[(cells[j][0] - r, cells[j][1] - c)]
                 for j in (i - 1, i + 1) if 0 <= j < len(cells)}
        if len(sides) == 1:
            sides.add(FLIP[next(iter(sides))])
        out[(r, c)] = CANON[frozenset(sides)]
    return out
