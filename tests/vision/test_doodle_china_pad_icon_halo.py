"""Roads on a template read past the pad's printed icons (padmarks, session
24), on cells cut from Shanghai boxed pad dev reads 867405, 867413, 867421
(bench/read_pad.py --seed 866400, 1600x1200; tests/support/cell_crops.py):
a blank photographed softer than the marked photo leaves a halo of ink round
each icon, by a NW turn's chord (taught_path_constants). The empty squares'
cases fail on the base commit cb91170 (no read_marks.off_print)."""

from __future__ import annotations

import pytest
from cell_crops import mosaic

from vision.doodle_china import cells, read_marks
from vision.doodle_china import constants as C

CASES = [
    ("867413", (3, 0)),  # empty hotel square, NW cover 0.64 of a faint pencil's points: fails on base
    ("867413", (5, 2)),  # empty hotel: fails on base
    ("867405", (2, 0)),  # empty taxi: fails on base
    ("867421", (1, 0)),  # empty bus, a pencil of 0.10 (not faint): fails on base
    ("867421", (4, 1)),  # empty bus: fails on base
    ("867421", (5, 1)),  # empty taxi: fails on base
    ("867405", (1, 0)),  # empty squares already read empty stay so
    ("867405", (3, 0)),
    ("867421", (0, 1)),
    ("867413", (3, 5)),  # drawn NW turns past the icon stay
    ("867413", (4, 5)),
    ("867413", (0, 0)),
    ("867421", (2, 0)),
]
IDS = ["hotel-faint", "hotel-faint-2", "taxi-faint", "bus", "bus-2", "taxi", "bus-kept-empty", "hotel-kept-empty",
       "hotel-kept-empty-2", "drawn-nw-bus", "drawn-nw-hotel", "drawn-nw-park", "drawn-nw-taxi"]


def _paths(photo: str, off: bool) -> tuple[list[str | None], object]:
    m = mosaic("pad-icon-halo.npz", photo)
    profiles = cells.path_profiles(m.ink, m.boxes, m.holes)
    if off:
        profiles = read_marks.off_print(profiles, m.print, m.boxes, m.holes)
    paths, _, _ = cells.classify(profiles, cells.road_threshold(m.pencil, m.pencil < C.NOISE_BELOW_PENCIL))
    return paths, m


@pytest.mark.parametrize("photo,cell", CASES, ids=IDS)
def test_a_template_points_band_on_the_print_is_a_hole(photo, cell):
    """A template read leaves out the road's template points whose band
    touches the modelled print (read_marks.off_print): the icon's halo is no
    road; a road drawn past the icon still is."""
    paths, m = _paths(photo, off=True)
    assert paths[m.index(cell)] == m.truth[m.index(cell)]


@pytest.mark.parametrize("photo,cell", CASES[:6], ids=IDS[:6])
def test_the_halo_reads_as_a_nw_turn_with_the_print_counted(photo, cell):
    """The cut cells show the fault: counted in full, the halo reads as a NW turn."""
    paths, m = _paths(photo, off=False)
    assert m.truth[m.index(cell)] is None and paths[m.index(cell)] == "NW"
