"""Floor boxes a road from outside their square runs into (floors.stray_road_caps):
a neighbour's stroke drawn over the square's edge reads like a cross's bar, so
the box's ink is capped by its ink off that road; a cross keeps its ink."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import floors

CELL = [0, 0, 140, 140]
BOX = [110, 58, 130, 79]  # on the east side's midline, as on some pads
PENCIL = 0.6


def _ink(road: str | None, mark: str | None) -> np.ndarray:
    """A road from the square east of CELL run over its edge into BOX and
    stopping there (or across it, or along it up and down), with an X or a
    slash over the box, or nothing."""
    ink = np.zeros((140, 150), np.float32)
    if road == "overshoot":
        cv2.line(ink, (149, 69), (117, 69), PENCIL, 3)
    if road == "across":
        cv2.line(ink, (0, 69), (149, 70), PENCIL, 3)
    if road == "down":
        cv2.line(ink, (120, 0), (121, 139), PENCIL, 3)
    x0, y0, x1, y1 = BOX
    if mark in ("x", "slash"):
        cv2.line(ink, (x0 + 2, y1 - 2), (x1 - 2, y0 + 2), PENCIL, 3)
    if mark == "x":
        cv2.line(ink, (x0 + 2, y0 + 2), (x1 - 2, y1 - 2), PENCIL, 3)
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


@pytest.mark.parametrize("path,road,mark,want", [
    ("SW", "overshoot", None, "clean"),  # the short-over false floor (dev 701004: 0.64 plain, 0.02 off it)
    (None, "overshoot", None, "clean"),  # no road read in the square (dev 695002: 0.41 plain, -0.03 off it)
    (None, "across", None, "clean"),  # a road the grid missed, straight across
    (None, "down", None, "clean"),  # up and down through the box
    ("SW", "overshoot", "x", "crossed"),
    (None, "across", "slash", "crossed"),
    (None, None, "x", None),  # no road beside it: the plain measure alone
    (None, None, None, None),
    ("EW", "across", None, None),  # its own square's road: road_floor_excess judges it
], ids=["overshoot", "overshoot-no-road-read", "missed-road", "vertical-road", "overshoot-and-x",
        "missed-road-and-slash", "x-alone", "clean-alone", "own-road"])
def test_a_stray_road_into_a_floor_box_is_no_cross(path, road, mark, want):
    floor = [{"cell": [0, 0], "index": 1, "box": list(BOX)}]
    cells = [[{"kind": "skyscraper", "box": list(CELL)}]]
    grid = [["skyscraper" + (f":{path}" if path else "")]]
    got = floors.stray_road_caps(_ink(road, mark), floor, grid, cells, 1.0, PENCIL)[0]
    if want is None:
        assert got is None
    elif want == "clean":
        assert got is not None and got / PENCIL < 0.18, got
    else:  # no cap, or one that keeps a cross's ink
        assert got is None or got / PENCIL > 0.28, got


def _stack(marks: tuple[str | None, str | None, str | None]) -> tuple[np.ndarray, list[dict]]:
    """Three floor boxes stacked up and down near CELL's east side (as on a
    pad, 2 px apart), each with a small, faint X or nothing: no road at all."""
    ink = np.zeros((140, 150), np.float32)
    boxes = [[110, 30 + 22 * i, 130, 50 + 22 * i] for i in range(3)]
    for (x0, y0, x1, y1), mark in zip(boxes, marks, strict=True):
        if mark == "x":
            cv2.line(ink, (x0 + 5, y1 - 5), (x1 - 5, y0 + 5), 0.08, 2)
            cv2.line(ink, (x0 + 5, y0 + 5), (x1 - 5, y1 - 5), 0.08, 2)
    floor = [{"cell": [0, 0], "index": i, "box": b} for i, b in enumerate(boxes)]
    return cv2.GaussianBlur(ink, (0, 0), 0.8), floor


@pytest.mark.parametrize("marks", [("x", "x", "x"), (None, "x", "x"), ("x", "x", None)],
                         ids=["all-crossed", "lower-two", "upper-two"])
def test_crosses_stacked_up_and_down_are_no_road(marks):
    # a stack's crosses line up like a road up and down (dev 698002: the middle one read 0.0)
    ink, floor = _stack(marks)
    cells = [[{"kind": "skyscraper", "box": list(CELL)}]]
    got = floors.stray_road_caps(ink, floor, [["skyscraper:NW"]], cells, 1.0, 0.08)[1]
    assert got is None or got / 0.08 > 0.28, got
