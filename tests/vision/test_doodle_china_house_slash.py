"""A lone slash over a pad's house icon, read through a template
(marks.slash_lines, marks.add_slashes): the slash crosses mostly the filled
roof and the body's outline, so the box's mean ink over its paper dilutes it
under the threshold; along its own straight line it keeps its darkness.
Synthetic ink maps (work pixels, grey)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import marks
from vision.doodle_china import slash_line_constants as L

BOX = 27
HOUSES = np.array([[20.0 + 40 * i, 20.0, 20.0 + 40 * i + BOX, 20.0 + BOX] for i in range(10)])
PENCIL = 0.25
SLASHED = 4


def _blank() -> np.ndarray:
    """Each house a filled roof (0.35) over an outlined body (0.6), as a
    pad's red roof and black outline show in grey."""
    ink = np.zeros((70, 430), np.float32)
    for x0, y0, x1, y1 in HOUSES.astype(int):
        cv2.fillPoly(ink, [np.int32([[x0 + 1, y0 + 12], [(x0 + x1) // 2, y0 + 1], [x1 - 1, y0 + 12]])], 0.35)
        cv2.rectangle(ink, (x0 + 4, y0 + 12), (x1 - 4, y1 - 2), 0.6, 1)
    return cv2.GaussianBlur(ink, (0, 0), 0.6)


def _photo(slash: bool = True) -> np.ndarray:
    """The blank with noise, and house SLASHED crossed by one stroke over its
    roof, reaching just past it into the paper at both ends."""
    rng = np.random.default_rng(7)
    photo = _blank() + rng.normal(0, 0.01, (70, 430)).astype(np.float32)
    if slash:
        stroke = np.zeros_like(photo)
        x0, y0, _, _ = HOUSES[SLASHED].astype(int)
        cv2.line(stroke, (x0 + 7, y0 + 11), (x0 + 20, y0 + 3), 1.0, 3)
        stroke = cv2.GaussianBlur(stroke, (0, 0), 0.7) * PENCIL
        photo = 1 - (1 - photo) * (1 - stroke)  # pencil over print darkens what the print lets through
    return photo


def _rel(photo: np.ndarray) -> np.ndarray:
    blank = _blank()
    zero = np.zeros(len(HOUSES))
    return marks.box_excess(photo, blank, HOUSES, 1.0, 0.0, zero, PENCIL, learn=C.CLASS_CLEAN_MAX["house"],
                            shrink=C.TAUGHT_HOUSE_SHRINK) / PENCIL


def test_a_lone_slash_over_the_icon_is_diluted_in_the_box_mean_but_not_along_its_line():
    photo = _photo()
    rel = _rel(photo)
    mid = (C.TAUGHT_MARK_YES["house"] + C.TAUGHT_MARK_NO["house"]) / 2
    assert L.HOUSE_LINE_GREY_MIN <= rel[SLASHED] < mid, rel  # grey half sees it, not enough
    line = marks.slash_lines(photo, _blank(), HOUSES, 1.0, 0.0, C.TAUGHT_HOUSE_SHRINK) / PENCIL
    assert line[SLASHED] >= L.HOUSE_LINE_MIN, line
    clean = np.delete(line, SLASHED)
    assert clean.max() < L.HOUSE_LINE_MIN / 2, line


def test_the_slash_is_added_to_the_crosses_and_flagged():
    photo = _photo()
    rel = _rel(photo)
    crossed, _, doubt = marks.decide_crosses(rel * PENCIL, PENCIL, "house", None, taught=True)
    assert not crossed[SLASHED]  # the box's mean misses it (as on main)
    line = marks.slash_lines(photo, _blank(), HOUSES, 1.0, 0.0, C.TAUGHT_HOUSE_SHRINK)
    crossed, doubt = marks.add_slashes(crossed, doubt, rel, PENCIL, lambda: line)
    assert [i for i, c in enumerate(crossed) if c] == [SLASHED]
    assert doubt[SLASHED]


@pytest.mark.parametrize("pencil", [0.07, 0.09], ids=["faint", "light"])
def test_a_faint_pencil_adds_no_slash(pencil):
    """A faint pencil's clean houses stray far along a line relative to it."""
    rel = np.full(len(HOUSES), 0.05)
    line = np.full(len(HOUSES), 10.0)
    crossed, doubt = marks.add_slashes([False] * len(HOUSES), [False] * len(HOUSES), rel, pencil, lambda: line)
    assert not any(crossed) and not any(doubt)


def test_a_clean_sheet_adds_no_slash():
    photo = _photo(slash=False)
    rel = _rel(photo)
    line = marks.slash_lines(photo, _blank(), HOUSES, 1.0, 0.0, C.TAUGHT_HOUSE_SHRINK)
    crossed, _ = marks.add_slashes([False] * len(HOUSES), [False] * len(HOUSES), rel, PENCIL, lambda: line)
    assert not any(crossed)
