"""Sheet layouts for Doodle China: where each kind of square sits, the houses
printed in house squares, the score tracks, trees and skyscraper floors.

The project's own print-and-play layouts are `suzhou-v1` and `shanghai-v1`;
a group may make its own (same shape) to match the sheets it owns. The
scoring engine does not need a layout (a state carries its grid); the live
table, the printable sheet and the photo reader do.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import Field

from ..common import StateError, StrictModel, parse

SUZHOU_KINDS = ("plain", "start", "house", "hotel", "shop", "boat")
SHANGHAI_KINDS = ("plain", "park", "hotel", "skyscraper", "taxi", "bus")
KINDS = {"suzhou": SUZHOU_KINDS, "shanghai": SHANGHAI_KINDS}
# The squares the starting riverways (roads) are drawn in at setup. In Shanghai
# they are the parks themselves ("Players draw starting roads in the green park
# squares").
SETUP_KIND = {"suzhou": "start", "shanghai": "park"}
# Kinds older data may still hold, read as today's kind: before the parks were
# understood to be the starting squares, Shanghai had a separate `start` kind.
OLD_KINDS: dict[str, dict[str, str]] = {"suzhou": {}, "shanghai": {"start": "park"}}
SIZES = {"suzhou": 5, "shanghai": 6}
SHOP_BONUSES = (3, 5, 7, 10)
TREES = {"suzhou": 10, "shanghai": 12}
# Score tracks printed on every sheet of an edition (the values a player may
# circle). Scoring checks circled values against their range; play falls back
# along them (`claim_value`).
TRACKS: dict[str, dict[str, tuple[int, ...]]] = {
    "suzhou": {
        "hotels": (2, 3, 4, 5, 6, 8, 10, 12, 15),
        "shops": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        "shop_bonuses": SHOP_BONUSES,
    },
    "shanghai": {
        "hotels": tuple(range(1, 19)),
        "skyscrapers": tuple(range(1, 19)),
    },
}
# Each house square has two houses left to cross (the others are printed crossed).
HOUSES_TO_CROSS = 2
# Shanghai skyscrapers come with 2 floors; a player may add up to 3 more.
SKYSCRAPER_PRINTED_FLOORS = 2
SKYSCRAPER_EXTRA_FLOORS = 3

_SUZHOU_V1: dict[str, Any] = {
    "name": "suzhou-v1",
    "edition": "suzhou",
    "rows": 5,
    "cols": 5,
    "cells": [
        ["start", "house", "boat", "shop", "hotel"],
        ["boat", "start", "plain", "house", "plain"],
        ["shop", "plain", "start", "boat", "house"],
        ["house", "hotel", "plain", "start", "shop"],
        ["plain", "boat", "house", "hotel", "start"],
    ],
    # Each house square prints 3 or 4 houses, 1 or 2 already crossed out,
    # so exactly two remain for the player to cross.
    "houses": [
        {"cell": [0, 1], "count": 4, "printed_crossed": 2},
        {"cell": [1, 3], "count": 3, "printed_crossed": 1},
        {"cell": [2, 4], "count": 4, "printed_crossed": 2},
        {"cell": [3, 0], "count": 3, "printed_crossed": 1},
        {"cell": [4, 2], "count": 4, "printed_crossed": 2},
    ],
    "tracks": {
        "hotels": list(TRACKS["suzhou"]["hotels"]),
        "shops": list(TRACKS["suzhou"]["shops"]),
        "shop_bonuses": list(SHOP_BONUSES),
    },
    "trees": TREES["suzhou"],
}

_SHANGHAI_V1: dict[str, Any] = {
    "name": "shanghai-v1",
    "edition": "shanghai",
    "rows": 6,
    "cols": 6,
    "cells": [
        # The parks are the green starting squares (one per column): each gets
        # a starting road at setup.
        ["park", "hotel", "taxi", "plain", "bus", "skyscraper"],
        ["bus", "park", "plain", "hotel", "plain", "taxi"],
        ["taxi", "plain", "park", "skyscraper", "bus", "plain"],
        ["hotel", "skyscraper", "plain", "park", "plain", "bus"],
        ["plain", "bus", "taxi", "plain", "park", "hotel"],
        ["plain", "taxi", "hotel", "bus", "skyscraper", "park"],
    ],
    "houses": [],
    "tracks": {
        "hotels": list(TRACKS["shanghai"]["hotels"]),
        "skyscrapers": list(TRACKS["shanghai"]["skyscrapers"]),
    },
    "trees": TREES["shanghai"],
    "skyscraper_floors": {"printed": SKYSCRAPER_PRINTED_FLOORS, "extra": SKYSCRAPER_EXTRA_FLOORS},
}

DEFAULT_LAYOUTS: dict[str, dict[str, Any]] = {
    "suzhou-v1": _SUZHOU_V1,
    "shanghai-v1": _SHANGHAI_V1,
}
DEFAULT_FOR_EDITION = {"suzhou": "suzhou-v1", "shanghai": "shanghai-v1"}


def current_kind(edition: str, kind: str) -> str:
    """Today's name for a square kind that older data may spell otherwise
    (a Shanghai `start` is a `park`)."""
    return OLD_KINDS[edition].get(kind, kind)


def upgrade_cells(edition: str, cells: Any) -> Any:
    """A copy of a grid of cells (`KIND` or `KIND:PATH`) with old kinds
    renamed; anything that is not a list of lists of strings is returned as it
    is, for validation to refuse with its path."""
    if not OLD_KINDS.get(edition) or not isinstance(cells, list):
        return cells
    return [[_upgrade_cell(edition, cell) for cell in row] if isinstance(row, list) else row
            for row in cells]


def _upgrade_cell(edition: str, cell: Any) -> Any:
    if not isinstance(cell, str):
        return cell
    kind, sep, path = cell.partition(":")
    return current_kind(edition, kind) + sep + path


def get_layout(name: str) -> dict[str, Any]:
    """A deep copy of a built-in layout (callers may change their copy)."""
    if name not in DEFAULT_LAYOUTS:
        raise KeyError(f"unknown layout {name!r}; built in: {', '.join(DEFAULT_LAYOUTS)}")
    return copy.deepcopy(DEFAULT_LAYOUTS[name])


def known_layouts() -> dict[str, dict[str, Any]]:
    """Copies of the built-in layouts by name, each edition's default first: the
    data the photo reader (vision/doodle_china) is given, as vision knows no games."""
    return {name: get_layout(name) for name in DEFAULT_LAYOUTS}


def default_layout(edition: str) -> dict[str, Any]:
    return get_layout(DEFAULT_FOR_EDITION[edition])


class _House(StrictModel):
    cell: list[int] = Field(min_length=2, max_length=2)
    count: int = Field(ge=1)
    printed_crossed: int = Field(ge=0)


class _Floors(StrictModel):
    printed: int = Field(ge=1)
    extra: int = Field(ge=1)


class _Layout(StrictModel):
    name: str = Field(min_length=1)
    edition: Literal["suzhou", "shanghai"]
    rows: int
    cols: int
    cells: list[list[str]]
    houses: list[_House]
    tracks: dict[str, list[int]]
    trees: int
    skyscraper_floors: _Floors | None = None


def check_layout(layout: Any, edition: str, root: str = "layout") -> dict[str, Any]:
    """A layout a live game can run on (a built-in one or a group's own),
    returned as a fresh dict. Its tracks must stay inside the scoring
    contract's ranges so a finished game always scores. Old kinds (a Shanghai
    `start`) are read as today's (`park`)."""
    if isinstance(layout, dict) and "cells" in layout:
        layout = {**layout, "cells": upgrade_cells(edition, layout["cells"])}
    model = parse(_Layout, layout, root=(root,))
    data = model.model_dump(exclude_none=True)
    size, kinds = SIZES[edition], KINDS[edition]
    if model.edition != edition:
        raise StateError(f"{root}.edition", f"is {model.edition!r} but the game is {edition!r}")
    for key in ("rows", "cols"):
        if data[key] != size:
            raise StateError(f"{root}.{key}", f"must be {size} ({edition.capitalize()} is "
                             f"{size}x{size}), got {data[key]}")
    if len(model.cells) != size:
        raise StateError(f"{root}.cells", f"must have {size} rows, got {len(model.cells)}")
    for r, row in enumerate(model.cells):
        if len(row) != size:
            raise StateError(f"{root}.cells[{r}]", f"must have {size} squares, got {len(row)}")
        for c, kind in enumerate(row):
            if kind not in kinds:
                raise StateError(f"{root}.cells[{r}][{c}]", f"must be a kind of "
                                 f"{edition.capitalize()}: {', '.join(kinds)}; got {kind!r}")
    _check_houses(model, root)
    _check_tracks(model, edition, root)
    if not 1 <= model.trees <= TREES[edition]:
        raise StateError(f"{root}.trees", f"must be from 1 to {TREES[edition]}, got {model.trees}")
    if (edition == "shanghai") != (model.skyscraper_floors is not None):
        need = "is required for Shanghai" if edition == "shanghai" else "is only for Shanghai"
        raise StateError(f"{root}.skyscraper_floors", need)
    return data


