"""Checks on a street once its cards are grouped into houses: that it is
one street (a second street beside or above it is refused), that the stores
stand on one line with no wide gap between houses nor hole inside a house,
and the store a house stands on when the photo hardly shows it. What looks
wrong but may be right is proposed with a warning and low confidence on the
cards concerned, for a person to fix on the overlay."""

from __future__ import annotations

import numpy as np

from ..errors import PhotoError
from . import constants as C
from .aside import Other
from .find import Field
from .structure import Card

GAP_LEFT_OUT = ("is a card's place between two cards of a house where no card was found (hidden, missing "
                "or not told from its neighbours?)")
BELOW_LEFT_OUT = ("is the place below a house, down to the street's line of stores, where no card was found "
                  "(its store and perhaps windows: hidden, or not told from the table?)")
GAP_NOTE = "a gap below this card (a card missing, moved or hidden?); check this house"
TWO_STREETS = ("the photo shows cards that are not part of one street (a second street or loose "
               "cards); photograph one player's street at a time with nothing else on the table")


def check_street(houses: list[list[Card]], u: np.ndarray, v: np.ndarray, width: float,
                 aspect: float | None = None, left_out: list[Other] | None = None) -> list[str]:
    """One street: stores on one line, no wide gap between houses, no hole
    inside a house. Only what is clearly a second street is refused: a row
    of cards standing on its own whole cards, with bare table all across
    between it and this street (above or beside it). Everything else that
    looks wrong is proposed with a warning and low confidence on the cards
    concerned, for a person to fix on the overlay: a store the photo hid or
    a card read as whole shift a line, and a refusal would lose the rest.
    left_out: where each hole inside a house is added (an outline to show
    on the overlay: a card not found there is never dropped silently)."""
    warnings: list[str] = []
    height = store_height(houses, v, width, aspect)
    second = _second_street(houses, u, v, width, height)
    if second:
        raise PhotoError(TWO_STREETS + f" ({second})", status=422)
    stores = [h[0] for h in houses]
    xs = np.array([s.field.centre @ u for s in stores])
    ys = np.array([np.max(s.quad @ v) for s in stores])
    if len(stores) >= 3:
        slopes = [(ys[j] - ys[i]) / (xs[j] - xs[i]) for i in range(len(xs)) for j in range(i + 1, len(xs))
                  if abs(xs[j] - xs[i]) > 1e-6]
        slope = float(np.median(slopes))
        resid = ys - slope * xs
        resid -= np.median(resid)
    elif len(stores) == 2:
        resid = ys - ys.mean()
    else:
        resid = np.zeros(1)
    off = np.nonzero(np.abs(resid) > C.MAX_BASELINE_SHIFT * height)[0]
    for k in off:
        _doubt(houses[int(k)][0], "this store stands off the street's line; is it in the right place, "
                                  "or is its real store hidden?")
        if left_out is not None and len(stores) >= C.PLACES_BELOW_MIN_STORES and resid[k] < 0:
            # standing above the line: every house stands on a store on it, so the house's lowest cards
            # were not found (facade 10616: dim borders on a dark table); their place is shown, not dropped
            left_out.extend(_places_below(houses[int(k)][0], float(-resid[k]), v, height))
    if len(off):
        warnings.append("the stores are not on one line; check the houses marked on the photo")
    for i, (left, right) in enumerate(zip(houses, houses[1:], strict=False)):
        gap = min(np.min(c.quad @ u) for c in right) - max(np.max(c.quad @ u) for c in left)
        if gap > C.MAX_HOUSE_GAP * width:
            warnings.append(f"a wide gap between houses {i + 1} and {i + 2}; check that both belong to this "
                            "street and that no house is missing between them")
    for house in houses:
        for c in house[1:]:
            if c.full:  # a whole card above the store: merged strips, or a store out of place
                _doubt(c, "this card looks whole, like a store, yet stands in a house; check it")
        for lower, upper in zip(house, house[1:], strict=False):
            gap = np.min(lower.quad @ v) - np.max(upper.quad @ v)
            if gap > C.MAX_STACK_GAP * height:
                _doubt(upper, GAP_NOTE)
                if left_out is not None:  # the hole itself: upper's lower edge down to lower's upper edge
                    left_out.append(Other(np.array([upper.quad[3], upper.quad[2], lower.quad[1], lower.quad[0]],
                                                   np.float32), "other", GAP_LEFT_OUT))
    return warnings


