"""Which way up a street lies, off the classic art: a store's doors stand on
its bottom edge wherever they are (structure.standing_doors, as for catalog
photos), where the street's old door vote looked only at the middle of the
card's bottom and top. The wide-border deck's black banner at the top is as
dark as its door, and the facade deck's doors stand off the middle: on main
a street of one store of those decks was "could not tell which way up" and
kept the photo's turn, so a store lying turned half round was read upside
down (24 dev photos: the old vote gave 0 on 47/51 wide-border and 40/51 facade
whole cards, the doors standing on an edge were right on 102/102)."""

from __future__ import annotations

import numpy as np
import pytest
from card_decks import STYLES, deck, render_card

from vision.canal_houses.find import Field
from vision.canal_houses.structure import build_street

PX_PER_MM = 4.0
TABLE = 90  # a mid-grey table around the card
MARGIN = 100  # px of table on each side

# (style, store card, lying turned half round in the photo); main failed the facade and
# wide-border ones (warned, and the turned ones read upside down) but for facade S02 and
# S07 upright (their door happens to stand in the middle).
CASES = [(style, cid, turned) for style in ("classic", "facade", "wide-border")
         for cid in ("S01", "S02", "S05", "S07", "S12") for turned in (False, True)]


def _one_store_street(style: str, cid: str, turned: bool) -> tuple[np.ndarray, Field]:
    """A balanced photo of one store card on a table, and its coloured field."""
    face, _ = render_card(next(d for d in deck(style=style) if d.id == cid), PX_PER_MM)
    if turned:
        face = face[::-1, ::-1]
    h, w = face.shape[:2]
    img = np.full((h + 2 * MARGIN, w + 2 * MARGIN, 3), TABLE, np.uint8)
    img[MARGIN:MARGIN + h, MARGIN:MARGIN + w] = face
    b = STYLES[style].border_mm * PX_PER_MM
    x0, y0, x1, y1 = MARGIN + b, MARGIN + b, MARGIN + w - b, MARGIN + h - b
    quad = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
    field = Field(quad, quad.mean(axis=0), 0.0, (x1 - x0, y1 - y0), (x1 - x0) * (y1 - y0), 1.0)
    return np.ascontiguousarray(img.astype(np.float32) / 255), field


@pytest.mark.parametrize("style, cid, turned", CASES,
                         ids=[f"{s}-{c}-{'turned' if t else 'upright'}" for s, c, t in CASES])
def test_a_one_store_street_is_read_the_right_way_up(style: str, cid: str, turned: bool) -> None:
    bal, field = _one_store_street(style, cid, turned)
    houses, warnings, _ = build_street([field], bal)
    assert not [w for w in warnings if "which way up" in w]
    top_left = houses[0][0].quad[0]  # the store's top left corner, street upright
    assert (top_left[1] > field.centre[1]) == turned, "the street was read upside down"
