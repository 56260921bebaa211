"""End-of-game scoring for Doodle China (Suzhou and Shanghai), per
scoring.md: circled hotel/shop/skyscraper values, connected boats (taxis,
buses) found from the drawn grid, trees, tie-breaks and the solo table.

Circled values are trusted as circled (they were scored during play, when
the grid looked different), so they are checked only against the tracks and
against each other, never against the final grid."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import Field

from ..common import (
    PathPart,
    Reason,
    StateError,
    StrictModel,
    check_unique_names,
    parse,
    player_result,
    rank,
    require_object,
)
from .grid import Grid, Pos, parse_grid, riverways
from .layouts import SHOP_BONUSES, TRACKS, TREES

Edition = Literal["suzhou", "shanghai"]

# Points per connected vehicle and the part each scores into.
VEHICLES: dict[str, dict[str, tuple[str, int]]] = {
    "suzhou": {"boat": ("boats", 4)},
    "shanghai": {"taxi": ("taxis", 3), "bus": ("buses", 5)},
}
TREE_POINTS = {"suzhou": 4, "shanghai": 7}
PARTS = {
    "suzhou": ("hotels", "shops", "shop_bonuses", "boats", "trees"),
    "shanghai": ("hotels", "skyscrapers", "taxis", "buses", "trees"),
}
# Tracks whose values one player at most may hold (the others cross them out).
SHARED_TRACKS = {"suzhou": ("shop_bonuses",), "shanghai": ("hotels", "skyscrapers")}
SOLO_RANKS = ((120, "World Power"), (105, "President"), (90, "Mayor"), (70, "Entrepreneur"),
              (50, "Landlord"), (30, "Tenant"), (-10**9, "Try again!"))
HOTEL_MAGNATE = 42
CAPITALIST = 74
SHOPPING_SPREE = 16


# Sheets one state may hold: the same 6 as a live table (play.MAX_PLAYERS), one
# white die more than players (docs/readings.md, "Sizes").
MAX_SHEETS = 6


class _Head(StrictModel):
    game: Literal["doodle-china"]
    edition: Edition
    players: list[Any] = Field(min_length=1, max_length=MAX_SHEETS)


class SuzhouPlayer(StrictModel):
    name: str = Field(min_length=1)
    grid: Any
    hotels: list[int]
    shops: list[int]
    shop_bonuses: list[int]
    trees_crossed: int
    largest_shop_houses: int | None = Field(default=None, ge=0)


class ShanghaiPlayer(StrictModel):
    name: str = Field(min_length=1)
    grid: Any
    hotels: list[int]
    skyscrapers: list[int]
    trees_crossed: int


PLAYER_MODELS: dict[str, type[SuzhouPlayer] | type[ShanghaiPlayer]] = {
    "suzhou": SuzhouPlayer, "shanghai": ShanghaiPlayer}


def claim_value(track: Sequence[int], taken: set[int], count: int) -> int | None:
    """The rulebook's fall-back: the highest track value not above `count`
    that is still free (None when nothing is left to circle)."""
    free = [v for v in track if v <= count and v not in taken]
    return max(free) if free else None


def _check_track(edition: str, key: str, values: Sequence[int],
                 root: Sequence[PathPart]) -> None:
    """Each value on its track's range, each at most once per sheet."""
    track = TRACKS[edition][key]
    where: dict[int, int] = {}
    for i, value in enumerate(values):
        if key == "shop_bonuses":
            if value not in SHOP_BONUSES:
                raise StateError([*root, key, i], f"must be one of the shop bonuses "
                                 f"{', '.join(map(str, SHOP_BONUSES))}, got {value}")
        elif not track[0] <= value <= track[-1]:
            raise StateError([*root, key, i], f"must be a circled {_word(key)} value from "
                             f"{track[0]} to {track[-1]} (the {edition.capitalize()} track), "
                             f"got {value}")
        if value in where:
            raise StateError([*root, key, i], f"{value} is already circled at {key}[{where[value]}]; "
                             "each value can be circled once per sheet")
        where[value] = i