def _places_below(low: Card, drop: float, v: np.ndarray, height: float) -> list[Other]:
    """The places of the cards not found below a house's lowest card, down
    the drop to the stores' line: its store standing on the line, a whole
    card's height; the windows', if more room is left, between the two."""
    bl, br = low.quad[3].astype(np.float64), low.quad[2].astype(np.float64)
    cuts = [0.0, drop - height, drop] if drop - height >= C.MIN_VISIBLE_FRACTION * height else [0.0, drop]
    return [Other(np.array([bl + a * v, br + a * v, br + b * v, bl + b * v], np.float32), "other", BELOW_LEFT_OUT)
            for a, b in zip(cuts, cuts[1:], strict=False)]


def _second_street(houses: list[list[Card]], u: np.ndarray, v: np.ndarray, width: float,
                   height: float) -> str | None:
    """Why the cards are two streets, or None. A street stands on its
    stores, so only a group of cards with whole cards (stores) of its own
    is a second street: bare table right across the photo (no card reaching
    over it) splitting the cards into two such groups, wider than a street
    leaves (beside this one, wider than a house: the rules build stores next
    to each other; above it, a street's cards overlap from its stores up).
    Strips alone beyond bare table are this street's cards with one missed
    between (or loose cards): proposed, with the gap marked, not refused."""
    cards = [c for h in houses for c in h]
    for axis, least, where in ((u, C.TWO_STREETS_GAP, "beside"), (v, C.TWO_STREETS_BAND, "above")):
        size = width if axis is u else height
        spans = sorted(((float(np.min(c.quad @ axis)), float(np.max(c.quad @ axis)), c) for c in cards),
                       key=lambda s: s[0])
        reach = spans[0][1]
        for k in range(1, len(spans)):
            gap = spans[k][0] - reach
            if gap > least * size:
                before = [c for _, _, c in spans[:k]]
                after = [c for _, _, c in spans[k:]]
                if any(c.full for c in before) and any(c.full for c in after):
                    return f"a second street lies {where} this one"
            reach = max(reach, spans[k][1])
    for house in houses:  # a whole card (a store) standing over a gap in a house
        for lower, upper in zip(house, house[1:], strict=False):
            gap = np.min(lower.quad @ v) - np.max(upper.quad @ v)
            if upper.full and gap > C.MAX_STACK_GAP * height:
                return "a second street lies above this one"
    return None


def store_height(houses: list[list[Card]], v: np.ndarray, width: float, aspect: float | None = None) -> float:
    """A whole card's height in this photo, from the street's own stores (the
    deck's proportions are not assumed); else from the catalog photos' cards,
    else our first deck's."""
    tall = [float(np.ptp(h[0].quad @ v)) for h in houses if h and h[0].full]
    return float(np.median(tall)) if tall else width * (aspect or C.INNER_ASPECT)


def missing_stores(houses: list[list[Card]], u: np.ndarray, v: np.ndarray, width: float,
                   aspect: float | None = None) -> None:
    """A house whose lowest card is a tucked strip standing above the stores'
    line stands on a store the photo hardly shows (glare, shade): a store is
    put there, between the strip and the line, with a note to check it."""
    height = store_height(houses, v, width, aspect)
    stores = [h[0] for h in houses if h[0].full]
    if not stores or len(stores) == len(houses):
        return
    xs = np.array([s.field.centre @ u for s in stores])
    ys = np.array([np.max(s.quad @ v) for s in stores])
    # one store alone gives the line along the street's own horizontal
    slope, offset = np.polyfit(xs, ys, 1) if np.ptp(xs) > 0 else (0.0, float(ys.mean()))
    for house in houses:
        low = house[0]
        if low.full:
            continue
        bottom = float(np.max(low.quad @ v))
        line = float(slope * (low.field.centre @ u) + offset)
        drop = line - bottom
        if not C.MAX_BASELINE_SHIFT * height < drop < 1.2 * height:
            continue
        tl, tr = low.quad[3], low.quad[2]
        quad = np.array([tl, tr, tr + drop * v, tl + drop * v], np.float32)
        f = low.field
        field_ = Field(quad, quad.mean(axis=0), f.angle, (f.size[0], drop), drop * f.size[0], 1.0)
        store = Card(field_, quad, True)
        store.role_confidence = 0.4
        store.notes.append("the store of this house is hardly seen (glare?); check it")
        house.insert(0, store)


def _doubt(card: Card, note: str) -> None:
    card.role_confidence = min(card.role_confidence, 0.4)
    card.notes.append(note)
