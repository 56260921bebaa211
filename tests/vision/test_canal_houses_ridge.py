"""The finder on borders too thin to pass for paper (find.ridge_paper): a
border a pixel or two wide mixes with the colours beside it, yet it stands
above both sides as a thin bright line. Images drawn in the test, balanced
(paper white is 1.0, BGR)."""

from __future__ import annotations

import numpy as np

from vision.canal_houses.find import find_all_fields, paper_mask

TABLE = (0.2, 0.35, 0.55)  # brown wood
YELLOW = (0.3, 0.85, 0.95)
BLUE = (0.9, 0.45, 0.3)
MIXED = (0.75, 0.95, 1.0)  # a 3 px border blended with the yellow beside it: too coloured for paper


def _image() -> np.ndarray:
    return np.full((400, 400, 3), TABLE, np.float32)


def _outline(bal: np.ndarray, x0: int, y0: int, x1: int, y1: int, colour: tuple[float, ...]) -> None:
    bal[y0 - 3:y1 + 3, x0 - 3:x1 + 3] = colour
    bal[y0:y1, x0:x1] = YELLOW


def test_a_card_whose_thin_border_is_no_paper_is_found() -> None:
    bal = _image()
    _outline(bal, 100, 80, 240, 300, MIXED)
    bal[200:230, 150:170] = 0.1  # a door
    assert not paper_mask(bal).any()
    fields, _ = find_all_fields(bal, paper_mask(bal))
    assert len(fields) == 1
    x0, y0 = fields[0].quad.min(axis=0)
    x1, y1 = fields[0].quad.max(axis=0)
    assert abs(x0 - 100) <= 2 and abs(y0 - 80) <= 2 and abs(x1 - 240) <= 2 and abs(y1 - 300) <= 2


def test_two_strips_cut_by_a_thin_line_are_two_fields_and_a_dull_line_cuts_nothing() -> None:
    bal = _image()
    bal[74:306, 94:246] = 1.0  # a proper paper border round both
    bal[80:300, 100:240] = YELLOW
    bal[80:160, 100:240] = BLUE  # the upper strip
    bal[159:161, 100:240] = MIXED  # the border between them, thin and tinted
    fields, _ = find_all_fields(bal, paper_mask(bal))
    assert len(fields) == 2
    bal[159:161, 100:240] = (0.5, 0.6, 0.65)  # a dull line (art, shade) is no border
    fields, _ = find_all_fields(bal, paper_mask(bal))
    assert len(fields) == 1
