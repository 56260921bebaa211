"""A faint pencil's house read through a template, judged by the weakest
third of its best line (faint_house_lines): a roof blob where the print
model misfits lifts one third of a line (dev 872005 house 9: a line of 0.95
of the pencil, added by add_faint_slashes, weakest third 0.26), a slash all
three (dev 872013 house 5, read clean: weakest third 0.42). Synthetic ink
maps (work pixels). Fails on 9782b77 (no faint_house_lines)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from pad_houses import BOX, HOUSES, blank_houses

from vision.doodle_china import faint_house_constants as F
from vision.doodle_china import faint_house_lines, marks
from vision.doodle_china import slash_line_constants as L

PENCIL = 0.06
MARKED = 2


def _photo(mark: str) -> np.ndarray:
    """The blank with noise and, by house MARKED, a faint slash from past the
    box's top left to past its bottom right, or a blob on the paper under
    the roof's edge (the print model's misfit), or nothing."""
    rng = np.random.default_rng(5)
    photo = blank_houses() + rng.normal(0, 0.004, (70, 270)).astype(np.float32)
    layer = np.zeros_like(photo)
    x0, y0 = HOUSES[MARKED, :2].astype(int)
    if mark == "slash":
        cv2.line(layer, (x0 - 3, y0 + 2), (x0 + BOX + 3, y0 + BOX - 1), 1.0, 2)
    elif mark == "blob":
        cv2.circle(layer, (x0 + BOX // 2, y0 + 17), 4, 1.0, -1)
    layer = cv2.GaussianBlur(layer, (0, 0), 0.7) * PENCIL * (1.6 if mark == "blob" else 1.0)
    return 1 - (1 - photo) * (1 - layer)


def _measures(mark: str) -> tuple[np.ndarray, np.ndarray]:
    photo = _photo(mark)
    return (marks.slash_lines(photo, blank_houses(), HOUSES, 1.0, 0.0, 0.05) / PENCIL,
            faint_house_lines.segment_lines(photo, blank_houses(), HOUSES, 1.0, 0.0) / PENCIL)


@pytest.mark.parametrize(("mark", "seg_at_least", "seg_under"), [
    ("slash", F.FAINT_SEG_ADD, np.inf),
    ("blob", -np.inf, F.FAINT_SEG_KEEP),
    ("clean", -np.inf, F.FAINT_SEG_KEEP),
])
def test_weakest_third(mark, seg_at_least, seg_under):
    line, seg = _measures(mark)
    assert seg_at_least <= seg[MARKED] < seg_under
    others = np.delete(seg, MARKED)
    assert (others < F.FAINT_SEG_KEEP).all()
    if mark == "blob":  # the whole line's mean takes the blob for a slash: the case this module is for
        assert line[MARKED] >= L.FAINT_LINE_MIN


@pytest.mark.parametrize(("before", "crossed", "seg", "pencil", "want", "doubt"), [
    # add_faint_slashes added house 1 on a roof blob: dropped, doubtful
    ([False, False, True], [False, True, True], [0.1, 0.26, 0.9], 0.06, [False, False, True], [False, True, False]),
    # it added house 1 on a slash: kept
    ([False, False, True], [False, True, True], [0.1, 0.75, 0.9], 0.06, [False, True, True], [False, False, False]),
    # a slash grey and the whole line missed: added, doubtful
    ([False, False, True], [False, False, True], [0.1, 0.42, 0.9], 0.06, [False, True, True], [False, True, False]),
    # a pencil not faint: a cross read is never dropped
    ([False, False, True], [False, True, True], [0.1, 0.05, 0.9], 0.2, [False, True, True], [False, False, False]),
    # a pencil not faint: a lone slash all the other measures missed is added (876023 house 8: 0.47)
    ([False, False, True], [False, False, True], [0.21, 0.47, 0.9], 0.15, [False, True, True], [False, True, False]),
    # session 26: a darker pencil's cross every other rule missed (906019 h3: 0.26): added
    ([False, False, True], [False, False, True], [0.21, 0.26, 0.9], 0.14, [False, True, True], [False, True, False]),
], ids=["blob-dropped", "slash-kept", "slash-added", "dark-pencil-keeps", "dark-pencil-adds", "dark-pencil-weak-line"])
def test_judge_faint_houses(before, crossed, seg, pencil, want, doubt):
    out, d = faint_house_lines.judge_faint_houses(before, crossed, [False] * 3, pencil,
                                                  lambda: np.array(seg) * max(pencil, 0.06))
    assert out == want and d == doubt
