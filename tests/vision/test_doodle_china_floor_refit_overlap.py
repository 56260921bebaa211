"""Floor boxes side by side have their print fitted again each
(local_print.refit_boxes), and each fit's correction is taken out over the
box grown by LOCAL_PRINT_KEEP: on our own sheet a square's floor boxes are 2
work px apart, so two boxes' grown parts overlap, and their corrections were
added there twice. The overlap (the gap and both inner edges) then read as
over-subtracted print (own faint dev 643043: -1.5 to -2.4 of the pencil
beside a crossed box) and a turn's or stray road's wings taken from it took
crosses out (dev 643219, 643252, 643291). Where corrections overlap their
mean is taken."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import local_print


@pytest.mark.parametrize("gap,shift", [
    (2, 1.0),  # base: 0.15 off the model where the grown boxes overlap
    (2, -1.0),
    (8, 1.0),  # apart: one correction each, as before
    (8, -1.0),
], ids=["two-px-apart", "two-px-apart-shifted-back", "apart", "apart-shifted-back"])
def test_overlapping_corrections_are_not_added_twice(gap: int, shift: float) -> None:
    blank = np.zeros((40, 60), np.float32)
    left = (14, 14, 25, 25)
    right = (25 + gap, 14, 36 + gap, 25)
    for x0, y0, x1, y1 in (left, right):
        cv2.rectangle(blank, (x0, y0), (x1, y1), 0.9, 1)
    moved = cv2.warpAffine(blank, np.float32([[1, 0, shift], [0, 1, 0]]), (60, 40))
    ink = cv2.GaussianBlur(moved, (0, 0), 1.2)  # the photo: a pixel off the sheet's fit
    sheet_model = cv2.GaussianBlur(blank, (0, 0), 1.2)
    fixed = local_print.refit_boxes(ink, blank, np.array([left, right], np.float64), 1.0, 1.2)
    keep = C.LOCAL_PRINT_KEEP
    grown = np.zeros(blank.shape, bool)  # where the corrections are taken out
    for x0, y0, x1, y1 in (left, right):
        grown[y0 - keep:y1 + keep + 1, x0 - keep:x1 + keep + 1] = True
    assert np.abs(ink - sheet_model)[grown].max() > 0.1  # the sheet's model is off there
    assert np.abs(fixed - sheet_model)[grown].max() < 0.08
