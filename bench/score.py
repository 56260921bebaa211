"""How many states per second each engine scores, for large realistic states.

Run: .venv/bin/python bench/score.py [--seconds 2]

Baseline, measured in the same run: a JSON round trip (loads + dumps) of the
same state, the least any scorer fed by the API must do. The ratio says how
many round trips one scoring costs.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canalis_state import large_state as canalis_state  # noqa: E402

from companion.games import score  # noqa: E402
from companion.games.canalis.sample import random_game  # noqa: E402
from companion.games.doodle_china.layouts import default_layout  # noqa: E402

FEATURES = ("cats", "birds", "flags", "flowerpots")
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
PATHS = ("NS", "EW", "NE", "NW", "SE", "SW")


def canal_houses_state(rng: random.Random, houses: int = 7, players: int = 4) -> dict[str, Any]:
    """Four streets of 7 houses (28 of the box's 30 stores), 1-5 windows each
    while the box's 52 last, roofs while its 27 last, every condition type used."""
    conditions = [
        {"at_least": {"cats": 1, "birds": 2}}, {"none": ["flags"]}, {"height": {"exactly": 4}},
        {"height": {"at_least": 5}}, {"height": {"at_most": 3}}, {"taller_than": "left"},
        {"shorter_than": "both"}, {"taller_than": "both", "at_least": {"flowerpots": 1}}, {},
    ]

    def card(points: int) -> dict[str, Any]:
        return {"points": points, "color": rng.choice(COLOURS), "condition": rng.choice(conditions)}

    left = {"window": 52, "roof": 27}

    def street() -> list[dict[str, Any]]:
        out = []
        for _ in range(houses):
            count = min(rng.randint(1, 5), left["window"])
            left["window"] -= count
            windows = [{**{f: rng.randint(0, 2) for f in FEATURES}, "color": rng.choice(COLOURS)}
                       for _ in range(count)]
            roofed = rng.random() < 0.8 and left["roof"] > 0
            left["roof"] -= roofed
            out.append({"store": card(rng.randint(0, 4)), "windows": windows,
                        "roof": card(rng.randint(1, 5)) if roofed else None})
        return out

    return {"game": "canal-houses",
            "players": [{"name": f"P{i}", "street": street()} for i in range(players)]}


def doodle_china_state(rng: random.Random, players: int = 5) -> dict[str, Any]:
    """Five full Shanghai sheets (6x6, paths in most squares), claimed values distinct."""
    layout = default_layout("shanghai")
    values = iter(rng.sample(range(1, 19), 18))
    sky = iter(rng.sample(range(1, 19), 18))
    sheets = []
    for i in range(players):
        grid = [[kind if rng.random() < 0.15 else f"{kind}:{rng.choice(PATHS)}" for kind in row]
                for row in layout["cells"]]
        sheets.append({"name": f"P{i}", "grid": grid, "hotels": [next(values) for _ in range(3)],
                       "skyscrapers": [next(sky) for _ in range(2)],
                       "trees_crossed": rng.randint(0, 12)})
    return {"game": "doodle-china", "edition": "shanghai", "players": sheets}


def canal_grande_state(rng: random.Random) -> dict[str, Any]:
    districts = ["San Marco", "San Polo", "Dorsoduro", "Cannaregio", "Castello", "Santa Croce"]
    return {"game": "canal-grande",
            "players": [{"name": n, "won": {d: rng.randint(0, 2) for d in districts[:5]},
                         "numbers": [rng.randint(1, 3) for _ in range(3)]} for n in ("Ana", "Ben")],
            "last_recipient": "Ana"}


def canalis_waiting_state(moves: int = 500) -> dict[str, Any]:
    """The old worst case: a canal grows one square a move along the top row
    and an industrial (no workers, no harbor: it never scores) goes under
    each new square, so every move used to recompute the waters for every
    waiting industrial (800 such moves took 22 s)."""
    log: list[dict[str, Any]] = []
    for k in range(moves // 2):
        row, col = 2 * (k // 98), k % 98 + 1
        log.append({"player": "Ana", "build": {"kind": "canal", "cells": [[row, col]]}})
        log.append({"player": "Ben", "build": {"kind": "industrial", "name": f"Mill {k}",
                                               "cost": 0, "points": 3, "needs": [],
                                               "cells": [[row + 1, col]]}})
    return {"game": "canalis",
            "board": {"rows": 100, "cols": 100, "harbors": [[99, 99]]},
            "players": [{"name": "Ana"}, {"name": "Ben"}], "moves": log}


def rate(fn, seconds: float) -> tuple[float, int]:
    """Calls per second of fn over about `seconds` (at least 5 calls)."""
    count, start = 0, time.perf_counter()
    while True:
        fn()
        count += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and count >= 5:
            return count / elapsed, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    rng = random.Random(7)
    cases = {
        "canal-houses (4 streets x 7 houses)": canal_houses_state(rng),
        "doodle-china (5 Shanghai sheets 6x6)": doodle_china_state(rng),
        "canalis (20x20, 4 players, 150 moves)": canalis_state(0),
        "canalis full board (20x20, 400 moves)": random_game(0, 20, 20, 4, 400),
        "canalis 250 industrials waiting (500 mv)": canalis_waiting_state(),
        "canal-grande (2 players, phase)": canal_grande_state(rng),
    }
    print(f"{'engine and state':42} {'states/s':>10} {'ms/state':>9} {'JSON rt/s':>10} {'ratio':>7}")
    for label, state in cases.items():
        score(state)  # warm up, and prove the state is valid
        text = json.dumps(state)
        per_second, _ = rate(lambda s=state: score(s), args.seconds)
        baseline, _ = rate(lambda t=text: json.dumps(json.loads(t)), args.seconds / 2)
        print(f"{label:42} {per_second:10.1f} {1000 / per_second:9.2f} {baseline:10.0f} "
              f"{baseline / per_second:7.1f}x")


if __name__ == "__main__":
    main()
