"""The fine ghost width (drop_ghosts `fine`, own faint sheets) counts only
the unbroken run over half the peak that holds a path's peak (faintown,
session 20): a chord's cut near its ends runs at a slant over the grid line
and the neighbour's road, whose ink made drawn chords measure up to 1.7
times the sheet's own strokes (own faint dev 655027, 655508, 655518: 1.50,
1.62, 1.56; erased) where arcs measured at most 1.21. Here a thin road with
a line of the same ink 0.07 of the cell beside it (a grid line's or a
neighbour's ink the cut crosses) measured two strokes wide."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from path_cells import path_sheet

from vision.doodle_china import cells
from vision.doodle_china import ghost_constants as G

PENCIL = 0.07
OWN = [("EW", 0.075, 2), ("NS", 0.075, 2), ("NE", 0.075, 2), ("SW", 0.075, 2), ("NW", 0.075, 2)]
EDGE = (0.0, 1.0)  # runs on to the cell's edge: the faded rule passes it


def _sheet(level: float, width: int, beside: float | None) -> tuple[np.ndarray, np.ndarray]:
    """The own strokes and an E-W path; `beside`: a 2-px line of the path's
    ink that far (share of the cell) below it, along the whole cell."""
    ink, boxes = path_sheet([*OWN, ("EW", level, width, EDGE)])
    if beside is not None:
        x0, y0, x1, y1 = boxes[-1]
        y = int(round((y0 + y1) / 2 + beside * (y1 - y0)))
        layer = np.zeros_like(ink)
        cv2.line(layer, (int(x0), y), (int(x1), y), level, 2)
        ink = np.maximum(ink, cv2.blur(cv2.GaussianBlur(layer, (0, 0), 0.8), (3, 3)))
    return ink, boxes


@pytest.mark.parametrize("level,width,beside,kept", [
    (0.05, 2, 0.07, True),  # fails on base: a thin road 0.58 of the pencil, a line beside it
    (0.05, 2, None, True),  # the same road alone
    (0.040, 4, None, False),  # a wide smudge, 0.56 of the pencil
    (0.040, 4, 0.07, False),  # a wide smudge by a line: still a smudge
], ids=["road-by-a-line", "road", "smudge", "smudge-by-a-line"])
def test_a_line_beside_a_faint_road_is_not_its_width(level, width, beside, kept):
    ink, boxes = _sheet(level, width, beside)
    profiles = cells.path_profiles(ink, boxes)
    threshold = cells.road_threshold(PENCIL, False, True)
    paths, confs, notes = cells.classify(profiles, threshold)
    assert paths == [p for p, _, _ in OWN] + ["EW"]  # all read as drawn before the ghost check
    cells.drop_ghosts(ink, boxes, profiles, PENCIL, threshold, paths, confs, notes,
                      **cells.faint_ghost_rules(True, False))
    assert paths[-1] == ("EW" if kept else None)


@pytest.mark.parametrize("run,wider", [(False, True), (True, False)], ids=["every-sample", "run"])
def test_the_run_leaves_the_line_beside_out(run, wider):
    ink, boxes = _sheet(0.05, 2, 0.07)
    threshold = cells.road_threshold(PENCIL, False, True)
    own = cells.ghost_width(ink, boxes[0], "EW", 1.0, threshold, G.GHOST_FINE_STEP, run=run)
    it = cells.ghost_width(ink, boxes[-1], "EW", 1.0, threshold, G.GHOST_FINE_STEP, run=run)
    assert (it >= G.GHOST_FINE_WIDER * own) == wider
