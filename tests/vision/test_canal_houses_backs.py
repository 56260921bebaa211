"""Piles of card backs beside a street. Discards overlap (the rules put them
face down under the canal), so only the top one shows a whole back; the
others show a part of theirs, which is told by its colours against the whole
back it lies next to. A partial back taken for a card made a one-house
street with a row of discards a "second street" and refused it."""

from __future__ import annotations

import pytest
from street_answers import assert_backs_left_out, shape
from street_photos import generate

from vision import PhotoError, read_photo

# (seed, style): a one-house street with overlapping discards below it that main refused
CASES = [(8443, "wide-border")]


@pytest.mark.parametrize("seed, style", CASES, ids=[f"{s}-{st}" for s, st in CASES])
def test_overlapping_discards_beside_a_one_house_street_are_left_out(seed: int, style: str) -> None:
    made = generate(seed, style=style, camera="pinhole", discards=None, decks=None)  # 12 MP, as the bench
    truth = made.truth
    assert len(truth["street"]) == 1 and len(truth["face_down"]) >= 3  # the case this test is for
    try:
        got = read_photo(made.data, game="canal-houses")
    except PhotoError as exc:
        pytest.fail(f"a street with its discards was refused: {exc.message}")
    assert shape(got["proposal"]["street"]) == shape(truth["street"])
    assert_backs_left_out(got, truth)
    n = len(truth["face_down"])
    assert any(w.startswith(f"{n} face-down cards") for w in got["warnings"]), got["warnings"]
