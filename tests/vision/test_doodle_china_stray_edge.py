"""A stray road into a floor box is seen inside its square only
(vision/doodle_china/floors.stray_road_caps): on our own faint sheet the
print model's misfit on the grid line just below a corner box read as a
road, and the paper level beside it, taken there, capped a cross below 0."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import floors

PENCIL = 0.1  # a faint sheet's
CELL = [4.0, 4.0, 84.0, 84.0]
# the own sheet's corner boxes (work pixels): 0 left of 1, 2 above 1
BOXES = [[55.5, 68.5, 66.5, 79.5], [68.5, 68.5, 79.5, 79.5], [68.5, 55.5, 79.5, 66.5]]


def _square(misfit: float, cross: bool) -> np.ndarray:
    """A faint X in box 0 and the grid line's misfit (`misfit` of the pencil) along the square's edges."""
    ink = np.zeros((90, 90), np.float32)
    for y in (4, 84):
        cv2.line(ink, (0, y), (89, y), misfit * PENCIL, 3)
    for x in (4, 84):
        cv2.line(ink, (x, 0), (x, 89), misfit * PENCIL, 3)
    if cross:
        x0, y0, x1, y1 = (int(round(v)) for v in BOXES[0])
        cv2.line(ink, (x0 + 1, y0 + 1), (x1 - 1, y1 - 1), PENCIL, 2)
        cv2.line(ink, (x0 + 1, y1 - 1), (x1 - 1, y0 + 1), PENCIL, 2)
    return cv2.GaussianBlur(ink, (0, 0), 0.7)


@pytest.mark.parametrize("misfit,cross", [
    (1.5, True),  # the misfit darker than the pencil: capped at -0.48 of it before
    (1.0, True),  # -0.15 before
    (0.0, True),
], ids=["dark-misfit", "misfit", "no-misfit"])
def test_a_grid_lines_misfit_is_no_road_into_a_box(misfit, cross):
    fl = [{"cell": [0, 0], "index": i, "box": b} for i, b in enumerate(BOXES)]
    caps = floors.stray_road_caps(_square(misfit, cross), fl, [["skyscraper"]], [[{"box": CELL}]], 1.0, PENCIL)
    assert caps[0] is None or caps[0] / PENCIL > 0.23, caps[0]
