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
