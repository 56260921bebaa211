"""Issue 13, cause B: glare across a card's edge eats part of its field, and
the piece left is too notched to pass find_fields' shape tests. Such a piece,
still closed off by paper, is kept apart (never among the fields) and
reported by accounting.misshapen_left_over unless the cards placed cover it.
Images drawn in the test, balanced (paper white is 1.0, BGR)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.canal_houses.accounting import MISSHAPEN, misshapen_left_over
from vision.canal_houses.aside import Other
from vision.canal_houses.find import Field, find_fields, paper_mask
from vision.canal_houses.structure import Card

TABLE = (0.2, 0.35, 0.55)  # brown wood
GREEN = (0.3, 0.7, 0.2)


def _card(bite: tuple[int, int] | None, paper: bool = True) -> np.ndarray:
    """A 100 x 160 px green field at (100, 100) in a 6 px paper border on the
    table; bite (width, height): a glare patch (paper-white) eating into the
    middle of its right edge."""
    bal = np.full((400, 400, 3), TABLE, np.float32)
    if paper:
        bal[94:266, 94:206] = 1.0
    bal[100:260, 100:200] = GREEN
    if bite:
        w, h = bite
        bal[180 - h // 2:180 + h // 2, 200 - w:206] = 1.0
    return bal


@pytest.mark.parametrize(("bite", "paper", "found", "apart"), [
    pytest.param(None, True, 1, 0, id="whole-card-is-a-field"),
    pytest.param((30, 40), True, 1, 0, id="small-bite-still-a-field"),
    pytest.param((60, 90), True, 0, 1, id="glare-bitten-piece-kept-apart"),  # solidity, fill 0.66
    pytest.param((70, 140), True, 0, 0, id="ragged-piece-refused"),  # solidity 0.39
    pytest.param((60, 90), False, 0, 0, id="bitten-piece-without-paper-round-refused"),
])
def test_a_misshapen_piece_is_kept_apart_and_fields_do_not_change(bite, paper, found, apart) -> None:
    bal = _card(bite, paper)
    mask = paper_mask(bal)
    misshapen: list[Field] = []
    fields, cut_off = find_fields(bal, mask, misshapen)
    plain, plain_cut_off = find_fields(bal, mask)
    assert (len(fields), len(misshapen)) == (found, apart)
    assert len(plain) == found and (cut_off, plain_cut_off) == (0, 0)


def _field(x0: float, y0: float, x1: float, y1: float) -> Field:
    q = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
    return Field(q, q.mean(axis=0), 0.0, (x1 - x0, y1 - y0), (x1 - x0) * (y1 - y0), 1.0)


STORE = (100, 300, 200, 450)  # the street's fields: median area 15000


@pytest.mark.parametrize(("piece", "placed", "reported"), [
    pytest.param((100, 120, 200, 240), [STORE], True, id="card-sized-piece-above-the-house-reported"),
    pytest.param((400, 300, 430, 330), [STORE], False, id="crumb-under-a-quarter-of-a-card-not-reported"),
    pytest.param((110, 320, 190, 430), [STORE], False, id="piece-on-a-placed-card-not-reported"),
])
def test_a_card_sized_uncovered_piece_is_reported(piece, placed, reported) -> None:
    fields = [_field(*STORE), _field(400, 100, 500, 250)]
    houses = [[Card(_field(*q), _field(*q).quad, full=True) for q in placed]]
    out = misshapen_left_over([_field(*piece)], fields, houses, [], np.full((500, 600, 3), TABLE, np.float32))
    assert len(out) == int(reported)
    if reported:
        assert out[0].kind == "other" and out[0].reason == MISSHAPEN


BLUE = (0.6, 0.3, 0.1)  # a card back's colours
BACK = (300, 100, 400, 250)  # a face-down card (a discard) already reported, or else an odd card


@pytest.mark.parametrize(("piece", "colour", "back_kind", "kind"), [
    pytest.param((410, 100, 510, 250), BLUE, "face-down", "face-down", id="back-coloured-piece-next-to-a-back"),
    pytest.param((410, 100, 510, 250), GREEN, "face-down", "other", id="face-coloured-piece-next-to-a-back"),
    pytest.param((100, 100, 200, 250), BLUE, "face-down", "other", id="back-coloured-piece-far-from-backs"),
    pytest.param((410, 100, 510, 250), BLUE, "other", "other", id="back-coloured-piece-next-to-no-back"),
])
def test_a_glare_bitten_back_is_reported_face_down(piece, colour, back_kind, kind) -> None:
    """Glare spoils a bitten back's likeness turned half round, so it is known
    as a back partly under another is: next to a face-down card reported and
    of its colours (base: every piece was "other")."""
    bal = np.full((500, 600, 3), TABLE, np.float32)
    for (x0, y0, x1, y1), c in ((BACK, BLUE), (piece, colour)):
        bal[y0:y1, x0:x1] = c
    fields = [_field(*STORE), _field(*BACK)]
    houses = [[Card(_field(*STORE), _field(*STORE).quad, full=True)]]
    others = [Other(_field(*BACK).quad, back_kind, "set aside")]
    out = misshapen_left_over([_field(*piece)], fields, houses, others, bal)
    assert [o.kind for o in out] == [kind]
    assert out[0].reason != MISSHAPEN if kind == "face-down" else out[0].reason == MISSHAPEN
