"""A window taken sure by its features may still be a card missing from the
catalog: tucked, it shows only its top, and many windows of one deck share
what shows there (a row of shuttered panes over bricks), differing in the
tokens that carry their values. Where the entry's look-alikes in the catalog
differ, template.tells_twins_apart already compares them; a look-alike the
catalog lacks is compared with nothing. So the visible part laid on the
entry must agree with it in every patch: one patch that plainly disagrees
(another token, another pane) while few features vouch for the match makes
it a proposal (by "twin", naming its look-alikes) the person confirms, never
a sure answer that would fill in wrong values silently."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from . import constants as C
from . import stranger_constants as SC
from .catalog import Pool
from .template import twin_regions


def worst_patch_error(a: np.ndarray, wt: np.ndarray, thumb: np.ndarray) -> float:
    """The largest mean absolute difference between the laid visible part
    (a, seen where wt > 0.5) and the entry's thumbnail over the square
    patches of STRANGER_PATCH_MM wholly (STRANGER_PATCH_FILL) seen; 0 when
    no patch is seen enough."""
    seen = (wt > 0.5).astype(np.float32)
    side = int(round(SC.STRANGER_PATCH_MM * C.THUMB_PX_PER_MM)) | 1
    den = cv2.boxFilter(seen, -1, (side, side), normalize=False)
    full = den >= SC.STRANGER_PATCH_FILL * side * side
    if not full.any():
        return 0.0
    num = cv2.boxFilter(np.abs(a - thumb) * seen, -1, (side, side), normalize=False)
    return float((num[full] / den[full]).max())


def is_stranger(error: float, inliers: int) -> bool:
    """Whether a sure window's worst patch error and inlier count make it a
    possible card missing from the catalog."""
    return error > SC.STRANGER_MAX_PATCH_ERROR and inliers < SC.STRANGER_FEW_INLIERS


def sure_or_stranger(pool: Pool, a: np.ndarray, wt: np.ndarray, k: int, conf: float, inliers: int,
                     allowed: np.ndarray | None) -> tuple[Any, ...]:
    """Entry k sure (entry, confidence), or, for a window that may be a
    stranger (is_stranger), a proposal (entry, confidence, False, "twin",
    its look-alikes) capped at TWIN_CONFIDENCE. a, wt: the visible part laid
    on the entry and where it is seen (template._laid)."""
    entry = pool.entries[k]
    if entry.role != "window":
        return entry, conf
    if not is_stranger(worst_patch_error(a, wt, pool.thumbs[k]), inliers):
        return entry, conf
    named = [j for j, _ in twin_regions(pool.thumbs, k, wt > 0.5, C.LOOKALIKE_SHARE) if allowed is None or allowed[j]]
    return (entry, min(conf, C.TWIN_CONFIDENCE), False, "twin",
            tuple(pool.entries[j] for j in named[:C.SETTLE_ALIKE_NAMED]))
