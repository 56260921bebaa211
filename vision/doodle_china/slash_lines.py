"""The straight lines a slash over a floor box may draw.

A slash (or one stroke of an X) over a floor box that a road runs across
keeps little of its ink off the road's band, so it is looked for along its
own line (floors.slash_off_road for a straight road, turn_floor for a
turning one); these are the lines searched, as shares of the box's side,
and the two steps both measures share: the ink sampled along them, and the
darkest line's mean. A slash drawn nearly along the road is seen instead by
the road's line widening in the box (along_road).
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from . import constants as C
from . import pad_floor_constants as A


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


def inside_box(xs: np.ndarray, ys: np.ndarray, box: tuple[float, float, float, float]) -> np.ndarray:
    """The points of the lines inside the box, shrunk by FLOOR_OFF_ROAD_SHRINK
    as the off-road measure is (a box's printed edge is no slash)."""
    x0, y0, x1, y1 = box
    sx, sy = (x1 - x0) * C.FLOOR_OFF_ROAD_SHRINK, (y1 - y0) * C.FLOOR_OFF_ROAD_SHRINK
    return (xs >= x0 + sx) & (xs <= x1 - sx) & (ys >= y0 + sy) & (ys <= y1 - sy)


def ink_along(m: np.ndarray, xs: np.ndarray, ys: np.ndarray,
              box: tuple[float, float, float, float]) -> np.ndarray:
    """The pencil map `m` sampled at the points (work pixels). Only the box's
    part of the map is sampled: points outside it never count."""
    x0, y0, x1, y1 = box
    a, b = max(0, int(x0) - 2), max(0, int(y0) - 2)
    crop = np.ascontiguousarray(m[b:int(np.ceil(y1)) + 3, a:int(np.ceil(x1)) + 3], np.float32)
    return cv2.remap(crop, (xs - a).astype(np.float32), (ys - b).astype(np.float32), cv2.INTER_LINEAR,
                     borderMode=cv2.BORDER_CONSTANT, borderValue=0.0)


def darkest_line(ink: np.ndarray, counted: np.ndarray) -> float:
    """The highest mean ink of a line over its counted points, among the
    lines with at least FLOOR_SLASH_POINTS of them (-inf when none has)."""
    n = counted.sum(axis=1)
    means = np.where(n >= C.FLOOR_SLASH_POINTS, (ink * counted).sum(axis=1) / np.maximum(n, 1), -np.inf)
    return float(means.max())


def along_road(left: np.ndarray, away: np.ndarray, value: float, pencil: float) -> float:
    """A floor box's ink (`value`: its measure off the road) where a slash
    drawn nearly along the road shows: the mean ink of the box's middle
    within the road's band (`left`: its ink less the road's wings, `away`:
    off the band) when that band covers at least FLOOR_ALONG_SHARE of the
    middle and the ink reaches FLOOR_ALONG_MIN of the `pencil`, on a sheet
    that is not faint; else `value` (see pad_floor_constants.py)."""
    band = ~away
    if pencil < C.NOISE_BELOW_PENCIL or band.mean() < A.FLOOR_ALONG_SHARE:
        return value
    ink = float(left[band].mean())
    return max(value, ink) if ink >= A.FLOOR_ALONG_MIN * pencil else value
