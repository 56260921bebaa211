"""Which cards stack into which house (house_columns.houses_of): a card
joins the house whose column (between the side lines through its cards'
edges, following their slant) it stands in. Streets are laid out in the
field's millimetres and seen by a pinhole camera tilted toward one side.

All three cases failed on the base commit (e148d35; its module did not
exist, and its rule, structure._houses, kept as bench/house_grouping.py's
by_position, misgrouped each): it grouped cards by their centres along the
street's one horizontal, so a tall house leaning toward its neighbour
chained into it (slanted and long: the first two houses came out as one; short
column: the lone store was merged into the tall house leaning over it)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses.find import Field
from vision.canal_houses.house_columns import houses_of
from vision.canal_houses.structure import Card, _frame, order_corners

PITCH_MM = C.CARD_W_MM + 8.0  # houses side by side, 8 mm apart
STRIP_MM = 36.0  # a tucked card's visible field
STEP_MM = STRIP_MM + C.BORDER_MM  # each tucked card's field this far above the last one's


def _camera(tilt_deg: float, toward_deg: float, centre: np.ndarray, size: float = 2000.0) -> np.ndarray:
    """Homography from table mm to px of a pinhole (70 degrees across) tilted
    from straight down by tilt_deg toward toward_deg, its axis through centre."""
    f = size / (2 * np.tan(np.radians(35)))
    K = np.array([[f, 0, size / 2], [0, f, size * 0.375], [0, 0, 1]])
    t, d = np.radians(tilt_deg), np.radians(toward_deg)
    back = np.array([np.sin(t) * np.cos(d), np.sin(t) * np.sin(d), -np.cos(t)])
    fwd = -back
    right = np.cross(fwd, [1.0, 0.0, 0.0])
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    R = np.stack([right, down, fwd])
    eye = np.append(centre, 0.0) + 500.0 * back
    H = K @ np.column_stack([R[:, 0], R[:, 1], -R @ eye])
    return H / H[2, 2]


def _street(heights: list[int], tilt_deg: float, toward_deg: float) -> tuple[list[Card], np.ndarray, np.ndarray]:
    """The street's cards as the reader holds them (corners in its frame,
    the stores at the bottom), and the frame; each card's notes name its house."""
    mm = []
    for house, n in enumerate(heights):
        x = house * PITCH_MM
        mm.append((house, [[x, -C.INNER_H_MM], [x + C.INNER_W_MM, -C.INNER_H_MM], [x + C.INNER_W_MM, 0.0],
                           [x, 0.0]], True))
        for row in range(1, n):
            bottom = -C.INNER_H_MM - C.BORDER_MM - (row - 1) * STEP_MM
            mm.append((house, [[x, bottom - STRIP_MM], [x + C.INNER_W_MM, bottom - STRIP_MM],
                               [x + C.INNER_W_MM, bottom], [x, bottom]], False))
    every = np.concatenate([np.array(q) for _, q, _ in mm])
    H = _camera(tilt_deg, toward_deg, (every.min(axis=0) + every.max(axis=0)) / 2)
    fields = []
    for _, q, _ in mm:
        quad = cv2.perspectiveTransform(np.array(q, np.float64)[None], H)[0].astype(np.float32)
        rect = cv2.minAreaRect(quad)
        fields.append(Field(quad, quad.mean(axis=0), float(rect[2]) % 90.0, tuple(rect[1]),
                            float(cv2.contourArea(quad)), 1.0))
    u, v = _frame(fields)
    stores = [f.centre @ v for f, (_, _, full) in zip(fields, mm, strict=True) if full]
    if float(np.mean(stores)) < float(np.mean([f.centre @ v for f in fields])):  # the stores on top
        u, v = -u, -v
    cards = [Card(f, order_corners(f.quad, u, v), full, notes=[str(house)])
             for f, (house, _, full) in zip(fields, mm, strict=True)]
    return cards, u, v


CASES = {
    # five houses, the camera tilted 30 degrees toward a corner of the street: the outer houses lean
    "slanted": ([6, 6, 6, 6, 6], 30.0, 45.0),
    # ten houses, the camera tilted only 20 degrees: the end houses lean the most
    "long": ([7, 2, 5, 3, 6, 4, 7, 5, 2, 7], 20.0, 45.0),
    # a lone store between tall houses, one of them leaning over it
    "short-column": ([7, 1, 7, 1, 7], 30.0, 30.0),
}


@pytest.mark.parametrize("heights, tilt, toward", CASES.values(), ids=CASES.keys())
def test_each_card_joins_the_house_whose_column_it_stands_in(heights: list[int], tilt: float,
                                                             toward: float) -> None:
    cards, u, v = _street(heights, tilt, toward)
    houses = houses_of(cards, u, v)
    got = [[int(c.notes[0]) for c in house] for house in houses]
    assert got == [[i] * n for i, n in enumerate(heights)]
    for house in houses:  # bottom up: the store first, each card above the last
        ys = [float(c.field.centre @ v) for c in house]
        assert ys == sorted(ys, reverse=True) and house[0].full
