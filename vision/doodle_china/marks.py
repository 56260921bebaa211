"""Crossed-out boxes (houses, trees, floors) and circled score values.

A cross is ink in a box beyond what the printer put there: the empty sheet,
blurred like the photo and scaled to the photo's black, is subtracted and the
rest averaged over the box (an average does not care how blurred a stroke is).
A loop is ink all around a value: the ring just outside its box is searched in
every direction, and a loop inks nearly all of them, while a cross through the
value reaches only a few.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from . import constants as C

BLUR_STEPS = (0.0, 0.6, 0.9, 1.3, 1.8, 2.5)


def fit_print(ink: np.ndarray, blank: np.ndarray, box: tuple[int, int, int, int]) -> tuple[float, float]:
    """How black the print looks (gain) and how blurred (sigma, work pixels),
    fitted on a region nothing is ever drawn in (title and subtitle)."""
    x0, y0, x1, y1 = box
    seen = ink[y0:y1, x0:x1].astype(np.float64)
    best = (np.inf, 1.0, 0.0)
    for sigma in BLUR_STEPS:
        model = _blur(blank, sigma)[y0:y1, x0:x1].astype(np.float64)
        norm = float((model * model).sum())
        if norm <= 0:
            continue
        gain = float((seen * model).sum() / norm)
        residual = float(((seen - gain * model) ** 2).sum())
        if residual < best[0]:
            best = (residual, gain, sigma)
    return best[1], best[2]


def paper_mask(blank: np.ndarray, sigma: float) -> np.ndarray:
    """Where the print is far enough away that blur of any likely size leaves the
    paper clean (True)."""
    return _blur(blank, sigma + C.PRINT_FREE_BLUR) < C.PRINT_FREE


def _blur(blank: np.ndarray, sigma: float) -> np.ndarray:
    return blank if sigma <= 0 else cv2.GaussianBlur(blank, (0, 0), sigma)


def box_excess(ink: np.ndarray, baseline: np.ndarray, paper: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Mean ink beyond the print's in each box's inner part: (n,).

    Only the box's paper (`paper`: well away from any print) is averaged, so an
    error in how black or blurred the print looks does not count as a mark."""
    out = np.zeros(len(boxes))
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        dx, dy = (x1 - x0) * C.MARK_SHRINK, (y1 - y0) * C.MARK_SHRINK
        a, b = int(round(x0 + dx)), int(round(y0 + dy))
        c, d = max(a + 1, int(round(x1 - dx))), max(b + 1, int(round(y1 - dy)))
        seen, printed, free = ink[b:d, a:c], baseline[b:d, a:c], paper[b:d, a:c]
        if free.mean() >= C.PRINT_FREE_SHARE:
            seen, printed = seen[free], printed[free]
        out[i] = float((seen - printed).mean())
    return out


def decide_crosses(excess: np.ndarray, pencil: float, what: str) -> tuple[list[bool], list[float], list[bool]]:
    """Crossed?, confidence and doubtful? per box (of a `what`: house, tree,
    floor), from ink relative to the pencil."""
    rel = excess / max(pencil, C.INK_FLOOR)
    crossed, conf, doubt = [], [], []
    yes_at, no_at = C.MARK_YES[what], C.MARK_NO[what]
    mid = (yes_at + no_at) / 2
    for value in rel:
        yes = value >= mid
        crossed.append(bool(yes))
        if value >= yes_at or value <= no_at:
            far = (value - yes_at) if yes else (no_at - value)
            conf.append(round(min(1.0, 0.8 + far * 2), 3))
            doubt.append(False)
        else:
            conf.append(round(0.5 + abs(value - mid) / (yes_at - no_at), 3))
            doubt.append(True)
    return crossed, conf, doubt


@functools.lru_cache(maxsize=1)
def _ring_offsets() -> np.ndarray:
    """(angles, radii, 2) unit offsets of the ring searched around a value."""
    th = np.linspace(0, 2 * np.pi, C.RING_ANGLES, endpoint=False)
    rr = np.linspace(C.RING_INNER, C.RING_OUTER, C.RING_RADII)
    return np.stack([np.cos(th)[:, None] * rr[None, :], np.sin(th)[:, None] * rr[None, :]], -1)


def ring_share(ink: np.ndarray, boxes: np.ndarray, threshold: float) -> np.ndarray:
    """Share of directions around each value box in which a stroke is seen: (n,)."""
    off = _ring_offsets()
    cx, cy = (boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2
    a, b = (boxes[:, 2] - boxes[:, 0]) / 2, (boxes[:, 3] - boxes[:, 1]) / 2
    xs = cx[:, None, None] + off[None, ..., 0] * a[:, None, None]
    ys = cy[:, None, None] + off[None, ..., 1] * b[:, None, None]
    xi = np.clip(np.rint(xs).astype(np.intp), 0, ink.shape[1] - 1)
    yi = np.clip(np.rint(ys).astype(np.intp), 0, ink.shape[0] - 1)
    return (ink[yi, xi].max(axis=2) > threshold).mean(axis=1)


def decide_loops(share: np.ndarray) -> tuple[list[bool], list[float], list[bool]]:
    """Circled?, confidence and doubtful? per value from the ring share."""
    mid = (C.RING_YES + C.RING_NO) / 2
    circled, conf, doubt = [], [], []
    for value in share:
        yes = value >= mid
        circled.append(bool(yes))
        if value >= C.RING_YES or value <= C.RING_NO:
            far = (value - C.RING_YES) if yes else (C.RING_NO - value)
            conf.append(round(min(1.0, 0.8 + far), 3))
            doubt.append(False)
        else:
            conf.append(round(0.5 + abs(value - mid) / (C.RING_YES - C.RING_NO), 3))
            doubt.append(True)
    return circled, conf, doubt
