"""Our own sheet with a faint pencil (faint2, session 18): roads count from
G.TAUGHT_PATH_FLOOR, and a path under G.FADED_LEVEL of the pencil whose ink
fades before the cell's edge (cells.end_share under G.FADED_END) is an erased
line's ghost (cells.drop_ghosts `faded`), which that lower floor lets
through. Levels from own faint dev 646000-646079: drawn roads read at
0.53-0.69 of the pencil with end shares 0.73 and up, smudges at 0.43-0.59
with end shares under 0.66."""

from __future__ import annotations

import pytest
from path_cells import path_sheet, read_before_ghost_check

from vision.doodle_china import cells
from vision.doodle_china import ghost_constants as G

PENCIL = 0.07
OWN = [("EW", 0.075, 2), ("NS", 0.075, 2), ("NE", 0.075, 2), ("SW", 0.075, 2), ("NW", 0.075, 2)]
EDGE, SMUDGE = (0.0, 1.0), (0.1, 0.9)  # a drawn line runs to the edge; the generator's smudge stops short


@pytest.mark.parametrize("path,level,span,own_faint,kept", [
    ("EW", 0.048, EDGE, True, True),  # 0.54-0.56 of the pencil, to the edge: a drawn road
    ("NE", 0.048, EDGE, True, True),
    ("NE", 0.048, (0.03, 1.0), True, True),  # stops 0.03 short at one end: end share 0.93
    ("EW", 0.048, SMUDGE, True, False),  # as faint, fading before the edge: a ghost
    ("NE", 0.048, SMUDGE, True, False),
    ("SW", 0.048, SMUDGE, True, False),
    ("EW", 0.048, (0.05, 0.95), True, False),  # end share 0.46, as dev smudges' 0.25-0.66
    ("EW", 0.058, SMUDGE, True, True),  # 0.68 of the pencil, over FADED_LEVEL: not judged by its ends
    ("EW", 0.048, SMUDGE, False, True),  # a darker pencil's rules: not judged by its ends
], ids=["road-straight", "road-turn", "road-nearly-to-edge", "smudge-straight", "smudge-turn",
        "smudge-turn-sw", "smudge-partly-faded", "short-but-dark", "not-own-faint"])
def test_a_faint_path_that_fades_before_the_edge(path, level, span, own_faint, kept):
    r = read_before_ghost_check(OWN, (path, level, 2, span), PENCIL)
    rel = r["rel"]
    assert G.GHOST_LEVEL <= rel  # the width rules never look at it
    assert (rel < G.FADED_LEVEL) == (level < 0.05)
    cells.drop_ghosts(r["ink"], r["boxes"], r["profiles"], PENCIL, r["threshold"], r["paths"], r["confs"],
                      r["notes"], **cells.faint_ghost_rules(own_faint, False))
    assert r["paths"] == [p for p, _, _ in OWN] + [path if kept else None]  # the own strokes stay
    assert ("erased" in r["notes"][-1]) != kept


@pytest.mark.parametrize("span,low", [(EDGE, False), (SMUDGE, True), ((0.0, 0.9), True)],
                         ids=["to-the-edge", "both-ends-short", "one-end-short"])
def test_end_share(span, low):
    ink, boxes = path_sheet([("NS", 0.042, 2, span)])
    level = float(cells.nan_median(cells.path_profiles(ink, boxes)).max())
    assert (cells.end_share(ink, boxes[0], "NS", 1.0, level) < G.FADED_END) == low
