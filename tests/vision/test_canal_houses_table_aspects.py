"""Each tucked card's visible height over its width as on the table
(structure._table_aspects): the nearest whole store maps the photo back to
millimetres, never a card higher up whose field looked whole (it is tucked
under the card below it all the same).

Cards are laid out in the field's millimetres (INNER_W_MM wide, a store
INNER_H_MM tall, houses 70 mm apart) and seen through a homography: none
(straight down) or a tilted phone's, which squashes heights far from the
store. `whole` marks a card above the store whose field the finder left
whole (its border with the next card did not show)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses.find import Field
from vision.canal_houses.structure import Card, _table_aspects

STRAIGHT = np.eye(3)
# a phone tilted about 25 degrees, looking up the street (points farther up shrink)
TILTED = np.array([[1.6, 0.1, 400.0], [0.0, 1.3, 600.0], [0.0, -0.0022, 1.0]])


def _card(H: np.ndarray, x: float, top: float, height: float, full: bool) -> Card:
    mm = np.array([[x, top], [x + C.INNER_W_MM, top], [x + C.INNER_W_MM, top + height], [x, top + height]],
                  np.float64)
    quad = cv2.perspectiveTransform(mm[None], H)[0].astype(np.float32)
    w, h = float(np.linalg.norm(quad[1] - quad[0])), float(np.linalg.norm(quad[3] - quad[0]))
    return Card(Field(quad, quad.mean(axis=0), 0.0, (w, h), w * h, 1.0), quad, full)


def _house(H: np.ndarray, x: float, store_whole: bool, strips: list[tuple[float, bool]]) -> list[Card]:
    """A store standing on the line y = 0, then the tucked cards bottom up:
    (visible field height in mm, whole), each 4 mm (its border) above the last."""
    cards = [_card(H, x, -C.INNER_H_MM, C.INNER_H_MM, store_whole)]
    top = -C.INNER_H_MM
    for height, whole in strips:
        top -= height + 4.0
        cards.append(_card(H, x, top, height, whole))
    return cards


# expected: each house's cards bottom up, the visible field's height in mm (None: a whole store, the map)
@pytest.mark.parametrize("H, houses, expected", [
    (STRAIGHT, [(True, [(25.0, False), (40.0, False)])], [[None, 25.0, 40.0]]),
    (TILTED, [(True, [(25.0, False), (40.0, False), (30.0, False)])], [[None, 25.0, 40.0, 30.0]]),
    # fail on the base commit: the window left whole served as the map of the cards above it
    # (and kept a whole card's aspect itself)
    (STRAIGHT, [(True, [(25.0, False), (40.0, True), (30.0, False)])], [[None, 25.0, 40.0, 30.0]]),
    (TILTED, [(True, [(25.0, False), (40.0, True), (30.0, False), (35.0, False)])],
     [[None, 25.0, 40.0, 30.0, 35.0]]),
    (TILTED, [(True, [(30.0, False)]), (True, [(45.0, True), (25.0, False), (20.0, False)])],
     [[None, 30.0], [None, 45.0, 25.0, 20.0]]),
    # a house whose store's field is not whole: the next house's store maps it
    (TILTED, [(False, [(30.0, False)]), (True, [(25.0, False)])], [[C.INNER_H_MM, 30.0], [None, 25.0]]),
], ids=["straight", "tilted", "straight-window-left-whole", "tilted-window-left-whole",
        "tilted-two-houses-window-left-whole", "tilted-store-not-whole"])
def test_tucked_cards_are_measured_from_the_nearest_whole_store(
        H: np.ndarray, houses: list[tuple[bool, list[tuple[float, bool]]]], expected: list[list[float | None]]
) -> None:
    street = [_house(H, i * 70.0, whole, strips) for i, (whole, strips) in enumerate(houses)]
    _table_aspects(street)
    for house, want in zip(street, expected, strict=True):
        for card, mm in zip(house, want, strict=True):
            if mm is not None:
                assert card.aspect == pytest.approx(mm / C.INNER_W_MM, rel=0.01), (card.row, mm)
