"""A loop drawn once, paler than the sheet's retraced strokes, is still a loop
on our own printed sheet (loop_floor.own_loop_threshold, LOOP_INK_SHARE; dev
649371: hotels 4's loop at 0.37-0.55 of the pencil, read not circled)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import marks
from vision.doodle_china.loop_floor import own_loop_threshold

PENCIL = 0.25  # the loop map's pencil level
# four value boxes in a row, as a track's at work scale (28 x 22, 48 apart)
BOXES = np.array([[20 + 48 * i, 30, 48 + 48 * i, 52] for i in range(4)], np.float64)


def _loops(levels: list[float | None], width: int = 2, blur: float = 0.8) -> np.ndarray:
    """A loop map with a loop of ink `levels[i]` (None: none) around box i."""
    ink = np.zeros((82, 230), np.float32)
    for (x0, y0, x1, y1), level in zip(BOXES, levels, strict=True):
        if level is not None:
            centre = (int((x0 + x1) / 2), int((y0 + y1) / 2))
            cv2.ellipse(ink, centre, (int((x1 - x0) * 0.75), int((y1 - y0) * 0.78)), 0, 0, 360, level, width)
    return cv2.GaussianBlur(ink, (0, 0), blur)


@pytest.mark.parametrize("levels,want", [
    ([PENCIL, PENCIL, 0.45 * PENCIL, None], [True, True, True, False]),  # base: the pale one not circled
    ([None, 0.4 * PENCIL, None, None], [False, True, False, False]),  # base: not circled
    ([PENCIL, None, PENCIL, None], [True, False, True, False]),  # as on base
    ([None, 0.25 * PENCIL, None, None], [False, False, False, False]),  # a grey halo, no loop: as on base
    ([None, None, None, None], [False, False, False, False]),
], ids=["pale-beside-retraced", "pale-alone", "full-loops", "grey-halo", "none"])
def test_a_pale_loop_is_circled(levels, want):
    share = marks.ring_share(_loops(levels), BOXES, own_loop_threshold(PENCIL))
    circled, _, doubt = marks.decide_loops(share)
    assert circled == want, share
    assert not any(doubt), share


@pytest.mark.parametrize("pencil", [0.05, 0.09], ids=["faint", "light"])
def test_a_faint_pencil_keeps_the_ink_floor(pencil):
    from vision.doodle_china import constants as C

    assert own_loop_threshold(pencil) == C.INK_FLOOR
