"""Faint pencil on our own printed sheets (markers and QR code): the least ink
of a house's or tree's cross comes from the sheet's clearly clean boxes
(marks.noise_floor), as on a taught sheet, not the fixed MARK_MIN_INK, which
a faint pencil's cross (0.012-0.015 over a house, 0.006-0.0075 over a tree)
does not reach. And paths are judged on the paper only (template points over
the print are holes): the printed model's error over a skyscraper's labels
passed a faint pencil's ink threshold and read as a turn. And a floor box's
print is fitted again where it is (local_print.refit_boxes): a model a pixel
off hid the crosses in 8 of 12 boxes. An erased line's ghost narrower than
G.GHOST_WIDTH is still wider than the sheet's own strokes. Generated 12 MP
photos, faint style, dev seeds."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from doodle_compare import compare
from doodle_styles import styled_case

from companion.photos.game_data import game_data
from vision.doodle_china import lined_marks, local_print
from vision.doodle_china.reader import read_sheet


@pytest.mark.parametrize(("seed", "fields"), [
    pytest.param(640000, ("houses", "trees"), id="faint-house-cross-640000"),
    pytest.param(640008, ("houses", "trees"), id="faint-house-and-two-trees-640008"),
    pytest.param(640011, ("cells",), id="no-turn-from-a-skyscrapers-print-640011"),
    pytest.param(640010, ("floors",), id="floor-crosses-under-a-misfit-print-640010"),
    pytest.param(640003, ("cells", "floors"), id="thin-ghosts-wider-than-the-sheets-strokes-640003"),
    pytest.param(650011, ("houses", "trees"), id="no-cross-from-an-erased-smudge-650011"),
])
def test_a_faint_pencil_on_our_own_sheet_is_read(seed: int, fields: tuple[str, ...]) -> None:
    data, expected = styled_case(seed, "faint")
    counts = compare(read_sheet(data, **game_data("doodle-china")), expected)
    assert {f: counts[f] for f in fields} == {f: (counts[f][1], counts[f][1]) for f in fields}


@pytest.mark.parametrize(("shift", "sigma"), [
    pytest.param((1.0, 1.0), 0.6, id="print-a-pixel-off"),
    pytest.param((0.0, 0.0), 0.0, id="print-sharper-than-the-sheets-fit"),
])
def test_a_floor_box_is_judged_against_its_own_print(shift: tuple[float, float], sigma: float) -> None:
    """A clean box photographed a pixel off (or sharper) than the sheet's fit
    (blur 1.8) reads about paper in its middle once refitted; before, the
    model's outline spread into it at -0.02 to -0.09."""
    blank = np.zeros((40, 40), np.float32)
    cv2.rectangle(blank, (14, 14), (25, 25), 0.9, 1)
    moved = cv2.warpAffine(blank, np.float32([[1, 0, shift[0]], [0, 1, shift[1]]]), (40, 40))
    ink = moved if sigma <= 0 else cv2.GaussianBlur(moved, (0, 0), sigma)
    sheet_model = cv2.GaussianBlur(blank, (0, 0), 1.8)
    boxes = np.array([[14.0, 14.0, 25.0, 25.0]])
    middle = (slice(17, 23), slice(17, 23))
    assert (ink - sheet_model)[middle].min() < -0.02  # the sheet's model hides a faint cross here
    fixed = local_print.refit_boxes(ink, blank, boxes, 1.0, 1.8)
    assert np.abs((fixed - sheet_model)[middle]).max() < 0.01


@pytest.mark.parametrize(("excess", "line", "crossed", "expected"), [
    pytest.param(0.0077, 0.30, True, False, id="smudge-over-a-house-650011"),
    pytest.param(0.0045, 0.12, True, False, id="smudge-over-a-tree-650002"),
    pytest.param(0.0125, 0.86, True, True, id="faint-cross-with-its-line-640008"),
    pytest.param(0.0066, 0.46, True, True, id="faint-cross-weak-line-650008"),
    pytest.param(0.0200, 0.05, True, True, id="over-the-fixed-floor-needs-no-line"),
    pytest.param(0.0050, 0.90, False, False, id="never-adds-a-cross"),
])
def test_a_cross_under_the_fixed_floor_needs_a_line(excess: float, line: float, crossed: bool,
                                                    expected: bool) -> None:
    """Crosses read only by the sheet's own noise floor keep a stroke's line
    (lined_marks.keep_lined); an erased smudge lifts the mean ink along no line."""
    pencil = 0.065
    got, doubt = lined_marks.keep_lined([crossed], [False], np.array([excess]), pencil, 0.015,
                                  lambda: np.array([line * pencil]))
    assert got == [expected]
    assert doubt == [crossed and not expected]
