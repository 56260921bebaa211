"""Our own faint sheet: a weak tree cross under the sheet's noise floor but
with a clear line is read crossed (read_marks.least_ink, then
lined_marks.keep_lined), and so is a tree with a clear line whatever its mean ink
(lined_marks.add_lined), while clean trees with as much ink and no line stay clean.
Figures: trees' ink and line strength (of the pencil) measured on own faint
dev photos 660000-660079 and 663500-663599 (rounded to 4 and 3 places)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import lined_marks, marks
from vision.doodle_china.read_marks import least_ink
from vision.doodle_china.tree_constants import OWN_FAINT_TREE_GAP, OWN_FAINT_TREE_LINE_ADD

SHEETS = {
    # one cross at 0.0037 with a line of 0.87 of the pencil; the noise floor
    # there (two clearly clean trees, so 0.07 of the pencil) was 0.0045
    "660058": (0.064, [0.016, 0.0178, -0.0, -0.0001, 0.0146, 0.0163, 0.0037, 0.0157, 0.0095, 0.0201, 0.0223, 0.0023],
               [0.939, 0.756, 0.007, 0.011, 0.566, 0.645, 0.872, 0.701, 0.63, 0.714, 0.837, 0.036],
               "XX..XXXXXXX."),
    # every tree crossed; the floor was 0.07 of the pencil (0.0049), one at 0.0041
    "660073": (0.070, [0.0101, 0.0088, 0.0147, 0.0051, 0.0118, 0.0141, 0.0041, 0.016, 0.0139, 0.0058, 0.0151, 0.0068],
               [0.813, 0.846, 0.748, 0.433, 0.495, 0.867, 1.081, 1.005, 0.875, 0.759, 0.937, 0.823],
               "XXXXXXXXXXXX"),
    # a weak cross (0.0063) with a line of 0.25, under OWN_FAINT_LINE_MIN but
    # 4.6 times this sheet's clean trees' line
    "660042": (0.068, [0.0028, -0.0004, 0.0008, 0.0009, 0.0205, -0.0007, 0.0019, 0.0006, 0.0199, -0.0004, 0.0063,
                       0.0013],
               [0.046, 0.016, 0.054, 0.066, 0.852, 0.044, 0.038, 0.021, 0.874, 0.016, 0.246, 0.061],
               "....X...X.X."),
    # three weak crosses at lines 0.14-0.27, 6.6-12.7 times the clean trees'
    # (tree 3, 0.0018 of ink, under the level rule, stays unread: "." here)
    "663034": (0.068, [-0.0001, 0.0066, 0.0061, 0.0018, 0.0002, 0.0043, -0.0001, 0.0038, -0.0002, 0.0137, 0.0004,
                       0.0192],
               [0.008, 0.466, 0.138, 0.21, 0.025, 0.151, 0.021, 0.267, 0.004, 0.658, 0.02, 0.545],
               ".XX..X.X.X.X"),
    # two weak crosses at lines 0.14 and 0.40 on a sheet whose clean trees show almost none
    "660070": (0.058, [-0.0009, 0.0035, -0.0005, 0.0061, 0.0001, 0.0003, 0.0007, 0.0018, 0.002, 0.0083, 0.0024,
                       0.0169],
               [-0.001, 0.138, 0.011, 0.4, -0.001, 0.014, 0.006, 0.003, 0.009, 0.498, 0.037, 0.667],
               ".X.X.....X.X"),
    # the highest clean tree on the dev set (0.0049, over the level rule) with no line
    "660054": (0.086, [0.0007, 0.0001, 0.0001, 0.022, 0.0015, -0.0002, -0.0001, 0.0006, 0.0049, 0.0003, 0.0297, 0.0002],
               [0.04, 0.019, 0.029, 0.674, 0.068, 0.008, 0.017, 0.028, 0.1, 0.02, 1.469, 0.013],
               "...X......X."),
    # a clean tree at 0.0039 (rel 0.06) with a line of 0.10
    "660027": (0.064, [0.0212, 0.0188, -0.0002, -0.0003, 0.0006, 0.0039, 0.0009, 0.0055, -0.0009, 0.001],
               [1.044, 0.983, 0.027, 0.028, 0.038, 0.096, 0.07, 0.687, 0.084, 0.046],
               "XX.....X.."),
    # all 10 crossed: the print learnt from the "clean" boxes holds cross ink,
    # three crosses read -0.0041-0.0023 of ink, their lines 0.68-0.91
    "663584": (0.062, [0.0073, 0.0023, 0.0052, 0.0034, 0.0021, -0.0041, 0.0095, 0.0101, 0.0036, 0.0069],
               [1.136, 0.682, 1.042, 0.765, 0.905, 0.759, 0.942, 1.164, 0.893, 1.304],
               "XXXXXXXXXX"),
    # the clean tree with the highest line on those dev sets (0.173)
    "663520": (0.071, [-0.0004, 0.0008, -0.0005, 0.0231, 0.0018, -0.0001, 0.0029, 0.0028, 0.0123, 0.0208],
               [0.039, 0.023, 0.059, 0.85, 0.071, 0.023, 0.173, 0.119, 1.024, 0.916],
               "...X....XX"),
    # clean trees at 0.0023-0.0030, just over the level rule's midpoint
    "660028": (0.065, [-0.0008, -0.0004, -0.0005, 0.0122, -0.0004, -0.0004, 0.0011, 0.0009, 0.0009, 0.003, 0.0023,
                       0.0027],
               [0.001, 0.028, 0.012, 0.443, -0.001, 0.007, 0.019, 0.04, 0.02, 0.064, 0.063, 0.058],
               "...X........"),
}


def _read(sheet: str) -> tuple[str, str]:
    pencil, excess, line, truth = SHEETS[sheet]
    excess = np.array(excess)
    least = least_ink(excess, pencil, "tree", taught=False, own_faint=True)
    crossed, _, doubt = marks.decide_crosses(excess, pencil, "tree", least)
    def lines() -> np.ndarray:
        return np.array(line) * max(pencil, C.MARK_PENCIL_FLOOR)

    crossed, doubt = lined_marks.keep_lined(crossed, doubt, excess, pencil, C.MARK_MIN_INK["tree"], lines,
                                      OWN_FAINT_TREE_GAP)
    crossed, _ = lined_marks.add_lined(crossed, doubt, pencil, OWN_FAINT_TREE_LINE_ADD, lines)
    return "".join("X" if c else "." for c in crossed), truth


@pytest.mark.parametrize("sheet", ["660058", "660073", "663584", "660042", "663034", "660070", "660054", "660027",
                                   "660028", "663520"],
                         ids=["weak-cross-with-line", "all-crossed", "all-crossed-learnt", "line-over-sheet",
                              "lines-over-sheet", "lines-over-quiet-sheet", "clean-0.0049", "clean-0.0039",
                              "clean-0.003", "clean-line-0.17"])
def test_own_faint_trees(sheet):
    got, truth = _read(sheet)
    assert got == truth


@pytest.mark.parametrize("what,taught,own_faint,want", [
    ("tree", False, True, 0.003),  # own faint: OWN_FAINT_TREE_LEAST under the noise floor (0.0045)
    ("house", False, True, 0.006),  # houses: the noise floor as before (NOISE_MIN_INK, few clean)
    ("tree", True, False, 0.0045),  # a template read: the noise floor as before
    ("tree", False, False, None),  # our own sheet, a pencil not faint: the fixed floor
], ids=["own-faint-tree", "own-faint-house", "taught-tree", "own-plain"])
def test_least_ink(what, taught, own_faint, want):
    pencil, excess, _, _ = SHEETS["660058"]
    got = least_ink(np.array(excess), pencil, what, taught, own_faint)
    assert got == (None if want is None else pytest.approx(want, abs=1e-4))


@pytest.mark.parametrize("crossed,line,want,doubt", [
    (False, 0.68, True, True),  # 663584's tree at 0.0023 of ink
    (False, 0.6, True, True),  # at the limit
    (False, 0.173, False, False),  # the highest clean tree's line (663520)
    (True, 0.1, True, False),  # a cross stays (keep_lined judges weak ones)
], ids=["clear-line", "at-limit", "clean-line", "crossed-stays"])
def test_add_lined(crossed, line, want, doubt):
    pencil = 0.062
    got, flagged = lined_marks.add_lined([crossed, False], [False, False], pencil, OWN_FAINT_TREE_LINE_ADD,
                                   lambda: np.array([line, 0.0]) * max(pencil, C.MARK_PENCIL_FLOOR))
    assert got == [want, False]
    assert flagged == [doubt, False]


@pytest.mark.parametrize("line,others,want", [
    (0.246, [0.046, 0.054, 0.066, 0.021], True),  # 660042: 4.6 times the clean trees' line
    (0.174, [0.047, 0.061, 0.05, 0.04], False),  # 663004's clean tree: 2.9 times
    (0.100, [0.02, 0.029, 0.02, 0.01], False),  # 660054's clean tree: under the floor (3.4 times)
    (0.138, [0.011, 0.006, 0.003, 0.009], True),  # 660070: a quiet sheet (its line at least 0.01)
    (0.5, [], True),  # over OWN_FAINT_LINE_MIN: kept with no uncrossed trees to judge by
    (0.3, [0.01, 0.01], False),  # too few uncrossed trees to judge by
], ids=["over-sheet", "clean-2.9", "clean-under-floor", "quiet-sheet", "fixed-line", "few-clean"])
def test_keep_lined_gap(line, others, want):
    pencil = 0.068
    excess = np.array([0.005] + [0.0] * len(others))
    crossed = [True] + [False] * len(others)
    got, doubt = lined_marks.keep_lined(crossed, [False] * len(crossed), excess, pencil, C.MARK_MIN_INK["tree"],
                                  lambda: np.array([line, *others]) * max(pencil, C.MARK_PENCIL_FLOOR),
                                  OWN_FAINT_TREE_GAP)
    assert got[0] is want
    assert doubt[0] is not want
