"""A single slash over a floor box on our own printed sheet, with a pencil that
is not faint (own_floor_constants.py; dev 649217: its darkest ink 0.32-0.38 of
the pencil, read clean; 649471: its mean 0.17-0.21 of the pencil, read clean)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import floors, marks
from vision.doodle_china.own_floor_constants import (
    OWN_FLOOR_NO,
    OWN_FLOOR_STROKE_MIN,
    OWN_FLOOR_YES,
)

PENCIL = 0.2
K = 0.5  # work pixels per sheet pixel
FLOOR = {"cell": [0, 0], "index": 0, "box": [130, 130, 152, 152]}  # sheet pixels, as a Shanghai floor box
CELLS = [[{"kind": "skyscraper", "box": [0, 0, 160, 160]}]]


def _slashed(level: float | None) -> np.ndarray:
    """The pencil map (work pixels) with one slash of ink `level` across the
    floor box, corner to corner (None: a clean box)."""
    ink = np.zeros((80, 80), np.float32)
    if level is not None:
        x0, y0, x1, y1 = (round(v * K) for v in FLOOR["box"])
        cv2.line(ink, (x0 + 1, y1 - 1), (x1 - 1, y0 + 1), level, 1, cv2.LINE_AA)
    return cv2.GaussianBlur(ink, (0, 0), 0.7)


@pytest.mark.parametrize("level,stroke_min,want", [
    (0.85 * PENCIL, OWN_FLOOR_STROKE_MIN, "judged"),  # peak 0.35 of the pencil; base (0.45): 0.0, clean
    (0.85 * PENCIL, C.FLOOR_STROKE_MIN, "clean"),  # template reads and faint sheets keep 0.45
    (1.5 * PENCIL, OWN_FLOOR_STROKE_MIN, "judged"),  # peak 0.61: judged on base too
    (None, OWN_FLOOR_STROKE_MIN, "clean"),
    (0.5 * PENCIL, OWN_FLOOR_STROKE_MIN, "clean"),  # peak 0.20, a smudge's grey: no line
], ids=["pale-slash-own", "pale-slash-template", "dark-slash", "clean", "grey"])
def test_a_pale_slash_is_judged_not_wiped(level, stroke_min, want):
    peak = floors.stroke_peak(_slashed(level), np.array(FLOOR["box"], float) * K)
    got = floors.road_floor_excess(_slashed(level), [FLOOR], [["skyscraper"]], CELLS, K, PENCIL,
                                   stroke_min=stroke_min)
    assert got == ([None] if want == "judged" else [0.0]), peak / PENCIL


@pytest.mark.parametrize("rel,levels,want", [
    (0.17, (OWN_FLOOR_YES, OWN_FLOOR_NO), True),  # base: clean (dev 649471's boxes, 0.17 and 0.21)
    (0.21, (OWN_FLOOR_YES, OWN_FLOOR_NO), True),  # base: clean
    (0.06, (OWN_FLOOR_YES, OWN_FLOOR_NO), False),  # the clean boxes judged by it on dev: 0.05-0.06
    (0.21, None, False),  # C.MARK_YES/NO["floor"] as before
    (0.30, None, True),
], ids=["own-low-slash", "own-slash", "own-clean", "default-levels-slash", "default-levels-cross"])
def test_own_floor_levels(rel, levels, want):
    crossed, _, _ = marks.decide_crosses(np.array([rel * PENCIL]), PENCIL, "floor", levels=levels)
    assert crossed == [want]
