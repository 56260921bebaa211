"""Near-twin windows (the same art, other icons) score alike over the whole
visible part, which they mostly share: when the template margin cannot
choose, the part where they differ does (recognise._settle_twins). Twins
that differ only in a sliver (a digit or a word, as a deck's stores may)
are never settled so: the card stays unknown."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from catalog_thumbs import artwork, pool, shown

from vision.canal_houses.catalog import THUMB_H, THUMB_W
from vision.canal_houses.recognise import _settle_twins

SAME = np.array([[1, 0, 0], [0, 1, 0]], np.float64)
ROWS = 60  # the visible part: the top 60 thumbnail rows


def _texture(seed: int) -> np.ndarray:
    """Busy art: blurred noise, unlike any other seed's almost everywhere."""
    noise = np.random.default_rng(seed).integers(0, 256, (THUMB_H, THUMB_W)).astype(np.float32)
    return np.clip(cv2.GaussianBlur(noise, (0, 0), 1.5) * 3 - 256, 0, 255).astype(np.uint8)


def _twins(icon_rows: int) -> list[np.ndarray]:
    """Entries 0 and 1: one art, each with its own icons in a strip of
    icon_rows rows across the top; entries 2 and 3: other art."""
    base = artwork(21)
    a, b = base.copy(), base.copy()
    a[4:4 + icon_rows, 10:THUMB_W - 10] = _texture(22)[4:4 + icon_rows, 10:THUMB_W - 10]
    b[4:4 + icon_rows, 10:THUMB_W - 10] = _texture(23)[4:4 + icon_rows, 10:THUMB_W - 10]
    return [a, b, _texture(24), _texture(25)]


def _query(art: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(shown(art, ROWS), (0, 0), 1.0)


@pytest.mark.parametrize("card", [0, 1])
def test_twins_with_their_own_icons_are_settled_where_they_differ(card: int) -> None:
    arts = _twins(icon_rows=10)
    thumbs = pool(arts)
    grey = _query(arts[card])
    other = 1 - card
    scored = [(0.95, 30, other, SAME), (0.94, 30, card, SAME)]  # the twin scored a little higher
    found = _settle_twins(thumbs, grey, scored, None, None)
    assert found is not None and found[0].id == str(card)


def test_twins_that_differ_in_a_sliver_stay_unknown() -> None:
    arts = _twins(icon_rows=2)
    thumbs = pool(arts)
    assert _settle_twins(thumbs, _query(arts[0]), [(0.95, 30, 1, SAME), (0.94, 30, 0, SAME)], None, None) is None


def test_a_close_candidate_that_is_no_twin_leaves_the_card_unknown() -> None:
    arts = _twins(icon_rows=10)
    arts[2] = arts[0].copy()
    arts[2][30:THUMB_H] = artwork(26)[30:THUMB_H]  # shares only the top, where the query is: no twin below
    thumbs = pool(arts)
    scored = [(0.95, 30, 3, SAME), (0.94, 30, 0, SAME)]
    assert _settle_twins(thumbs, _query(arts[0]), scored, None, None) is None
