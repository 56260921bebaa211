"""Units of the Canal Houses template check and the structure repairs, on
small arrays made in the test: print shared by two catalog cards tells
neither apart, a tucked strip is split in two only at a border, and a gap
gets a hidden card only where glare left some card colour."""

from __future__ import annotations

import cv2
import numpy as np
from catalog_thumbs import artwork, shown
from catalog_thumbs import pool as thumb_pool

from vision.canal_houses import constants as C
from vision.canal_houses.catalog import TILE
from vision.canal_houses.find import Field
from vision.canal_houses.recognise import template_score
from vision.canal_houses.repair import fill_gaps, split_merged
from vision.canal_houses.structure import Card


def test_the_right_card_agrees_and_a_card_sharing_its_print_does_not() -> None:
    a, b, c = artwork(1), artwork(2), artwork(3)
    badge = artwork(9)[:3 * TILE]
    a[:3 * TILE] = badge
    b[:3 * TILE] = badge
    pool = thumb_pool([a, b, c])
    same = np.array([[1, 0, 0], [0, 1, 0]], np.float64)
    assert template_score(shown(a), 0, same, pool) >= C.TEMPLATE_MIN_NCC
    assert template_score(shown(a), 1, same, pool) < C.TEMPLATE_MIN_NCC
    # Only the badge shows: it tells a from b nowhere, so neither is taken.
    badge_only = shown(a, 3 * TILE)
    assert template_score(badge_only, 0, same, pool) == -1.0
    assert template_score(badge_only, 1, same, pool) == -1.0


def test_the_same_art_in_another_colour_is_no_rival() -> None:
    """Decks print one art in several colours: in grey the twins tie, so
    neither is taken, unless the colour read rules the other out."""
    a, c = artwork(1), artwork(3)
    pool = thumb_pool([a, a.copy(), c])
    same = np.array([[1, 0, 0], [0, 1, 0]], np.float64)
    assert template_score(shown(a), 0, same, pool) == -1.0
    assert template_score(shown(a), 0, same, pool, np.array([True, False, True])) >= C.TEMPLATE_MIN_NCC


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
