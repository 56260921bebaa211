"""The houses of a photo read through a template are measured in the photo's
grey as if it were taken in the blank's white balance (colour.balanced_grey):
grey mixes the channels by the photo's own white balance, so a lamp of
another colour moved a red roof's grey against the blank's print model.
The template keeps its blank's plain paper colour (`paper_bgr`, optional:
a template taught before it reads houses in the photo's own grey).
Synthetic colour pictures here; a real pad under casts in
test_doodle_china_template_light.py."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import colour, locate

GRID = [40.0, 40.0, 160.0, 160.0]  # template pixels
PAPER = [[4.0, 4.0], [196.0, 4.0], [196.0, 196.0], [4.0, 196.0]]
SCALE = 1.0


def _sheet(bgr_paper=(200.0, 215.0, 225.0)) -> np.ndarray:
    """A white sheet (its paper `bgr_paper`) on a dark table, a tan grid square
    with red roofs and a blue pencil slash, some grey print outside it."""
    img = np.zeros((200, 200, 3), np.float32)
    img[:] = (60, 40, 30)  # the table
    img[4:196, 4:196] = bgr_paper
    img[40:160, 40:160] = np.float32(bgr_paper) * np.float32([0.55, 0.75, 0.9])  # a tan square
    for x in range(50, 150, 30):
        cv2.fillPoly(img, [np.int32([[x, 80], [x + 10, 70], [x + 20, 80]])], (40, 40, 170))  # red roofs
    cv2.line(img, (45, 95), (150, 65), (170, 110, 80), 2)  # a blue slash over them
    for x in range(50, 90, 12):  # printed value boxes
        cv2.rectangle(img, (x, 174), (x + 8, 186), (60, 60, 60), 1)
    return img


def _mask(img: np.ndarray) -> np.ndarray:
    grey = cv2.cvtColor(img.astype(np.uint8), cv2.COLOR_BGR2GRAY)
    return colour.plain_paper(locate.ink_map(grey)[0], GRID, PAPER, SCALE)


def test_plain_paper_is_the_white_margin_only():
    mask = _mask(_sheet())
    assert mask.sum() > 5000
    assert not mask[40:160, 40:160].any()  # not the grid's coloured squares
    assert not mask[:4].any() and not mask[:, :4].any()  # not the table
    assert not mask[174:187, 50].any()  # not the printed boxes' lines


@pytest.mark.parametrize("cast", [(0.8, 1.0, 1.15), (1.15, 1.0, 0.85), (0.5, 0.65, 0.8)],
                         ids=["warm", "cool", "dim-and-warm"])
def test_a_cast_photo_balanced_to_the_blank_gives_the_blanks_grey(cast):
    blank = _sheet()
    mask = _mask(blank)
    blank_bgr = colour.paper_colour(blank, mask)
    photo = blank * np.float32(cast)  # B, G, R gains of the marked photo's light
    same = colour.balanced_grey(blank, mask, blank_bgr)
    balanced = colour.balanced_grey(photo, mask, blank_bgr)
    plain = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    # up to the photo's brightness, which the ink map divides out
    ratio = balanced / same
    assert np.ptp(ratio) < 1e-3 * ratio.mean()
    assert np.ptp(plain / same) > 0.05 * (plain / same).mean()  # unbalanced, the grey mix differs
    roofs = (slice(70, 80), slice(50, 150))
    ink_same = locate.ink_map(same)[0][roofs]
    assert np.abs(locate.ink_map(balanced)[0][roofs] - ink_same).max() < 1e-3
    assert np.abs(locate.ink_map(plain)[0][roofs] - ink_same).max() > 0.015  # a roof moves by a faint slash


def test_a_photo_showing_no_plain_paper_is_left_in_its_own_grey():
    blank = _sheet()
    assert colour.balanced_grey(blank, np.zeros(blank.shape[:2], bool), [200.0, 215.0, 225.0]) is None
    assert colour.paper_colour(blank, np.zeros(blank.shape[:2], bool)) is None
