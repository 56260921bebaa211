"""The drawn grid of a Doodle China sheet: cell parsing, joins between cells
and riverways (roads in Shanghai). Kept apart from scoring because the live
table (`play`) asks the same questions after every drawing."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..common import PathPart, StateError
from .layouts import KINDS, SIZES, current_kind

# A path joins two sides of its square; the six the rulebook allows.
PATHS: dict[str, frozenset[str]] = {
    "NS": frozenset("NS"),
    "EW": frozenset("EW"),
    "NE": frozenset("NE"),
    "NW": frozenset("NW"),
    "SE": frozenset("SE"),
    "SW": frozenset("SW"),
}
# Side -> (row step, column step, the side it meets on the neighbour).
SIDES: dict[str, tuple[int, int, str]] = {
    "N": (-1, 0, "S"),
    "S": (1, 0, "N"),
    "E": (0, 1, "W"),
    "W": (0, -1, "E"),
}
# Kinds whose squares take no path: houses are crossed out instead.
NO_PATH_KINDS = frozenset({"house"})

Pos = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Cell:
    """One square: its printed kind and the path drawn in it (None: empty)."""

    kind: str
    path: str | None = None

    def __str__(self) -> str:
        return self.kind if self.path is None else f"{self.kind}:{self.path}"


Grid = tuple[tuple[Cell, ...], ...]


def path_name(sides: Iterable[str]) -> str:
    """The canonical name (NS, EW, NE, ...) of the path joining two sides."""
    wanted = frozenset(sides)
    for name, pair in PATHS.items():
        if pair == wanted:
            return name
    raise ValueError(f"no path joins {sorted(wanted)}")


def parse_cell(raw: Any, edition: str, where: Sequence[PathPart]) -> Cell:
    """`KIND` or `KIND:PATH`, refused with a readable message otherwise. An
    old kind is read as today's (a Shanghai `start` is a `park`)."""
    kinds = KINDS[edition]
    example = f'"{kinds[-1]}:NS"'
    if not isinstance(raw, str):
        raise StateError(where, f"must be a string like \"plain\" or {example}, got {_show(raw)}")
    parts = raw.split(":")
    if len(parts) > 2 or not parts[0] or (len(parts) == 2 and not parts[1]):
        raise StateError(where, f"must be KIND or KIND:PATH (like \"plain\" or {example}), "
                                f"got \"{raw}\"")
    kind = current_kind(edition, parts[0])
    if kind not in kinds:
        raise StateError(where, f"unknown kind \"{kind}\"; {edition.capitalize()} kinds are "
                                f"{', '.join(kinds)}")
    if len(parts) == 1:
        return Cell(kind)
    path = parts[1]
    if path not in PATHS:
        hint = _path_hint(path)
        raise StateError(where, f"unknown path \"{path}\"{hint}; a path joins two sides: "
                                f"{', '.join(PATHS)}")
    if kind in NO_PATH_KINDS:
        raise StateError(where, f"a {kind} square takes no path (its houses are crossed out "
                                f"instead); write \"{kind}\"")
    return Cell(kind, path)


def parse_grid(raw: Any, edition: str, root: Sequence[PathPart]) -> Grid:
    """A size x size list of rows, each cell parsed; errors name the cell."""
    size = SIZES[edition]
    shape = f"{size} rows of {size} cells ({edition.capitalize()} is {size}x{size})"
    if not isinstance(raw, list):
        raise StateError(root, f"must be a list of {shape}, got {_show(raw)}")
    if len(raw) != size:
        raise StateError(root, f"must have {shape}, got {len(raw)} rows")
    rows: list[tuple[Cell, ...]] = []
    for r, row in enumerate(raw):
        if not isinstance(row, list):
            raise StateError([*root, r], f"must be a list of {size} cells, got {_show(row)}")
        if len(row) != size:
            raise StateError([*root, r], f"must have {size} cells ({edition.capitalize()} is "
                                         f"{size}x{size}), got {len(row)}")
        rows.append(tuple(parse_cell(cell, edition, [*root, r, c]) for c, cell in enumerate(row)))
    return tuple(rows)


def joined_neighbours(grid: Grid, pos: Pos) -> list[Pos]:
    """Neighbours joined to `pos`: both paths touch the shared side."""
    r, c = pos
    path = grid[r][c].path
    if path is None:
        return []
    out = []
    for side in PATHS[path]:
        dr, dc, other = SIDES[side]
        nr, nc = r + dr, c + dc
        if 0 <= nr < len(grid) and 0 <= nc < len(grid[nr]):
            npath = grid[nr][nc].path
            if npath is not None and other in PATHS[npath]:
                out.append((nr, nc))
    return out


def riverway_of(grid: Grid, start: Pos) -> list[Pos]:
    """The maximal set of joined cells holding `start`, in reading order
    (empty when nothing is drawn at `start`)."""
    if grid[start[0]][start[1]].path is None:
        return []
    seen = {start}
    todo = [start]
    while todo:
        for nxt in joined_neighbours(grid, todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return sorted(seen)


def riverways(grid: Grid) -> list[list[Pos]]:
    """Every riverway on the sheet (a lone drawn square is one of length 1),
    in reading order of their first cell."""
    seen: set[Pos] = set()
    out = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell.path is not None and (r, c) not in seen:
                way = riverway_of(grid, (r, c))
                seen.update(way)
                out.append(way)
    return out


def with_cell(grid: Grid, pos: Pos, cell: Cell) -> Grid:
    """A copy of `grid` with one square replaced (grids are immutable)."""
    r, c = pos
    row = grid[r][:c] + (cell,) + grid[r][c + 1:]
    return grid[:r] + (row,) + grid[r + 1:]


def _path_hint(text: str) -> str:
    """A suggestion for a path written in another order or case ("SN", "ne")."""
    letters = set(text.upper())
    if len(text) == 2 and len(letters) == 2 and letters <= set("NSEW"):
        return f" (did you mean \"{path_name(letters)}\"?)"
    return ""


def to_json(grid: Grid) -> list[list[str]]:
    return [[str(cell) for cell in row] for row in grid]


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f"\"{value}\""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if value is None:
        return "null"
    return repr(value)
