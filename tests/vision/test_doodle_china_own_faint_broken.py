"""A faint or broken mark is no road on our own sheet with a faint pencil
(faintturns, session 23), on cells cut from own faint dev photos
684000-684079 and 684500-684579 (1600x1200; bench/save_cell_crops.py).
The false turns fail on the base commit b15394a; the drawn roads pass there."""

from __future__ import annotations

import pytest
from cell_crops import mosaic

from vision.doodle_china import cells
from vision.doodle_china import constants as C

FIXTURE = "own-faint-broken.npz"


@pytest.mark.parametrize("photo,cell", [
    ("684044", (2, 0)),  # the shop label's misfit by one end of a NW chord (cover 0.46): fails on base
    ("684044", (4, 1)),  # the boat's label, the same (0.46): fails on base
    ("684049", (4, 3)),  # the hotel's label (0.50): fails on base
    ("684524", (2, 0)),  # the shop's label (0.43): fails on base
    ("684569", (5, 2)),  # the hotel's label (0.43): fails on base
    ("684571", (1, 4)),  # noise along an NE chord, both halves 0.43: fails on base
    ("684044", (3, 1)),  # drawn NW turns past a hotel's label stay
    ("684049", (0, 4)),
    ("684571", (2, 0)),  # a drawn NS road at 0.55 of the pencil stays
], ids=["shop-nw", "boat-nw", "hotel-nw", "shop-nw-2", "hotel-nw-2", "noise-ne",
        "drawn-nw-hotel", "drawn-nw-hotel-2", "drawn-ns-faint"])
def test_a_faint_or_broken_mark_is_read_as_empty(photo, cell):
    """cells.own_faint_paths reads a path covering under C.PATH_COVER_YES of
    its template as empty (classify `broken`), with a note; drawn roads cover
    theirs."""
    m = mosaic(FIXTURE, photo)
    i = m.index(cell)
    paths, _, notes = cells.own_faint_paths(m.ink, m.print, m.boxes, m.holes, m.pencil, [False] * len(m.where))
    assert paths[i] == m.truth[i]
    if m.truth[i] is None:
        assert "read as empty" in notes[i]


@pytest.mark.parametrize("broken,expected", [(True, "NW"), (False, None)], ids=["broken-read", "broken-empty"])
def test_classify_broken_switch(broken, expected):
    """classify reads a cover between the two levels as the path only with
    `broken` (every other reader keeps its faint or broken lines)."""
    m = mosaic(FIXTURE, "684044")
    i = m.index((2, 0))
    cover = cells.path_cover(m.profiles(), cells.road_threshold(m.pencil, own_faint=True))[i]
    assert (C.PATH_COVER_YES + C.PATH_COVER_NO) / 2 <= cover.max() < C.PATH_COVER_YES
    paths, confs, _ = cells.classify(m.profiles(), cells.road_threshold(m.pencil, own_faint=True), broken=broken)
    assert paths[i] == expected and confs[i] == 0.5
