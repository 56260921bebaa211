"""The role of a house's top card: a gable seen clearly above the building
(roles.sky_and_roof) keeps the card a roof whatever the catalog's nearest
roofs and windows look like; a flat band of sky is weaker evidence, which
the catalog's examples may overrule (on the measurement photos windows under
a plain top band were read as roofs when it stood: facade and keyline lost a
street each); without a sky the examples may still tell a roof
(reader._role_by_examples, looks.py)."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses.find import Field
from vision.canal_houses.reader import _role_by_examples
from vision.canal_houses.structure import Card


@dataclass
class Example:
    role: str
    grey: np.ndarray


class Known:
    """The catalog as the reader sees it: entries and the cards' proportions."""

    def __init__(self, entries: list[Example]) -> None:
        self.entries = entries

    def field_aspect(self) -> float | None:
        return None


def _windows_wall(seed: int, h: int = 160, w: int = 112) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = np.full((h, w), rng.integers(110, 150), np.uint8)
    for y in range(10, h - 10, 26):
        for x in range(8, w - 20, 34):
            cv2.rectangle(img, (x, y), (x + 16, y + 18), int(rng.integers(20, 60)), -1)
    return img


def _gabled_roof(seed: int, h: int = 160, w: int = 112) -> np.ndarray:
    img = _windows_wall(seed, h, w)
    img[: int(0.45 * h)] = 225
    gable = np.array([[0, int(0.45 * h)], [w // 2, 10], [w - 1, int(0.45 * h)]], np.int32)
    cv2.fillPoly(img, [gable], 130)
    return img


def _catalog() -> Known:
    """Its roofs all gabled under a pale sky: a flat-roofed house looks to
    them like a window (a busy wall up to a plain top band)."""
    return Known([Example("roof", _gabled_roof(s)) for s in range(8)]
                 + [Example("window", _windows_wall(100 + s)) for s in range(8)])


def _top_card(grey: np.ndarray, role: str, confidence: float, sky: bool,
              sky_score: float | None = None) -> tuple[Card, np.ndarray]:
    """sky_score: the roof evidence read from the field (roles.sky_and_roof),
    by default the confidence of a roof read from its sky."""
    h, w = grey.shape
    quad = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    fld = Field(quad, np.array([w / 2, h / 2]), 0.0, (float(w), float(h)), float(w * h), 1.0)
    mask = np.zeros((h, w), bool)
    if sky:
        mask[:20] = True
    card = Card(fld, quad, False, house=0, row=2, role=role, role_confidence=confidence,
                aspect=h / w, sky=mask if sky else None,
                sky_score=(confidence if role == "roof" and sky else 0.0) if sky_score is None else sky_score)
    return card, cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR).astype(np.float32) / 255


def _flat_roof() -> np.ndarray:
    """A busy wall under a plain band of sky across the whole top."""
    img = _windows_wall(500)
    img[:20] = 230
    return img


def test_a_clear_gable_stays_a_roof_whatever_the_catalog_looks_say() -> None:
    card, photo = _top_card(_flat_roof(), "roof", 0.8, sky=True)
    _role_by_examples(card, photo, 1.0, np.ones(3, np.float32), _catalog())
    assert (card.role, card.notes) == ("roof", [])


@pytest.mark.parametrize("outline_confidence", [0.4, 0.5], ids=["pale-all-the-way", "by-its-outline"])
def test_a_gable_stands_on_a_card_found_by_its_outline_alone(outline_confidence: float) -> None:
    """A pale roof found up its column by its outline alone (columns.card_by_sides)
    is doubted as a card, not as a roof: its gable still stands against the
    catalog's look (wide-border 10701: read as a window). Fails on b15394a."""
    card, photo = _top_card(_flat_roof(), "roof", outline_confidence, sky=True, sky_score=C.SKY_FAINT_MAX_SCORE)
    _role_by_examples(card, photo, 1.0, np.ones(3, np.float32), _catalog())
    assert (card.role, card.notes) == ("roof", [])


def test_a_flat_band_of_sky_is_overruled_by_the_catalogs_examples() -> None:
    """Weak evidence: the sky score of a flat band (0.55) is below the gable
    that stands (LOOK_KEEPS_GABLE)."""
    card, photo = _top_card(_flat_roof(), "roof", 0.55, sky=True)
    _role_by_examples(card, photo, 1.0, np.ones(3, np.float32), _catalog())
    assert card.role == "window"
    assert card.notes == ["read as a window: it looks like the catalog's windows"]


@pytest.mark.parametrize("grey, role", [(_gabled_roof(501), "roof"), (_windows_wall(502), "window")],
                         ids=["roof-without-a-sky-seen", "window"])
def test_without_a_sky_the_catalogs_examples_decide(grey: np.ndarray, role: str) -> None:
    card, photo = _top_card(grey, "window", 1.0, sky=False)
    _role_by_examples(card, photo, 1.0, np.ones(3, np.float32), _catalog())
    assert card.role == role


class NarrowFields(Known):
    """A deck whose field is much taller than the first deck's (a wide
    border): the catalog's own proportions, which the visible share of a
    tucked card must not be taken over."""

    def field_aspect(self) -> float | None:
        return 1.86


def _banded(seed: int, sky: float, h: int = 162, w: int = 112) -> np.ndarray:
    img = _windows_wall(seed, h, w)
    img[: int(sky * h)] = 228
    return img


def test_the_visible_share_is_taken_in_the_cards_own_units() -> None:
    """A roof showing the top 45 % of its field (its sky the top 30 %) next to
    catalog roofs with that sky and windows with a plain band over the top 20 %:
    compared with the top 45 % of each it is a roof; over the narrow deck's
    proportions (0.35 of each) it looked like the windows (wide-border dev
    photos: five streets lost a roof this way)."""
    known = NarrowFields([Example("roof", _banded(s, 0.30)) for s in range(8)]
                         + [Example("window", _banded(100 + s, 0.20)) for s in range(8)])
    visible = _banded(600, 0.30)[: int(0.45 * 162)]
    card, photo = _top_card(visible, "roof", 0.55, sky=True)
    _role_by_examples(card, photo, 1.0, np.ones(3, np.float32), known)
    assert (card.role, card.notes) == ("roof", [])


def _mixed_catalog(roofs_like_it: int) -> Known:
    """Five cards that all look like the flat roof (a plain band over a busy
    wall), roofs_like_it of them roofs and the rest windows; the others far."""
    near = [Example("roof" if k < roofs_like_it else "window", _flat_roof()) for k in range(5)]
    far = [Example("roof", _gabled_roof(s)) for s in range(3)] + \
        [Example("window", np.full((160, 112), 40 + 10 * s, np.uint8)) for s in range(3)]
    return Known(near + far)


@pytest.mark.parametrize("roofs_like_it, role, doubted", [
    (1, "roof", True),  # 4 of 5 say window: the sky seen stands, with a doubt (wide-border 9752, 9760)
    (0, "window", False),  # all 5 say window: the look overrules the weak sky
], ids=["four-of-five-windows", "all-windows"])
def test_a_weak_sky_is_overruled_only_when_all_the_nearest_agree(roofs_like_it: int, role: str,
                                                                 doubted: bool) -> None:
    card, photo = _top_card(_flat_roof(), "roof", 0.55, sky=True)
    _role_by_examples(card, photo, 1.0, np.ones(3, np.float32), _mixed_catalog(roofs_like_it))
    assert card.role == role
    assert (card.role_confidence <= 0.5 and card.notes[0].startswith("read as a roof from its sky")) == doubted