def _check_shared(edition: str, players: Sequence[Any]) -> None:
    """Shanghai hotel/skyscraper values and Suzhou shop bonuses go to one
    player only: everyone else crossed them out."""
    for key in SHARED_TRACKS[edition]:
        owner: dict[int, tuple[int, int]] = {}
        for p, player in enumerate(players):
            for i, value in enumerate(getattr(player, key)):
                if value in owner:
                    q, j = owner[value]
                    raise StateError(f"players[{p}].{key}[{i}]",
                                     f"{_word(key)} {value} is also circled at players[{q}].{key}[{j}] "
                                     f"({players[q].name}); one player at most may circle it, "
                                     "the others cross it out")
                owner[value] = (p, i)


def _word(key: str) -> str:
    return {"hotels": "hotel", "shops": "shop", "skyscrapers": "skyscraper",
            "shop_bonuses": "shop bonus"}[key]


def vehicles(edition: str, grid: Grid, ways: list[list[Pos]]) -> list[dict[str, Any]]:
    """Every boat (taxi, bus) square: connected when its riverway holds
    another of the same kind."""
    way_of = {pos: i for i, way in enumerate(ways) for pos in way}
    kinds = VEHICLES[edition]
    out = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell.kind not in kinds:
                continue
            i = way_of.get((r, c))
            mates = 0 if i is None else sum(grid[pr][pc].kind == cell.kind for pr, pc in ways[i]) - 1
            out.append({"cell": [r, c], "kind": cell.kind, "connected": mates > 0,
                        "mates": mates, "length": 0 if i is None else len(ways[i])})
    return out


def _vehicle_parts(edition: str, found: list[dict[str, Any]]
                   ) -> tuple[dict[str, int], list[str], list[Reason]]:
    parts = {part: 0 for part, _ in VEHICLES[edition].values()}
    details, reasons = [], []
    for v in found:
        part, points = VEHICLES[edition][v["kind"]]
        r, c = v["cell"]
        at = f"{v['kind']} at row {r + 1}, column {c + 1}"
        reason: Reason = {"kind": "vehicle", "part": part, "square": v["kind"], "cell": [r, c],
                          "length": v["length"], "mates": v["mates"],
                          "points": points if v["connected"] else 0}
        if v["connected"]:
            parts[part] += points
            details.append(f"{at}: on a {v['length']}-square way with {v['mates']} other "
                           f"{v['kind']} square(s): +{points}")
            reasons.append({**reason, "outcome": "connected"})
        elif v["length"]:
            details.append(f"{at}: its way ({v['length']} squares) holds no other {v['kind']}: 0")
            reasons.append({**reason, "outcome": "alone"})
        else:
            details.append(f"{at}: nothing drawn in it: 0")
            reasons.append({**reason, "outcome": "undrawn"})
    return parts, details, reasons


def _tree_points(edition: str, crossed: list[int]) -> list[tuple[int, str, Reason]]:
    """(points, line, reason) per player. Suzhou counts crossed trees (most
    loses), Shanghai remaining trees (most gains); ties all take the full amount."""
    n = TREE_POINTS[edition]
    if len(crossed) == 1:
        return [(0, "trees: solo game, trees score nothing",
                 {"kind": "trees", "part": "trees", "points": 0, "outcome": "solo",
                  "count": crossed[0], "counted": "crossed"})]
    if edition == "suzhou":
        counts, word, best, worst = crossed, "crossed", min(crossed), max(crossed)
    else:
        counts = [TREES["shanghai"] - x for x in crossed]
        word, best, worst = "remaining", max(counts), min(counts)
    out = []
    for count in counts:
        points, why = 0, []
        if count == best:
            points += n
            why.append(f"the {'fewest' if edition == 'suzhou' else 'most'} {word} (+{n})")
        if count == worst:
            points -= n
            why.append(f"the {'most' if edition == 'suzhou' else 'fewest'} {word} (-{n})")
        reason = " and ".join(why) if why else "neither the most nor the fewest"
        out.append((points, f"trees: {count} {word}, {reason}: {points:+d}",
                    {"kind": "trees", "part": "trees", "points": points, "count": count,
                     "counted": word, "best": count == best, "worst": count == worst}))
    return out


