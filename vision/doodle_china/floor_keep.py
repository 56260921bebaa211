"""A second look at floor crosses on our own sheets whose pencil reads just
over the faint rules' level (floor_keep_constants).

A coarse JPEG rings round each floor box's dark printed outline and carries
part of the print's ink into the box's middle, as much as such a pencil's
faint cross. That ringing is the same print in every floor box of a sheet,
so it is learnt from the photo itself: each pixel's low percentile over the
sheet's floor boxes (crosses only add ink, and each lands elsewhere in its
box). A box read crossed whose ink less that learnt print is low and that
shows no straight line through its centre either is not crossed.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np

from . import constants as C
from . import floor_keep_constants as K


def residual_crops(ink: np.ndarray, blank: np.ndarray, gain: float, sigma: float, boxes: np.ndarray) -> np.ndarray:
    """(n, h, w) the ink beyond the sheet's print model (the printed `blank`
    blurred by `sigma`, times `gain`) round each box (work pixels), centred on
    it with FLOOR_KEEP_MARGIN of paper, sampled at sub-pixel centres so that
    the same print lines up in every crop."""
    bw, bh = np.median(boxes[:, 2] - boxes[:, 0]), np.median(boxes[:, 3] - boxes[:, 1])
    size = (int(np.ceil(bw)) + 2 * K.FLOOR_KEEP_MARGIN, int(np.ceil(bh)) + 2 * K.FLOOR_KEEP_MARGIN)
    model = gain * (cv2.GaussianBlur(blank, (0, 0), sigma) if sigma > 0 else blank)
    beyond = (ink - model).astype(np.float32)
    return np.stack([cv2.getRectSubPix(beyond, size, ((x0 + x1) / 2, (y0 + y1) / 2)) for x0, y0, x1, y1 in boxes])


def _inner(shape: tuple[int, int], bw: float, bh: float, shrink: float) -> np.ndarray:
    """(h, w) True inside a box of bw x bh centred in a crop of `shape`, shrunk by `shrink` of its sides."""
    ys, xs = np.mgrid[0:shape[0], 0:shape[1]]
    cx, cy = (shape[1] - 1) / 2, (shape[0] - 1) / 2
    return (np.abs(xs - cx) <= bw * (0.5 - shrink)) & (np.abs(ys - cy) <= bh * (0.5 - shrink))


def learnt_means(crops: np.ndarray, bw: float, bh: float) -> np.ndarray:
    """(n,) each box's mean ink in its middle (FLOOR_KEEP_MEAN_SHRINK) less the
    print learnt from all of them (each pixel's FLOOR_KEEP_PERCENTILE-th)."""
    learnt = np.percentile(crops, K.FLOOR_KEEP_PERCENTILE, axis=0)
    inner = _inner(crops.shape[1:], bw, bh, K.FLOOR_KEEP_MEAN_SHRINK)
    return np.array([float((c - learnt)[inner].mean()) for c in crops])


@functools.lru_cache(maxsize=4)
def _line_points(bw: float, bh: float, h: int, w: int) -> tuple[np.ndarray, np.ndarray]:
    """(angles, samples) x and y of FLOOR_KEEP_ANGLES straight lines through
    the centre of a bw x bh box centred in an h x w crop, each from edge to
    edge of the box shrunk by FLOOR_KEEP_LINE_SHRINK."""
    hx, hy = bw * (0.5 - K.FLOOR_KEEP_LINE_SHRINK), bh * (0.5 - K.FLOOR_KEEP_LINE_SHRINK)
    t = np.linspace(-1.0, 1.0, K.FLOOR_KEEP_SAMPLES)
    xs, ys = [], []
    for a in np.linspace(0.0, np.pi, K.FLOOR_KEEP_ANGLES, endpoint=False):
        dx, dy = np.cos(a), np.sin(a)
        reach = min(hx / max(abs(dx), 1e-6), hy / max(abs(dy), 1e-6))
        xs.append((w - 1) / 2 + t * reach * dx)
        ys.append((h - 1) / 2 + t * reach * dy)
    return np.asarray(xs, np.float32), np.asarray(ys, np.float32)


def centre_lines(crops: np.ndarray, bw: float, bh: float) -> np.ndarray:
    """(n,) each box's darkest straight line through its centre: the highest
    mean ink (beyond the print model) along one of _line_points' lines."""
    xs, ys = _line_points(float(bw), float(bh), crops.shape[1], crops.shape[2])
    return np.array([float(cv2.remap(c, xs, ys, cv2.INTER_LINEAR).mean(axis=1).max()) for c in crops])


def keep_floors(crossed: list[bool], doubt: list[bool], pencil: float, boxes: np.ndarray,
                crops: np.ndarray) -> tuple[list[bool], list[bool]]:
    """Floor boxes read crossed stay crossed where their ink less the print
    learnt from the sheet's floor boxes (learnt_means) reaches FLOOR_KEEP_MEAN
    of the pencil or their darkest line through the centre (centre_lines)
    reaches FLOOR_KEEP_LINE; else not crossed, doubtful. `boxes`: (n, 4) work
    pixels; `crops`: residual_crops of them. With fewer than
    FLOOR_KEEP_MIN_BOXES boxes nothing is learnt and nothing dropped."""
    now = np.array(crossed, bool)
    if not now.any() or len(boxes) < K.FLOOR_KEEP_MIN_BOXES:
        return crossed, doubt
    bw, bh = float(np.median(boxes[:, 2] - boxes[:, 0])), float(np.median(boxes[:, 3] - boxes[:, 1]))
    scale = max(pencil, C.MARK_PENCIL_FLOOR)
    means = learnt_means(crops, bw, bh) / scale
    lines = centre_lines(crops, bw, bh) / scale
    drop = now & (means < K.FLOOR_KEEP_MEAN) & (lines < K.FLOOR_KEEP_LINE)
    return ([bool(c and not x) for c, x in zip(crossed, drop, strict=True)],
            [bool(d or x) for d, x in zip(doubt, drop, strict=True)])
