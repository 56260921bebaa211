"""What the pages say about Canalis, defined once here and gathered by the
game registry: the name, player counts, tile kinds, the starting score and
crowns, and the words for the parts of a state and of a result. Pure data."""

from __future__ import annotations

from typing import Any

from .model import BUILD_KINDS, FIXED_COST
from .replay import PARTS, START_CROWNS, START_POINTS

GAME = "canalis"
NAME = "Canalis"
PLAYERS = (2, 4)
PATH_WORDS = {"moves": "move"}
PART_WORDS = {"start": "start", "buildings": "buildings", "gardens": "gardens",
              "workers": "workers", "fees": "fees", "other": "other",
              "specialty": "specialty", "missions": "missions"}


def facts() -> dict[str, Any]:
    return {"name": NAME, "players": {"min": PLAYERS[0], "max": PLAYERS[1]},
            "kinds": list(BUILD_KINDS), "fixed_cost": dict(FIXED_COST),
            "start": {"points": START_POINTS, "crowns": START_CROWNS}, "parts": list(PARTS),
            "path_words": PATH_WORDS, "part_words": PART_WORDS}
