"""A faint sheet's grey haze beside a road over a floor box (floors.off_road_excess,
FLOOR_FAINT_LINE_MIN): its mean off the road's band read like a cross (dev 683009:
0.23 of the pencil, 695006: 0.38 along a line); a cross off the road shows a line."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import floors

BOX = [110, 58, 130, 79]
FAINT = 0.08


def _hazed(pencil: float, haze: float, mark: str | None, end: int = 149) -> np.ndarray:
    """A road across BOX's lower half (ending at column `end`), a grey haze of
    `haze` of the pencil over the box's upper half beside it, and an X, a
    slash or nothing over the box."""
    road = np.zeros((140, 150), np.float32)
    cv2.line(road, (0, 71), (end, 71), pencil, 3)
    grey = np.zeros_like(road)
    cv2.ellipse(grey, (120, 64), (14, 5), 0, 0, 360, haze * pencil, -1)
    cross = np.zeros_like(road)
    x0, y0, x1, y1 = BOX
    if mark in ("x", "slash"):
        cv2.line(cross, (x0 + 2, y1 - 2), (x1 - 2, y0 + 2), pencil, 2)
    if mark == "x":
        cv2.line(cross, (x0 + 2, y0 + 2), (x1 - 2, y1 - 2), pencil, 2)
    return (cv2.GaussianBlur(road, (0, 0), 0.8) + cv2.GaussianBlur(grey, (0, 0), 2.0)
            + cv2.GaussianBlur(cross, (0, 0), 0.6))


@pytest.mark.parametrize("pencil,haze,mark,end,want", [
    (FAINT, 0.4, None, 149, "clean"),  # base: 0.25 of the pencil, crossed
    (FAINT, 0.5, None, 149, "clean"),  # base: 0.42
    (FAINT, 0.4, None, 121, "clean"),  # the road ends in the box
    (FAINT, 0.4, "x", 149, "crossed"),
    (FAINT, 0.4, "slash", 149, "crossed"),
    (FAINT, 0.4, "x", 121, "crossed"),
    (0.6, 0.4, None, 149, "as-before"),  # a darker pencil: left to the mean (0.25)
], ids=["haze", "darker-haze", "haze-road-end", "haze-and-x", "haze-and-slash", "road-end-and-x",
        "dark-pencil"])
def test_a_faint_roads_haze_is_no_cross(pencil, haze, mark, end, want):
    value = floors.off_road_excess(_hazed(pencil, haze, mark, end), np.array(BOX, float), True, pencil)
    if want == "clean":
        assert value == 0.0
    elif want == "crossed":  # or the plain measure (None): no road seen straight across
        assert value is None or value / pencil > 0.28, value
    else:
        assert value is not None and 0.2 < value / pencil < 0.3, value
