"""Store twins told apart window by window (issue 13, wide-border stores).

twins.decide lets every twin pair vote with its mean error over the whole
place where the two differ (the points digit and every condition word), so a
store missing from the catalog that shares its digit and most words with a
known twin wins that twin's pairs as widely as a right store does: at
2000x1500 (1-3 px per mm) the right decisions won by 1.4-4.4 and the missing
S30 ("3+ flow 1+ cats") read as S09 ("3+ bird 1+ cats") by up to 2.7, so the
pair ratio cannot make a decision sure (TWIN_SURE_RATIO 3.5 let 2 of 72
through). Looked at in windows a word wide, a right store beats each twin in
every window where they differ; the missing card loses (or ties) the window
of the word it does not share. The smallest such window ratio (`local_ratio`)
therefore makes a twin decision sure; the pair vote still picks the winner.
"""

from __future__ import annotations

import cv2
import numpy as np

from . import constants as C
from .twin_constants import TWIN_LOCAL_MIN_FILL, TWIN_LOCAL_WINDOW_MM


def local_ratio(q: np.ndarray, seen: dict[int, np.ndarray],
                regions: dict[tuple[int, int], tuple[tuple[slice, slice], np.ndarray]], best: int,
                rim: int) -> float:
    """The smallest ratio, over the winner's twin pairs and over windows of
    TWIN_LOCAL_WINDOW_MM with at least TWIN_LOCAL_MIN_FILL of them where
    the pair differs (inside the field's rim), of the twin's mean error there
    over the winner's: below 1 somewhere, the store looks more like the twin
    (or like neither) in one word. q: the store's normalised field, aligned;
    seen: each candidate's normalised field as this photo sees it."""
    side = int(round(TWIN_LOCAL_WINDOW_MM * C.CANON_PX_PER_MM)) | 1
    eb = np.abs(q - seen[best]).astype(np.float32)
    worst = np.inf
    for (a, b), (box, mask) in regions.items():
        if best not in (a, b) or a not in seen or b not in seen:
            continue
        other = b if a == best else a
        where = np.zeros(q.shape, np.float32)
        where[box] = mask
        where[:rim], where[-rim:], where[:, :rim], where[:, -rim:] = 0, 0, 0, 0
        fill = cv2.blur(where, (side, side))
        ok = fill >= TWIN_LOCAL_MIN_FILL
        if not ok.any():
            continue
        mine = cv2.blur(eb * where, (side, side))[ok]
        theirs = cv2.blur(np.abs(q - seen[other]).astype(np.float32) * where, (side, side))[ok]
        worst = min(worst, float((theirs / np.maximum(mine, 1e-6)).min()))
    return worst
