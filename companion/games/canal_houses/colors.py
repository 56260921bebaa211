"""The colour bonus: the largest group of orthogonally connected same-colour
cards in one street, and who gets the single Color Bonus card.

Grid (scoring.md's reading): column = house index, row 0 = store, row k =
k-th window, the roof on row len(windows) + 1. Null colours never connect.
Colours compare ignoring case and surrounding spaces ("Orange" next to
"orange " is one group), since states are typed by hand on several phones as
well as picked from a list; validation has trimmed the spaces, the case is
folded once per card here. A group is named as its first card gives it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .state import House, color_key

Cell = tuple[int, int]

ALONE_POINTS = 4
TIED_POINTS = 2


@dataclass(frozen=True)
class Group:
    color: str
    cells: tuple[Cell, ...]

    @property
    def size(self) -> int:
        return len(self.cells)

    def to_json(self) -> dict[str, object]:
        return {"color": self.color, "size": self.size, "cells": [list(c) for c in self.cells]}


def grid(street: Sequence[House]) -> dict[Cell, str | None]:
    """Each card's colour by (house, row)."""
    cells: dict[Cell, str | None] = {}
    for col, house in enumerate(street):
        cells[(col, 0)] = house.store.color
        for row, window in enumerate(house.windows, start=1):
            cells[(col, row)] = window.color
        if house.roof is not None:
            cells[(col, len(house.windows) + 1)] = house.roof.color
    return cells


def largest_group(street: Sequence[House]) -> Group | None:
    """The street's largest group (None if no card has a colour). Among
    groups of equal size the first found, house by house, bottom up."""
    cells = grid(street)
    names = {cell: color for cell, color in cells.items() if color is not None}
    keys = {cell: color_key(color) for cell, color in names.items()}
    seen: set[Cell] = set()
    best: Group | None = None
    for start in sorted(keys):
        if start in seen:
            continue
        key = keys[start]
        members: list[Cell] = []
        todo = [start]
        seen.add(start)
        while todo:
            col, row = todo.pop()
            members.append((col, row))
            for nxt in ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)):
                if nxt not in seen and keys.get(nxt) == key:
                    seen.add(nxt)
                    todo.append(nxt)
        if best is None or len(members) > best.size:
            best = Group(names[start], tuple(sorted(members)))
    return best


def bonus_points(sizes: Sequence[int]) -> list[int]:
    """4 to the single largest group, 2 to each if tied, 0 to the rest;
    nobody if no card has a colour, and not scored with one player."""
    if len(sizes) < 2 or max(sizes, default=0) == 0:
        return [0] * len(sizes)
    best = max(sizes)
    holders = sum(1 for s in sizes if s == best)
    points = ALONE_POINTS if holders == 1 else TIED_POINTS
    return [points if s == best else 0 for s in sizes]
