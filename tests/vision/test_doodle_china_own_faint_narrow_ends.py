"""A drawn road as narrow as the sheet's strokes whose end reads faint over
the paper's one level, by a grid line's print residual, is no erased line
(faintcells, session 24), on cells cut from own faint dev photos
706000-706039 (1600x1200; bench/save_cell_crops.py). Each photo's cut keeps
five drawn roads or more, so drop_ghosts measures the own strokes. The two
drawn turns fail on the base commit cb91170; the other rows pass there."""

from __future__ import annotations

import pytest
from cell_crops import mosaic

from vision.doodle_china import cells
from vision.doodle_china import ghost_constants as G

FIXTURE = "own-faint-narrow-ends.npz"


@pytest.mark.parametrize("photo,cell", [
    ("706022", (0, 5)),  # drawn SE arc, 1.0x the strokes, ends 0.02 / 1.28 (own background): fails on base
    ("706022", (3, 1)),  # drawn NE arc, 0.9x, ends 0.51 / 0.81: fails on base
    ("706022", (0, 2)),  # drawn roads stay
    ("706022", (1, 0)),
    ("706001", (1, 2)),  # an erased EW line 1.1x as wide, ends 0.09 / 0.29: still a ghost
    ("706001", (3, 4)),
], ids=["drawn-se-skyscraper", "drawn-ne-skyscraper", "drawn-ns", "drawn-ns-2", "erased-ew", "drawn-se"])
def test_a_narrow_road_whose_ends_hold_over_their_background_stays(photo, cell):
    """cells.own_faint_paths: `faded` drops a path under G.FADED_NARROW times
    the own strokes only when its ends fade over their own background too
    (drop_ghosts `faded_narrow`)."""
    m = mosaic(FIXTURE, photo)
    i = m.index(cell)
    paths, _, _ = cells.own_faint_paths(m.ink, m.print, m.boxes, m.holes, m.pencil, [False] * len(m.where))
    assert paths[i] == m.truth[i]


@pytest.mark.parametrize("own_faint,taught_faint,expected", [
    (True, False, G.FADED_NARROW), (False, True, None), (False, False, None),
], ids=["own-faint", "template-faint", "not-faint"])
def test_faded_narrow_only_on_our_own_faint_sheet(own_faint, taught_faint, expected):
    """Only our own sheet's faint pencil takes `faded` (and so `faded_narrow`)."""
    assert cells.faint_ghost_rules(own_faint, taught_faint)["faded_narrow"] == expected
