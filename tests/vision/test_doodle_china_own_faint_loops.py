"""A faint pencil's loop on our own printed sheet, fainter than INK_FLOOR, is
still a loop where the sheet's rings stay quiet at a lower floor
(loop_floor.own_loop_threshold with the loop map and the tracks; own faint dev
660002, 660033, 660070: circled values at 0.02-0.04 of ink, ring share
0.00-0.54 at INK_FLOOR, read not circled)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import marks
from vision.doodle_china.loop_floor import own_loop_threshold

PENCIL = 0.06  # a faint sheet's loop map pencil level: LOOP_INK_SHARE of it is under INK_FLOOR
# two tracks of six value boxes in a row, as at work scale (28 x 22, 48 apart)
TRACKS = [np.array([[20 + 48 * i, 30 + 80 * t, 48 + 48 * i, 52 + 80 * t] for i in range(6)], np.float64)
          for t in range(2)]


def _loops(levels: dict[int, float], haze: float = 0.0, seed: int = 0) -> np.ndarray:
    """A loop map with a loop of ink levels[i] around box i (boxes numbered
    over both tracks), on paper of mean ink `haze` (noisy: shadowed paper)."""
    rng = np.random.default_rng(seed)
    ink = np.zeros((190, 330), np.float32)
    for i, (x0, y0, x1, y1) in enumerate(np.concatenate(TRACKS)):
        if i in levels:
            centre = (int((x0 + x1) / 2), int((y0 + y1) / 2))
            cv2.ellipse(ink, centre, (int((x1 - x0) * 0.75), int((y1 - y0) * 0.78)), 0, 0, 360, levels[i], 2)
    ink = cv2.GaussianBlur(ink, (0, 0), 0.8)
    if haze:
        ink += cv2.GaussianBlur(rng.normal(haze, 0.6 * haze, ink.shape).astype(np.float32), (0, 0), 1.0)
    return ink


def _circled(loops: np.ndarray) -> list[int]:
    threshold = own_loop_threshold(PENCIL, loops, TRACKS)
    share = np.concatenate([marks.ring_share(loops, boxes, threshold) for boxes in TRACKS])
    return [i for i, yes in enumerate(marks.decide_loops(share)[0]) if yes]


@pytest.mark.parametrize("levels,haze,want", [
    ({2: 0.032}, 0.0, [2]),  # base: not circled (0.032 is under INK_FLOOR)
    ({2: 0.03, 7: 0.045}, 0.0, [2, 7]),  # base: only 7
    ({4: 0.05, 9: 0.05}, 0.0, [4, 9]),  # as on base
    ({}, 0.0, []),  # as on base
    ({5: 0.06}, 0.028, [5]),  # noisy paper: rings loud at the lower floors, INK_FLOOR kept; as on base
    ({}, 0.028, []),  # as on base
], ids=["faint-loop", "faint-and-light", "light-loops", "none", "noisy-paper-loop", "noisy-paper-none"])
def test_a_faint_loop_on_quiet_rings_is_circled(levels, haze, want):
    assert _circled(_loops(levels, haze)) == want


def test_without_the_rings_the_ink_floor_is_kept():
    from vision.doodle_china import constants as C

    assert own_loop_threshold(PENCIL) == C.INK_FLOOR
