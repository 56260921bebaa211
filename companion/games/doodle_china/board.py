"""One sheet during a live game: which squares a die lets a player draw in,
and what drawing there does (the immediate hotel, shop and skyscraper
scoring, with the track fall-back). Pure functions over the JSON game dict
that `play` keeps; `play` decides whose turn it is and when the game ends."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..common import PathPart, StateError
from .grid import PATHS, Cell, Grid, Pos, riverway_of
from .layouts import SHOP_BONUSES
from .scoring import claim_value

# Setup: the blue die picks the starting riverway's path (see docs/readings.md).
SETUP_PATHS = {1: "NS", 2: "EW", 3: "NE", 4: "NW", 5: "SE", 6: "SW"}
SIX = 6


class IllegalMove(StateError):
    """An event the rules do not allow now; `path` points into the event."""

    def __init__(self, message: str, path: str | Sequence[PathPart] = "event"):
        super().__init__(path, message)


def new_sheet(layout: dict[str, Any]) -> dict[str, Any]:
    """A blank sheet for a layout: printed kinds, nothing drawn or circled."""
    sheet: dict[str, Any] = {
        "grid": [list(row) for row in layout["cells"]],
        "houses": [{"cell": list(h["cell"]), "crossed": 0} for h in layout["houses"]],
        "floors": [],
        "trees_crossed": 0,
        "crossed_out": {key: [] for key in layout["tracks"]},
    }
    for key in layout["tracks"]:
        sheet[key] = []
    if layout["edition"] == "suzhou":
        sheet["largest_shop_houses"] = 0
    else:
        sheet["floors"] = [{"cell": [r, c], "added": 0, "scored": False}
                           for r, row in enumerate(layout["cells"])
                           for c, kind in enumerate(row) if kind == "skyscraper"]
    return sheet


def grid_of(sheet: dict[str, Any]) -> Grid:
    """The sheet's grid as immutable cells, for riverway questions."""
    return tuple(tuple(Cell(*text.split(":")) for text in row) for row in sheet["grid"])


def kind_at(sheet: dict[str, Any], pos: Pos) -> str:
    return sheet["grid"][pos[0]][pos[1]].split(":")[0]


def drawn(sheet: dict[str, Any], pos: Pos) -> bool:
    return ":" in sheet["grid"][pos[0]][pos[1]]


def house_entry(layout: dict[str, Any], sheet: dict[str, Any], pos: Pos) -> tuple[dict, dict]:
    """The layout's house square at `pos` and the sheet's crossings there."""
    for spec, mine in zip(layout["houses"], sheet["houses"], strict=True):
        if tuple(spec["cell"]) == pos:
            return spec, mine
    raise KeyError(pos)


def floor_entry(sheet: dict[str, Any], pos: Pos) -> dict[str, Any]:
    for tower in sheet["floors"]:
        if tuple(tower["cell"]) == pos:
            return tower
    raise KeyError(pos)


def drawable(layout: dict[str, Any], sheet: dict[str, Any], pos: Pos) -> bool:
    """A square the player can still draw in: an empty square, a house
    square with a house left to cross, a skyscraper not yet roaded."""
    kind = kind_at(sheet, pos)
    if kind == "house":
        spec, mine = house_entry(layout, sheet, pos)
        return mine["crossed"] < spec["count"] - spec["printed_crossed"]
    return not drawn(sheet, pos)


def trees_left(layout: dict[str, Any], sheet: dict[str, Any]) -> int:
    return layout["trees"] - sheet["trees_crossed"]


