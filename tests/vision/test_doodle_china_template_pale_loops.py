"""A template read with a pencil not faint: a loop drawn paler than the
roads is still a loop where the sheet's rings stay quiet at a lower
threshold (loop_floor.taught_loop_threshold: the lowest of
TAUGHT_LOOP_STEPS times the usual INK_SHARE of the pencil, quiet at the
TAUGHT_LOOP_QUIET_PCT-th percentile). Boxed dev 861007 (pencil 0.20):
three circled values at ring shares 0.29-0.54 at the usual threshold, read
not circled. Fails on b15394a (the pale loops are not read)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import marks
from vision.doodle_china.loop_floor import taught_loop_threshold

PENCIL = 0.2  # the loop map's pencil level: INK_SHARE of it is 0.084
# two tracks of six value boxes in a row, as at work scale (28 x 22, 48 apart)
TRACKS = [np.array([[20 + 48 * i, 30 + 80 * t, 48 + 48 * i, 52 + 80 * t] for i in range(6)], np.float64)
          for t in range(2)]


def _loops(levels: dict[int, float], halo: float = 0.0) -> np.ndarray:
    """A loop map with a loop of ink levels[i] around box i (boxes numbered
    over both tracks), and a ring of `halo` around every other box (a
    coloured pad's print the grey blank does not have)."""
    ink = np.zeros((190, 330), np.float32)
    for i, (x0, y0, x1, y1) in enumerate(np.concatenate(TRACKS)):
        level = levels.get(i, halo)
        if level:
            centre = (int((x0 + x1) / 2), int((y0 + y1) / 2))
            cv2.ellipse(ink, centre, (int((x1 - x0) * 0.75), int((y1 - y0) * 0.78)), 0, 0, 360, level, 3)
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


def _circled(loops: np.ndarray, pencil: float = PENCIL) -> list[int]:
    threshold = taught_loop_threshold(loops, TRACKS, pencil)
    share = np.concatenate([marks.ring_share(loops, boxes, threshold) for boxes in TRACKS])
    return [i for i, yes in enumerate(marks.decide_loops(share)[0]) if yes]


@pytest.mark.parametrize("levels,halo,want", [
    ({2: 0.075, 7: 0.075}, 0.0, [2, 7]),  # paler than INK_SHARE of the pencil: base reads none
    ({2: 0.12, 7: 0.075}, 0.0, [2, 7]),  # base: only 2
    ({4: 0.15, 9: 0.15}, 0.0, [4, 9]),  # as on base
    ({}, 0.0, []),  # as on base
    ({5: 0.15}, 0.075, [5]),  # every ring loud at the lower steps: the usual threshold kept, as on base
], ids=["pale-loops", "pale-and-dark", "dark-loops", "none", "loud-rings"])
def test_a_pale_loop_on_a_template_read(levels, halo, want):
    assert C.INK_SHARE * PENCIL > C.INK_FLOOR  # not a faint pencil
    assert _circled(_loops(levels, halo)) == want


def test_a_faint_pencil_keeps_its_own_floor():
    # INK_SHARE of a faint pencil is under INK_FLOOR: LOOP_FLOOR_TAUGHT where quiet, as on base
    loops = _loops({3: 0.035})
    assert taught_loop_threshold(loops, TRACKS, 0.07) == pytest.approx(C.LOOP_FLOOR_TAUGHT)
    assert _circled(loops, 0.07) == [3]
