"""Our own sheet with a faint pencil at 12 MP (faintcells, session 19): an
erased smudge read as a path at 0.52-0.62 of the pencil that runs on to the
cell's edge (the `faded` rule misses it) is still wider than the sheet's
own strokes, which shows when both are measured in G.GHOST_FINE_STEP steps
(drop_ghosts `fine`): own faint dev 651000-651039, paths under 0.75 of the
pencil: drawn 0.90-1.04 times the own strokes, smudges 1.26-3.2."""

from __future__ import annotations

import numpy as np
import pytest
from path_cells import path_sheet

from vision.doodle_china import cells
from vision.doodle_china import ghost_constants as G

PENCIL = 0.07
OWN = [("EW", 0.075, 2), ("NS", 0.075, 2), ("NE", 0.075, 2), ("SW", 0.075, 2), ("NW", 0.075, 2)]
EDGE = (0.0, 1.0)  # runs on to the cell's edge: end share about 1, not a fade


@pytest.mark.parametrize("path,level,width,own_faint,kept", [
    ("EW", 0.040, 3, True, False),  # 0.56 of the pencil, 1.4x the own strokes: a smudge
    ("NE", 0.040, 4, True, False),
    ("SW", 0.042, 3, True, False),
    ("EW", 0.050, 2, True, True),  # 0.58 of the pencil, as thin as the own strokes: a road
    ("NE", 0.048, 2, True, True),
    ("SW", 0.050, 3, True, True),  # 0.70 of the pencil, over FADED_LEVEL: not judged by its width
    ("NE", 0.040, 4, False, True),  # a darker pencil's rules
], ids=["wide-straight", "wide-turn", "wide-turn-sw", "thin-straight", "thin-turn", "wide-but-dark",
        "not-own-faint"])
def test_a_faint_path_wider_than_the_own_strokes(path, level, width, own_faint, kept):
    ink, boxes = path_sheet([*OWN, (path, level, width, EDGE)])
    profiles = cells.path_profiles(ink, boxes)
    threshold = cells.road_threshold(PENCIL, True)
    paths, confs, notes = cells.classify(profiles, threshold)
    assert paths == [p for p, _, _ in OWN] + [path]  # all read as drawn before the ghost check
    rel = float(cells.nan_median(profiles[-1:]).max()) / PENCIL
    assert G.GHOST_LEVEL <= rel  # the coarse width rules never look at it
    assert cells.end_share(ink, boxes[-1], path, 1.0, rel * PENCIL) >= G.FADED_END  # nor the faded one
    cells.drop_ghosts(ink, boxes, profiles, PENCIL, threshold, paths, confs, notes,
                      **cells.faint_ghost_rules(own_faint, False))
    assert paths == [p for p, _, _ in OWN] + [path if kept else None]  # the own strokes stay
    assert ("erased" in notes[-1]) != kept


@pytest.mark.parametrize("width,wider", [(2, False), (3, True), (4, True)], ids=["own", "3px", "4px"])
def test_fine_width_parts_what_the_coarse_step_rounds(width, wider):
    ink, boxes = path_sheet([("EW", 0.075, 2), ("EW", 0.045, width)])
    threshold = cells.road_threshold(PENCIL, True)
    own, it = (cells.ghost_width(ink, b, "EW", 1.0, threshold, G.GHOST_FINE_STEP) for b in boxes)
    assert (it >= G.GHOST_FINE_WIDER * own) == wider


@pytest.mark.parametrize("hole,kept", [(False, False), (True, True)], ids=["grey-beside-the-road", "in-a-hole"])
def test_the_fine_width_is_taken_off_the_holes(hole, kept):
    """A thin road (0.53 of the pencil) with a grey band (0.03 of ink) 0.1 of
    the cell wide along its middle: where nothing says what the grey is, the
    road is a wide smudge; where the grey lies in a hole (a skyscraper's
    floor box, its cross or print: 651104 (0,5)), the road is judged off it."""
    ink, boxes = path_sheet([*OWN, ("EW", 0.045, 2, EDGE)])
    x0, y0, x1, _ = boxes[-1]
    s = x1 - x0
    band = np.s_[int(y0 + 0.46 * s):int(y0 + 0.56 * s), int(x0 + 0.3 * s):int(x0 + 0.7 * s)]
    ink[band] = np.maximum(ink[band], 0.03)
    holes = [[] for _ in OWN] + [[[x0 + 0.28 * s, y0 + 0.3 * s, x0 + 0.72 * s, y0 + 0.7 * s]] if hole else []]
    profiles = cells.path_profiles(ink, boxes, holes)
    threshold = cells.road_threshold(PENCIL, True)
    paths, confs, notes = cells.classify(profiles, threshold)
    assert paths[-1] == "EW"
    cells.drop_ghosts(ink, boxes, profiles, PENCIL, threshold, paths, confs, notes, **cells.faint_ghost_rules(True, False))
    assert paths == [p for p, _, _ in OWN] + ["EW" if kept else None]
