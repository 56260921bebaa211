"""Replaying Canalis moves one at a time, the way the score track moves at the
table. `Replay.apply` checks a move completely before changing anything, so a
refused move leaves the replay as it was (a page can offer a fix and retry).

Within one build: the cost is paid, the tile placed, its own gain taken, a
specialty's instant points scored, a new garden pays buildings that have
already scored, and only then is every unscored industrial checked, in build
order, each finishing its scoring (points, income, gardens, workers, fees)
before the next starts.

Everything a move causes is said twice: in words (the event's `text`, the
players' `details`) and as data beside them (the event's `lines`, each with a
`kind` and its cells, tiles and values; the result's top-level `reasons`,
parallel to each player's `details`), so a page never parses the words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..common import PathPart, Reason, StateError, player_result, rank
from .board import Board, Reach, Tile, contiguous, neighbors
from .model import FIXED_COST, BoardSetup, Cell, FinalEntry, LocksBuild, Move

PARTS = ("start", "buildings", "gardens", "workers", "fees", "other", "specialty", "missions")
START_POINTS = 10
START_CROWNS = 5
WORKER_BONUS = 2


def fmt(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


class _Turn:
    """What one move caused: deltas per player and the phrases of its log line."""

    def __init__(self) -> None:
        self.parts: dict[str, dict[str, int]] = {}
        self.crowns: dict[str, int] = {}
        self.lines: list[Reason] = []
        self.scored: list[int] = []

    def say(self, kind: str, text: str, **data: Any) -> None:
        """One thing the move caused, in words and as data."""
        self.lines.append({"kind": kind, "text": text, **data})


class Replay:
    def __init__(self, setup: BoardSetup, names: Sequence[str]):
        self.names = list(names)
        self.board = _setup_board(setup)
        self.crowns = dict.fromkeys(self.names, START_CROWNS)
        self.parts = {n: {p: (START_POINTS if p == "start" else 0) for p in PARTS} for n in self.names}
        self.details: dict[str, list[str]] = {
            n: [f"start: {START_POINTS} points and {START_CROWNS} crowns"] for n in self.names}
        self.reasons: dict[str, list[Reason]] = {
            n: [{"kind": "start", "part": "start", "move": None, "points": START_POINTS,
                 "crowns": START_CROWNS}] for n in self.names}
        self.log: list[str] = []
        self.events: list[dict[str, Any]] = []

    # ----- bookkeeping -------------------------------------------------
    def _points(self, turn: _Turn, name: str, part: str, n: int, why: str, kind: str,
                **data: Any) -> None:
        self.parts[name][part] += n
        by = turn.parts.setdefault(name, {})
        by[part] = by.get(part, 0) + n
        self.details[name].append(f"moves[{len(self.log)}] {part} {n:+d}: {why}")
        self.reasons[name].append({"kind": kind, "part": part, "move": len(self.log),
                                   "points": n, **data})

    def _crowns(self, turn: _Turn, name: str, n: int, why: str, kind: str, **data: Any) -> None:
        if n == 0:
            return
        self.crowns[name] += n
        turn.crowns[name] = turn.crowns.get(name, 0) + n
        self.details[name].append(f"moves[{len(self.log)}] crowns {n:+d}: {why}")
        self.reasons[name].append({"kind": kind, "part": None, "move": len(self.log),
                                   "crowns": n, **data})

    def score_of(self, name: str) -> int:
        return sum(self.parts[name].values())

    # ----- one move ----------------------------------------------------
    def apply(self, move: Move) -> dict[str, Any]:
        """Check and play the next move; returns its event."""
        i = len(self.log)
        root: list[PathPart] = ["moves", i]
        if move.player not in self.crowns:
            raise StateError([*root, "player"],
                             f'"{move.player}" is not a player; players are {", ".join(self.names)}')
        turn = _Turn()
        if move.scheme is not None:
            self._scheme(turn, root, move)
            action, kind, tile_id = "scheme", None, None
        else:
            tile = self._build(turn, root, move)
            action, kind, tile_id = "build", tile.kind, tile.id
        self._check_scoring(turn)
        text = f"moves[{i}] " + "; ".join(line["text"] for line in turn.lines)
        self.log.append(text)
        event = {
            "move": i, "player": move.player, "action": action, "kind": kind, "tile": tile_id,
            "points": {n: sum(p.values()) for n, p in turn.parts.items()},
            "parts": turn.parts, "crowns": turn.crowns, "scored": turn.scored, "text": text,
            "lines": turn.lines,
            "after": {n: {"score": self.score_of(n), "crowns": self.crowns[n]} for n in self.names},
        }
        self.events.append(event)
        return event

    def _scheme(self, turn: _Turn, root: list[PathPart], move: Move) -> None:
        scheme, who = move.scheme, move.player
        assert scheme is not None
        have = self.crowns[who]
        if have + scheme.crowns < 0:
            raise StateError([*root, "scheme", "crowns"],
                             f"would leave {who} with {have + scheme.crowns} crowns ({who} has {have}, "
                             f"the scheme takes {-scheme.crowns}); crowns never go below 0")
        note = f" ({scheme.note})" if scheme.note else ""
        turn.say("scheme", f"{who} used a scheme{note}: {scheme.points:+d} points, "
                 f"{scheme.crowns:+d} crowns", player=who, points=scheme.points,
                 crowns=scheme.crowns, note=scheme.note)
        if scheme.points:
            self._points(turn, who, "other", scheme.points, f"scheme{note}", "scheme", note=scheme.note)
        self._crowns(turn, who, scheme.crowns, f"scheme{note}", "scheme", note=scheme.note)

    def _build(self, turn: _Turn, root: list[PathPart], move: Move) -> Tile:
        build, who = move.build, move.player
        assert build is not None
        broot = [*root, "build"]
        owner = getattr(build, "owner", None)
        if owner is not None and owner not in self.crowns:
            raise StateError([*broot, "owner"],
                             f'"{owner}" is not a player; players are {", ".join(self.names)}')
        cells = tuple(build.cells)
        _check_cells(self.board, [*broot, "cells"], cells)
        water = self._check_water(broot, build) if isinstance(build, LocksBuild) else None
        cost = FIXED_COST.get(build.kind, getattr(build, "cost", 0))
        have = self.crowns[who]
        what = f"the {build.kind}" + (f" {build.name}" if hasattr(build, "name") else "")
        if cost > have:
            raise StateError([*broot, "cost"] if hasattr(build, "cost") else broot,
                             f"{who} has {_plural(have, 'crown')} but {what} costs {cost}; "
                             "a build that cannot be paid for cannot be played")
        gain = build.gain
        if gain is not None and have - cost + gain.crowns < 0:
            raise StateError([*broot, "gain", "crowns"],
                             f"would leave {who} with {have - cost + gain.crowns} crowns after paying "
                             f"{cost}; crowns never go below 0")
        tile = self.board.add(Tile(
            id=-1, kind=build.kind, cells=cells, move=len(self.log), water=water,
            owner=owner if build.kind == "canal" else (who if build.kind in _OWNED else None),
            name=getattr(build, "name", None), value=getattr(build, "value", 0),
            resource=getattr(build, "resource", None), points=getattr(build, "points", None),
            cost=cost, needs=tuple(getattr(build, "needs", ()))))
        where = " ".join(fmt(c) for c in cells) + (f" with water {fmt(water)}" if water else "")
        paid = f", paid {_plural(cost, 'crown')}" if cost else ""
        turn.say("built", f"{who} built {tile.label(owner_too=False)} at {where}{paid}",
                 player=who, tile=tile.id, build=tile.kind, name=tile.name,
                 cells=[list(c) for c in cells], water=list(water) if water else None, cost=cost)
        self._crowns(turn, who, -cost, f"paid for {tile.label()}", "cost", tile=tile.id)
        if gain is not None and (gain.points or gain.crowns):
            turn.say("gain", f"{who} took the tile's gain: {gain.points:+d} points, "
                     f"{gain.crowns:+d} crowns", player=who, tile=tile.id, points=gain.points,
                     crowns=gain.crowns)
            if gain.points:
                self._points(turn, who, "other", gain.points, f"gain of {tile.label()}", "gain",
                             tile=tile.id)
            self._crowns(turn, who, gain.crowns, f"gain of {tile.label()}", "gain", tile=tile.id)
        if tile.kind == "specialty" and tile.points:
            self._points(turn, who, "buildings", tile.points, f"{tile.label()} scores at once",
                         "scored", tile=tile.id)
            turn.say("scored", f"{tile.name} scored {tile.points} points at once", player=who,
                     tile=tile.id, points=tile.points, at_once=True)
            self._adjacent_gardens(turn, tile)
            tile.scored = True
            turn.scored.append(tile.id)
        if tile.kind == "garden":
            self._garden_pays(turn, tile)
        return tile

    def _check_water(self, broot: list[PathPart], build: LocksBuild) -> Cell:
        path = [*broot, "water"]
        water, square = build.water, build.cells[0]
        _check_cells(self.board, path, (water,), single=True)
        if water == square:
            raise StateError(path, f"is the building square {fmt(square)}; the water square is "
                                   "another square sharing a side with it")
        if water not in set(neighbors(square)):
            raise StateError(path, f"{fmt(water)} does not share a side with the building square "
                                   f"{fmt(square)}; a locks tile is two squares side by side")
        return water

    # ----- scoring -----------------------------------------------------
    def _check_scoring(self, turn: _Turn) -> None:
        """Every unscored industrial whose connections may have gained
        something (the board keeps that list), in build order."""
        changed = self.board.take_dirty()
        waiting = sorted(i for i in changed if self.board.tiles[i].kind == "industrial"
                         and not self.board.tiles[i].scored)
        for tid in waiting:  # tile ids follow placement order, so build order
            tile = self.board.tiles[tid]
            missing = self.missing_now(tile)
            if not missing:
                self._score(turn, tile, self.board.reach_now(tile))
            elif tile.move == len(self.log):
                turn.say("waits", f"{tile.name} waits for {', '.join(missing)}", tile=tile.id,
                         missing=self._missing_keys(tile, missing))

    def missing_now(self, tile: Tile) -> list[str]:
        """What an industrial still lacks to score on the board as it stands."""
        have = self.board.supplies(tile)
        out = [] if have.workers else ["workers"]
        out += [need for need in tile.needs if need not in have.resources]
        return out + ([] if have.harbor else ["a harbor"])

    @staticmethod
    def _missing_keys(tile: Tile, missing: list[str]) -> list[str]:
        """What `missing_now` names, as keys: "workers", "harbor" or a resource."""
        return ["harbor" if m == "a harbor" else m for m in missing]

    def missing(self, tile: Tile, reach: Reach) -> list[str]:
        """What an industrial still lacks to score: workers, resources, a harbor."""
        connected = [self.board.tiles[i] for i in reach.tiles]
        out = [] if any(t.kind == "tenement" for t in connected) else ["workers"]
        have = {t.resource for t in connected if t.kind == "resource"}
        out += [need for need in tile.needs if need not in have]
        return out + ([] if reach.harbor else ["a harbor"])

    def _score(self, turn: _Turn, tile: Tile, reach: Reach) -> None:
        owner, label = tile.owner, tile.label()
        assert owner is not None and tile.points is not None
        tile.scored = True
        turn.scored.append(tile.id)
        turn.say("scored", f"{label} scored {tile.points} points", player=owner, tile=tile.id,
                 points=tile.points, at_once=False)
        self._points(turn, owner, "buildings", tile.points, f"{label} scored", "scored",
                     tile=tile.id)
        connected = [self.board.tiles[i] for i in sorted(reach.tiles)]
        for need in tile.needs:
            best = max(t.income for t in connected if t.kind == "resource" and t.resource == need)
            turn.say("income", f"{need} income {best}", player=owner, tile=tile.id,
                     resource=need, crowns=best)
            self._crowns(turn, owner, best, f"{need} income for {label}", "income", tile=tile.id,
                         resource=need)
        self._adjacent_gardens(turn, tile)
        suppliers = {t.owner for t in connected if t.kind == "tenement"}
        if len(suppliers) == 1:
            (supplier,) = suppliers
            assert supplier is not None
            turn.say("workers", f"{supplier} +{WORKER_BONUS} for being its only workers",
                     player=supplier, tile=tile.id, points=WORKER_BONUS)
            self._points(turn, supplier, "workers", WORKER_BONUS,
                         f"only tenement owner supplying {label}", "workers", tile=tile.id)
        else:
            turn.say("no_workers_bonus",
                     f"no worker bonus (tenements of {', '.join(sorted(suppliers))})",
                     tile=tile.id, suppliers=sorted(s for s in suppliers if s is not None))
        self._fees(turn, tile)

    def _adjacent_gardens(self, turn: _Turn, tile: Tile) -> None:
        assert tile.owner is not None
        for garden in self.board.adjacent(tile):
            if garden.kind == "garden":
                turn.say("garden", f"{garden.label()} next to it: +{garden.value}",
                         player=tile.owner, tile=tile.id, garden=garden.id, points=garden.value)
                self._points(turn, tile.owner, "gardens", garden.value,
                             f"{garden.label()} next to {tile.label()}", "garden", tile=tile.id,
                             garden=garden.id)

    def _garden_pays(self, turn: _Turn, garden: Tile) -> None:
        for building in self.board.adjacent(garden):
            if building.scored and building.owner is not None:
                turn.say("garden", f"{building.label()} has scored: {building.owner} "
                         f"+{garden.value} for the new garden", player=building.owner,
                         tile=building.id, garden=garden.id, points=garden.value)
                self._points(turn, building.owner, "gardens", garden.value,
                             f"new garden next to {building.label()}", "garden",
                             tile=building.id, garden=garden.id)

    def _fees(self, turn: _Turn, tile: Tile) -> None:
        """Each other player whose water the building could not score without
        gets 1 crown; unpaid crowns cost the owner 1 point each."""
        owner = tile.owner
        assert owner is not None
        owned = self.board.owned_water()
        owed = [name for name in self.names if name != owner and name in owned
                and self.board.touches_any(tile, owned[name])
                and self.missing(tile, self.board.reach(tile, self.board.waters(owned[name])))]
        for name in owed:
            if self.crowns[owner] > 0:
                turn.say("fee", f"{owner} paid {name} 1 crown for using their water",
                         player=owner, to=name, tile=tile.id, crowns=1)
                self._crowns(turn, owner, -1, f"fee to {name} for {tile.label()}", "fee",
                             tile=tile.id, to=name)
                self._crowns(turn, name, 1, f"fee from {owner} for {tile.label()}", "fee",
                             tile=tile.id, by=owner)
            else:
                turn.say("fee_unpaid", f"{owner} could not pay {name}'s fee: -1 point",
                         player=owner, to=name, tile=tile.id, points=-1)
                self._points(turn, owner, "fees", -1,
                             f"fee to {name} for {tile.label()} unpaid (no crowns left)",
                             "fee_unpaid", tile=tile.id, to=name)

    # ----- result ------------------------------------------------------
    def result(self, final: dict[str, FinalEntry]) -> dict[str, Any]:
        players = []
        reasons: list[list[Reason]] = []
        for name in self.names:
            parts = dict(self.parts[name])
            details = list(self.details[name])
            entry = final.get(name, FinalEntry())
            parts["specialty"] += entry.specialty
            parts["missions"] += entry.missions
            details.append(f"final: specialty buildings {entry.specialty:+d}, "
                           f"missions {entry.missions:+d}")
            reasons.append([*self.reasons[name], {
                "kind": "final", "part": None, "move": None,
                "values": {"specialty": entry.specialty, "missions": entry.missions}}])
            players.append(player_result(name, parts, details, crowns=self.crowns[name]))
        ranking, winners = rank(self.names, lambda i: (players[i]["total"], players[i]["crowns"]))
        return {
            "game": "canalis", "players": players, "ranking": ranking, "winners": winners,
            "log": list(self.log), "events": list(self.events), "reasons": reasons,
            "board": {"rows": self.board.rows, "cols": self.board.cols,
                      "tiles": [t.to_json() for t in self.board.tiles]},
        }


_OWNED = ("industrial", "specialty", "tenement", "locks")


def _check_cells(board: Board, root: list[PathPart], cells: Sequence[Cell], *,
                 single: bool = False) -> None:
    """On the board, each square once, free, and in one piece."""
    first: dict[Cell, int] = {}
    for j, cell in enumerate(cells):
        path = root if single else [*root, j]
        if not board.on_board(cell):
            raise StateError(path, f"{fmt(cell)} is off the board: rows go from 0 to {board.rows - 1}, "
                                   f"columns from 0 to {board.cols - 1}")
        if cell in first:
            raise StateError(path, f"{fmt(cell)} repeats cells[{first[cell]}]; list each square once")
        first[cell] = j
        other = board.occupant(cell)
        if other is not None:
            what = "the water square of " if cell == other.water else ""
            raise StateError(path, f"{fmt(cell)} is already taken by {what}{other.label()}; "
                                   "tiles may not overlap")
    joined = contiguous(cells)
    for j, cell in enumerate(cells):
        if cell not in joined:
            raise StateError([*root, j], f"{fmt(cell)} does not join the tile's other squares; a tile's "
                                         "squares must share sides (corners do not count)")


def _setup_board(setup: BoardSetup) -> Board:
    """The map before the first move: harbors, natural gardens, resources."""
    board = Board(setup.rows, setup.cols)
    for j, cell in enumerate(setup.harbors):
        _check_cells(board, ["board", "harbors", j], (cell,), single=True)
        board.add(Tile(id=-1, kind="harbor", cells=(cell,)))
    for k, garden in enumerate(setup.gardens):
        _check_cells(board, ["board", "gardens", k, "cells"], garden.cells)
        board.add(Tile(id=-1, kind="garden", cells=tuple(garden.cells), value=garden.value))
    for k, res in enumerate(setup.resources):
        _check_cells(board, ["board", "resources", k, "cells"], res.cells)
        board.add(Tile(id=-1, kind="resource", cells=tuple(res.cells), resource=res.resource,
                       income=res.income))
    return board
