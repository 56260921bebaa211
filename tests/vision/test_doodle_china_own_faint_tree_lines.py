"""Our own faint sheet: an uncrossed tree whose line (of the pencil) is at
least OWN_FAINT_TREE_LINE and stands out from the sheet's other uncrossed
trees (OWN_FAINT_TREE_GAP[1] times their 75th percentile, with
NOISE_MIN_CLEAN of them or more) is crossed, doubtful
(lined_marks.add_standing_out). Fails on e148d35 (it does not exist).
Lines measured on own faint dev 680000-680099 and 680500-680599 (1600x1200)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china.lined_marks import add_standing_out
from vision.doodle_china.tree_constants import OWN_FAINT_TREE_GAP, OWN_FAINT_TREE_LINE

PENCIL = 0.07


@pytest.mark.parametrize("line,crossed,lines,want", [
    # a line of 0.25 on a quiet sheet (4.6 times its clean trees', as 660042's)
    (0.25, "X.X....", [0.9, 0.046, 0.8, 0.054, 0.066, 0.021, 0.044], True),
    # 680505's tree 4: 0.36, 2.7 times its sheet's clean lines: not enough
    (0.36, ".......", [0.08, 0.06, 0.10, 0.09, 0.16, 0.15, 0.13], False),
    # under OWN_FAINT_TREE_LINE, however far it stands out
    (0.15, ".......", [0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01], False),
    # two other uncrossed trees: too few to judge by
    (0.30, "XXXXX..", [0.9, 0.9, 0.9, 0.9, 0.9, 0.01, 0.01], False),
    # 680036's clean tree 5 (0.30), every other tree crossed
    (0.30, "XXXXXXXXX", [0.83, 0.81, 0.61, 0.63, 0.71, 0.80, 0.72, 0.84, 0.81], False),
    # 680080's clean tree 1 (0.38) where every other tree reads crossed (11 of them falsely)
    (0.38, "XXXXXXXXXXX", [0.46, 0.59, 0.51, 0.63, 0.53, 0.43, 0.58, 0.36, 0.46, 0.50, 0.45], False),
], ids=["stands-out", "680505-2.7x", "under-line", "two-others", "680036-none-left", "680080-none-left"])
def test_add_standing_out(line, crossed, lines, want):
    got, doubt = add_standing_out([False, *(c == "X" for c in crossed)], [False] * (len(crossed) + 1), PENCIL,
                                  OWN_FAINT_TREE_LINE, OWN_FAINT_TREE_GAP[1],
                                  lambda: np.array([line, *lines]) * max(PENCIL, C.MARK_PENCIL_FLOOR))
    assert got[0] is want
    assert doubt[0] is want
    assert got[1:] == [c == "X" for c in crossed]  # the others as they were