def die_targets(layout: dict[str, Any], sheet: dict[str, Any], blue: int,
                white: int) -> tuple[list[Pos], bool]:
    """(squares this white die lets the player draw in, whether taking it
    crosses a tree). Empty when the die is of no use to this sheet."""
    size = layout["rows"]
    everywhere = range(size)
    if layout["edition"] == "suzhou":
        cols = everywhere if blue == SIX else [blue - 1]
        if white == SIX:  # cross a tree, then any square of the blue column
            if trees_left(layout, sheet) <= 0:
                return [], True
            return [(r, c) for r in everywhere for c in cols if drawable(layout, sheet, (r, c))], True
        row = white - 1
        return [(row, c) for c in cols if drawable(layout, sheet, (row, c))], False
    pos = (white - 1, blue - 1)
    if kind_at(sheet, pos) == "park":
        # A park costs a tree, then any square of the park's row, whatever is
        # drawn in the park (its starting road usually is).
        if trees_left(layout, sheet) <= 0:
            return [], True
        return [(pos[0], c) for c in everywhere if drawable(layout, sheet, (pos[0], c))], True
    return ([pos] if drawable(layout, sheet, pos) else []), False


def drawing_options(layout: dict[str, Any], sheet: dict[str, Any], pos: Pos) -> list[dict[str, Any]]:
    """The `path`/`choice` keys a take may carry for a target square."""
    kind = kind_at(sheet, pos)
    if kind == "house":
        return [{}]
    roads = [{"path": p} for p in PATHS]
    if kind == "skyscraper":
        roads = [{"choice": "road", "path": p} for p in PATHS]
        if floor_entry(sheet, pos)["added"] < layout["skyscraper_floors"]["extra"] - 1:
            return [{"choice": "floor"}, *roads]
    return roads


def check_drawing(layout: dict[str, Any], sheet: dict[str, Any], pos: Pos,
                  path: str | None, choice: str | None) -> tuple[str, str] | None:
    """(the event key at fault, why) when `path`/`choice` do not fit the
    target square; None when they fit."""
    kind = kind_at(sheet, pos)
    if kind == "house":
        if path is not None:
            return "path", "a house square takes no path: one of its houses is crossed out"
        if choice is not None:
            return "choice", "\"choice\" is only for skyscrapers; this square is a house"
        return None
    if kind == "skyscraper":
        if choice is None:
            return "choice", ("a skyscraper needs \"choice\": \"floor\" (build a floor) or "
                              "\"road\" (draw a road and score it)")
        if choice == "floor":
            if path is not None:
                return "path", "building a floor draws no path; leave \"path\" out"
            if floor_entry(sheet, pos)["added"] >= layout["skyscraper_floors"]["extra"] - 1:
                return "choice", "this is the third drawing in this skyscraper: it must be \"road\""
            return None
    elif choice is not None:
        return "choice", f"\"choice\" is only for skyscrapers; this square is a {kind}"
    if path is None:
        return "path", f"a path is needed: one of {', '.join(PATHS)}"
    if path not in PATHS:
        return "path", f"unknown path \"{path}\"; a path joins two sides: {', '.join(PATHS)}"
    return None


def draw(game: dict[str, Any], who: int, pos: Pos, path: str | None,
         choice: str | None) -> list[str]:
    """Draw on player `who`'s sheet (already checked legal) and score what
    scores at once. Returns what happened, for the table to show."""
    layout, sheet = game["layout"], game["sheets"][who]
    name = game["players"][who]
    r, c = pos
    at = f"row {r + 1}, column {c + 1}"
    kind = kind_at(sheet, pos)
    if kind == "house":
        spec, mine = house_entry(layout, sheet, pos)
        mine["crossed"] += 1
        left = spec["count"] - spec["printed_crossed"] - mine["crossed"]
        return [f"{name} crossed out a house at {at} ({left} left there)"]
    if kind == "skyscraper" and choice == "floor":
        tower = floor_entry(sheet, pos)
        tower["added"] += 1
        floors = layout["skyscraper_floors"]["printed"] + tower["added"]
        return [f"{name} built a floor on the skyscraper at {at}: {floors} floors"]
    sheet["grid"][r][c] = f"{kind}:{path}"
    effects = [f"{name} drew {path} at {at} ({kind})"]
    if kind == "hotel":
        effects += _score_hotel(game, who, pos)
    elif kind == "shop":
        effects += _score_shop(game, who, pos)
    elif kind == "skyscraper":
        effects += _score_skyscraper(game, who, pos)
    return effects


