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


@dataclass
class Body:
    """One body of water as it grows (union-find root): the tiles sharing a
    side with it, and what they bring a building that touches it."""

    touching: set[int] = field(default_factory=set)
    harbor: bool = False
    tenements: int = 0
    resources: dict[str, int] = field(default_factory=dict)
    waiting: set[int] = field(default_factory=set)  # unscored industrials touching it

    def summary(self) -> tuple[bool, bool, frozenset[str]]:
        return self.tenements > 0, self.harbor, frozenset(self.resources)


@dataclass
class Supplies:
    """What a building is connected to, as far as scoring asks."""

    workers: bool = False
    resources: set[str] = field(default_factory=set)
    harbor: bool = False


class Board:
    """Tiles are only ever added, so bodies of water are kept incrementally
    with union-find (each body knows the tiles touching it), and `dirty`
    collects the tiles whose connections may have gained something since the
    replay last looked: a move costs about the squares it touches, not the
    board (issue 15: 800 moves took 22 s when every move recomputed the
    waters for every waiting industrial)."""

    def __init__(self, rows: int, cols: int):
        self.rows = rows
        self.cols = cols
        self.tiles: list[Tile] = []
        self.at: dict[Cell, int] = {}
        self.parent: dict[Cell, Cell] = {}
        self.bodies: dict[Cell, Body] = {}
        self.dirty: set[int] = set()

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
        water = tile.water_cells
        for cell in water:
            self.parent[cell] = cell
            self.bodies[cell] = Body(harbor=tile.kind == "harbor")
        for cell in water:
            for n in neighbors(cell):
                if n in self.parent:
                    self._union(cell, n)
                elif n in self.at:
                    self._touch(self.find(cell), self.at[n])
        own_water = set(water)
        for cell in tile.cells:
            if cell in own_water:
                continue
            for n in neighbors(cell):
                if n in self.parent:
                    self._touch(self.find(n), tile.id)
        self.dirty.add(tile.id)
        for cell in tile.all_cells:
            for n in neighbors(cell):
                other = self.at.get(n)
                if other is not None and other != tile.id:
                    self.dirty.add(other)
        return tile

    # ----- union-find over water ------------------------------------------
    def find(self, cell: Cell) -> Cell:
        parent = self.parent
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    def _touch(self, root: Cell, tid: int) -> None:
        body = self.bodies[root]
        if tid in body.touching:
            return
        body.touching.add(tid)
        tile = self.tiles[tid]
        if tile.kind == "tenement":
            body.tenements += 1
            if body.tenements == 1:
                self.dirty |= body.waiting
        elif tile.kind == "resource" and tile.resource is not None:
            count = body.resources.get(tile.resource, 0)
            body.resources[tile.resource] = count + 1
            if count == 0:
                self.dirty |= body.waiting
        elif tile.kind == "industrial" and not tile.scored:
            body.waiting.add(tid)

    def _union(self, a: Cell, b: Cell) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        big, small = self.bodies[ra], self.bodies[rb]
        if len(big.touching) < len(small.touching):
            ra, rb, big, small = rb, ra, small, big
        before = (big.summary(), small.summary())
        for tid in small.touching:
            if tid not in big.touching:
                big.touching.add(tid)
                tile = self.tiles[tid]
                if tile.kind == "tenement":
                    big.tenements += 1
                elif tile.kind == "resource" and tile.resource is not None:
                    big.resources[tile.resource] = big.resources.get(tile.resource, 0) + 1
        big.harbor |= small.harbor
        big.waiting |= small.waiting
        self.parent[rb] = ra
        del self.bodies[rb]
        if big.summary() not in before or before[0] != before[1]:
            self.dirty |= big.waiting

    def take_dirty(self) -> set[int]:
        out, self.dirty = self.dirty, set()
        return out

    def _around(self, tile: Tile) -> tuple[set[int], set[Cell]]:
        """Tiles sharing a side with `tile`, and the bodies of water it touches
        (squares of its own, like a locks tile's water, do not count)."""
        own = set(tile.all_cells)
        tiles: set[int] = set()
        roots: set[Cell] = set()
        for cell in tile.cells:
            for n in neighbors(cell):
                if n in own:
                    continue
                if n in self.at:
                    tiles.add(self.at[n])
                if n in self.parent:
                    roots.add(self.find(n))
        tiles.discard(tile.id)
        return tiles, roots

    def supplies(self, tile: Tile) -> Supplies:
        """What scoring asks of `tile`'s connections, from the bodies' tallies
        (no walk over the tiles connected)."""
        tiles, roots = self._around(tile)
        out = Supplies()
        for tid in tiles:
            other = self.tiles[tid]
            if other.kind == "tenement":
                out.workers = True
            elif other.kind == "resource" and other.resource is not None:
                out.resources.add(other.resource)
        for root in roots:
            body = self.bodies[root]
            out.workers |= body.tenements > 0
            out.resources.update(body.resources)
            out.harbor |= body.harbor
        return out

    def reach_now(self, tile: Tile) -> Reach:
        """`reach` on the board as it stands, from the kept bodies."""
        tiles, roots = self._around(tile)
        out = Reach(tiles=tiles)
        for root in roots:
            body = self.bodies[root]
            out.tiles |= body.touching
            out.harbor |= body.harbor
        out.tiles.discard(tile.id)
        return out

    def touches_any(self, tile: Tile, cells: frozenset[Cell]) -> bool:
        """Whether any of `cells` (water) is in a body `tile` touches: taking
        other water away cannot change what `tile` reaches."""
        _tiles, roots = self._around(tile)
        return any(self.find(c) in roots for c in cells if c in self.parent)

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
