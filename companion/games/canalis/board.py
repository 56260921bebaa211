"""The Canalis map: who occupies which square, the bodies of water, and which
tiles a building is connected to.

Two tiles are connected when they share a side, or when both share a side with
the same contiguous body of water (canal squares, harbor squares, locks water
squares). Water never runs through a building, and a third tile (a building, a
resource, a garden) never joins two others: only water does."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .model import Cell

BUILDINGS = ("industrial", "specialty", "tenement", "locks")
BOARD_KINDS = ("harbor", "garden", "resource")


@dataclass
class Tile:
    """One placed tile (or a board feature: harbor square, natural garden,
    starting resource). `move` is None for board features."""

    id: int
    kind: str
    cells: tuple[Cell, ...]
    owner: str | None = None
    move: int | None = None
    name: str | None = None
    water: Cell | None = None  # locks only
    value: int = 0  # gardens
    resource: str | None = None
    income: int = 0
    points: int | None = None
    cost: int = 0
    needs: tuple[str, ...] = ()
    scored: bool = False

    @property
    def water_cells(self) -> tuple[Cell, ...]:
        if self.kind in ("canal", "harbor"):
            return self.cells
        if self.kind == "locks" and self.water is not None:
            return (self.water,)
        return ()

    @property
    def all_cells(self) -> tuple[Cell, ...]:
        return self.cells + ((self.water,) if self.water is not None else ())

    def label(self, owner_too: bool = True) -> str:
        """How a log line names this tile."""
        where = f" (moves[{self.move}])" if self.move is not None else " (board)"
        owner = f"{possessive(self.owner)} " if owner_too and self.owner and self.kind != "canal" else ""
        if self.kind in ("industrial", "specialty"):
            return f"{owner}{self.name}{where}"
        if self.kind == "resource":
            return f"the {self.resource} resource{where}"
        if self.kind == "garden":
            return f"the garden worth {self.value}{where}"
        if self.kind == "canal" and self.owner:
            return f"the canal sealed by {self.owner}{where}"
        return f"{owner or 'a '}{self.kind}{where}"

    def to_json(self) -> dict:
        out: dict = {"id": self.id, "kind": self.kind, "cells": [list(c) for c in self.cells],
                     "owner": self.owner, "scored": self.scored, "move": self.move}
        if self.kind in ("industrial", "specialty"):
            out.update(name=self.name, cost=self.cost, points=self.points)
        if self.kind == "industrial":
            out["needs"] = list(self.needs)
        if self.kind == "locks":
            out["water"] = list(self.water) if self.water else None
        if self.kind == "garden":
            out["value"] = self.value
        if self.kind == "resource":
            out.update(resource=self.resource, income=self.income)
        return out


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def neighbors(cell: Cell) -> Iterator[Cell]:
    r, c = cell
    yield (r - 1, c)
    yield (r + 1, c)
    yield (r, c - 1)
    yield (r, c + 1)


def contiguous(cells: Iterable[Cell]) -> set[Cell]:
    """The squares joined by sides to the first one (all of them for a
    proper tile)."""
    cells = list(cells)
    if not cells:
        return set()
    pool, seen, todo = set(cells), {cells[0]}, [cells[0]]
    while todo:
        for n in neighbors(todo.pop()):
            if n in pool and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


@dataclass
class Reach:
    """What a building is connected to: the tiles, and whether a harbor is
    among the water it touches."""

    tiles: set[int] = field(default_factory=set)
    harbor: bool = False


@dataclass
class Waters:
    """Bodies of water on the board, with `removed` squares taken out (to ask
    "could it score without this player's water?")."""

    body: dict[Cell, int]
    touching: list[set[int]]  # tiles sharing a side with each body
    harbor: list[bool]


class Board:
    def __init__(self, rows: int, cols: int):
        self.rows = rows
        self.cols = cols
        self.tiles: list[Tile] = []
        self.at: dict[Cell, int] = {}

    def on_board(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def occupant(self, cell: Cell) -> Tile | None:
        tid = self.at.get(cell)
        return None if tid is None else self.tiles[tid]

    def add(self, tile: Tile) -> Tile:
        tile.id = len(self.tiles)
        self.tiles.append(tile)
        for cell in tile.all_cells:
            self.at[cell] = tile.id
        return tile

    def water_owner(self, cell: Cell) -> str | None:
        """The player holding a water square (sealed canal, locks water)."""
        tile = self.occupant(cell)
        return tile.owner if tile is not None and tile.kind in ("canal", "locks") else None

    def owned_water(self) -> dict[str, frozenset[Cell]]:
        out: dict[str, set[Cell]] = {}
        for tile in self.tiles:
            if tile.owner and tile.kind in ("canal", "locks"):
                out.setdefault(tile.owner, set()).update(tile.water_cells)
        return {k: frozenset(v) for k, v in out.items()}

    def waters(self, removed: frozenset[Cell] = frozenset()) -> Waters:
        water = {c for t in self.tiles for c in t.water_cells} - removed
        harbors = {c for t in self.tiles if t.kind == "harbor" for c in t.cells}
        body: dict[Cell, int] = {}
        touching: list[set[int]] = []
        harbor: list[bool] = []
        for start in sorted(water):
            if start in body:
                continue
            bid = len(touching)
            body[start] = bid
            todo, tiles, has_harbor = [start], set(), False
            while todo:
                cell = todo.pop()
                has_harbor |= cell in harbors
                for n in neighbors(cell):
                    if n in water:
                        if n not in body:
                            body[n] = bid
                            todo.append(n)
                    elif n in self.at:
                        tiles.add(self.at[n])
            touching.append(tiles)
            harbor.append(has_harbor)
        return Waters(body, touching, harbor)

    def reach(self, tile: Tile, waters: Waters) -> Reach:
        """Tiles sharing a side with `tile`, plus every tile on a body of water
        `tile` shares a side with."""
        own = set(tile.all_cells)
        out = Reach()
        for cell in tile.cells:
            for n in neighbors(cell):
                if n in own:
                    continue
                if n in self.at:
                    out.tiles.add(self.at[n])
                bid = waters.body.get(n)
                if bid is not None:
                    out.tiles |= waters.touching[bid]
                    out.harbor |= waters.harbor[bid]
        out.tiles.discard(tile.id)
        return out

    def adjacent(self, tile: Tile) -> list[Tile]:
        """Tiles sharing a side with `tile`, in placement order."""
        own = set(tile.all_cells)
        ids = {self.at[n] for c in tile.cells for n in neighbors(c) if n not in own and n in self.at}
        ids.discard(tile.id)
        return [self.tiles[i] for i in sorted(ids)]
