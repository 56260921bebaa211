"""Our own sheet with a faint pencil: a house is read by its line across the
whole box (lined_marks.judge_houses), as a tree is (judge_trees). At 1600x1200
the JPEG ringing round the dark house icon lifts a clean house's mean ink to
0.12-0.37 of a faint pencil, often over MARK_MIN_INK, where keep_lined never
looked: 18 false crosses on own faint dev 690000-690079. Every cross must now
show its line (OWN_FAINT_HOUSE_KEEP of the pencil). Fails on b936a9b
(judge_houses does not exist; the photos read 6/10 and 7/10 houses). Figures:
own faint dev photos at 1600x1200, ink rounded to 4 places, whole-box lines (of
the pencil, at least MARK_PENCIL_FLOOR) to 2."""

from __future__ import annotations

import numpy as np
import pytest
from doodle_compare import compare
from doodle_styles import styled_case
from lined_sheets import judged

from companion.photos.game_data import game_data
from vision.doodle_china import constants as C
from vision.doodle_china import lined_marks
from vision.doodle_china.read_marks import mark_levels
from vision.doodle_china.reader import read_sheet

SHEETS = {
    # 4 clean houses read crossed on b936a9b (ink 0.0151-0.0224, whole-box lines 0.15-0.37)
    "690009": (0.088, [0.0437, 0.0049, 0.0155, 0.0224, 0.0196, 0.041, 0.0421, 0.0186, 0.0113, 0.0151],
               [1.12, 0.12, 0.37, 0.28, 0.55, 0.93, 0.98, 0.26, 0.18, 0.15], "X...XXX..."),
    # 3 clean houses read crossed on b936a9b (lines 0.17-0.29)
    "696028": (0.077, [0.05, 0.0279, 0.0356, 0.0176, 0.023, 0.0274, 0.0423, 0.0164, 0.0118, 0.0162],
               [0.97, 0.72, 1.11, 0.17, 0.9, 1.01, 1.02, 0.22, 0.19, 0.29], "XXX.XXX..."),
    # a weak cross (0.009 of ink) with a short inner line (0.23) but a whole-box one of 0.48: kept now
    "696039": (0.066, [-0.003, 0.006, 0.0308, 0.0351, 0.009, 0.0119, 0.0169, 0.03, 0.0267, 0.0338],
               [0.1, 0.26, 0.97, 1.09, 0.48, 0.11, 0.72, 1.09, 1.1, 1.08], "..XXX.XXXX"),
    # a pencil of 0.043 (under MARK_PENCIL_FLOOR): a cross read clean by its ink, line 0.64, added; two
    # more crosses there (lines 0.39 and 0.46, read clean by their ink) stay lost
    "690072": (0.043, [0.0145, 0.0135, 0.0039, 0.0077, 0.0045, -0.0003, 0.0269, 0.0267, 0.0223, 0.022],
               [0.61, 0.55, 0.64, 0.39, 0.46, 0.28, 1.29, 0.86, 0.73, 0.89], "XXX...XXXX"),
}


@pytest.mark.parametrize("sheet", list(SHEETS), ids=["4-clean-690009", "3-clean-696028", "weak-lined-696039",
                                                     "added-690072"])
def test_judge_houses(sheet: str) -> None:
    pencil, excess, line, truth = SHEETS[sheet]
    levels = mark_levels("house", plain_own=False, own_faint=True)
    assert judged(lined_marks.judge_houses, "house", pencil, excess, line, levels) == truth


@pytest.mark.parametrize("crossed,line,want", [
    (True, 0.4, False),  # crossed by its mean ink, no line of OWN_FAINT_HOUSE_KEEP: dropped
    (True, 0.45, True),  # at the limit: kept
    (False, 0.6, True),  # a clear line, whatever the mean ink (OWN_FAINT_HOUSE_LINE_ADD)
    (False, 0.5, False),  # neither
], ids=["drop-unlined", "keep-at-limit", "add-clear-line", "stay-clean"])
def test_every_house_cross_shows_a_line(crossed: bool, line: float, want: bool) -> None:
    pencil = 0.08
    got, _ = lined_marks.judge_houses([crossed, False], [False, False], np.array([0.03, 0.0]), pencil,
                                      lambda: np.array([line, 0.1]) * max(pencil, C.MARK_PENCIL_FLOOR))
    assert got == [want, False]


@pytest.mark.parametrize("seed", [690009, 696028], ids=["4-clean-read-crossed-690009", "3-clean-read-crossed-696028"])
def test_clean_houses_of_a_faint_sheet_read_clean(seed: int) -> None:
    data, expected = styled_case(seed, "faint", out_size=(1600, 1200))
    right, total = compare(read_sheet(data, **game_data("doodle-china")), expected)["houses"]
    assert right == total
