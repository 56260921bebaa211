"""Our own faint sheet: a floor box is also crossed where the measure our own
sheets with a pencil not faint take reaches OWN_FAINT_FLOOR_PLAIN of the
pencil (read_marks.add_plain_floors) and its middle shows a line standing
above its haze (read_marks.plain_lined). Fails on e148d35 (neither exists).
Figures: own faint dev 680000-680099 (1600x1200), relative to the pencil."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china.own_floor_constants import OWN_FAINT_FLOOR_PLAIN
from vision.doodle_china.read_marks import add_plain_floors, plain_lined

PENCIL = 0.08
BOX = np.array([[20.0, 20.0, 31.0, 31.0]])  # work pixels, as an 11-pixel floor box


@pytest.mark.parametrize("crossed,plain,want,doubt", [
    (False, 0.829, True, True),  # 680057: the refit's rise 0.15, read clean
    (False, 0.723, True, True),  # 680052: capped to 0.04 by a stray road's ink
    (False, 0.328, True, True),  # 680080
    (False, OWN_FAINT_FLOOR_PLAIN, True, True),  # at the limit
    (False, 0.14, False, False),
    (False, 0.0, False, False),  # no line in its middle (plain_lined): 0.0
    (True, 0.0, True, False),  # a cross stays
], ids=["680057", "680052", "680080", "at-limit", "under", "no-line", "crossed-stays"])
def test_add_plain_floors(crossed, plain, want, doubt):
    got, flagged = add_plain_floors([crossed, False], [False, False], PENCIL,
                                    lambda: np.array([plain, 0.0]) * PENCIL)
    assert got == [want, False]
    assert flagged == [doubt, False]


def _box(slash: float, haze: float) -> np.ndarray:
    """A pencil map with a slash of ink `slash` (of the pencil) corner to
    corner over the box, on a haze of `haze` over the box's middle."""
    m = np.zeros((50, 50), np.float32)
    m[22:30, 22:30] = haze * PENCIL
    if slash:
        line = np.zeros_like(m)
        cv2.line(line, (21, 30), (30, 21), slash * PENCIL, 1, cv2.LINE_AA)
        m = np.maximum(m, line)
    return m


@pytest.mark.parametrize("slash,haze,want", [
    (1.1, 0.0, True),  # a cross's line (680057: peak 1.11, rise 0.30)
    (0.0, 0.5, False),  # a grey haze: peak 0.5, no rise (clean boxes: 680097's at 0.52)
    (0.45, 0.0, False),  # a pale line under the peak (680062's clean box: 0.43)
    (0.65, 0.0, False),  # a JPEG-ringing lifted clean box (690036, 690065: 0.60-0.61); fails on 4d604cc
    (0.75, 0.0, True),  # a cross's line (680000-680099's crosses found so: from 0.72)
    (1.0, 0.9, False),  # a line on a haze nearly as dark: under the rise
    (0.0, 0.0, False),
], ids=["line", "haze", "pale", "ringing", "line-0.75", "line-on-haze", "clean"])
def test_plain_lined(slash, haze, want):
    assert plain_lined(_box(slash, haze), BOX, PENCIL).tolist() == [want]

