"""A template read with a faint pencil: a path under G.TAUGHT_FADED_LEVEL of
the pencil whose ends, each over its own background, fade under
G.TAUGHT_FADED_END of its middle (cells.end_share own_background) is an
erased line's smudge (cells.drop_ghosts `faded_own`), however narrow.
Boxed pad dev 860000-861140: drawn paths there ended at 0.62 and up,
smudges read as paths at 0.43 and 0.33. Fails on b15394a (template reads
judged no path by its ends: the smudges were kept)."""

from __future__ import annotations

import pytest
from path_cells import read_before_ghost_check

from vision.doodle_china import cells
from vision.doodle_china import ghost_constants as G

PENCIL = 0.07
OWN = [("EW", 0.075, 2), ("NS", 0.075, 2), ("NE", 0.075, 2), ("SW", 0.075, 2), ("NW", 0.075, 2)]
EDGE, SMUDGE = (0.0, 1.0), (0.1, 0.9)  # a drawn line runs to the edge; a smudge stops short


@pytest.mark.parametrize("path,level,span,taught_faint,kept", [
    ("EW", 0.048, EDGE, True, True),  # 0.54-0.56 of the pencil, to the edge: a drawn road
    ("NE", 0.048, EDGE, True, True),
    ("NW", 0.048, (0.03, 1.0), True, True),  # stops 0.03 short at one end
    ("NS", 0.048, SMUDGE, True, False),  # as faint, fading before both edges: a smudge (861013 (2,3))
    ("NW", 0.048, SMUDGE, True, False),  # a turn (861137 (5,0))
    ("EW", 0.058, SMUDGE, True, True),  # over TAUGHT_FADED_LEVEL: not judged by its ends
    ("NS", 0.048, SMUDGE, False, True),  # a darker pencil's rules: not judged by its ends
], ids=["road-straight", "road-turn", "road-nearly-to-edge", "smudge-straight", "smudge-turn",
        "darker-than-level", "not-faint"])
def test_a_faint_path_that_fades_before_the_edge_on_a_template_read(path, level, span, taught_faint, kept):
    r = read_before_ghost_check(OWN, (path, level, 2, span), PENCIL)
    rel = r["rel"]
    assert G.GHOST_LEVEL <= rel  # under it the width rules would judge it anyway
    assert (rel < G.TAUGHT_FADED_LEVEL) == (level < 0.05)
    cells.drop_ghosts(r["ink"], r["boxes"], r["profiles"], PENCIL, r["threshold"], r["paths"], r["confs"],
                      r["notes"], **cells.faint_ghost_rules(False, taught_faint))
    assert r["paths"] == [p for p, _, _ in OWN] + [path if kept else None]  # the own strokes stay
    assert ("erased" in r["notes"][-1]) != kept


@pytest.mark.parametrize("path,level,bend,kept", [
    ("NE", 0.048, 0.0, True),  # a chord stopping 0.08 of its length short: a drawn chord (916219 (0,2))
    ("SE", 0.048, 0.0, True),  # (917228 (3,4))
    ("SE", 0.05, 1.0, False),  # an arc as short: a smudge, judged by its ends
], ids=["chord-NE", "chord-SE", "arc-smudge"])
def test_a_faint_chord_is_not_judged_by_its_ends(path, level, bend, kept):
    """A chord meets the cell's edge at 45 degrees: drawn a little toward the
    corner it ends short of the edge (G.TAUGHT_FADED_BEND). Fails on d164a5e
    (the chords were dropped as erased)."""
    r = read_before_ghost_check(OWN, (path, level, 2, (0.08, 0.92), bend), PENCIL)
    assert G.GHOST_LEVEL <= r["rel"] < G.TAUGHT_FADED_LEVEL  # only `faded_own` could drop it
    cells.drop_ghosts(r["ink"], r["boxes"], r["profiles"], PENCIL, r["threshold"], r["paths"], r["confs"],
                      r["notes"], **cells.faint_ghost_rules(False, True))
    assert r["paths"] == [p for p, _, _ in OWN] + [path if kept else None]
