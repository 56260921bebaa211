"""A window card's wall is the colour it shows most, not the median of its
lower band (roles.wall_colours): a window whose band is mostly grey panes
had a grey "wall", so the coloured wall round its top corners, going down
its sides to the panes, was taken for a sky over a gable (wide-border 3 MP
dev 9523 h4 and 9525 h2, classic 9522 h1: windows read as roofs)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses.roles import _lab, sky_and_roof, wall_colours

W, H = 112, 100
RED = (0.15, 0.2, 0.8)  # BGR
GREY = (0.45, 0.45, 0.45)
BLUE = (0.9, 0.7, 0.3)


def _field(draw) -> np.ndarray:
    img = np.zeros((H, W, 3), np.float32)
    draw(img)
    return cv2.GaussianBlur(img, (0, 0), 0.8)


def _window_over_a_shop_front(img: np.ndarray) -> None:
    """A red wall: one tall window in the middle near the top, a grey shop
    front across the lower part between two red pillars."""
    img[:] = RED
    cv2.rectangle(img, (35, 8), (77, 50), GREY, -1)
    img[55:] = GREY
    for x0 in (25, 67):
        img[55:, x0:x0 + 20] = RED


def _gable_over_grey_windows(img: np.ndarray) -> None:
    """A roof: a blue sky over a red gable whose lower part is grey windows."""
    img[:] = BLUE
    cv2.fillPoly(img, [np.array([[0, 60], [W // 2, 10], [W - 1, 60], [W - 1, H], [0, H]], np.int32)], RED)
    for x0 in (14, 46, 78):
        img[62:96, x0:x0 + 20] = GREY


def _grey_window(img: np.ndarray) -> None:
    img[:] = GREY


@pytest.mark.parametrize("draw, colours, second", [
    (_window_over_a_shop_front, 2, RED),
    (_gable_over_grey_windows, 2, RED),
    (_grey_window, 1, None),
], ids=["grey-band-red-pillars", "gable-over-grey-windows", "all-grey"])
def test_the_wall_shows_its_commonest_colour_when_much_of_it_is_coloured(draw, colours, second) -> None:
    lab = _lab(_field(draw))
    walls = wall_colours(lab)
    assert len(walls) == colours
    if second is not None:
        want = cv2.cvtColor(np.array([[second]], np.float32), cv2.COLOR_BGR2Lab)[0, 0]
        assert np.linalg.norm(walls[1] - want) < 5, (walls, want)
        assert np.linalg.norm(walls[0] - want) > 20  # the median is the panes' grey, no wall colour


@pytest.mark.parametrize("draw, roof", [
    (_window_over_a_shop_front, False),
    (_gable_over_grey_windows, True),
], ids=["window-over-a-shop-front", "gable-over-grey-windows"])
def test_a_sky_must_differ_from_the_walls_commonest_colour(draw, roof: bool) -> None:
    score, sky = sky_and_roof(_field(draw))
    if roof:
        assert score >= C.ROOF_MIN and sky is not None
    else:
        assert score < C.ROOF_MIN and sky is None, score
