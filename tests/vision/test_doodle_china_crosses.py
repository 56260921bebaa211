"""Crosses read through a template (vision/doodle_china/marks.py): the least
ink a cross must carry is set per photo from the clearly clean boxes, so a
faint pencil's cross over a filled pad icon counts while print noise does not."""

from __future__ import annotations

import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import marks

FAINT = 0.062  # a faint pencil's level (pad photos: 0.06-0.10)


def _houses(clean_noise: float, crossed_ink: float) -> np.ndarray:
    """Ten houses: six clean ones straying up to `clean_noise` from zero, four
    crossed ones carrying `crossed_ink` beyond the print."""
    clean = np.array([-1.0, -0.4, 0.0, 0.3, 0.7, 1.0]) * clean_noise
    return np.r_[clean, np.full(4, crossed_ink)]


def test_a_faint_cross_counts_where_the_clean_boxes_are_quiet():
    excess = _houses(0.001, 0.010)  # as on a pad photo with a faint pencil
    # the fixed floor (made for a print drawn by the program, not photographed) drops them
    assert marks.decide_crosses(excess, FAINT, "house")[0] == [False] * 10
    least = marks.noise_floor(excess, FAINT, "house")
    assert least < 0.010
    assert marks.decide_crosses(excess, FAINT, "house", least)[0] == [False] * 6 + [True] * 4


def test_noisy_clean_boxes_keep_the_floor_up():
    excess = _houses(0.004, 0.0055)  # clean boxes stray as far as the "crosses" reach
    least = marks.noise_floor(excess, FAINT, "house")
    assert least > 0.0055
    assert marks.decide_crosses(excess, FAINT, "house", least)[0] == [False] * 10


@pytest.mark.parametrize("what", ["house", "tree"])
def test_the_floor_never_rises_above_the_fixed_one(what):
    excess = _houses(0.05, 0.3)
    assert marks.noise_floor(excess, 0.3, what) == C.MARK_MIN_INK[what]


def test_too_few_clean_trees_take_a_share_of_the_pencil():
    # as houses do: a faint sheet with 7 of 10 trees crossed (dev 171016) lost
    # faint crosses (0.0042-0.0053) under the fixed floor
    excess = np.array([0.0, 0.001, 0.012, 0.012, 0.012, 0.012])  # only two look clean
    least = marks.noise_floor(excess, FAINT, "tree")
    assert least == pytest.approx(max(C.NOISE_MIN_INK["tree"], C.NOISE_FEW_CLEAN_TIMES["tree"] * FAINT))
    assert least < C.MARK_MIN_INK["tree"]


def test_a_faint_sheet_with_nearly_every_house_crossed_still_counts_them():
    # two clean houses, eight faint crosses carrying 0.009-0.014 (dev pad photos):
    # too few clean ones to judge the noise by, and the fixed floor drops them all
    excess = np.r_[0.0, 0.001, np.linspace(0.009, 0.014, 8)]
    least = marks.noise_floor(excess, FAINT, "house")
    assert least < 0.009
    assert marks.decide_crosses(excess, FAINT, "house", least, taught=True)[0] == [False] * 2 + [True] * 8


def test_with_too_few_clean_houses_a_strong_pencil_keeps_the_fixed_floor():
    excess = np.array([0.0, 0.001, 0.012, 0.012, 0.012, 0.012])
    assert marks.noise_floor(excess, 0.3, "house") == C.MARK_MIN_INK["house"]


def test_never_below_the_least_a_photo_shows():
    excess = np.r_[np.zeros(6), np.full(4, 0.010)]  # perfectly quiet clean boxes
    assert marks.noise_floor(excess, FAINT, "tree") == C.NOISE_MIN_INK["tree"]


def _house(stroke: bool) -> np.ndarray:
    """A pad's house icon (ink, work pixels): a filled roof over an outlined
    body, in the box (20, 20, 46, 46); `stroke`: a pencil line near its left edge."""
    import cv2

    ink = np.zeros((70, 70), np.float32)
    cv2.fillPoly(ink, [np.int32([[20, 32], [33, 20], [46, 32]])], 0.6)
    cv2.rectangle(ink, (23, 32), (43, 46), 0.5, 1)
    if stroke:
        cv2.line(ink, (22, 48), (22, 18), 0.3, 2)
    return cv2.GaussianBlur(ink, (0, 0), 0.7)


def test_a_taught_house_is_measured_nearer_its_edges():
    """Most of a pad's house icon is print: a stroke along its edge, off the
    roof, is nearly all a slash shows there."""
    blank, boxes = _house(False), np.array([[20.0, 20.0, 46.0, 46.0]])

    def measured(photo: np.ndarray, shrink: float) -> float:
        return float(marks.box_excess(photo, blank, boxes, 1.0, 0.0, np.zeros(1), 0.3, shrink=shrink)[0])

    assert C.TAUGHT_HOUSE_SHRINK < C.MARK_SHRINK
    assert measured(_house(False), C.TAUGHT_HOUSE_SHRINK) == pytest.approx(0.0, abs=1e-6)
    assert measured(_house(True), C.TAUGHT_HOUSE_SHRINK) > 5 * measured(_house(True), C.MARK_SHRINK)


def test_a_slash_over_a_taught_house_counts_from_lower_density():
    """A single slash over a pad's house icon inks little of its paper: read
    through a template, 0.07 of the pencil is a cross (not on our own sheets)."""
    pencil = 0.3
    excess = np.array([0.0, 0.002, 0.07 * pencil, 0.2 * pencil])
    assert marks.decide_crosses(excess, pencil, "house")[0] == [False, False, False, True]
    assert marks.decide_crosses(excess, pencil, "house", taught=True)[0] == [False, False, True, True]
    assert marks.decide_crosses(excess, pencil, "tree", taught=True)[0] == marks.decide_crosses(
        excess, pencil, "tree")[0]  # trees keep theirs
