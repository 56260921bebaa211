"""Floor boxes a road runs over (vision/doodle_china/floors.py): the road's
band is left out, so a road alone reads clean and a cross still reads."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import floors

CELL = [0, 0, 140, 140]
BOX = [110, 58, 130, 79]  # on the east side's midline, as on some pads


@pytest.mark.parametrize("path,box,want", [
    ("EW", BOX, True),
    ("NE", BOX, True),
    ("SW", BOX, None),  # its road ends on the other side
    ("NS", BOX, None),
    (None, BOX, None),
    ("EW", [110, 100, 130, 121], None),  # below the midline: the road misses it
    ("NS", [60, 5, 80, 26], False),  # on the north midline: crossed up and down
], ids=["straight", "turn", "other-side", "vertical-road", "no-road", "off-midline", "north"])
def test_road_axis(path, box, want):
    assert floors.road_axis(box, CELL, path) == want


def _sheet(road: bool, cross: str | None, road_y: float = 69.0) -> np.ndarray:
    ink = np.zeros((140, 150), np.float32)
    if road:
        cv2.line(ink, (0, int(road_y)), (149, int(road_y) + 1), 0.6, 3)
    x0, y0, x1, y1 = BOX
    if cross in ("x", "slash"):
        cv2.line(ink, (x0 + 2, y1 - 2), (x1 - 2, y0 + 2), 0.6, 3)
    if cross == "x":
        cv2.line(ink, (x0 + 2, y0 + 2), (x1 - 2, y1 - 2), 0.6, 3)
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


@pytest.mark.parametrize("road,cross,road_y,crossed", [
    (True, None, 69, False),
    (True, None, 64, False),  # a little off the box's middle
    (True, "x", 69, True),
    (True, "slash", 69, True),
], ids=["road-only", "road-high", "road-and-x", "road-and-slash"])
def test_off_road_excess_leaves_the_road_out(road, cross, road_y, crossed):
    value = floors.off_road_excess(_sheet(road, cross, road_y), np.array(BOX, float), True, pencil=0.6)
    assert value is not None
    assert (value / 0.6 > 0.23) == crossed, value


def test_no_road_seen_keeps_the_plain_measure():
    assert floors.off_road_excess(_sheet(False, "x"), np.array(BOX, float), True, pencil=0.6) is None
