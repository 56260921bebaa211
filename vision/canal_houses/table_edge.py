"""A card's outline where a dark table stops: a thin dim border (a far
card, blur, a keyline) breaks in places in every paper mask, and through a
gap of a pixel or two the card's field runs into the table's component and
is never found. On a dark table the card, border and field alike, stands
well above the table all round, so the line just outside the table (the
table's own largest dark component: dark art inside a field is closed off
from it by what is left of the border) closes the outline off. Fields so
closed off are still judged by the white ring of the paper masks (find.py),
so a bright thing on the table with no border round it is no card."""

from __future__ import annotations

import cv2
import numpy as np

from . import dark_table_constants as K


def table_edge(paper: np.ndarray, hi: np.ndarray) -> np.ndarray | None:
    """The line of pixels just outside the dark table (bool, like paper), or
    None when the table is not dark. paper: the widest paper mask (ridge);
    hi: the balanced image's brightest channel."""
    # the table's level: the median of what is not paper (the table is most of it; a photo filled by
    # cards judged not dark is left as it was), every third pixel: the same level, a fifth of the time
    rest = hi[::3, ::3][~paper[::3, ::3]]
    if not rest.size:
        return None
    level = float(np.median(rest))
    if level >= K.DARK_TABLE_MAX_LEVEL:
        return None
    dark = (hi < level + K.DARK_TABLE_CUT * (1.0 - level)) & ~paper
    n, labels, stats, _ = cv2.connectedComponentsWithStats(dark.view(np.uint8), connectivity=4)
    if n < 2:
        return None
    bare = labels == int(np.argmax(stats[1:, cv2.CC_STAT_AREA])) + 1
    near = cv2.dilate(bare.view(np.uint8), np.ones((3, 3), np.uint8)) > 0
    return near & ~bare
