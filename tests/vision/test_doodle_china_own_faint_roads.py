"""Roads on our own sheet with a faint pencil (faintroads, session 22), on
cells cut from own faint dev photos 684000-684079 (1600x1200;
tests/support/cell_crops.py). All three fail on the base commit e148d35."""

from __future__ import annotations

import pytest
from cell_crops import mosaic

from vision.doodle_china import cells
from vision.doodle_china import constants as C
from vision.doodle_china import ghost_constants as G
from vision.doodle_china import own_path_constants as P


@pytest.mark.parametrize("photo,cell", [
    ("684004", (2, 0)),  # an erased NS line (0.43 of the pencil, ends at 0.1 of it): fails on base
    ("684016", (2, 3)),  # the print's residual round a shop's icon read as a NW turn: fails on base
    ("684016", (3, 1)),
    ("684016", (5, 4)),
    ("684004", (0, 2)),  # drawn roads stay
    ("684016", (0, 1)),
], ids=["erased-ns", "icon-nw", "icon-nw-2", "icon-nw-3", "drawn-sw", "drawn-ne"])
def test_own_faint_road_rules_up_to_the_path_pencil(photo, cell):
    """A pencil of 0.100-0.114 (over C.OWN_FAINT_PENCIL) still takes the
    faint pencil's road rules."""
    m = mosaic("own-faint-cliff.npz", photo)
    assert C.OWN_FAINT_PENCIL <= m.pencil < P.OWN_FAINT_PATH_PENCIL
    paths, _, _ = cells.own_faint_paths(m.ink, m.print, m.boxes, m.holes, m.pencil, [False] * len(m.where))
    assert paths[m.index(cell)] == m.truth[m.index(cell)]


@pytest.mark.parametrize("cell", [(3, 4), (0, 1), (0, 3), (0, 4), (1, 2), (1, 3)],
                         ids=["faded-wide-arc", "drawn-ew", "drawn-nw", "drawn-se", "drawn-ne", "drawn-nw-2"])
def test_a_faded_wide_arc_over_faded_level(cell):
    """684012 (3,4): an erased SW arc at 0.63 of the pencil (over
    G.FADED_LEVEL), 1.32x the sheet's strokes, ends at 0.42 of its middle
    over their own background: a ghost (drop_ghosts `faded_wide`; fails on
    base, which kept it). The sheet's drawn roads stay."""
    m = mosaic("own-faint-fine-faded.npz", "684012")
    profiles = m.profiles()
    threshold = cells.road_threshold(m.pencil, own_faint=True)
    paths, confs, notes = cells.classify(profiles, threshold)
    assert paths[m.index((3, 4))] == "SW"  # read as a road before the ghost rules
    cells.drop_ghosts(m.ink, m.boxes, profiles, m.pencil, threshold, paths, confs, notes,
                      **cells.faint_ghost_rules(True, False))
    assert paths[m.index(cell)] == m.truth[m.index(cell)]


@pytest.mark.parametrize("photo,cell,drawn", [
    ("684020", (4, 3), True),  # 0.35 of its middle over the paper's one level: fails on base
    ("684013", (3, 1), True),  # 0.63: fails on base
    ("684045", (1, 4), True),
    ("684075", (4, 1), False),  # an erased SE turn fades before the edge either way
], ids=["drawn-se-by-grid-line", "drawn-sw", "drawn-ew", "erased-se"])
def test_end_share_over_each_samples_background(photo, cell, drawn):
    """A drawn road's end, each sample over its own background
    (G.END_BACKGROUND percentile of its cut; drop_ghosts `faded_wide`),
    carries at least G.FADED_END of its middle's ink; an erased line's
    fades under it."""
    m = mosaic("own-faint-ends.npz", photo)
    i = m.index(cell)
    path = m.truth[i] or "SE"  # the erased turn was read as SE
    levels = cells.nan_median(m.profiles()[i:i + 1])[0]
    level, bend = max((float(levels[k]), b) for k, (n, b) in enumerate(cells.templates()) if n == path)
    assert level < 0.7 * m.pencil  # within reach of the rules judging its ends (G.FADED_WIDE_LEVEL)
    got = cells.end_share(m.ink, m.boxes[i], path, bend, level, own_background=True)
    assert (got >= G.FADED_END) == drawn, got
