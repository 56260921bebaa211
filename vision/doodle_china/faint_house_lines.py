"""A faint pencil's slash over a pad's house, judged by its line running on.

On a template read with a faint pencil (under L.HOUSE_LINE_MIN_PENCIL) the
print model misfits a house's dark roof by as much ink as the pencil leaves:
the darkest line through a clean house (marks.slash_lines) may then read as
high as a slash's, all of it from one blob on the roof. A slash keeps its ink
along the whole line, so each line is split into thirds and scored by its
weakest third (segment_lines): a blob lifts one third, a slash all three.
With a darker pencil the same measure finds a lone slash that grey's box
mean and the whole line's mean both dilute (judge_faint_houses).
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from . import constants as C
from . import faint_house_constants as F
from . import marks
from . import slash_line_constants as L


def segment_lines(ink: np.ndarray, blank: np.ndarray, boxes: np.ndarray, gain: float, sigma: float,
                  shrink: float = F.FAINT_SEG_SHRINK) -> np.ndarray:
    """Per box (work pixels), the best line's weakest third: the ink beyond
    the print (as marks.slash_lines measures it, less the box's typical
    level) along each line of marks._house_lines, over the box grown by
    -`shrink` of its side where the print is even, averaged per third of the
    line (a third with fewer than F.FAINT_SEG_POINTS counted points is left
    out; a line needs two thirds); the highest of the lines' least thirds: (n,)."""
    bw, bh = boxes[0, 2] - boxes[0, 0], boxes[0, 3] - boxes[0, 1]
    margin = max(C.CLASS_MARGIN_MIN, C.CLASS_MARGIN * max(bw, bh))
    size = (int(np.ceil(bw + 2 * margin)), int(np.ceil(bh + 2 * margin)))
    cx, cy = (size[0] - 1) / 2, (size[1] - 1) / 2
    lines = marks._house_lines(float(max(bw, bh)))
    xs, ys = lines[..., 0] + cx, lines[..., 1] + cy
    inside = (np.abs(xs - cx) <= bw * (0.5 - shrink)) & (np.abs(ys - cy) <= bh * (0.5 - shrink))
    xi = np.clip(np.rint(xs).astype(np.intp), 0, size[0] - 1)
    yi = np.clip(np.rint(ys).astype(np.intp), 0, size[1] - 1)
    starts = np.linspace(0, lines.shape[1], 4).astype(int)[:3]
    k3 = np.ones((3, 3), np.uint8)
    out = []
    for x0, y0, x1, y1 in boxes:
        centre = ((x0 + x1) / 2, (y0 + y1) / 2)
        crop, printed = cv2.getRectSubPix(ink, size, centre), cv2.getRectSubPix(blank, size, centre)
        model = gain * marks._blur(printed, sigma)
        beyond = (crop - model) / np.maximum(1.0 - model, L.HOUSE_LINE_LETS_THROUGH)
        even = cv2.dilate(cv2.dilate(printed, k3) - cv2.erode(printed, k3), k3) < L.HOUSE_LINE_EVEN
        level = float(np.median(beyond[even])) if even.any() else 0.0
        ok = inside & even[yi, xi]
        n = np.add.reduceat(ok.astype(np.int32), starts, axis=1)
        mean = np.add.reduceat(beyond[yi, xi] * ok, starts, axis=1) / np.maximum(n, 1)
        counted = n >= F.FAINT_SEG_POINTS
        least = np.where(counted, mean, np.inf).min(axis=1)
        least = np.where(counted.sum(axis=1) >= 2, least, -np.inf)
        out.append(float(least.max()) - level)
    return np.array(out)


def judge_faint_houses(before: list[bool], crossed: list[bool], doubt: list[bool], pencil: float,
                       segments: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """A template read's houses after marks.add_faint_slashes (`before`: the
    crosses read ahead of it), by their weakest third (`segments()`:
    segment_lines, of the pencil). With a faint pencil (under
    L.HOUSE_LINE_MIN_PENCIL) a house it added under F.FAINT_SEG_KEEP is not
    crossed (a roof's blob made its line), and an uncrossed house from
    F.FAINT_SEG_ADD is crossed; with a darker pencil an uncrossed house from
    F.DARK_SEG_ADD is crossed (a lone slash whose whole line grey's mean and
    the grown line miss). All doubtful."""
    if all(crossed):
        return crossed, doubt
    seg = segments() / max(pencil, C.MARK_PENCIL_FLOOR)
    faint = pencil < L.HOUSE_LINE_MIN_PENCIL
    added = np.array(crossed, bool) & ~np.array(before, bool)
    drop = added & (seg < F.FAINT_SEG_KEEP) if faint else np.zeros(len(seg), bool)
    add = ~np.array(crossed, bool) & (seg >= (F.FAINT_SEG_ADD if faint else F.DARK_SEG_ADD))
    return ([bool((c and not x) or a) for c, x, a in zip(crossed, drop, add, strict=True)],
            [bool(d or x or a) for d, x, a in zip(doubt, drop, add, strict=True)])