def _taken(game: dict[str, Any], who: int, key: str) -> set[int]:
    sheet = game["sheets"][who]
    return set(sheet[key]) | set(sheet["crossed_out"][key])


def _circle(game: dict[str, Any], who: int, key: str, count: int,
            what: str) -> tuple[int | None, list[str]]:
    """Circle the best free value for `count`; Shanghai values are crossed
    out on every other sheet. Flags the game end on the track's top value."""
    track = game["layout"]["tracks"][key]
    value = claim_value(track, _taken(game, who, key), count)
    name = game["players"][who]
    if value is None:
        return None, [f"{what}: no free {key[:-1]} value at or below {count}, nothing circled"]
    game["sheets"][who][key].append(value)
    lower = "" if value == count else f" ({count} is not free, fell back to {value})"
    effects = [f"{what}: circled {key[:-1]} {value}{lower}"]
    if game["edition"] == "shanghai":
        for i, sheet in enumerate(game["sheets"]):
            if i != who:
                sheet["crossed_out"][key].append(value)
        effects.append(f"everyone else crosses out {key[:-1]} {value}")
    if value == track[-1]:
        game["end"]["reasons"].append(f"{name} scored the top {key[:-1]} value {value}")
    return value, effects


def _score_hotel(game: dict[str, Any], who: int, pos: Pos) -> list[str]:
    length = len(riverway_of(grid_of(game["sheets"][who]), pos))
    return _circle(game, who, "hotels", length, f"hotel on a way of {length} squares")[1]


def shop_houses(layout: dict[str, Any], sheet: dict[str, Any], way: list[Pos]) -> int:
    """Crossed-out houses (printed and player-crossed) in house squares that
    share a side with a square of the riverway."""
    near = {(r + dr, c + dc) for r, c in way for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return sum(spec["printed_crossed"] + mine["crossed"]
               for spec, mine in zip(layout["houses"], sheet["houses"], strict=True)
               if tuple(spec["cell"]) in near)


def _score_shop(game: dict[str, Any], who: int, pos: Pos) -> list[str]:
    layout, sheet = game["layout"], game["sheets"][who]
    houses = shop_houses(layout, sheet, riverway_of(grid_of(sheet), pos))
    sheet["largest_shop_houses"] = max(sheet["largest_shop_houses"], houses)
    value, effects = _circle(game, who, "shops", houses, f"shop with {houses} crossed-out houses")
    if value is not None:
        free = [b for b in SHOP_BONUSES if b <= value and str(b) not in game["bonuses"]]
        if free:
            bonus = max(free)
            game["bonuses"][str(bonus)] = game["players"][who]
            sheet["shop_bonuses"].append(bonus)
            for i, other in enumerate(game["sheets"]):
                if i != who:
                    other["crossed_out"]["shop_bonuses"].append(bonus)
            effects.append(f"first to score {bonus}+ shop points: bonus {bonus} "
                           "(everyone else crosses it out)")
    return effects


def _score_skyscraper(game: dict[str, Any], who: int, pos: Pos) -> list[str]:
    layout, sheet = game["layout"], game["sheets"][who]
    tower = floor_entry(sheet, pos)
    if tower["added"] == layout["skyscraper_floors"]["extra"] - 1:
        tower["added"] += 1  # the third drawing builds the last floor with the road
    tower["scored"] = True
    floors = layout["skyscraper_floors"]["printed"] + tower["added"]
    way = riverway_of(grid_of(sheet), pos)
    parks = sum(kind_at(sheet, p) == "park" for p in way)
    return _circle(game, who, "skyscrapers", floors * parks,
                   f"skyscraper of {floors} floors x {parks} connected parks")[1]
