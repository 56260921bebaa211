"""A realistic match history for the stats benchmark: many players with a
skill per game, a few regulars who play most evenings, the four games in
believable shares and sizes, over ten years. Every state is small but valid
and is scored by the real engines (`companion.games.score`) as it is made.

`history(n, players, seed)` yields export lines {"id", "played_at", "state"}
in time order (what `companion export` writes and `companion import` reads)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.games import score
from companion.games.doodle_china.layouts import DEFAULT_LAYOUTS, SHOP_BONUSES, TRACKS

START = datetime(2016, 1, 1, 19, 0, tzinfo=UTC)
YEARS = 10
FIRST = ("Ana", "Ben", "Chloé", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jule", "Kai", "Lea",
         "Mo", "Nina", "Omar", "Pia", "Quin", "Rosa", "Sam", "Tess", "Ugo", "Vera", "Wim",
         "Xena", "Yuki")
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
DISTRICTS = ("San Marco", "San Polo", "Dorsoduro", "Cannaregio", "Castello", "Santa Croce")
GAME_SHARE = (("canal-houses", 30), ("doodle-china", 30), ("canalis", 15), ("canal-grande", 25))


def names(count: int) -> list[str]:
    out = []
    for i in range(count):
        base = FIRST[i % len(FIRST)]
        out.append(base if i < len(FIRST) else f"{base} {chr(ord('A') + i // len(FIRST) - 1)}.")
    return out


def _canal_houses(rng: random.Random, players: list[tuple[str, float]]) -> dict[str, Any]:
    streets = []
    for name, skill in players:
        street = []
        for _ in range(rng.randint(3, 6)):
            windows = [{"cats": rng.randint(0, 2), "birds": rng.randint(0, 2),
                        "flags": rng.randint(0, 1),
                        "flowerpots": int(rng.random() < 0.25 + skill / 4),
                        "color": rng.choice(COLOURS)} for _ in range(rng.randint(0, 3))]
            met = rng.random() < 0.4 + skill / 2
            store = {"points": rng.randint(1, 3 + round(2 * skill)), "color": rng.choice(COLOURS),
                     "condition": {} if met else {"at_least": {"flags": 3}}}
            house = {"store": store, "windows": windows}
            if rng.random() < 0.7:
                house["roof"] = {"points": rng.randint(1, 5), "color": rng.choice(COLOURS),
                                 "condition": {"height": {"at_least": 2 if met else 6}}}
            street.append(house)
        streets.append({"name": name, "street": street})
    return {"game": "canal-houses", "players": streets}


def _grid(rng: random.Random, edition: str) -> list[list[str]]:
    cells = DEFAULT_LAYOUTS[f"{edition}-v1"]["cells"]
    grid = []
    for row in cells:
        out = list(row)
        if rng.random() < 0.7:
            a = rng.randrange(len(row))
            b = rng.randrange(a, len(row))
            if all(k != "house" for k in row[a:b + 1]):
                out[a:b + 1] = [f"{k}:EW" for k in row[a:b + 1]]
        grid.append(out)
    return grid


def _doodle_china(rng: random.Random, players: list[tuple[str, float]]) -> dict[str, Any]:
    edition = "suzhou" if rng.random() < 0.6 else "shanghai"
    tracks = TRACKS[edition]
    shared = {key: rng.sample(values, len(values)) for key, values in tracks.items()}
    bonuses = rng.sample(SHOP_BONUSES, len(SHOP_BONUSES))
    sheets = []
    for name, skill in players:
        sheet: dict[str, Any] = {"name": name, "grid": _grid(rng, edition),
                                 "trees_crossed": rng.randint(0, 6 - round(3 * skill))}
        for key, values in tracks.items():
            if key == "shop_bonuses":
                continue
            k = rng.randint(1, 2 + round(4 * skill))
            if edition == "shanghai":  # one player at most circles a value
                sheet[key], shared[key] = shared[key][:k], shared[key][k:]
            else:
                sheet[key] = rng.sample(values, min(k, len(values)))
        if edition == "suzhou":
            take = int(rng.random() < 0.3 + skill / 3) if bonuses else 0
            sheet["shop_bonuses"], bonuses = bonuses[:take], bonuses[take:]
        sheets.append(sheet)
    return {"game": "doodle-china", "edition": edition, "players": sheets}


def _canalis(rng: random.Random, players: list[tuple[str, float]]) -> dict[str, Any]:
    moves = []
    for _ in range(rng.randint(2, 4)):
        for name, skill in players:
            moves.append({"player": name, "scheme": {
                "points": rng.randint(-1, 3 + round(4 * skill)), "crowns": rng.randint(0, 2),
                "note": "scheme card"}})
    final = {name: {"specialty": rng.randint(0, 3 + round(3 * skill)),
                    "missions": rng.randint(0, 4 + round(4 * skill))} for name, skill in players}
    return {"game": "canalis",
            "board": {"rows": 4, "cols": 6, "harbors": [[0, 0]], "gardens": [], "resources": []},
            "players": [{"name": n} for n, _ in players], "moves": moves, "final": final}


def _canal_grande(rng: random.Random, players: list[tuple[str, float]]) -> dict[str, Any]:
    (a, sa), (b, sb) = players
    winner, loser = (a, b) if rng.random() < 0.5 + (sa - sb) / 2 else (b, a)
    if rng.random() < 0.02:  # a game put away before anyone won
        won_w = {d: 1 for d in rng.sample(DISTRICTS, 3)}
    elif rng.random() < 0.45:
        won_w = {d: rng.choice((1, 1, 2, 3)) for d in DISTRICTS}
    else:
        won_w = {d: 1 for d in rng.sample(DISTRICTS, rng.randint(0, 4))}
        won_w[rng.choice([d for d in DISTRICTS if d not in won_w])] = 4
    won_l = {d: min(rng.randint(1, 2), 5 - won_w.get(d, 0))
             for d in rng.sample(DISTRICTS, rng.randint(1, 4))}
    won_l = {d: k for d, k in won_l.items() if k > 0}
    return {"game": "canal-grande", "players": [{"name": winner, "won": won_w},
                                                {"name": loser, "won": won_l}]}


MAKERS = {"canal-houses": (_canal_houses, (1, 4), 0.05), "doodle-china": (_doodle_china, (1, 5), 0.15),
          "canalis": (_canalis, (2, 4), 0.0), "canal-grande": (_canal_grande, (2, 2), 0.0)}


def history(n: int, players: int = 50, seed: int = 7) -> Iterator[dict[str, Any]]:
    rng = random.Random(seed)
    people = names(players)
    skill = {(p, g): min(1.0, max(0.0, rng.gauss(0.5, 0.2))) for p in people for g, _ in GAME_SHARE}
    weight = [1 / (1 + i) ** 0.6 for i in range(players)]  # a few regulars, many now-and-then
    games = [g for g, _ in GAME_SHARE]
    shares = [s for _, s in GAME_SHARE]
    step = timedelta(days=365.25 * YEARS) / max(n, 1)
    for i in range(n):
        game = rng.choices(games, shares)[0]
        make, (low, high), solo = MAKERS[game]
        count = 1 if low == 1 and rng.random() < solo else rng.randint(max(low, 2), high)
        seats: list[str] = []
        while len(seats) < count:
            pick = rng.choices(people, weight)[0]
            if pick not in seats:
                seats.append(pick)
        state = make(rng, [(p, skill[(p, game)]) for p in seats])
        score(state)  # every state is valid for the real engine
        played = START + step * i + timedelta(minutes=rng.randint(0, 90))
        yield {"id": f"bench-{seed}-{i:07d}", "played_at": played.strftime("%Y-%m-%dT%H:%M:%SZ"),
               "state": state}
