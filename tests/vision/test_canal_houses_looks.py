"""Roof or window by example (vision/canal_houses/looks.py): the top card of
a house is compared with the catalog's own roofs and windows, on the part of
them that shows (the top share of the field)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from vision.canal_houses.looks import role_by_examples


@dataclass
class Example:
    role: str
    grey: np.ndarray


def _card(role: str, seed: int, h: int = 160, w: int = 112) -> np.ndarray:
    """A grey field: a busy wall (window panes on a plain level); a roof has a
    plain sky across its top corners above a gable."""
    rng = np.random.default_rng(seed)
    img = np.full((h, w), rng.integers(110, 150), np.uint8)
    for y in range(10, h - 10, 26):
        for x in range(8, w - 20, 34):
            cv2.rectangle(img, (x, y), (x + 16, y + 18), int(rng.integers(20, 60)), -1)
    if role == "roof":
        sky = 30 if seed % 2 == 0 else 225  # night and day skies
        img[: int(0.45 * h)] = sky
        ridge = int(rng.uniform(0.05, 0.12) * h)
        gable = np.array([[0, int(0.45 * h)], [w // 2, ridge], [w - 1, int(0.45 * h)]], np.int32)
        cv2.fillPoly(img, [gable], int(rng.integers(110, 150)))
    return img


def _catalog(roofs: int = 10, windows: int = 10) -> list[Example]:
    return [Example("roof", _card("roof", s)) for s in range(roofs)] + \
        [Example("window", _card("window", 100 + s)) for s in range(windows)] + \
        [Example("store", _card("window", 200))]


@pytest.mark.parametrize("role, seed", [("roof", 50), ("roof", 51), ("window", 150), ("window", 151)],
                         ids=["roof-a", "roof-b", "window-a", "window-b"])
@pytest.mark.parametrize("share", [1.0, 0.6], ids=["whole", "top-60pct"])
def test_top_card_is_told_by_the_catalogs_roofs_and_windows(role: str, seed: int, share: float) -> None:
    card = _card(role, seed)
    visible = card[: int(share * card.shape[0])]
    assert role_by_examples(_catalog(), visible, share) == (role, 1.0)


def test_too_few_examples_of_either_role_decide_nothing() -> None:
    card = _card("roof", 50)
    assert role_by_examples(_catalog(roofs=2), card, 1.0) is None
    assert role_by_examples(_catalog(windows=2), card, 1.0) is None


def test_nearest_that_disagree_decide_nothing() -> None:
    """Catalog roofs and windows that look alike give a split vote: no answer."""
    alike = [Example("roof", _card("window", 300 + s)) for s in range(5)] + \
        [Example("window", _card("window", 400 + s)) for s in range(5)]
    assert role_by_examples(alike, _card("window", 500), 1.0) is None
