"""A template read with a faint pencil (tplfaint, session 15): its roads are
counted from G.TAUGHT_PATH_FLOOR (faint roads sit at 0.03-0.04 of ink), and a
path under G.TAUGHT_GHOST_LEVEL of the pencil that is G.TAUGHT_GHOST_WIDER
times as wide as the sheet's own strokes is an erased line's ghost
(cells.drop_ghosts `wide`), which that lower threshold would let through."""

from __future__ import annotations

import pytest
from path_cells import path_sheet

from vision.doodle_china import cells
from vision.doodle_china import constants as C
from vision.doodle_china import ghost_constants as G

PENCIL = 0.07
OWN = [("EW", 0.075, 2), ("NS", 0.075, 2), ("NE", 0.075, 2), ("SW", 0.075, 2), ("NW", 0.075, 2)]


@pytest.mark.parametrize("pencil,taught_faint,want", [
    (0.07, True, G.TAUGHT_PATH_FLOOR),  # 0.42 x 0.07 = 0.029: the lower floor holds
    (0.07, False, C.INK_FLOOR),  # our own sheet, or a darker read: the usual floor
    (0.2, True, C.INK_SHARE * 0.2),  # the pencil's share is over both floors
], ids=["taught-faint", "not-taught", "share-over-floor"])
def test_road_threshold(pencil, taught_faint, want):
    assert cells.road_threshold(pencil, taught_faint) == pytest.approx(want)


@pytest.mark.parametrize("taught_faint,kept", [(True, True), (False, False)],
                         ids=["taught-faint-kept", "usual-floor-lost"])
def test_a_faint_road_under_the_usual_floor(taught_faint, kept):
    """A road at 0.035 of ink, under C.INK_FLOOR, is read on a taught faint read."""
    ink, boxes = path_sheet([("NE", 0.044, 2)])
    profiles = cells.path_profiles(ink, boxes)
    assert G.TAUGHT_PATH_FLOOR < float(cells.nan_median(profiles).max()) < C.INK_FLOOR
    paths, _, _ = cells.classify(profiles, cells.road_threshold(PENCIL, taught_faint))
    assert paths == (["NE"] if kept else [None])


@pytest.mark.parametrize("path,level,width,own,wide,kept", [
    ("EW", 0.042, 3, OWN, True, False),  # ~0.6 of the pencil, 1.7x the own strokes: a ghost
    ("NE", 0.042, 3, OWN, True, False),
    ("EW", 0.042, 3, OWN, False, True),  # without the rule: over GHOST_LEVEL, under GHOST_WIDTH
    ("EW", 0.047, 2, OWN, True, True),  # a normal-width faint road as faint: kept
    ("SE", 0.047, 2, OWN, True, True),
    ("EW", 0.05, 3, OWN, True, True),  # as wide, at 0.7 of the pencil: a drawn road
    ("EW", 0.042, 3, OWN[:3], True, True),  # too few own strokes to judge the width by
], ids=["wide-straight", "wide-turn", "rule-off", "faint-road-straight", "faint-road-turn",
        "wide-but-dark", "too-few-own"])
def test_a_ghost_wider_than_the_sheets_own_strokes(path, level, width, own, wide, kept):
    ink, boxes = path_sheet([*own, (path, level, width)])
    profiles = cells.path_profiles(ink, boxes)
    threshold = cells.road_threshold(PENCIL, True)
    paths, confs, notes = cells.classify(profiles, threshold)
    assert paths == [p for p, _, _ in own] + [path]  # all read as drawn before the ghost check
    rel = float(cells.nan_median(profiles[-1:]).max()) / PENCIL
    assert G.GHOST_LEVEL <= rel  # the usual rule never drops it
    assert (rel < G.TAUGHT_GHOST_LEVEL) == (level < 0.05)
    cells.drop_ghosts(ink, boxes, profiles, PENCIL, threshold, paths, confs, notes,
                      wide=(G.TAUGHT_GHOST_WIDER, G.TAUGHT_GHOST_LEVEL) if wide else None)
    assert paths[:-1] == [p for p, _, _ in own]  # the sheet's own strokes stay
    assert paths[-1] == (path if kept else None)
    assert ("erased" in notes[-1]) != kept


@pytest.mark.parametrize("own_faint,taught_faint,kept", [
    (False, True, False),  # a template read's faint pencil: as wide as our own sheet's ghosts
    (True, False, False),  # our own faint sheet (session 13), as before
    (False, False, True),  # a darker pencil: the usual GHOST_WIDTH alone
], ids=["taught-faint", "own-faint", "darker"])
def test_a_faint_ghost_under_ghost_level_narrower_than_ghost_width(own_faint, taught_faint, kept):
    """Under GHOST_LEVEL, 1.25-1.4x the own strokes and under GHOST_WIDTH
    (fresh-ish faint reads 694007, 695006: 0.05 wide by strokes of 0.04)."""
    ink, boxes = path_sheet([*OWN, ("EW", 0.036, 3)])
    profiles = cells.path_profiles(ink, boxes)
    threshold = cells.road_threshold(PENCIL, True)
    paths, confs, notes = cells.classify(profiles, threshold)
    assert paths[-1] == "EW"
    assert float(cells.nan_median(profiles[-1:]).max()) < G.GHOST_LEVEL * PENCIL
    assert cells.ghost_width(ink, boxes[-1], "EW", 1.0, threshold) < G.GHOST_WIDTH
    cells.drop_ghosts(ink, boxes, profiles, PENCIL, threshold, paths, confs, notes,
                      **cells.faint_ghost_rules(own_faint, taught_faint))
    assert paths == [p for p, _, _ in OWN] + (["EW"] if kept else [None])
