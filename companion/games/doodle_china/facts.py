"""What the pages say and show about Doodle China, defined once here and
gathered by the game registry: the name, editions (sheet size, square kinds,
result parts), player counts, the words and glyphs for the six paths and the
words for square kinds. The sheet pages, the digital table, the photo review
and the dice record all take their words from here. Pure data."""

from __future__ import annotations

from typing import Any

from .grid import PATHS
from .layouts import KINDS, SIZES, TRACKS, TREES
from .play import MAX_PLAYERS
from .scoring import PARTS, SHARED_TRACKS, SOLO_RANKS

GAME = "doodle-china"
NAME = "Doodle China"
EDITIONS = {"suzhou": "Suzhou", "shanghai": "Shanghai"}
# A path (the line drawn in a square) by the two sides it joins: in words (screen readers, tooltips, the
# dice record) and as a box-drawing glyph (compact lists).
LINE_WORDS = {"NS": "straight, top to bottom", "EW": "straight, left to right",
              "NE": "curve, top to right", "NW": "curve, top to left",
              "SE": "curve, bottom to right", "SW": "curve, bottom to left"}
LINE_GLYPHS = {"NS": "│", "EW": "─", "NE": "└", "NW": "┘", "SE": "┌", "SW": "┐"}
# Square kinds: in a sentence, and the short label printed in a small square.
KIND_WORDS = {"plain": "plain square", "start": "start square", "house": "house square",
              "hotel": "hotel", "shop": "shop", "boat": "boat", "park": "park",
              "skyscraper": "skyscraper", "taxi": "taxi", "bus": "bus"}
KIND_SHORT = {"plain": "", "start": "start", "house": "houses", "hotel": "hotel", "shop": "shop",
              "boat": "boat", "park": "park", "skyscraper": "tower", "taxi": "taxi", "bus": "bus"}
# The value tracks as a sheet heads them.
TRACK_WORDS = {"hotels": "Hotels", "shops": "Shops", "shop_bonuses": "Shop bonuses",
               "skyscrapers": "Skyscrapers"}
PART_WORDS = {"hotels": "hotels", "shops": "shops", "shop_bonuses": "bonuses", "boats": "boats",
              "trees": "trees", "skyscrapers": "skyscrapers", "taxis": "taxis", "buses": "buses"}
# State keys as people say them (none beyond the plural's singular).
PATH_WORDS: dict[str, str] = {}



def facts() -> dict[str, Any]:
    return {
        # Pages get JSON objects with sorted keys; the orders that matter are lists.
        "name": NAME, "players": {"min": 1, "max": MAX_PLAYERS},
        "edition_order": list(EDITIONS), "path_order": list(PATHS),
        "editions": {ed: {"name": name, "size": SIZES[ed], "kinds": list(KINDS[ed]),
                          "parts": list(PARTS[ed]), "tracks": {k: list(v) for k, v in TRACKS[ed].items()},
                          "track_order": list(TRACKS[ed]),
                          "shared_tracks": list(SHARED_TRACKS[ed]), "trees": TREES[ed]}
                     for ed, name in EDITIONS.items()},
        "track_words": TRACK_WORDS,
        "paths": {p: {"words": LINE_WORDS[p], "glyph": LINE_GLYPHS[p]} for p in PATHS},
        "kinds": {k: {"words": KIND_WORDS[k], "short": KIND_SHORT[k]} for k in KIND_WORDS},
        "part_words": PART_WORDS, "path_words": PATH_WORDS,
        "solo_ranks": [{"from": floor, "rank": name} for floor, name in SOLO_RANKS if floor > -10**9],
    }
