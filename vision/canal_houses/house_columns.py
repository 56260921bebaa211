"""Which cards stack into which house: the rules stack a house's cards in
one column, each card the column's width, so a card belongs to the house
whose column it stands in. A column is followed by its two side lines (the
lines through its cards' left and right edges), not by the street's one
horizontal: a phone tilted over a long street makes the far columns lean
(and a street laid askew leans them all), so a tall house's top cards drift
sideways by half a card or more; grouped by their place along the street's
horizontal alone, such cards joined the next house or split their own."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import constants as C

if TYPE_CHECKING:
    from .structure import Card


class _Column:
    """A house being gathered: its cards and its side lines, u = a + b * v
    in the street frame (one slant for both sides, fitted to all the edges)."""

    def __init__(self, card: Card, u: np.ndarray, v: np.ndarray) -> None:
        self.cards: list[Card] = []
        self._left: list[np.ndarray] = []  # (u, v) of the cards' left corners
        self._right: list[np.ndarray] = []
        self.add(card, u, v)

    def add(self, card: Card, u: np.ndarray, v: np.ndarray) -> None:
        """Take the card in and fit the side lines again."""
        tl, tr, br, bl = (np.array([p @ u, p @ v], np.float64) for p in card.quad.astype(np.float64))
        self.cards.append(card)
        self._left += [tl, bl]
        self._right += [tr, br]
        left, right = np.array(self._left), np.array(self._right)
        # one slant for both sides: each side's points taken about their own mean
        dv = np.concatenate([left[:, 1] - left[:, 1].mean(), right[:, 1] - right[:, 1].mean()])
        du = np.concatenate([left[:, 0] - left[:, 0].mean(), right[:, 0] - right[:, 0].mean()])
        self.slant = float(du @ dv) / float(dv @ dv) if float(dv @ dv) > 1e-6 else 0.0
        self.a_left = float(np.mean(left[:, 0] - self.slant * left[:, 1]))
        self.a_right = float(np.mean(right[:, 0] - self.slant * right[:, 1]))

    def offset(self, point: np.ndarray, u: np.ndarray, v: np.ndarray) -> float:
        """How far (shares of the column's width) the point lies from the
        column's middle line, at the point's height."""
        pu, pv = float(point @ u), float(point @ v)
        left, right = self.a_left + self.slant * pv, self.a_right + self.slant * pv
        return abs(pu - (left + right) / 2) / max(right - left, 1e-6)


def houses_of(cards: list[Card], u: np.ndarray, v: np.ndarray) -> list[list[Card]]:
    """Cards grouped into houses, left to right, each bottom up. The whole
    cards (stores) start the columns, then every card from the bottom up
    joins the column whose side lines its centre lies between (within
    SAME_HOUSE_OFFSET of the column's width from its middle line; the
    nearest such), or starts a column of its own. Each column's width is
    measured from its own cards: a tilted phone makes near columns wider."""
    order = sorted(cards, key=lambda c: (not c.full, -float(np.max(c.quad @ v))))
    columns: list[_Column] = []
    for card in order:
        offsets = [col.offset(card.field.centre, u, v) for col in columns]
        best = int(np.argmin(offsets)) if offsets else -1
        if best >= 0 and offsets[best] <= C.SAME_HOUSE_OFFSET:
            columns[best].add(card, u, v)
        else:
            columns.append(_Column(card, u, v))
    houses = [sorted(col.cards, key=lambda c: -float(c.field.centre @ v)) for col in columns]
    return sorted(houses, key=lambda h: float(h[0].field.centre @ u))
