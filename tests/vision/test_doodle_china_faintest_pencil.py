"""Our own sheet with the faintest pencil (faintown, session 20): its roads
are counted from INK_SHARE of the pencil down to P.OWN_PATH_FLOOR, not from
G.TAUGHT_PATH_FLOOR (dev 655051: pencil 0.035, roads at 0.025-0.035 of ink,
7 of 19 read as empty squares)."""

from __future__ import annotations

import pytest
from path_cells import path_sheet

from vision.doodle_china import cells
from vision.doodle_china import constants as C
from vision.doodle_china import ghost_constants as G
from vision.doodle_china import own_path_constants as P


@pytest.mark.parametrize("pencil,taught_faint,own_faint,want", [
    (0.04, False, True, C.INK_SHARE * 0.04),  # 0.017: the share, where the taught floor held (0.03)
    (0.02, False, True, P.OWN_PATH_FLOOR),  # a pencil read from noise: the floor holds
    (0.05, False, True, C.INK_SHARE * 0.05),  # 0.021: the share, where the taught floor held (0.03)
    (0.035, True, False, G.TAUGHT_PATH_FLOOR),  # a template read keeps its floor
    (0.035, False, False, C.INK_FLOOR),  # a darker sheet's usual floor
    (0.2, False, True, C.INK_SHARE * 0.2),
], ids=["own-faintest", "own-noise-floor", "own-faint", "taught-faint", "not-faint", "share-over-floors"])
def test_road_threshold(pencil, taught_faint, own_faint, want):
    assert cells.road_threshold(pencil, taught_faint, own_faint) == pytest.approx(want)


@pytest.mark.parametrize("level,own_faint,want", [
    (0.034, True, "NE"),  # ~0.027 of ink, 0.77 of a 0.035 pencil: a road on our own faintest sheet
    (0.034, False, None),  # the same as a template read: under its TAUGHT_PATH_FLOOR
    (0.012, True, None),  # ~0.01 of ink, under INK_SHARE of the pencil: nothing drawn
], ids=["own-faintest-road", "taught-floor", "own-too-faint"])
def test_a_road_under_the_taught_floor(level, own_faint, want):
    pencil = 0.035
    ink, boxes = path_sheet([("NE", level, 2)])
    profiles = cells.path_profiles(ink, boxes)
    if want:
        assert P.OWN_PATH_FLOOR < float(cells.nan_median(profiles).max()) < G.TAUGHT_PATH_FLOOR
    threshold = cells.road_threshold(pencil, not own_faint, own_faint)
    paths, _, _ = cells.classify(profiles, threshold)
    assert paths == [want]
