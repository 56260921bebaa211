"""A lone slash over a pad's house drawn past the icon, read through a
template (marks.add_grown_slashes): over the dark roof it leaves nothing
beyond the print, so grey's box mean and the line along the box alone
(marks.add_slashes) miss it (fresh Suzhou 866618, 866620, 866628, 866634,
866639: 0.13-0.34 of the pencil along the box, relative ink -0.02..0.07);
along its line over the box grown round the icon it keeps its darkness.
Synthetic ink maps (work pixels, grey). Fails on 394849b (no
marks.add_grown_slashes, no L.HOUSE_GROWN_*)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from pad_houses import BOX, HOUSES, blank_houses

from vision.doodle_china import constants as C
from vision.doodle_china import marks
from vision.doodle_china import slash_line_constants as L

PENCIL = 0.25
MARKED = 2


# (start, end) of the stroke from house MARKED's top left corner, work pixels
STROKES = {
    # from the neighbour's side, across the roof, out past the box's top right
    "slash-past-the-roof": ((-6, 16), (BOX + 8, -8)),
    # a short stroke on the paper by the box's corner only (a neighbour's mark)
    "stroke-by-the-corner": ((-9, -2), (-3, -8)),
    "clean": None,
}


def _photo(stroke: tuple[tuple[int, int], tuple[int, int]] | None, pencil: float) -> np.ndarray:
    """The blank with noise and one pencil stroke by house MARKED."""
    rng = np.random.default_rng(11)
    photo = blank_houses() + rng.normal(0, 0.01, (70, 270)).astype(np.float32)
    if stroke is not None:
        layer = np.zeros_like(photo)
        x0, y0 = HOUSES[MARKED, :2].astype(int)
        (ax, ay), (bx, by) = stroke
        cv2.line(layer, (x0 + ax, y0 + ay), (x0 + bx, y0 + by), 1.0, 3)
        layer = cv2.GaussianBlur(layer, (0, 0), 0.7) * pencil
        photo = 1 - (1 - photo) * (1 - layer)  # pencil over print darkens what the print lets through
    return photo


def _read(photo: np.ndarray, pencil: float) -> tuple[list[bool], list[bool], list[bool]]:
    """(after grey's box mean and add_slashes, after add_grown_slashes, doubt)."""
    blank = blank_houses()
    excess = marks.box_excess(photo, blank, HOUSES, 1.0, 0.0, np.zeros(len(HOUSES)), pencil,
                              learn=C.CLASS_CLEAN_MAX["house"], shrink=C.TAUGHT_HOUSE_SHRINK)
    crossed, _, doubt = marks.decide_crosses(excess, pencil, "house", None, taught=True)
    rel = excess / max(pencil, C.MARK_PENCIL_FLOOR)
    crossed, doubt = marks.add_slashes(crossed, doubt, rel, pencil, lambda: marks.slash_lines(
        photo, blank, HOUSES, 1.0, 0.0, C.TAUGHT_HOUSE_SHRINK))
    grown, doubt = marks.add_grown_slashes(crossed, doubt, pencil, lambda: marks.slash_lines(
        photo, blank, HOUSES, 1.0, 0.0, L.HOUSE_GROWN_SHRINK))
    return crossed, grown, doubt


@pytest.mark.parametrize(("stroke", "pencil", "before", "after"), [
    ("slash-past-the-roof", PENCIL, False, True),
    ("slash-past-the-roof", 0.4, False, True),
    ("slash-past-the-roof", 0.08, False, False),  # a faint pencil: its clean houses stray far along a line
    ("stroke-by-the-corner", PENCIL, False, False),
    ("clean", PENCIL, False, False),
], ids=["lone-slash", "lone-slash-dark-pencil", "faint-pencil-adds-none", "neighbours-stroke", "clean"])
def test_a_slash_past_the_icon_is_seen_over_the_grown_box(stroke, pencil, before, after):
    crossed, grown, doubt = _read(_photo(STROKES[stroke], pencil), pencil)
    assert crossed[MARKED] is before
    assert [i for i, c in enumerate(grown) if c] == ([MARKED] if after else [])
    assert doubt[MARKED] is after


def test_crosses_already_read_are_kept():
    crossed = [True, False, True, False, False, False]
    out, doubt = marks.add_grown_slashes(crossed, [False] * 6, PENCIL, lambda: np.zeros(6))
    assert out == crossed and not any(doubt)
