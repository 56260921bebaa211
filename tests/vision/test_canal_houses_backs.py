"""Piles of card backs beside a street. Discards overlap (the rules put them
face down under the canal), so only the top one shows a whole back; the
others show a part of theirs, which is told by its colours against the whole
back it lies next to. A partial back taken for a card made a one-house
street with a row of discards a "second street" and refused it."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from street_photos import generate

from vision import PhotoError, read_photo


def shape(street: list[dict]) -> list[tuple[int, bool]]:
    return [(1 + len(h["windows"]) + (h.get("roof") is not None), h.get("roof") is not None)
            for h in street]


def _inside(outline: list, poly: np.ndarray) -> bool:
    return cv2.pointPolygonTest(poly, tuple(np.mean(outline, axis=0)), False) >= 0


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
    for fd in truth["face_down"]:
        poly = np.array(fd["outline"], np.float32)
        assert not any(_inside(c["outline"], poly) for c in got["cards"]), "a back was placed in the street"
        assert any(_inside(o["outline"], poly) and o["kind"] == "face-down" for o in got["other_cards"]), \
            "a back was not reported as face-down"
    n = len(truth["face_down"])
    assert any(w.startswith(f"{n} face-down cards") for w in got["warnings"]), got["warnings"]
