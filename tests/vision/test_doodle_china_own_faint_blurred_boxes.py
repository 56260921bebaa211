"""Floor boxes on blurred photos of our own sheets with a faint pencil: the
floor pencil map (read_marks' floor_pencil, float16) cut round one
skyscraper square of a dev photo (blur 1.7-1.9 px), with its floor boxes,
its road and the photo's pencil level (fixtures/doodle-china-floors; own
faint dev 655000-655079, 655500-655579 at 12 MP). floors.road_floor_excess
at read_marks' least stroke for the sheet: 0.0 is a box wiped as clean (no
pencil line in its middle); None leaves it to the plain measure."""

from __future__ import annotations

import pytest
from floor_crops import own_box_excess

from vision.doodle_china import constants as C
from vision.doodle_china.read_marks import floor_stroke_min


@pytest.mark.parametrize("photo,index,want", [
    ("655064-23", 1, "judged"),  # fails on base: its cross's darkest ink 0.40 of the pencil, wiped under 0.45
    ("655520-31", 2, "judged"),  # fails on base: 0.44
    ("655548-54", 0, "judged"),  # fails on base: 0.39
    ("655064-23", 2, "wiped"),  # clean boxes: -0.19 and 0.33 of the pencil
    ("655520-54", 2, "wiped"),
], ids=["cross-0.40", "cross-0.44", "cross-0.39", "clean-low", "clean-0.33"])
def test_own_faint_floor_boxes_on_blurred_photos(photo, index, want):
    got, _ = own_box_excess("own-faint-blurred-boxes.npz", photo, index, floor_stroke_min(False, True))
    assert (got != 0.0) == (want == "judged"), got


@pytest.mark.parametrize("taught,own_faint,want", [
    (False, True, 0.36),  # fails on base (0.45): our own faint sheet
    (False, False, 0.30),  # our own sheet, a darker pencil: own_floor_constants' single slash
    (True, True, C.FLOOR_STROKE_MIN),  # template reads keep theirs
    (True, False, C.FLOOR_STROKE_MIN),
], ids=["own-faint", "own", "taught-faint", "taught"])
def test_floor_stroke_min(taught, own_faint, want):
    assert floor_stroke_min(taught, own_faint) == pytest.approx(want)
