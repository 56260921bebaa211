"""A card missing from the catalog whose look-alike is known (the same art,
another icon) was taken for that look-alike surely when the look-alike had
no near-twin in the catalog (entries differing from it in under
TWIN_MAX_SHARE of the seen part): nothing was checked where such cards
differ. A sure feature match is now checked against the entry's
look-alikes too (LOOKALIKE_SHARE), where they differ from it, for a window
(a roof's words and digit are mostly tucked away: not checked)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from catalog_thumbs import artwork, pool, shown

from vision.canal_houses import constants as C
from vision.canal_houses import recognise
from vision.canal_houses.catalog import THUMB_H, THUMB_W
from vision.canal_houses.template import _laid, tells_twins_apart, twin_regions

SAME = np.array([[1, 0, 0], [0, 1, 0]], np.float64)
ROWS = THUMB_H // 2  # the visible part: the card's top half


def _icon(img: np.ndarray, kind: str) -> np.ndarray:
    """The card's value print: a dark mark near its top."""
    out = img.copy()
    cx, cy = THUMB_W // 2, 12
    if kind == "disc":
        cv2.circle(out, (cx, cy), 7, 10, -1)
    elif kind == "bar":
        cv2.rectangle(out, (cx - 9, cy - 3), (cx + 9, cy + 3), 10, -1)
    elif kind == "cross":
        cv2.line(out, (cx - 7, cy - 7), (cx + 7, cy + 7), 10, 3)
        cv2.line(out, (cx - 7, cy + 7), (cx + 7, cy - 7), 10, 3)
    return out


def _restyled(img: np.ndarray) -> np.ndarray:
    """The same art with most of its visible part's panes redrawn (a
    look-alike): about a quarter of the visible part differs."""
    out = img.copy()
    rows = int(ROWS * 0.9)
    out[ROWS - rows:ROWS] = artwork(99)[ROWS - rows:ROWS]
    return out


def _case() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    art = artwork(4)
    known = _icon(art, "disc")               # the entry the card is taken for
    lookalike = _icon(_restyled(art), "cross")  # its look-alike in the catalog: other icon, other panes
    card = _icon(art, "bar")                 # the card itself, missing from the catalog
    return known, lookalike, card


def test_the_lookalike_is_no_near_twin_but_a_lookalike() -> None:
    known, lookalike, _ = _case()
    p = pool([known, lookalike])
    seen = np.zeros((THUMB_H, THUMB_W), bool)
    seen[:ROWS] = True
    assert twin_regions(p.thumbs, 0, seen) == []
    assert [j for j, _ in twin_regions(p.thumbs, 0, seen, C.LOOKALIKE_SHARE)] == [1]


def test_a_card_missing_from_the_catalog_is_not_its_lookalike() -> None:
    known, lookalike, card = _case()
    p = pool([known, lookalike])
    a, wt = _laid(shown(card, ROWS), SAME)
    assert tells_twins_apart(a, wt, p.thumbs, 0)  # near-twins only: nothing checked, taken surely before
    assert not tells_twins_apart(a, wt, p.thumbs, 0, share_max=C.LOOKALIKE_SHARE)


def test_the_card_itself_passes_the_lookalike_check() -> None:
    known, lookalike, _ = _case()
    p = pool([known, lookalike])
    a, wt = _laid(shown(known, ROWS), SAME)
    assert tells_twins_apart(a, wt, p.thumbs, 0, share_max=C.LOOKALIKE_SHARE)


@pytest.mark.parametrize(("role", "sure"), [("window", False), ("roof", True)], ids=["window", "roof"])
def test_a_sure_window_match_is_checked_against_its_lookalikes(role: str, sure: bool) -> None:
    known, lookalike, card = _case()
    p = pool([known, lookalike])
    for e in p.entries:
        e.role = role
    found = recognise._decide(p, shown(card, ROWS), [(0.9, 20, 0, SAME)], set(), set(), None, None)
    assert (found is not None and found[0].id == "0") == sure
    assert recognise._decide(p, shown(known, ROWS), [(0.9, 20, 0, SAME)], set(), set(), None, None) is not None
