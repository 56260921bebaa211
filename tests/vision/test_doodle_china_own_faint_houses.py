"""Our own faint sheet: a house's cross is read from OWN_FAINT_HOUSE_LEVELS
(midpoint 0.075 of the pencil, not 0.09), a weak one still judged by its line
(lined_marks.keep_lined). Figures: houses' ink and line strength (of the pencil)
measured on own faint dev photos 660000-660079 and 663000-663079."""

from __future__ import annotations

import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import lined_marks, marks
from vision.doodle_china.own_floor_constants import OWN_FLOOR_NO, OWN_FLOOR_YES
from vision.doodle_china.read_marks import least_ink, mark_levels
from vision.doodle_china.tree_constants import OWN_FAINT_HOUSE_LEVELS

SHEETS = {
    # 8 of 10 crossed; two crosses at 0.082 and 0.088 of the pencil, lines 0.90 and 1.11
    "660078": (0.076, [0.0254, 0.0209, 0.0143, 0.0062, 0.0221, -0.0086, 0.0242, -0.0068, 0.0066, 0.0082],
               [1.192, 0.997, 1.063, 0.901, 0.99, 0.008, 1.332, 0.044, 1.111, 1.035], "XXXXX.X.XX"),
    # the highest clean houses on those dev sets (0.064 of the pencil)
    "660036": (0.074, [0.0332, 0.0298, 0.0113, -0.0002, 0.0013, 0.0004, 0.0018, 0.0047, 0.0257, 0.0014],
               [1.37, 1.416, 0.807, 0.009, 0.009, 0.003, 0.047, 0.027, 1.254, 0.011], "XXX.....X."),
    "663002": (0.081, [0.0016, 0.003, 0.0251, 0.0176, 0.0333, 0.0052, 0.0225, 0.0027, 0.0276, -0.0012],
               [0.001, 0.045, 1.123, 1.247, 1.394, 0.064, 0.931, 0.009, 1.35, -0.021], "..XXX.X.X."),
}


@pytest.mark.parametrize("sheet", list(SHEETS), ids=["weak-crosses", "clean-0.064", "clean-0.064-b"])
def test_own_faint_houses(sheet):
    pencil, excess, line, truth = SHEETS[sheet]
    excess = np.array(excess)
    least = least_ink(excess, pencil, "house", taught=False, own_faint=True)
    crossed, _, doubt = marks.decide_crosses(excess, pencil, "house", least,
                                             levels=mark_levels("house", plain_own=False, own_faint=True))
    crossed, _ = lined_marks.keep_lined(crossed, doubt, excess, pencil, C.MARK_MIN_INK["house"],
                                  lambda: np.array(line) * max(pencil, C.MARK_PENCIL_FLOOR))
    assert "".join("X" if c else "." for c in crossed) == truth


@pytest.mark.parametrize("what,plain_own,own_faint,want", [
    ("house", False, True, OWN_FAINT_HOUSE_LEVELS),
    ("house", True, False, None),  # a pencil not faint: MARK_YES/NO
    ("house", False, False, None),  # a template read
    ("floor", True, False, (OWN_FLOOR_YES, OWN_FLOOR_NO)),  # as before
    ("tree", False, True, None),
], ids=["own-faint-house", "own-house", "taught-house", "own-floor", "own-faint-tree"])
def test_mark_levels(what, plain_own, own_faint, want):
    assert mark_levels(what, plain_own, own_faint) == want