def _check_houses(model: _Layout, root: str) -> None:
    wanted = {(r, c) for r, row in enumerate(model.cells) for c, k in enumerate(row) if k == "house"}
    seen: set[tuple[int, int]] = set()
    for i, house in enumerate(model.houses):
        pos = (house.cell[0], house.cell[1])
        if pos not in wanted or pos in seen:
            why = "is listed twice" if pos in seen else "is not a house square of cells"
            raise StateError(f"{root}.houses[{i}].cell", f"{list(pos)} {why}")
        if house.printed_crossed >= house.count:
            raise StateError(f"{root}.houses[{i}].printed_crossed",
                             f"must leave a house to cross: less than count ({house.count})")
        seen.add(pos)
    if wanted - seen:
        missing = sorted(wanted - seen)[0]
        raise StateError(f"{root}.houses", f"house square {list(missing)} has no entry "
                         "(count and printed_crossed)")


def _check_tracks(model: _Layout, edition: str, root: str) -> None:
    if set(model.tracks) != set(TRACKS[edition]):
        raise StateError(f"{root}.tracks", f"must have exactly the tracks "
                         f"{', '.join(TRACKS[edition])}, got {', '.join(model.tracks) or 'none'}")
    for key, values in model.tracks.items():
        allowed = TRACKS[edition][key]
        if key == "shop_bonuses" and tuple(values) != SHOP_BONUSES:
            raise StateError(f"{root}.tracks.{key}", f"must be {list(SHOP_BONUSES)}")
        if not values or values != sorted(set(values)) or values[0] < allowed[0] \
                or values[-1] > allowed[-1]:
            raise StateError(f"{root}.tracks.{key}", "must be distinct values, lowest first, "
                             f"from {allowed[0]} to {allowed[-1]}")
