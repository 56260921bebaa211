"""A card found twice (issue 13, facade dev 13215 and 13217): a field two
cards' strips ran together in is cut at the border between them, while the
lower strip was also found as a field of its own (split_field.py made it
whole); the cut part lying on that field is the same card again and is left
out, and nothing else is."""

from __future__ import annotations

import numpy as np
import pytest

from vision.canal_houses.find import Field
from vision.canal_houses.repair import cut_across, without_doubles
from vision.canal_houses.structure import Card


def _field(x0: float, y0: float, x1: float, y1: float) -> Field:
    quad = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
    return Field(quad, quad.mean(axis=0), 0.0, (x1 - x0, y1 - y0), (x1 - x0) * (y1 - y0), 1.0)


def _card(f: Field, full: bool = False) -> Card:
    return Card(f, f.quad.copy(), full)


# (the lower strip's own field or None, the share of the merged field the cut is at, cards kept)
CASES = [
    ((20, 200, 120, 260), 0.5, 3),  # the lower strip found on its own too: its cut copy goes
    ((20, 214, 120, 260), 0.5, 3),  # found a little smaller (its art bit into it): still the same card
    (None, 0.5, 3),  # no field of its own: both cut parts are the house's cards
    ((20, 262, 120, 268), 0.5, 4),  # a sliver beside the cut part, not on it: nothing goes
]


@pytest.mark.parametrize(("own", "at", "kept"), CASES)
def test_a_cut_part_lying_on_a_card_found_on_its_own_is_left_out(own: tuple | None, at: float,
                                                                   kept: int) -> None:
    store = _card(_field(20, 270, 120, 420), full=True)
    merged = _field(20, 140, 120, 260)  # the strips of two cards ran together: cut at the border between
    upper, lower = cut_across(_card(merged), at)
    fields = [store.field, merged]
    house = [store, lower, upper]
    if own is not None:
        strip = _card(_field(*own))
        fields.append(strip.field)
        house.insert(1, strip)
    houses = without_doubles([house], fields)
    assert len(houses) == 1 and len(houses[0]) == kept
    assert any(c is upper for c in houses[0]) and houses[0][0] is store
    assert any(c is lower for c in houses[0]) == (kept == len(house))


def test_two_found_fields_are_never_judged_doubles() -> None:
    """Only a part the reader cut off a field can be a double: fields the
    masks found are each kept (accounting reports an overlap elsewhere)."""
    a, b = _field(20, 100, 120, 160), _field(20, 110, 120, 170)
    houses = without_doubles([[_card(a), _card(b)]], [a, b])
    assert len(houses[0]) == 2
