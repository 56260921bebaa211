"""A window taken sure by its features may be a card missing from the
catalog that shares the entry's print (facade dev 13100-13119 at 2000x1500:
W12, missing, read sure as W37 twice, 9 and 12 inliers, their tokens
differing in one patch). Its look-alike being absent, the look-alike check
compares it with nothing: a patch that plainly disagrees with the entry,
with few inliers, now makes the answer a proposal (by "twin"), never sure.
The card itself, a match many inliers vouch for, and roofs stay sure."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from catalog_thumbs import THUMB_W, pool, shown
from test_canal_houses_lookalikes import ROWS, SAME, _case

from vision.canal_houses import constants as C
from vision.canal_houses import recognise
from vision.canal_houses import stranger_constants as SC
from vision.canal_houses.stranger import is_stranger, sure_or_stranger, worst_patch_error
from vision.canal_houses.template import _laid


def _cards() -> tuple[np.ndarray, np.ndarray]:
    """The entry, and a card missing from the catalog with its print but
    another token (a pale ring round a small dot where the entry has a dark
    disc)."""
    known = _case()[0]
    missing = known.copy()
    cv2.circle(missing, (THUMB_W // 2, 12), 8, 235, -1)
    cv2.circle(missing, (THUMB_W // 2, 12), 4, 10, -1)
    return known, missing


@pytest.mark.parametrize(("shows", "inliers", "role", "sure"), [
    ("known", 10, "window", True),     # the card itself agrees in every patch
    ("missing", 10, "window", False),  # another token in one patch, few inliers: a proposal
    ("missing", 30, "window", True),   # many inliers vouch for it
    ("missing", 10, "roof", True),     # roofs: not asked
], ids=["itself", "missing-few-inliers", "missing-many-inliers", "roof"])
def test_a_sure_window_that_disagrees_in_a_patch_is_proposed(shows: str, inliers: int, role: str,
                                                             sure: bool) -> None:
    known, missing = _cards()
    p = pool([known])  # the missing card's look-alike is the only entry: nothing to tell it from
    for e in p.entries:
        e.role = role
    a, wt = _laid(shown(known if shows == "known" else missing, ROWS), SAME)
    got = sure_or_stranger(p, a, wt, 0, 0.9, inliers, None)
    assert got[0].id == "0"
    assert (len(got) == 2) == sure
    if not sure:
        assert got[1] <= C.TWIN_CONFIDENCE and got[2:4] == (False, "twin")


def test_the_worst_patch_separates_the_card_from_its_missing_lookalike() -> None:
    known, missing = _cards()
    p = pool([known])
    own = worst_patch_error(*_laid(shown(known, ROWS), SAME), p.thumbs[0])
    other = worst_patch_error(*_laid(shown(missing, ROWS), SAME), p.thumbs[0])
    assert own < SC.STRANGER_MAX_PATCH_ERROR < other


@pytest.mark.parametrize(("error", "inliers", "stranger"), [
    (1.05, 12, True), (1.05, 9, True), (0.95, 12, False), (1.16, 34, False), (1.05, 16, False),
])
def test_the_stranger_rule(error: float, inliers: int, stranger: bool) -> None:
    assert is_stranger(error, inliers) == stranger


def test_decide_asks_the_stranger_check() -> None:
    """recognise._decide's sure answer goes through it (the missing card, 10 inliers: a proposal)."""
    known, missing = _cards()
    p = pool([known])
    found = recognise._decide(p, shown(missing, ROWS), [(0.9, 10, 0, SAME)], set(), set(), None, None)
    assert found is not None and found[0].id == "0" and found[2:4] == (False, "twin")
