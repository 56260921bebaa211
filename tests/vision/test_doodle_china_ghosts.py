"""An erased line's ghost is not a path (cells.drop_ghosts): it is wide and
well under the pencil's level, where a drawn line, however faint, is narrow
or reaches about the pencil's level."""

from __future__ import annotations

import warnings

import cv2
import numpy as np
import pytest

from vision.doodle_china import cells
from vision.doodle_china import constants as C

CELL = 96
BOX = np.array([[20, 20, 20 + CELL, 20 + CELL]], np.float64)
PENCIL = 0.2


def _cell(path: str, level: float, width: int, blur: float) -> np.ndarray:
    """Ink map of one cell with `path` drawn at `level`, `width` px wide."""
    ink = np.zeros((CELL + 40, CELL + 40), np.float32)
    uv, _ = cells.path_points(path, np.linspace(0.05, 0.95, 40))
    pts = np.round((20 + uv * CELL) * 16).astype(np.int32)
    cv2.polylines(ink, [pts], False, level, width, cv2.LINE_AA, shift=4)
    return cv2.blur(cv2.GaussianBlur(ink, (0, 0), blur), (3, 3))


@pytest.mark.parametrize("path,level,width,blur,kept", [
    ("EW", 0.09, 7, 1.0, False),  # an erased line: 0.45 of the pencil, wide
    ("NE", 0.09, 7, 1.0, False),
    ("EW", 0.1, 2, 0.6, True),  # a faint drawn line: as faint, but narrow
    ("NE", 0.1, 2, 0.6, True),
    ("EW", 0.2, 7, 1.0, True),  # a heavy line: wide, at the pencil's level
], ids=["ghost-straight", "ghost-turn", "faint-straight", "faint-turn", "heavy"])
def test_an_erased_lines_ghost_is_read_as_empty(path, level, width, blur, kept):
    ink = _cell(path, level, width, blur)
    profiles = cells.path_profiles(ink, BOX)
    threshold = C.INK_SHARE * PENCIL
    paths, confs, notes = cells.classify(profiles, threshold)
    assert paths == [path]  # read as drawn before the ghost check
    cells.drop_ghosts(ink, BOX, profiles, PENCIL, threshold, paths, confs, notes)
    assert paths == ([path] if kept else [None])
    assert ("erased" in notes[0]) != kept
    if not kept:  # the person is asked to check it
        assert confs[0] < C.WARN_BELOW


def test_a_ghost_in_a_starting_square_is_still_read():
    """Setup squares are never empty: a faint line there is read, as before."""
    ink = _cell("EW", 0.09, 7, 1.0)
    profiles = cells.path_profiles(ink, BOX)
    paths, confs, notes = cells.classify(profiles, C.INK_SHARE * PENCIL, [True])
    cells.drop_ghosts(ink, BOX, profiles, PENCIL, C.INK_SHARE * PENCIL, paths, confs, notes, [True])
    assert paths == ["EW"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_nan_median_is_numpys_row_by_row(seed):
    rng = np.random.default_rng(seed)
    a = rng.random((6, 9, 28)).astype(np.float32)
    a[rng.random(a.shape) < 0.4] = np.nan
    a[0, 0] = np.nan  # a shape wholly in holes
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        want = np.nan_to_num(np.nanmedian(a, axis=-1), nan=-1.0)
    np.testing.assert_array_equal(cells.nan_median(a), want)
