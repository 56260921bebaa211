"""Legal Canalis games made from a seed, for benchmarks and property tests.

Moves are proposed at random (canals grow out of existing water, buildings
are put beside water, costs fit the purse) and kept only if the replay
accepts them, so every state made here is legal by construction and its
industrials score the way a real game's do. Pure: same seed, same state."""

from __future__ import annotations

import random
from typing import Any

from ..common import StateError, parse
from .board import neighbors
from .model import BUILD_KINDS, BoardSetup, Move
from .replay import Replay

NAMES = ("Ana", "Ben", "Chloé", "Dev")
RESOURCES = ("ore", "timber", "dyes", "spices")
INDUSTRIES = ("Smelter", "Works", "Apothecary", "Engineer", "Tannery", "Dye House")
SPECIALTIES = ("Guild Hall", "Senate Annex", "College", "Black Market")
_KINDS = ("canal", "industrial", "tenement", "garden", "resource", "specialty", "locks", "scheme")
_WEIGHTS = (40, 10, 8, 6, 4, 4, 10, 12)


def _setup(rng: random.Random, rows: int, cols: int) -> dict[str, Any]:
    """Two harbors on the left and right edges, natural gardens in the
    corners, resources along the top and bottom edges."""
    mid = rows // 2
    harbor_len = 2 if rows >= 10 else 1
    harbors = [[mid + k, 0] for k in range(harbor_len)]
    harbors += [[mid - 1 - k, cols - 1] for k in range(harbor_len)]
    gardens = []
    if rows >= 4 and cols >= 4:
        gardens = [{"cells": [list(c)], "value": rng.randint(1, 3)}
                   for c in ((0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1))]
    spots = [(0, c) for c in range(2, cols - 2, 3)] + [(rows - 1, c) for c in range(2, cols - 2, 3)]
    rng.shuffle(spots)
    resources = [{"cells": [list(cell)], "resource": RESOURCES[k % len(RESOURCES)],
                  "income": rng.randint(1, 3)} for k, cell in enumerate(spots[:6])]
    return {"rows": rows, "cols": cols, "harbors": harbors, "gardens": gardens,
            "resources": resources}


def _walk(rng: random.Random, game: Replay, start: tuple[int, int], size: int) -> list[list[int]]:
    """A contiguous run of free squares from `start` (maybe shorter than asked)."""
    cells = [start]
    while len(cells) < size:
        options = [n for c in cells for n in neighbors(c)
                   if game.board.on_board(n) and n not in game.board.at and n not in cells]
        if not options:
            break
        cells.append(rng.choice(options))
    return [list(c) for c in cells]


def _near_water(rng: random.Random, game: Replay) -> tuple[int, int]:
    """A free square beside water, mostly water that reaches a harbor (how
    players actually build), sometimes anywhere."""
    waters = game.board.waters()
    harbor_water = [c for c, b in waters.body.items() if waters.harbor[b]]
    water = harbor_water if harbor_water and rng.random() < 0.8 else list(waters.body)
    for _ in range(20):
        if not water or rng.random() < 0.05:
            break
        cell = rng.choice(list(neighbors(rng.choice(water))))
        if game.board.on_board(cell) and cell not in game.board.at:
            return cell
    return (rng.randrange(game.board.rows), rng.randrange(game.board.cols))


def _propose(rng: random.Random, game: Replay, player: str) -> dict[str, Any]:
    kind = rng.choices(_KINDS, _WEIGHTS)[0]
    purse = game.crowns[player]
    if kind == "scheme" or (purse < 2 and rng.random() < 0.5):
        return {"player": player, "scheme": {"points": rng.randint(-2, 3),
                                             "crowns": rng.randint(-min(purse, 1), 3),
                                             "note": "card"}}
    start = _near_water(rng, game)
    if kind == "locks":
        water = rng.choice([list(n) for n in neighbors(start)])
        return {"player": player, "build": {"kind": "locks", "cells": [list(start)], "water": water}}
    size = {"canal": rng.randint(1, 4), "industrial": rng.randint(1, 3)}.get(kind, 1)
    build: dict[str, Any] = {"kind": kind, "cells": _walk(rng, game, start, size)}
    if kind == "canal" and rng.random() < 0.25:
        build["owner"] = rng.choice(game.names)
    elif kind == "garden":
        build["value"] = rng.randint(1, 3)
    elif kind == "resource":
        build["resource"] = rng.choice(RESOURCES)
    elif kind == "industrial":
        build.update(name=rng.choice(INDUSTRIES), cost=rng.randint(0, min(purse, 4)),
                     points=rng.randint(3, 9), needs=rng.sample(RESOURCES, rng.randint(0, 2)))
    elif kind == "specialty":
        build.update(name=rng.choice(SPECIALTIES), cost=rng.randint(0, min(purse, 5)))
        if rng.random() < 0.5:
            build["points"] = rng.randint(1, 8)
    if kind in ("industrial", "specialty") and rng.random() < 0.3:
        build["gain"] = {"points": 0, "crowns": rng.randint(0, 2)}
    return {"player": player, "build": build}


def random_game(seed: int, rows: int = 12, cols: int = 12, players: int = 3,
                moves: int = 40) -> dict[str, Any]:
    """A legal state with up to `moves` moves (fewer only if the board fills)."""
    rng = random.Random(seed)
    names = list(NAMES[:players])
    board = _setup(rng, rows, cols)
    game = Replay(parse(BoardSetup, board, root=("board",)), names)
    played: list[dict[str, Any]] = []
    attempts = 0
    while len(played) < moves and attempts < moves * 30:
        attempts += 1
        move = _propose(rng, game, names[len(played) % len(names)])
        try:
            game.apply(parse(Move, move, root=("moves", len(played)), tags=BUILD_KINDS))
        except StateError:
            continue
        played.append(move)
    final = {n: {"specialty": rng.randint(0, 6), "missions": rng.randint(0, 8)} for n in names}
    return {"game": "canalis", "board": board, "players": [{"name": n} for n in names],
            "moves": played, "final": final}
