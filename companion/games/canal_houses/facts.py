"""What the pages say and show about Canal Houses, defined once here and
gathered by the game registry: the name, player counts, the card colours
the pages offer (with the colour each is drawn in), the condition wording
(from `conditions.vocabulary`, the scorer's own words) and the words for
the parts of a state and of a result. Pure data."""

from __future__ import annotations

from typing import Any

from .conditions import vocabulary
from .state import FEATURES, required_values

GAME = "canal-houses"
NAME = "Canal Houses"
PLAYERS = (1, 6)
# The card colours a page offers, in this order, and how a page draws each
# (the printed cards' hues, softened for a screen). Scoring accepts any
# colour name; these are the ones in the box.
PALETTE: dict[str, str] = {
    "red": "#d64541",
    "orange": "#ee8a2f",
    "yellow": "#f2c84b",
    "green": "#4f9d4a",
    "blue": "#3f7fc4",
    "purple": "#8a5bb8",
}
# State keys as people say them ("players[0].street[1]" is "Ana · house 2").
PATH_WORDS = {"street": "house", "windows": "window"}
PART_WORDS = {"stores": "stores", "roofs": "roofs", "flowerpots": "flowerpots",
              "color_bonus": "colour bonus"}


def _page_vocabulary() -> dict[str, Any]:
    """The condition words as pages get them: a short label only where it
    differs from the full one (half of them do not; every page carries these)."""
    words = vocabulary()
    labels = words["labels"]
    return {**words, "short": {rule: text for rule, text in words["short"].items()
                               if text != labels.get(rule)}}


def facts() -> dict[str, Any]:
    return {"name": NAME, "players": {"min": PLAYERS[0], "max": PLAYERS[1]},
            "palette": list(PALETTE), "colors": dict(PALETTE), "features": list(FEATURES),
            "required": required_values(),
            "conditions": _page_vocabulary(), "path_words": PATH_WORDS, "part_words": PART_WORDS}
