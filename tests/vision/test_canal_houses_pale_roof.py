"""A pale roof under a pale sky (issue 13: a top card is a roof by what a
roof is, its outline against a sky): a grey mansard under a pale blue sky
lies closer to its sky than any fixed tolerance (wide-border 10701 at
2000x1500: 8.4 apart, read as a window), yet its outline is plain against a
sky that is plain itself (roles._pale_sky_gable). Pale fields without a
gable stay no roof. Fails on b15394a: the mansard scored 0."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from sky_fields import sky_field
from street_answers import shape
from street_photos import generate

from vision import read_photo
from vision.canal_houses import constants as C
from vision.canal_houses.roles import sky_and_roof

W, H = 112, 92
PALE_SKY = (0.86, 0.83, 0.78)  # BGR: a washed-out blue
GREY = (0.70, 0.70, 0.70)  # a slate roof in strong light
DORMER = (0.82, 0.82, 0.81)


def _field(draw) -> np.ndarray:
    return sky_field(PALE_SKY, (H, W), draw, 0.008)


def _mansard(img: np.ndarray) -> None:
    cv2.fillPoly(img, [np.array([[0, 75], [12, 18], [W - 12, 18], [W - 1, 75], [W - 1, H], [0, H]], np.int32)], GREY)
    for x in (22, 70):
        cv2.rectangle(img, (x, 45), (x + 18, H), DORMER, -1)


def _pale_window(img: np.ndarray) -> None:
    img[:] = GREY
    for x in (16, 64):
        cv2.rectangle(img, (x, 14), (x + 30, 70), PALE_SKY, -1)


def _flat_band(img: np.ndarray) -> None:
    img[18:] = GREY
    for x in (22, 70):
        cv2.rectangle(img, (x, 45), (x + 18, H), DORMER, -1)


@pytest.mark.parametrize("draw, roof", [
    (_mansard, True), (_pale_window, False), (_flat_band, False),
], ids=["grey-mansard-pale-sky", "pale-window", "pale-flat-band"])
def test_a_pale_gable_under_a_pale_sky_is_a_roof(draw, roof: bool) -> None:
    score, sky = sky_and_roof(_field(draw))
    if roof:
        # a roof, never enough to flag a middle card ("looks like a roof but has cards above it")
        assert C.LOOK_KEEPS_GABLE <= score < C.ROOF_MIN + 0.2 and sky is not None
    else:
        assert score < C.ROOF_MIN and sky is None


# (seed, style, size): a pale roof, found up its column by its outline alone, read as a window on b15394a
PALE_ROOFS = [(10701, "wide-border", (2000, 1500))]


@pytest.mark.parametrize("seed, style, size", PALE_ROOFS, ids=[f"{s}-{st}" for s, st, _ in PALE_ROOFS])
def test_a_pale_roof_found_by_its_outline_is_a_roof(seed: int, style: str, size: tuple[int, int]) -> None:
    made = generate(seed, style=style, camera="pinhole", discards=None, decks=None, size=size)
    got = read_photo(made.data, game="canal-houses")
    assert shape(got["proposal"]["street"]) == shape(made.truth["street"])
