"""The straight lines a slash over a floor box may draw.

A slash (or one stroke of an X) over a floor box that a road runs across
keeps little of its ink off the road's band, so it is looked for along its
own line (floors.slash_off_road for a straight road, turn_floor for a
turning one); these are the lines searched, as shares of the box's side.
"""

from __future__ import annotations

import functools

import numpy as np

from . import constants as C


@functools.lru_cache(maxsize=1)
def slash_lines() -> np.ndarray:
    """(lines, samples, 2) points of the straight lines a slash may draw
    through a box, as shares of its side from its centre: every
    FLOOR_SLASH_ANGLES direction off the road's, through points up to
    FLOOR_SLASH_SHIFT of the side to either side of the centre."""
    t = np.linspace(-0.7, 0.7, C.FLOOR_SLASH_SAMPLES)
    out = []
    for angle in np.deg2rad(C.FLOOR_SLASH_ANGLES):
        for shift in np.linspace(-C.FLOOR_SLASH_SHIFT, C.FLOOR_SLASH_SHIFT, C.FLOOR_SLASH_SHIFTS):
            out.append(np.stack([shift + t * np.cos(angle), t * np.sin(angle)], -1))
    lines = np.asarray(out)
    lines.setflags(write=False)
    return lines
