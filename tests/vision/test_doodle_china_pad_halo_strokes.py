"""A drawn turn past a pad's printed icon keeps its ink (padshanghai, session
25), on cells cut from Shanghai boxed pad dev reads 881026 and 881035
(bench/read_pad.py --seed 880000, 1600x1200). read_marks.off_print leaves
out a road's template points whose band touches the print (the icons' halo,
test_doodle_china_pad_icon_halo); a chord past the bus icon or the
skyscraper's floors lost so many points that its shape was no longer judged
and the square read empty. Points whose ink reaches TAUGHT_PATH_HALO, far
above any halo, now count. The turns fail on the base commit 9782b77."""

from __future__ import annotations

import pytest
from cell_crops import mosaic

from vision.doodle_china import cells, read_marks
from vision.doodle_china import constants as C

CASES = [
    ("881026", (0, 4)),  # NW chord past the bus icon (pencil 0.31): fails on base
    ("881035", (3, 1)),  # SE chord over a skyscraper's floors (pencil 0.37): fails on base
    ("881026", (1, 0)),  # empty bus stays empty
    ("881026", (4, 5)),  # empty hotel
    ("881026", (0, 1)),  # a drawn SE turn past the hotel icon stays
    ("881035", (0, 4)),  # empty bus
    ("881035", (2, 3)),  # empty skyscraper
    ("881035", (2, 4)),  # a drawn NW turn past the bus icon stays
]
IDS = ["bus-nw-chord", "skyscraper-se-chord", "bus-empty", "hotel-empty", "hotel-se", "bus-empty-2",
       "skyscraper-empty", "bus-nw"]


def _path(photo: str, cell: tuple[int, int]) -> tuple[str | None, str | None]:
    m = mosaic("pad-halo-strokes.npz", photo)
    profiles = read_marks.off_print(cells.path_profiles(m.ink, m.boxes, m.holes), m.print, m.boxes, m.holes)
    paths, _, _ = cells.classify(profiles, cells.road_threshold(m.pencil, m.pencil < C.NOISE_BELOW_PENCIL))
    return paths[m.index(cell)], m.truth[m.index(cell)]


@pytest.mark.parametrize("photo,cell", CASES, ids=IDS)
def test_a_stroke_past_the_print_is_still_ink(photo, cell):
    """Ink far above the icons' halo along a turn past the print is the turn's."""
    got, truth = _path(photo, cell)
    assert got == truth
