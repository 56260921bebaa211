"""Houses crossed over a pad's coloured icon, seen in the template's palest
colour channel (vision/doodle_china/colour.py): a single slash over a red
roof is nearly invisible in grey, while in red the roof is nearly paper.
Synthetic ink maps (work pixels), one channel."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import colour, marks
from vision.doodle_china import constants as C

BOX = 26
HOUSES = np.array([[20.0 + 36 * i, 20.0, 20.0 + 36 * i + BOX, 20.0 + BOX] for i in range(10)])
CELLS = np.array([[20.0 + 44 * i, 90.0, 60.0 + 44 * i, 130.0] for i in range(6)])
PENCIL = 0.3
SLASHED, SMUDGED = 3, 6


def _blank() -> np.ndarray:
    """The blank in its red channel: each house a filled roof that red barely
    sees (0.10) over an outlined body, printed black (0.6)."""
    ink = np.zeros((160, 400), np.float32)
    for x0, y0, x1, y1 in HOUSES.astype(int):
        cv2.fillPoly(ink, [np.int32([[x0 + 1, y0 + 13], [(x0 + x1) // 2, y0 + 1], [x1 - 1, y0 + 13]])], 0.10)
        cv2.rectangle(ink, (x0 + 4, y0 + 13), (x1 - 4, y1 - 1), 0.6, 1)
    return ink


def _photo(slash: bool = True, smudge: bool = True, pencil: float = PENCIL) -> np.ndarray:
    """The sheet drawn on: a road through every cell (the pencil's level), a
    blue slash over house SLASHED's roof only, an erased smudge over house
    SMUDGED's."""
    photo = _blank().copy()
    for x0, y0, x1, y1 in CELLS.astype(int):
        cv2.line(photo, (x0, (y0 + y1) // 2), (x1, (y0 + y1) // 2), pencil, 2)
    photo = cv2.GaussianBlur(photo, (0, 0), 0.7)
    x0, y0, _, _ = HOUSES[SLASHED].astype(int)
    if slash:
        line = np.zeros_like(photo)
        cv2.line(line, (x0 + 5, y0 + 12), (x0 + 21, y0 + 4), pencil, 2)
        photo = np.maximum(photo, line)
    if smudge:
        x0, y0, _, _ = HOUSES[SMUDGED].astype(int)
        blob = np.zeros_like(photo)
        cv2.ellipse(blob, (x0 + 13, y0 + 9), (8, 4), 0, 0, 360, 0.25, -1)
        photo = np.maximum(photo, cv2.GaussianBlur(blob, (0, 0), 2.0))
    return photo


def _added(photo: np.ndarray, grey_rel: np.ndarray, **options: float) -> list[bool]:
    seen = colour.Channel(photo, _blank(), [])
    zero = marks.reference_paper(np.ones(photo.shape, bool), HOUSES)
    return colour.add_crosses(seen, HOUSES, zero, grey_rel, CELLS, [[] for _ in CELLS], "house", **options).tolist()


def test_a_slash_over_the_roof_is_missed_where_the_roof_is_print():
    # measured as grey is, only away from the print, the slash is gone
    photo, blank = _photo(smudge=False), _blank()
    excess = marks.box_excess(photo, blank, HOUSES, 1.0, 0.0, np.zeros(len(HOUSES)), PENCIL,
                              shrink=C.TAUGHT_HOUSE_SHRINK)
    assert excess[SLASHED] / PENCIL < C.TAUGHT_MARK_NO["house"]
    # with the (red-pale) roof counted as paper it shows
    excess = marks.box_excess(photo, blank, HOUSES, 1.0, 0.0, np.zeros(len(HOUSES)), PENCIL,
                              shrink=C.TAUGHT_HOUSE_SHRINK, print_free=C.COLOUR_PRINT_FREE)
    assert excess[SLASHED] / PENCIL > C.TAUGHT_MARK_YES["house"]


def test_the_channel_adds_the_slashed_house_grey_half_sees():
    grey_rel = np.full(len(HOUSES), 0.0)
    grey_rel[SLASHED] = 0.03  # grey sees a little of it, below its own threshold
    assert _added(_photo(smudge=False), grey_rel) == [i == SLASHED for i in range(len(HOUSES))]
    assert _added(_photo(slash=False, smudge=False), grey_rel) == [False] * len(HOUSES)


@pytest.mark.parametrize("grey_sees", [0.0, 0.01, C.COLOUR_GREY_MIN_REL - 0.001], ids=["none", "faint", "just-under"])
def test_a_smudge_grey_does_not_see_is_not_crossed(grey_sees):
    # an erased smudge shows in the channel as a cross would ...
    everywhere = np.full(len(HOUSES), 1.0)
    assert _added(_photo(slash=False), everywhere)[SMUDGED]
    # ... but grey does not half see it: no cross is added
    grey_rel = np.full(len(HOUSES), grey_sees)
    assert _added(_photo(slash=False), grey_rel) == [False] * len(HOUSES)


@pytest.mark.parametrize(("pencil", "least"), [
    (0.05, C.COLOUR_FAINT_GREY_MIN_REL),
    (C.COLOUR_FAINT_PENCIL - 0.001, C.COLOUR_FAINT_GREY_MIN_REL),
    (C.COLOUR_FAINT_PENCIL, C.COLOUR_GREY_MIN_REL),
    (0.3, C.COLOUR_GREY_MIN_REL),
], ids=["faint", "just-under", "at", "usual"])
def test_grey_must_see_more_of_a_house_on_a_faint_sheet(pencil, least):
    assert colour.grey_min_rel(pencil) == least
    assert C.COLOUR_FAINT_GREY_MIN_REL > C.COLOUR_GREY_MIN_REL


@pytest.mark.parametrize(("ghost_rel", "added"), [
    (0.031, False),  # dev 601013's ghost, as grey sees it
    (0.037, False),  # dev 651005's
    (C.COLOUR_FAINT_GREY_MIN_REL, True),
], ids=["ghost-601013", "ghost-651005", "at-least"])
def test_a_faint_sheet_keeps_its_cross_and_loses_a_ghost_grey_barely_sees(ghost_rel, added):
    # a faint pencil: the slash and an erased smudge both show in the channel
    faint = 0.07
    grey_rel = np.full(len(HOUSES), 0.0)
    grey_rel[SLASHED] = 0.088  # dev 611013's cross, which only the channel saw
    grey_rel[SMUDGED] = ghost_rel
    photo = _photo(pencil=faint)
    assert _added(photo, grey_rel) == [i in (SLASHED, SMUDGED) for i in range(len(HOUSES))]
    least = colour.grey_min_rel(faint)
    assert _added(photo, grey_rel, grey_min=least) == [i == SLASHED or (added and i == SMUDGED)
                                                       for i in range(len(HOUSES))]
