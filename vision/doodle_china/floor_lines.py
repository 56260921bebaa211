"""A faint pencil's floor cross on our own sheet, seen as the strokes of an X.

On our own printed sheet with a faint pencil (under C.OWN_FAINT_PENCIL) a
floor box's mean ink, its darkest pixel and its rise over its haze overlap
for a cross and a clean box (session 25, lane ownfaint): an 11-pixel box
holds a pencil line a work pixel wide, and the JPEG's ringing round the
box's printed outline lifts a clean box as much. A cross is drawn corner to
corner: its strokes keep their ink along their whole length, where the
ringing, a grain or a smudge lifts one part of a line. So each box is
scored by its best line near either diagonal, by the weakest third of that
line (as faint_house_lines does for a pad's houses), measured in the ink
beyond the sheet's print model less the print learnt from all the sheet's
floor boxes (floor_keep.residual_crops, each pixel's FLOOR_KEEP_PERCENTILE-th):
a printed outline, and its ringing, is the same in every box and so counts
for nothing. It only adds a clear cross to the reading of the other rules
(judge_floor_lines).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import cv2
import numpy as np

from . import constants as C
from . import floor_line_constants as F
from .floor_keep_constants import FLOOR_KEEP_MIN_BOXES, FLOOR_KEEP_PERCENTILE


@functools.lru_cache(maxsize=4)
def diagonal_points(bw: float, bh: float, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """(lines, samples) x and y of the lines near a bw x bh box's two
    diagonals, the box centred in an h x w crop: corner to corner of the box
    grown by FLOOR_LINE_GROW of its side, each end moved along its side by
    FLOOR_LINE_TILTS and the whole line across by FLOOR_LINE_OFFSETS of the
    side (a hand's X misses the corners by up to 0.12 of the box)."""
    cx, cy = (w - 1) / 2, (h - 1) / 2
    hx, hy = bw * (0.5 + F.FLOOR_LINE_GROW), bh * (0.5 + F.FLOOR_LINE_GROW)
    t = np.linspace(-1.0, 1.0, F.FLOOR_LINE_SAMPLES)
    xs, ys = [], []
    for sign in (1.0, -1.0):
        for off in F.FLOOR_LINE_OFFSETS:
            for tilt in F.FLOOR_LINE_TILTS:
                sx, sy, ex, ey = -hx, -sign * hy + tilt * bh, hx, sign * hy - tilt * bh
                length = np.hypot(ex - sx, ey - sy)
                px, py = -(ey - sy) / length * off * bw, (ex - sx) / length * off * bw
                xs.append(cx + px + (sx + ex) / 2 + t * (ex - sx) / 2)
                ys.append(cy + py + (sy + ey) / 2 + t * (ey - sy) / 2)
    return np.asarray(xs, np.float32), np.asarray(ys, np.float32)


def diagonal_lines(crops: np.ndarray, bw: float, bh: float) -> np.ndarray:
    """(n,) per box the highest, over diagonal_points' lines, of the mean ink
    of the line's weakest third. `crops`: floor_keep.residual_crops of the
    sheet's floor boxes (the print learnt from them is taken out here). With
    fewer than FLOOR_KEEP_MIN_BOXES boxes nothing is learnt: all NaN (no say)."""
    if len(crops) < FLOOR_KEEP_MIN_BOXES:
        return np.full(len(crops), np.nan)
    learnt = np.percentile(crops, FLOOR_KEEP_PERCENTILE, axis=0)
    xs, ys = diagonal_points(float(bw), float(bh), crops.shape[1], crops.shape[2])
    thirds = np.array_split(np.arange(xs.shape[1]), 3)
    out = []
    for crop in crops:
        along = cv2.remap((crop - learnt).astype(np.float32), xs, ys, cv2.INTER_LINEAR)
        out.append(float(np.min([along[:, part].mean(axis=1) for part in thirds], axis=0).max()))
    return np.array(out)


def judge_floor_lines(crossed: list[bool], doubt: list[bool], pencil: float,
                      lines: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Our own faint sheet's floors after the other rules: an uncrossed box
    whose diagonal line (`lines()`: diagonal_lines) reaches FLOOR_LINE_ADD of
    the pencil is crossed, doubtful. Crossed boxes are left as they are: a
    weak cross's line reads as low as a clean box's (floor_line_constants)."""
    now = np.array(crossed, bool)
    if now.all():
        return crossed, doubt
    add = ~now & (lines() / max(pencil, C.MARK_PENCIL_FLOOR) >= F.FLOOR_LINE_ADD)
    return ([bool(c or a) for c, a in zip(crossed, add, strict=True)],
            [bool(d or a) for d, a in zip(doubt, add, strict=True)])
