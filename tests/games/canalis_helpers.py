"""Builders shared by the Canalis tests: small states, move shorthands, and
the rulebook's "Sample Moves" laid out as a concrete board."""

from __future__ import annotations

from typing import Any

from companion.games import score

NAMES = ("Ana", "Ben", "Chloé", "Dev")


def state(moves: list[dict[str, Any]], *, board: dict[str, Any] | None = None,
          players: int | tuple[str, ...] = 2, final: dict[str, Any] | None = None) -> dict[str, Any]:
    names = NAMES[:players] if isinstance(players, int) else players
    out: dict[str, Any] = {
        "game": "canalis",
        "board": board or {"rows": 5, "cols": 6, "harbors": [[0, 0]]},
        "players": [{"name": n} for n in names],
        "moves": moves,
    }
    if final is not None:
        out["final"] = final
    return out


def build(player: str, kind: str, cells: list[list[int]], **extra: Any) -> dict[str, Any]:
    return {"player": player, "build": {"kind": kind, "cells": cells, **extra}}


def canal(player: str, cells: list[list[int]], **extra: Any) -> dict[str, Any]:
    return build(player, "canal", cells, **extra)


def tenement(player: str, cell: list[int]) -> dict[str, Any]:
    return build(player, "tenement", [cell])


def industrial(player: str, cells: list[list[int]], *, name: str = "Mill", cost: int = 0,
               points: int = 5, needs: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    return build(player, "industrial", cells, name=name, cost=cost, points=points,
                 needs=list(needs), **extra)


def locks(player: str, cell: list[int], water: list[int]) -> dict[str, Any]:
    return build(player, "locks", [cell], water=water)


def scheme(player: str, points: int = 0, crowns: int = 0, note: str = "card") -> dict[str, Any]:
    return {"player": player, "scheme": {"points": points, "crowns": crowns, "note": note}}


def player(result: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in result["players"] if p["name"] == name)


def scored(moves: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    return score(state(moves, **kw))


# A 4x6 board used by many small cases: the harbor top left, ore below it,
# a natural garden worth 3 beside the ore.
#
#      0   1   2   3   4   5
#  0   H   .   .   .   .   .
#  1   .   .   .   .   .   .
#  2   ore G3  .   .   .   .
#  3   .   .   .   .   .   .
MILL_BOARD = {"rows": 4, "cols": 6, "harbors": [[0, 0]],
              "gardens": [{"cells": [[2, 1]], "value": 3}],
              "resources": [{"cells": [[2, 0]], "resource": "ore", "income": 2}]}
# Ana's Mill on [1,0] [1,1]: beside the harbor, the ore and the garden; it
# scores once a tenement shares a side with it.
MILL = industrial("Ana", [[1, 0], [1, 1]], cost=1, points=5, needs=("ore",))


# The rulebook's Sample Moves. Seating: Atheneum, Guild, Church, Merchants.
#
#      0    1    2    3    4    5    6    7    8    9
#  0   .    g~   dye  ~    L~   H    Eng  ~    .    .
#  1   .    g~   tim  ~    L    cT   Eng  ~    ~    .
#  2   .    g~   Apo  Apo  gT   .    .    tim  ore* .
#  3   .    spi  G2   .    .    .    GH   Sme  G1   .
#  4   .    .    .    .    .    .    .    aT   .    .
#
# g~ the canal sealed by the Guild; ~ unowned canals; L the Church's locks
# (building [1,4], water [0,4]); H the harbor; gT, cT, aT the Guild's,
# Church's and Atheneum's tenements; G2 the garden tile, G1 the natural
# garden; GH the Merchants' Guild Hall; ore* placed during play.
SEATS = ("Atheneum", "Guild", "Church", "Merchants")
SAMPLE_BOARD = {
    "rows": 5, "cols": 10, "harbors": [[0, 5]],
    "gardens": [{"cells": [[3, 8]], "value": 1}],
    "resources": [
        {"cells": [[0, 2]], "resource": "dyes", "income": 1},
        {"cells": [[3, 1]], "resource": "spices", "income": 2},
        {"cells": [[1, 2]], "resource": "timber", "income": 1},
        {"cells": [[2, 7]], "resource": "timber", "income": 1},
    ],
}
SAMPLE_SETUP = [
    canal("Guild", [[0, 1], [1, 1], [2, 1]], owner="Guild"),
    locks("Church", [1, 4], [0, 4]),
    canal("Merchants", [[0, 3], [1, 3]]),
    scheme("Atheneum", crowns=3, note="take 3 crowns"),
    tenement("Guild", [2, 4]),
    tenement("Church", [1, 5]),
    build("Merchants", "specialty", [[3, 6]], name="Guild Hall", cost=2),
    tenement("Atheneum", [4, 7]),
    build("Guild", "garden", [[3, 2]], value=2),
    canal("Church", [[0, 7], [1, 7], [1, 8]]),
    industrial("Merchants", [[0, 6], [1, 6]], name="Engineer", cost=3, points=7,
               needs=("ore", "timber")),
    industrial("Atheneum", [[3, 7]], name="Smelter", cost=2, points=5, needs=("ore",)),
]
APOTHECARY = industrial("Atheneum", [[2, 2], [2, 3]], name="Apothecary", cost=3, points=7,
                        needs=("dyes", "spices"), gain={"crowns": 2})
ORE = build("Merchants", "resource", [[2, 8]], resource="ore")


def sample_state(upto: int | None = None) -> dict[str, Any]:
    moves = [*SAMPLE_SETUP, APOTHECARY, ORE]
    return state(moves[:upto], board=SAMPLE_BOARD, players=SEATS)
