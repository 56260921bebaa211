"""Units of the Canal Houses template check and the structure repairs, on
small arrays made in the test: print shared by two catalog cards tells
neither apart, a tucked strip is split in two only at a border, and a gap
gets a hidden card only where glare left some card colour."""

from __future__ import annotations

import cv2
import numpy as np

from vision.canal_houses import constants as C
from vision.canal_houses.catalog import CANON_W, THUMB_H, THUMB_W, TILE, Entry, Pool, normalised
from vision.canal_houses.find import Field
from vision.canal_houses.recognise import template_score
from vision.canal_houses.repair import fill_gaps, split_merged
from vision.canal_houses.structure import Card


def _entry(thumb: np.ndarray) -> Entry:
    return Entry("x", "window", None, {}, np.zeros((0, 2), np.float32), np.zeros((0, 32), np.uint8),
                 normalised(thumb))


def _artwork(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = np.full((THUMB_H, THUMB_W), 150, np.uint8)
    for _ in range(60):
        x, y = int(rng.integers(0, THUMB_W)), int(rng.integers(0, THUMB_H))
        cv2.circle(img, (x, y), int(rng.integers(2, 7)), int(rng.integers(20, 240)), -1)
    return img


def _pool(thumbs: list[np.ndarray]) -> Pool:
    entries = [_entry(t) for t in thumbs]
    return Pool(None, np.zeros(0, int), entries, np.stack([e.thumb for e in entries]))


def _shown(thumb: np.ndarray, rows: int = THUMB_H) -> np.ndarray:
    """The top rows of a card as the street photo's visible part would be
    described (canonical scale)."""
    h = int(round(rows * C.CANON_PX_PER_MM / C.THUMB_PX_PER_MM))
    return cv2.resize(thumb[:rows], (CANON_W, h), interpolation=cv2.INTER_LINEAR)


def test_the_right_card_agrees_and_a_card_sharing_its_print_does_not() -> None:
    a, b, c = _artwork(1), _artwork(2), _artwork(3)
    badge = _artwork(9)[:3 * TILE]
    a[:3 * TILE] = badge
    b[:3 * TILE] = badge
    pool = _pool([a, b, c])
    same = np.array([[1, 0, 0], [0, 1, 0]], np.float64)
    assert template_score(_shown(a), 0, same, pool) >= C.TEMPLATE_MIN_NCC
    assert template_score(_shown(a), 1, same, pool) < C.TEMPLATE_MIN_NCC
    # Only the badge shows: it tells a from b nowhere, so neither is taken.
    badge_only = _shown(a, 3 * TILE)
    assert template_score(badge_only, 0, same, pool) == -1.0
    assert template_score(badge_only, 1, same, pool) == -1.0


def test_the_same_art_in_another_colour_is_no_rival() -> None:
    """Decks print one art in several colours: in grey the twins tie, so
    neither is taken, unless the colour read rules the other out."""
    a, c = _artwork(1), _artwork(3)
    pool = _pool([a, a.copy(), c])
    same = np.array([[1, 0, 0], [0, 1, 0]], np.float64)
    assert template_score(_shown(a), 0, same, pool) == -1.0
    assert template_score(_shown(a), 0, same, pool, np.array([True, False, True])) >= C.TEMPLATE_MIN_NCC


def _strip_card(x0: float, y0: float, x1: float, y1: float) -> Card:
    quad = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
    f = Field(quad, quad.mean(axis=0), 0.0, (x1 - x0, y1 - y0), (x1 - x0) * (y1 - y0), 1.0)
    return Card(f, quad, full=(y1 - y0) / (x1 - x0) >= C.FULL_CARD_ASPECT_MIN)


def test_two_strips_with_a_blurred_border_between_them_are_split() -> None:
    bal = np.full((300, 200, 3), 0.3, np.float32)
    bal[:, :, 0] = 0.9  # blue fields: bright in blue only
    bal[118:124, :, :] = 1.0  # the border between them, blurred below paper level
    bal = cv2.GaussianBlur(bal, (0, 0), 2.0)
    parts = split_merged(_strip_card(20, 20, 180, 220), bal)
    assert len(parts) == 2
    assert abs(parts[0].quad[2][1] - 121) < 4 and abs(parts[1].quad[0][1] - 121) < 4


def test_an_evenly_bright_strip_is_not_split() -> None:
    bal = np.full((300, 200, 3), 0.9, np.float32)  # glare over the whole strip
    bal[:, :, 2] = 0.75
    assert len(split_merged(_strip_card(20, 20, 180, 220), bal)) == 1


def test_a_glare_washed_strip_fills_a_gap_but_the_table_does_not() -> None:
    width = 160.0
    height = width * C.INNER_ASPECT
    border = width * C.BORDER_MM / C.INNER_W_MM
    store = _strip_card(20, 400, 180, 400 + height)
    upper = _strip_card(20, 400 - 2 * border - 0.45 * height - 0.4 * height, 180, 400 - 2 * border - 0.45 * height)
    v = np.array([0.0, 1.0])
    table = np.full((700, 200, 3), 0.25, np.float32)
    assert len(fill_gaps([store, upper], table, v, width, width * C.INNER_ASPECT)) == 2
    glare = table.copy()
    glare[:, :] = (0.95, 0.95, 0.95)
    glare[:, :60] = (0.9, 0.35, 0.3)  # the strip's colour left beside the glare
    house = fill_gaps([store, upper], glare, v, width, width * C.INNER_ASPECT)
    assert len(house) == 3 and house[1].notes
