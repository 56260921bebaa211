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


def _model(blank: np.ndarray, sigma: float, dx: float, dy: float) -> np.ndarray:
    """`blank` blurred by `sigma` and moved by (dx, dy) work pixels."""
    moved = cv2.warpAffine(blank, np.float32([[1, 0, dx], [0, 1, dy]]), blank.shape[::-1],
                           flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return moved if sigma <= 0 else cv2.GaussianBlur(moved, (0, 0), sigma)


def refit_boxes(ink: np.ndarray, blank: np.ndarray, boxes: np.ndarray, gain: float, sigma: float) -> np.ndarray:
    """`ink` with each box's print judged against the shift (up to
    C.LOCAL_PRINT_SHIFT work pixels each way), blur step and gain
    (C.LOCAL_PRINT_GAINS times the sheet's) that fit it best where there is
    print (least median absolute difference over the box grown by
    C.LOCAL_PRINT_MARGIN: a cross's strokes are a minority of those pixels)
    rather than the sheet's `gain` and `sigma` in place: the difference
    between the two models is taken out of the ink over the box grown by
    C.LOCAL_PRINT_KEEP, so anything measured against the sheet's model there
    sees the local one."""
    out = ink.copy()
    h, w = ink.shape
    pad, keep = C.LOCAL_PRINT_MARGIN, C.LOCAL_PRINT_KEEP
    edge = int(np.ceil(3 * BLUR_STEPS[-1] + C.LOCAL_PRINT_SHIFT)) + 1  # made with the paper around it
    shifts = np.arange(-C.LOCAL_PRINT_SHIFT, C.LOCAL_PRINT_SHIFT + 1e-9, C.LOCAL_PRINT_SHIFT_STEP)
    for x0, y0, x1, y1 in boxes:
        a, b = max(0, int(x0) - pad), max(0, int(y0) - pad)
        c, d = min(w, int(np.ceil(x1)) + pad + 1), min(h, int(np.ceil(y1)) + pad + 1)
        ea, eb = max(0, a - edge), max(0, b - edge)
        wide = blank[eb:min(h, d + edge), ea:min(w, c + edge)]
        cut = (slice(b - eb, d - eb), slice(a - ea, c - ea))
        seen = ink[b:d, a:c]
        sheet = gain * _model(wide, sigma, 0.0, 0.0)[cut]
        printed = (sheet >= C.PRINT_FREE) | (wide[cut] >= C.PRINT_FREE)  # judged where print is
        best, fit = np.inf, sheet
        for s in BLUR_STEPS:
            for dx in shifts:
                for dy in shifts:
                    m = _model(wide, s, dx, dy)[cut]
                    for g in C.LOCAL_PRINT_GAINS:
                        err = float(np.median(np.abs(seen - g * gain * m)[printed]))
                        if err < best:
                            best, fit = err, g * gain * m
        inner = (slice(max(0, int(y0) - keep) - b, min(d, int(np.ceil(y1)) + keep + 1) - b),
                 slice(max(0, int(x0) - keep) - a, min(c, int(np.ceil(x1)) + keep + 1) - a))
        out[b:d, a:c][inner] += (sheet - fit)[inner]
    return out
