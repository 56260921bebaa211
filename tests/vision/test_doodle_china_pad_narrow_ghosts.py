"""A template read's faint road one coarse step wider than the sheet's
strokes is no erased line (padroads, session 26), on cells cut from Shanghai
boxed pad dev reads 911021 and 913013 (bench/read_pad.py --seed 910000 /
912000, 1600x1200, faint): each photo's cells read as paths (drawn ones and
erased smudges), their pencil maps with a margin and their profiles as the
template read takes them (read_marks.off_print). cells.drop_ghosts dropped
911021's SE chord (0.52 of the pencil, 0.060 wide by strokes of 0.05);
narrow_ghosts.keep_narrow puts it back, as fine as the strokes (0.93x); the
smudges of 913013 (0.43-0.50 of the pencil, 1.17-1.31x) stay dropped. The
chord fails on the base commit d164a5e (no keep_narrow: read empty)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.doodle_china import cells, narrow_ghosts

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "doodle-china-cells" / "pad-narrow-ghosts.npz"


def _read(photo: str) -> tuple[list[str | None], list[str | None], list[tuple[int, int]]]:
    """The cut cells read as a faint template read reads them: paths, truth, cells."""
    data = np.load(FIXTURE)
    ink = data[f"{photo}-ink"].astype(np.float32)
    n, h, w = ink.shape
    boxes = data[f"{photo}-boxes"].astype(np.float64) + np.array([[w, 0, w, 0]]) * np.arange(n)[:, None]
    profiles = data[f"{photo}-profiles"].astype(np.float64)
    pencil = float(data[f"{photo}-pencil"])
    setup = [bool(s) for s in data[f"{photo}-setup"]]
    pencil_only = np.concatenate(list(ink), axis=1)
    threshold = cells.road_threshold(pencil, True)
    paths, confs, notes = cells.classify(profiles, threshold, setup)
    read = list(paths)
    cells.drop_ghosts(pencil_only, boxes, profiles, pencil, threshold, paths, confs, notes, setup,
                      **cells.faint_ghost_rules(False, True))
    narrow_ghosts.keep_narrow(pencil_only, boxes, profiles, pencil, threshold, read, paths, confs, notes, setup)
    return paths, [str(t) or None for t in data[f"{photo}-truth"]], [(int(r), int(c)) for r, c in data[f"{photo}-cells"]]


CASES = [
    ("911021", (4, 1)),  # a drawn SE chord, 0.52 of the pencil: read empty on base
    ("913013", (1, 3)),  # an erased NE smudge stays empty
    ("913013", (5, 2)),  # an erased EW smudge at 0.50 of the pencil
    ("913013", (5, 4)),  # an erased NW smudge
]


@pytest.mark.parametrize("photo,cell", CASES, ids=["bus-se-chord", "smudge-ne", "smudge-ew", "smudge-nw"])
def test_a_faint_road_as_narrow_as_the_strokes_is_kept(photo, cell):
    paths, truth, where = _read(photo)
    assert paths[where.index(cell)] == truth[where.index(cell)]


@pytest.mark.parametrize("photo", ["911021", "913013"])
def test_every_drawn_road_of_the_cut_stays(photo):
    paths, truth, _ = _read(photo)
    assert paths == truth
