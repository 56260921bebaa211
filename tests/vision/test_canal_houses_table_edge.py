"""The finder on a dark table where a card's thin dim border breaks
(table_edge.py): through a gap of a pixel or two the field ran into the
table's component in every paper mask and the card was never found (facade
10616 at 2000x1500). Images drawn in the test, balanced (paper white 1.0,
BGR)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.canal_houses.find import find_all_fields, paper_mask
from vision.canal_houses.levels import channel_range
from vision.canal_houses.table_edge import table_edge

DARK = (0.12, 0.1, 0.1)  # a dark cloth
WOOD = (0.35, 0.55, 0.75)  # a pale wooden table
ORANGE = (0.2, 0.55, 0.9)
DIM = (0.35, 0.45, 0.6)  # a dim border blended with the field and the table: neither paper nor a ridge


def _card(table: tuple[float, ...], gap: bool, border: bool = True) -> np.ndarray:
    """A card (3 px border, orange field) on the table; gap: a 2 px break in
    its right border, where it mixes with the field and the table."""
    bal = np.full((400, 400, 3), table, np.float32)
    if border:
        bal[77:303, 97:243] = 1.0
    bal[80:300, 100:240] = ORANGE
    bal[150:170, 130:150] = 1.0  # a white window in the art, off the border
    if gap:
        bal[200:202, 240:243] = DIM
    return bal


def _found(bal: np.ndarray) -> list[tuple[float, float, float, float]]:
    fields, _ = find_all_fields(bal, paper_mask(bal))
    return [(*f.quad.min(axis=0), *f.quad.max(axis=0)) for f in fields]


@pytest.mark.parametrize("table,gap,border,cards", [
    pytest.param(DARK, True, True, 1, id="dark-table-broken-border"),  # fails on base b15394a: 0 found
    pytest.param(DARK, False, True, 1, id="dark-table-whole-border"),
    pytest.param(WOOD, False, True, 1, id="pale-table-whole-border"),
    pytest.param(DARK, False, False, 0, id="dark-table-no-border-no-card"),
])
def test_a_card_on_a_dark_table_is_found_through_a_break_in_its_border(
        table: tuple[float, ...], gap: bool, border: bool, cards: int) -> None:
    found = _found(_card(table, gap, border))
    assert len(found) == cards
    for x0, y0, x1, y1 in found:
        assert abs(x0 - 100) <= 2 and abs(y0 - 80) <= 2 and abs(x1 - 240) <= 2 and abs(y1 - 300) <= 2


@pytest.mark.parametrize("table,dark", [
    pytest.param(DARK, True, id="dark"),
    pytest.param(WOOD, False, id="pale"),
])
def test_the_table_edge_is_drawn_on_dark_tables_only(table: tuple[float, ...], dark: bool) -> None:
    bal = _card(table, gap=True)
    paper = paper_mask(bal)
    edge = table_edge(paper, channel_range(bal)[0])
    assert (edge is not None) == dark
    if edge is not None:
        assert edge[200:202, 240:243].any(axis=1).all()  # the break is closed, on the card's side of the table
        assert not edge[:60].any() and not edge[85:295, 105:235].any()  # not on the table, not in the field