def _solo(edition: str, player: Any, total: int, grid: Grid, ways: list[list[Pos]]) -> dict[str, Any]:
    rank_name = next(name for floor, name in SOLO_RANKS if total >= floor)
    got = []
    if player.trees_crossed == 0:
        got.append("Environmentalist")
    open_cells = {(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
                  if cell.kind != "house"}
    if any(set(way) == open_cells for way in ways):
        got.append("City Planner")
    if sum(player.hotels) >= HOTEL_MAGNATE:
        got.append("Hotel Magnate")
    if edition == "suzhou":
        if sum(player.shops) + sum(player.shop_bonuses) >= CAPITALIST:
            got.append("Capitalist")
        if (player.largest_shop_houses or 0) >= SHOPPING_SPREE:
            got.append("Shopping Spree")
    return {"rank": rank_name, "achievements": got}


def _value_details(key: str, values: Sequence[int]) -> tuple[list[str], list[Reason]]:
    if not values:
        return ([f"{key.replace('_', ' ')}: none circled: 0"],
                [{"kind": "track", "part": key, "value": None, "index": None, "points": 0}])
    return ([f"{_word(key)} {v} circled: +{v}" for v in values],
            [{"kind": "track", "part": key, "value": v, "index": i, "points": v}
             for i, v in enumerate(values)])


def score(state: Any) -> dict[str, Any]:
    """Score a finished Doodle China sheet set (scoring.md)."""
    head = parse(_Head, require_object(state))
    edition = head.edition
    model = PLAYER_MODELS[edition]
    players = [parse(model, raw, root=("players", i)) for i, raw in enumerate(head.players)]
    check_unique_names([p.name for p in players])
    grids = []
    for i, p in enumerate(players):
        root: list[PathPart] = ["players", i]
        if not 0 <= p.trees_crossed <= TREES[edition]:
            raise StateError([*root, "trees_crossed"], f"must be from 0 to {TREES[edition]} (a "
                             f"{edition.capitalize()} sheet has {TREES[edition]} trees), "
                             f"got {p.trees_crossed}")
        for key in TRACKS[edition]:
            _check_track(edition, key, getattr(p, key), root)
        grids.append(parse_grid(p.grid, edition, [*root, "grid"]))
    _check_shared(edition, players)

    trees = _tree_points(edition, [p.trees_crossed for p in players])
    results = []
    reasons: list[list[Reason]] = []
    for p, grid, (tree_points, tree_why, tree_reason) in zip(players, grids, trees, strict=True):
        ways = riverways(grid)
        found = vehicles(edition, grid, ways)
        parts: dict[str, int] = {}
        details: list[str] = []
        why: list[Reason] = []
        for key in TRACKS[edition]:
            parts[key] = sum(getattr(p, key))
            lines, because = _value_details(key, getattr(p, key))
            details += lines
            why += because
        vparts, vdetails, vwhy = _vehicle_parts(edition, found)
        parts.update(vparts)
        details += vdetails
        why += vwhy
        parts["trees"] = tree_points
        details.append(tree_why)
        why.append(tree_reason)
        reasons.append(why)
        extra = {
            "riverways": [{"cells": [list(pos) for pos in way], "length": len(way)} for way in ways],
            "boats": [{"cell": v["cell"], "kind": v["kind"], "connected": v["connected"]}
                      for v in found],
        }
        results.append(player_result(p.name, {k: parts[k] for k in PARTS[edition]}, details,
                                     **extra))

    names = [p.name for p in players]
    ranking, winners = rank(names, lambda i: (results[i]["total"], -players[i].trees_crossed))
    out: dict[str, Any] = {"game": "doodle-china", "edition": edition, "players": results,
                           "ranking": ranking, "winners": winners, "reasons": reasons}
    if len(players) == 1:
        out["solo"] = _solo(edition, players[0], results[0]["total"], grids[0],
                            riverways(grids[0]))
    return out

