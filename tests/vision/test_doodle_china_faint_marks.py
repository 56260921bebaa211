"""Faint pencil crosses read through a template (marks.noise_floor): the least
ink a cross carries is set from how far the clearly clean boxes fall BELOW
their median, so a faint cross that itself looks clean does not lift it over
its fellow crosses' ink. Figures from dev Suzhou boxed pad photos."""

from __future__ import annotations

import numpy as np
import pytest

from vision.doodle_china import marks


def _read(excess: list[float], pencil: float, what: str) -> list[bool]:
    """Crossed? per box, as read_marks decides a taught sheet's crosses."""
    ex = np.array(excess)
    return marks.decide_crosses(ex, pencil, what, marks.noise_floor(ex, pencil, what), taught=True)[0]


CASES = [
    # one of three "clean" houses is a faint cross (0.0034): it strayed 0.0084 above the
    # median, the least ink rose to 0.0126 and two crosses (0.0107-0.0109) were lost
    pytest.param([-0.0051, -0.0062, 0.0034, 0.0109, 0.0107, 0.0108, 0.02, 0.02, 0.02, 0.02], 0.066, "house",
                 [False] * 3 + [True] * 7, id="faint-cross-among-three-clean-610008"),
    # the same with the "clean" cross at 0.0018: least ink 0.012, crosses at 0.0067-0.0069 lost
    pytest.param([0.0018, -0.0062, -0.009, 0.0069, 0.0067, 0.0153, 0.03, 0.03, 0.03, 0.03], 0.084, "house",
                 [False] * 3 + [True] * 7, id="faint-cross-among-three-clean-610012"),
    # clean boxes that stray far below their median keep the least ink up (noise, not crosses)
    pytest.param([-0.006, -0.002, 0.0, 0.001, 0.002, 0.0065, 0.0065, 0.02, 0.02, 0.02], 0.062, "house",
                 [False] * 7 + [True] * 3, id="noisy-clean-houses-keep-the-floor"),
    # quiet clean houses, one strays up (0.0045: a faint cross's ghost): faint crosses still count
    pytest.param([-0.001, -0.0005, 0.0, 0.0005, 0.0045, 0.0062, 0.0064, 0.0066, 0.02, 0.02], 0.07, "house",
                 [False] * 5 + [True] * 5, id="one-clean-house-strays-up"),
    # trees: a clean-looking tree straying up (0.0024) does not hide a faint cross at 0.0048
    pytest.param([-0.0012, -0.001, -0.0009, -0.0008, 0.0024, 0.0048, 0.0102, -0.0011, -0.001, -0.0009], 0.071,
                 "tree", [False] * 5 + [True] * 2 + [False] * 3, id="faint-tree-beside-a-stray"),
]


@pytest.mark.parametrize(("excess", "pencil", "what", "expected"), CASES)
def test_faint_crosses_against_the_clean_boxes_noise(excess, pencil, what, expected):
    assert _read(excess, pencil, what) == expected


# A faint sheet's house just under the least ink (marks.add_faint_slashes): (ink beyond
# the print, ink along its best line relative to the pencil, pencil) -> added?
SLASH_CASES = [
    pytest.param(0.0054, 0.95, 0.077, True, id="faint-slash-under-least-ink-620001"),
    pytest.param(0.0050, 1.04, 0.067, True, id="faint-slash-under-least-ink-620035"),
    pytest.param(0.0055, 0.06, 0.063, False, id="smudged-house-no-line-620002"),
    pytest.param(0.0044, 0.35, 0.052, False, id="clean-house-weak-line-620012"),
    pytest.param(0.0040, 0.87, 0.063, False, id="too-little-ink-however-the-line"),
    pytest.param(0.0050, 1.10, 0.12, False, id="not-a-faint-pencil-add-slashes-decides"),
]


@pytest.mark.parametrize(("excess", "line", "pencil", "added"), SLASH_CASES)
def test_a_faint_slash_just_under_the_least_ink(excess, line, pencil, added):
    ex = np.array([excess, 0.0, 0.02])  # the house, a clean one, a clear cross
    crossed = [False, False, True]
    lines = np.array([line, 0.1, 1.5]) * max(pencil, 0.06)
    got, doubt = marks.add_faint_slashes(crossed, [False, False, False], ex, pencil, lambda: lines)
    assert got == [added, False, True]
    assert doubt == [added, False, False]  # an added slash is flagged doubtful
