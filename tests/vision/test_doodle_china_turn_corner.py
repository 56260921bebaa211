"""A turning road by the floor boxes in a square's corner (vision/doodle_china/
turn_floor.py), as on the project's own Shanghai sheet: three boxes in the
south-east corner, an S-E turn drawn past or over them."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import turn_floor

SQUARE = np.array([0.0, 0.0, 80.0, 80.0])
# the own sheet's corner boxes (work pixels): 0 left of 1, 2 above 1
BOXES = np.array([[51.5, 64.5, 62.5, 75.5], [64.5, 64.5, 75.5, 75.5], [64.5, 51.5, 75.5, 62.5]])
PENCIL = 0.3
CROSSED = 0.23  # floors' MARK_YES/MARK_NO midpoint, of the pencil


def _mark(ink: np.ndarray, box: np.ndarray, mark: str | None, over: int = 3) -> None:
    """An X, a backslash or a slash drawn over `box`, running `over` pixels
    past its corners as a hand's does (None: nothing)."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    if mark in ("x", "backslash"):
        cv2.line(ink, (x0 - over, y0 - over), (x1 + over, y1 + over), PENCIL, 2)
    if mark in ("x", "slash"):
        cv2.line(ink, (x0 - over, y1 + over), (x1 + over, y0 - over), PENCIL, 2)


def _square(road: str, marks: tuple[str | None, str | None, str | None], radius: int = 38,
            over: int = 3) -> np.ndarray:
    ink = np.zeros((84, 84), np.float32)
    if road == "arc":  # a quarter arc past the boxes' corner
        cv2.ellipse(ink, (80, 80), (radius, radius), 0, 180, 270, PENCIL, 2)
    elif road == "chord":  # the midpoints' chord, over box 0's corner
        cv2.line(ink, (40, 80), (80, 40), PENCIL, 2)
    for box, mark in zip(BOXES, marks, strict=True):
        _mark(ink, box, mark, over)
    return cv2.GaussianBlur(ink, (0, 0), 0.6)


def _reads_crossed(ink: np.ndarray, which: int) -> bool | None:
    """Crossed by the turn's measure, or None where it leaves the box to the
    plain measure (a road that misses it)."""
    others = np.delete(BOXES, which, axis=0)
    value = turn_floor.turn_excess(ink, BOXES[which], SQUARE, "SE", PENCIL, others)
    return None if value is None else value / PENCIL > CROSSED


@pytest.mark.parametrize("marks,which,radius", [
    (("x", "x", "x"), 0, 38),
    (("slash", "x", "slash"), 0, 38),
    (("slash", "x", "slash"), 2, 38),
    (("slash", "x", "slash"), 0, 42),
], ids=["x-box0", "slashes-box0", "slashes-box2", "slashes-wide-arc"])
def test_crosses_beside_a_box_are_no_road_through_it(marks, which, radius):
    # the arc misses the boxes: the slashes of boxes 0 and 2 line up like a
    # turn's line through them, and its band took the slash out (own sheets
    # 641039, 641080: read 0.01-0.20 of the pencil; here 0.06 before)
    assert _reads_crossed(_square("arc", marks, radius), which) in (None, True)


@pytest.mark.parametrize("radius,over", [
    (38, 3),
    (38, 7),
    (40, 5),
    (42, 9),
], ids=["arc38-over3", "arc38-over7", "arc40-over5", "arc42-over9"])
def test_a_slash_lined_up_with_a_turn_missing_the_box_is_no_road(radius, over):
    # the arc passes by box 0, whose slash runs the chord's way: a chord
    # shifted onto it is dark only by the box, not along its whole length
    # (own sheet 641074 short-over: the cross read 0.21 of the pencil; here
    # 0.01-0.16 before)
    assert _reads_crossed(_square("arc", ("slash", None, None), radius, over), 0) in (None, True)


@pytest.mark.parametrize("mark,crossed", [
    (None, False),
    ("backslash", True),
    ("x", True),
], ids=["chord-only", "chord-and-backslash", "chord-and-x"])
def test_a_turn_over_a_box_corner_and_a_cross_there(mark, crossed):
    # the chord cuts box 0's corner and a slash across it keeps little ink
    # off the band (own sheets 641191, 641205: read 0.08-0.14 of the pencil)
    got = _reads_crossed(_square("chord", (mark, None, None)), 0)
    assert got is not None
    assert got == crossed


@pytest.mark.parametrize("share,width,crossed", [
    (1.0, 1, True),  # a thin slash: 0.09 of the pencil before
    (0.5, 2, True),  # a light one: 0.21 before
    (0.0, 2, False),  # the chord alone
], ids=["thin-slash", "light-slash", "no-slash"])
def test_a_slash_across_a_turn_is_seen_along_its_line(share, width, crossed):
    # the chord cuts box 0's corner and a slash across it at the box's centre
    # keeps little ink off the band (own sheets 641191, 641205: 0.08-0.14)
    ink = np.zeros((84, 84), np.float32)
    cv2.line(ink, (40, 80), (80, 40), PENCIL, 2)
    if share:
        cv2.line(ink, (52, 65), (62, 75), PENCIL * share, width)
    got = _reads_crossed(cv2.GaussianBlur(ink, (0, 0), 0.6), 0)
    assert got is not None
    assert got == crossed
