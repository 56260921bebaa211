"""A line across a strip beside a floor box is no road running into it
(floors.off_road_excess, _along_strip): the printed grid line a corner box
sits beside, under-subtracted by the print model on a faint sheet, crossed
the strip and read as a stray road; its flat wings then took crosses out
(own faint dev 643036: 0.89 of the pencil capped to -0.38, 643000: 0.47 to
-0.20). A stray road that does run in is still seen, grid line or not."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import floors

PENCIL = 0.09  # a faint pencil's level (faint style: 0.066-0.123 on dev)
BOX = (110.5, 58.5, 121.5, 69.5)  # an 11 work-pixel floor box, as on our own sheet


def _map(inset: float | None, grid: float, road_end: int | None = None) -> np.ndarray:
    """A pencil map: an X inset `inset` pixels in BOX (None: clean), the grid
    line's misfit (`grid` of the pencil, two pixels) 3.5 pixels below the box,
    and a stray road from below ending at row `road_end`."""
    x0, y0, x1, y1 = BOX
    m = np.zeros((140, 160), np.float32)
    if grid:
        line = np.zeros_like(m)
        line[int(round(y1 + 3.5)):int(round(y1 + 3.5)) + 2, :] = grid * PENCIL
        m += cv2.GaussianBlur(line, (0, 0), 0.7)
    if inset is not None:  # drawn ten times finer, then brought down: a thin stroke
        s = 10
        fine = np.zeros((140 * s, 160 * s), np.float32)
        cv2.line(fine, (int(s * (x0 + inset)), int(s * (y1 - inset))), (int(s * (x1 - inset)), int(s * (y0 + inset))), 1.0, s)
        cv2.line(fine, (int(s * (x0 + inset)), int(s * (y0 + inset))), (int(s * (x1 - inset)), int(s * (y1 - inset))), 1.0, s)
        m += cv2.GaussianBlur(cv2.resize(fine, (160, 140), interpolation=cv2.INTER_AREA) * 1.4 * PENCIL, (0, 0), 0.8)
    if road_end is not None:
        road = np.zeros_like(m)
        cv2.line(road, (116, 139), (116, road_end), PENCIL, 2)
        m += cv2.GaussianBlur(road, (0, 0), 0.7)
    return m


@pytest.mark.parametrize("inset,grid,road_end,want", [
    (2, 1.0, None, "not-capped"),  # base: -0.05 of the pencil
    (3, 1.0, None, "not-capped"),  # base: -0.13
    (3.5, 1.0, None, "not-capped"),  # base: -0.23
    (None, 1.0, None, "not-capped"),  # base: -0.33 (the plain measure judges it)
    (3, 0.0, None, "not-capped"),
    (None, 0.0, 61, "capped"),  # a stray road run in to the box's middle
    (None, 1.0, 61, "capped"),
    (None, 1.0, 67, "capped"),  # ... stopping just inside it
], ids=["x-by-grid-line", "small-x-by-grid-line", "tiny-x-by-grid-line", "clean-by-grid-line", "x-alone",
        "stray-road", "stray-road-by-grid-line", "short-stray-road-by-grid-line"])
def test_a_line_across_the_strip_is_no_stray_road(inset, grid, road_end, want):
    value = floors.off_road_excess(_map(inset, grid, road_end), np.array(BOX), False, PENCIL, faint_line=False)
    if want == "not-capped":
        assert value is None, value / PENCIL
    else:  # its ink off the road: none
        assert value is not None and value / PENCIL < 0.05, value


@pytest.mark.parametrize("cols,want", [
    ([0, 1, 2], [0, 1, 2]),  # paper beside the road: every column may show it
    ([17, 18, 19], [17]),  # the grid line's two columns: ink at every row
], ids=["paper", "grid-line"])
def test_along_strip_drops_columns_inked_across(cols, want):
    part = np.zeros((22, 20), np.float32)
    part[:, 18:20] = 0.8 * PENCIL  # a line across the strip
    path = np.full(20, 11)
    part[11, :] = PENCIL  # the road along the path
    assert floors._along_strip(part, path, np.array(cols), 11.0, 0.0, PENCIL).tolist() == want
