"""A slate roof under a blue sky over a wall far off both (issue 13: a top
card is a roof by its outline against a sky). The sky's tolerance, a share
of the sky-wall distance, then takes in the slate too: sky and roof read as
one flat band and the catalog's look made the card a window (wide-border dev
13400 R02). The plain sky alone outlines the gable (roles.SLATE_TOL). Fails
on d164a5e: the mansard scored a flat band's 0.55, below LOOK_KEEPS_GABLE."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from sky_fields import sky_field

from vision.canal_houses import constants as C
from vision.canal_houses.roles import sky_and_roof

W, H = 112, 85
BLUE_SKY = (0.85, 0.72, 0.62)  # BGR: a light blue sky
SLATE = (0.42, 0.40, 0.38)  # a dark slate mansard, nearer the sky than the wall is
YELLOW = (0.15, 0.80, 0.90)  # the wall
PANE = (0.60, 0.55, 0.50)


def _field(draw) -> np.ndarray:
    return sky_field(BLUE_SKY, (H, W), draw, 0.006)


def _slate_mansard(img: np.ndarray) -> None:
    cv2.fillPoly(img, [np.array([[2, 48], [20, 9], [W - 21, 9], [W - 3, 48], [W - 1, H], [0, H]], np.int32)],
                 SLATE)
    for x in (34, 66):
        cv2.rectangle(img, (x, 16), (x + 12, 36), PANE, -1)
    img[55:] = YELLOW


def _slate_flat_roof(img: np.ndarray) -> None:
    img[12:] = SLATE
    img[55:] = YELLOW


def _yellow_window(img: np.ndarray) -> None:
    img[:] = YELLOW
    for x in (16, 64):
        cv2.rectangle(img, (x, 14), (x + 30, 70), PANE, -1)


@pytest.mark.parametrize("draw, least, most", [
    (_slate_mansard, C.LOOK_KEEPS_GABLE, 1.0),  # the gable stands against the catalog's look
    (_slate_flat_roof, C.ROOF_MIN, C.LOOK_KEEPS_GABLE),  # a flat band stays a flat band: a roof, doubted
    (_yellow_window, 0.0, C.ROOF_MIN),
], ids=["slate-mansard-blue-sky", "slate-flat-roof", "yellow-window"])
def test_a_slate_gable_under_a_blue_sky_is_a_roof(draw, least: float, most: float) -> None:
    score, _ = sky_and_roof(_field(draw))
    assert least <= score < most or (most == 1.0 and score == 1.0)
