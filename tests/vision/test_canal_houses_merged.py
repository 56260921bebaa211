"""A store whose field runs into the strip above it (the border between
them too faint to be paper) is split back into the store and the strip, at
the line across where one shows, else at the height of the stores beside
it; the other stores stay whole cards. On a street drawn in the test, in
balanced units (paper white is 1.0)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.canal_houses.find import find_all_fields, paper_mask
from vision.canal_houses.structure import build_street

W, STORE, STRIP, BORDER = 90, 130, 50, 6
COLOURS = [(0.9, 0.3, 0.3), (0.2, 0.5, 0.9), (0.3, 0.8, 0.3), (0.7, 0.3, 0.7), (0.2, 0.8, 0.9)]


def _street(merged: int, line: bool) -> np.ndarray:
    """Five houses of a store and one strip; in house `merged` the store's
    top border is drawn in the field's own colour (a faint line across it
    when `line`)."""
    bal = np.full((420, 700, 3), (0.25, 0.35, 0.2), np.float32)
    base = 380
    for k in range(5):
        x = 40 + k * (W + 3 * BORDER + 10)
        colour, strip = COLOURS[k], COLOURS[(k + 2) % 5]
        top = base - STORE
        bal[top - STRIP - 2 * BORDER:base + BORDER, x - BORDER:x + W + BORDER] = 1.0
        bal[top - STRIP - BORDER:top - BORDER, x:x + W] = strip  # the strip tucked under the store
        bal[top:base, x:x + W] = colour
        bal[base - 30:base - 3, x + 38:x + 54] = 0.08  # the store's door
        bal[top + 10:top + 40, x + 8:x + 30] = 0.1  # a shop window
        bal[top - STRIP - BORDER + 8:top - BORDER - 12, x + 6:x + 24] = 0.1  # the strip's window
        if k == merged:
            bal[top - BORDER:top, x:x + W] = strip
            if line:
                bal[top - 3:top - 1, x:x + W] = (0.8, 0.7, 0.55)  # tinted: no paper
    return bal


@pytest.mark.parametrize("line", [True, False], ids=["faint-line", "no-line"])
def test_a_store_merged_with_the_strip_above_is_split_and_the_rest_stay_whole(line: bool) -> None:
    bal = _street(2, line)
    fields, _ = find_all_fields(bal, paper_mask(bal))
    assert len(fields) == 9  # the merged store and strip are one field
    houses, _, others = build_street(fields, bal)
    assert not others
    assert [len(h) for h in houses] == [2, 2, 2, 2, 2]
    assert all(h[0].full and not h[1].full for h in houses)
    store, strip = houses[2]
    height = np.ptp(store.quad[:, 1])
    assert abs(height - STORE) <= 0.08 * STORE + (0 if line else 6)
    assert any("split off the store" in n for n in strip.notes)
