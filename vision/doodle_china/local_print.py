"""The print under small boxes, fitted where they are.

The printed sheet's blur and blackness (marks.fit_print) are fitted once, on
thin text at the top and bottom of the sheet, and the sheet's place from its
corner markers; a sheet photographed at a slant is sharper or softer, and a
pixel off, elsewhere. A floor box's print is mostly its outline: a model a
pixel off (or blurred to make up for it) spreads that outline into the box's
middle, where it hides a faint pencil's cross (seen: a box's middle 0.02-0.09
too light, as much as a faint pencil's cross). Each box's print is fitted
again on its own outline, and the ink map corrected there.
"""

from __future__ import annotations

import cv2
import numpy as np

from . import constants as C
from .marks import BLUR_STEPS


def _moves(image: np.ndarray, rows: slice, cols: slice, shifts: np.ndarray) -> np.ndarray:
    """`image[rows, cols]` moved by every (dx, dy) of `shifts` (bilinear; the
    slices must leave room around them): (len(shifts) ** 2, rows, cols),
    dx the slower index."""

    def move(stack: np.ndarray, start: int, stop: int, axis: int) -> np.ndarray:
        out = []
        for d in shifts:
            f, t = int(np.floor(d)), float(d - np.floor(d))
            lo = np.take(stack, range(start - f, stop - f), axis=axis)
            hi = np.take(stack, range(start - f - 1, stop - f - 1), axis=axis) if t else lo
            out.append((1 - t) * lo + t * hi)
        return np.stack(out)

    across = move(image, cols.start, cols.stop, axis=1)  # (dx, all rows, cols)
    both = move(across, rows.start, rows.stop, axis=1)  # (dy, dx, rows, cols)
    return both.transpose(1, 0, 2, 3).reshape(-1, rows.stop - rows.start, cols.stop - cols.start)


def refit_boxes(ink: np.ndarray, blank: np.ndarray, boxes: np.ndarray, gain: float, sigma: float) -> np.ndarray:
    """`ink` with each box's print judged against the shift (up to
    C.LOCAL_PRINT_SHIFT work pixels each way), blur step and gain
    (C.LOCAL_PRINT_GAINS times the sheet's) that fit it best where there is
    print (least median absolute difference over the box grown by
    C.LOCAL_PRINT_MARGIN: a cross's strokes are a minority of those pixels)
    rather than the sheet's `gain` and `sigma` in place: the difference
    between the two models is taken out of the ink over the box grown by
    C.LOCAL_PRINT_KEEP, so anything measured against the sheet's model there
    sees the local one. Where grown boxes overlap (a square's floor boxes lie
    2 work px apart) the mean of their differences is taken out, not their
    sum: added twice, the overlap read as over-subtracted print, -1.5 to
    -2.4 of a faint pencil beside a crossed box (own faint dev 643043)."""
    fix = np.zeros_like(ink)
    count = np.zeros(ink.shape, np.int32)
    h, w = ink.shape
    pad, keep = C.LOCAL_PRINT_MARGIN, C.LOCAL_PRINT_KEEP
    room = int(np.ceil(C.LOCAL_PRINT_SHIFT)) + 1
    edge = int(np.ceil(3 * BLUR_STEPS[-1])) + room  # blurred with the paper around it, cut after
    shifts = np.arange(-C.LOCAL_PRINT_SHIFT, C.LOCAL_PRINT_SHIFT + 1e-9, C.LOCAL_PRINT_SHIFT_STEP)
    padded = cv2.copyMakeBorder(blank, edge, edge, edge, edge, cv2.BORDER_CONSTANT, value=0.0)
    for x0, y0, x1, y1 in boxes:
        a, b = max(0, int(x0) - pad), max(0, int(y0) - pad)
        c, d = min(w, int(np.ceil(x1)) + pad + 1), min(h, int(np.ceil(y1)) + pad + 1)
        wide = padded[b:d + 2 * edge, a:c + 2 * edge]  # the box's part and `edge` around it
        rows, cols = slice(edge, edge + d - b), slice(edge, edge + c - a)
        seen = ink[b:d, a:c]
        sheet = gain * (wide if sigma <= 0 else cv2.GaussianBlur(wide, (0, 0), sigma))[rows, cols]
        printed = (sheet >= C.PRINT_FREE) | (wide[rows, cols] >= C.PRINT_FREE)  # judged where print is
        if not printed.any():
            continue
        models = np.concatenate([_moves(wide if s <= 0 else cv2.GaussianBlur(wide, (0, 0), s), rows, cols, shifts)
                                 for s in BLUR_STEPS])[:, printed] * gain
        errors = np.stack([np.median(np.abs(seen[printed][None] - g * models), axis=1)
                           for g in C.LOCAL_PRINT_GAINS])  # (gains, models)
        g, m = np.unravel_index(int(np.argmin(errors)), errors.shape)
        s_i, rest = divmod(int(m), len(shifts) ** 2)
        dx, dy = shifts[rest // len(shifts)], shifts[rest % len(shifts)]
        blurred = wide if BLUR_STEPS[s_i] <= 0 else cv2.GaussianBlur(wide, (0, 0), BLUR_STEPS[s_i])
        fit = C.LOCAL_PRINT_GAINS[g] * gain * _moves(blurred, rows, cols, np.array([dx, dy]))[1]
        inner = (slice(max(0, int(y0) - keep) - b, min(d, int(np.ceil(y1)) + keep + 1) - b),
                 slice(max(0, int(x0) - keep) - a, min(c, int(np.ceil(x1)) + keep + 1) - a))
        fix[b:d, a:c][inner] += (sheet - fit)[inner]
        count[b:d, a:c][inner] += 1
    return (ink + fix / np.maximum(count, 1)).astype(ink.dtype)
