"""From card fields to a street: which way is up, which cards stack into
which house, and which card is the store, a window or the roof.

The rulebook's building order fixes the geometry: every house stands on a
store on one common line, windows and the roof are tucked under the card
below, so the store is the one whole card of a house and sits at its bottom;
the top card is a roof when it shows the gable against the sky. All cards
share the card width, which tells the horizontal axis from the vertical.
The checks on the street once built (one street, one line, a hidden store)
are in street_checks.py."""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from ..errors import PhotoError
from . import constants as C
from .find import Field
from .house_columns import houses_of
from .roles import colour_signature, face_down_score, sky_and_roof

if TYPE_CHECKING:
    from .aside import Other

@dataclass
class Card:
    """A card placed in the street."""

    field: Field
    quad: np.ndarray  # TL, TR, BR, BL of the visible field, street upright, working px
    full: bool
    house: int = 0
    row: int = 0
    role: str = "window"
    role_confidence: float = 1.0
    notes: list[str] = field(default_factory=list)
    aspect: float = C.INNER_ASPECT  # visible field height / width on the table (not in pixels)
    sky: np.ndarray | None = None  # a roof's sky in its field_patch, left out of its colour
    sky_score: float = 0.0  # how much its field looks like a roof (roles.sky_and_roof): role, not outline


def rectify(image: np.ndarray, quad: np.ndarray, width: int, height: int) -> np.ndarray:
    """The quad (TL, TR, BR, BL) warped to an upright width x height patch."""
    dst = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    M = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    return cv2.warpPerspective(image, M, (width, height), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def _dominant_angle(fields: list[Field]) -> float:
    """The street's edge direction in degrees modulo 90 (circular mean)."""
    t = np.radians([f.angle for f in fields]) * 4
    w = np.array([f.area for f in fields])
    return float(np.degrees(np.arctan2((w * np.sin(t)).sum(), (w * np.cos(t)).sum())) / 4) % 90


def _extents(quad: np.ndarray, u: np.ndarray, v: np.ndarray) -> tuple[float, float, float, float]:
    pu, pv = quad @ u, quad @ v
    return float(pu.min()), float(pu.max()), float(pv.min()), float(pv.max())


def order_corners(quad: np.ndarray, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Corners as TL, TR, BR, BL in the street frame (u right, v down)."""
    pv = quad @ v
    top = quad[np.argsort(pv)[:2]]
    bottom = quad[np.argsort(pv)[2:]]
    tl, tr = sorted(top, key=lambda p: p @ u)
    bl, br = sorted(bottom, key=lambda p: p @ u)
    return np.array([tl, tr, br, bl], np.float32)


def _frame(fields: list[Field]) -> tuple[np.ndarray, np.ndarray]:
    """Horizontal (u) and downward (v) unit vectors, up to a half turn: the
    axis along which all cards share one width is horizontal."""
    phi = np.radians(_dominant_angle(fields))
    e1, e2 = np.array([np.cos(phi), np.sin(phi)]), np.array([-np.sin(phi), np.cos(phi)])
    best = None
    for u, v in ((e1, e2), (e2, -e1)):
        ext = np.array([_extents(f.quad, u, v) for f in fields])
        width, height = ext[:, 1] - ext[:, 0], ext[:, 3] - ext[:, 2]
        spread = float(np.std(width) / np.mean(width))  # tucked cards vary a lot in height
        portrait = float(np.mean(height / width >= C.FULL_CARD_ASPECT_MIN))
        score = spread - 0.05 * (portrait > 0)
        if best is None or score < best[0]:
            best = (score, u, v)
    assert best is not None
    return best[1], best[2]


def _dark_ratio(patch: np.ndarray, box: tuple[float, float, float, float], ref: float) -> float:
    """Mean brightness of a box (fractions of the patch) over a reference."""
    h, w = patch.shape[:2]
    x0, y0, x1, y1 = box
    part = patch[int(y0 * h):max(int(y1 * h), int(y0 * h) + 1), int(x0 * w):max(int(x1 * w), int(x0 * w) + 1)]
    return float(part.max(axis=2).mean()) / max(ref, 1e-3)


def field_patch(bal: np.ndarray, card: Card, px_per_mm: float = 2.0) -> np.ndarray:
    """The card's visible field, upright, at a small fixed scale (read
    only: the same card's field is asked for by several steps of a read,
    so it is kept while that image lives)."""
    quad = np.ascontiguousarray(card.quad)
    key = (quad.tobytes(), quad.dtype.str, quad.shape, px_per_mm)
    held = _PATCHES[0] if _PATCHES else None
    if held is None or held[0]() is not bal:
        held = (weakref.ref(bal, lambda _: _PATCHES.clear()), {})
        _PATCHES[:] = [held]
    patches = held[1]
    if key not in patches:
        tl, tr, br, bl = card.quad
        width = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2
        height = (np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2
        w = int(C.INNER_W_MM * px_per_mm)
        h = max(4, int(round(w * height / max(width, 1))))
        patch = rectify(bal, card.quad, w, h)
        patch.setflags(write=False)
        patches[key] = patch
    return patches[key]


# the last image's field patches: [(weak reference to it, {quad and scale: patch})]
_PATCHES: list[tuple[Any, dict[tuple, np.ndarray]]] = []


def _fill_level(patch: np.ndarray) -> float:
    return float(np.percentile(patch.max(axis=2), 60))


def door_vote(patch: np.ndarray) -> float:
    """+1 when a whole card shows a dark door at its bottom (upright), -1 at
    its top (the street is upside down), 0 when neither."""
    ref = _fill_level(patch)
    bottom = _dark_ratio(patch, (0.4, 0.82, 0.6, 0.97), ref)
    top = _dark_ratio(patch, (0.4, 0.03, 0.6, 0.18), ref)
    if bottom < C.DOOR_DARK and top > bottom + 0.2:
        return 1.0
    if top < C.DOOR_DARK and bottom > top + 0.2:
        return -1.0
    return 0.0


def standing_doors(patch: np.ndarray) -> int:
    """+1 when the card's doors stand on its bottom edge, -1 when they hang
    from its top (the card turned half round), 0 when none is seen. A door is
    a solid dark shape, taller than wide, whose foot is on the field's edge
    anywhere along it: a store's door need not be in the middle (the street's
    door_vote looks only there), and a wide dark banner is no door."""
    v = patch.max(axis=2) if patch.ndim == 3 else patch
    ref = float(np.percentile(v, 60))
    dark = (v.astype(np.float32) < C.EDGE_DOOR_DARK * ref).astype(np.uint8)
    h, w = dark.shape
    _, _, stats, _ = cv2.connectedComponentsWithStats(dark)
    vote = 0
    for x, y, bw, bh, area in stats[1:]:
        if (bh < C.EDGE_DOOR_MIN_H * h or not C.EDGE_DOOR_W[0] * w <= bw <= C.EDGE_DOOR_W[1] * w
                or bh < C.EDGE_DOOR_TALL * bw or area < C.EDGE_DOOR_FILL * bw * bh
                or x <= 1 or x + bw >= w - 1):
            continue  # not door-shaped, or running off a side (the table, a shadow)
        if y + bh >= h * (1 - C.EDGE_DOOR_REACH):
            vote += 1
        elif y <= h * C.EDGE_DOOR_REACH:
            vote -= 1
    return int(np.sign(vote))


def store_door(patch: np.ndarray) -> float:
    """Which way up a whole card's doors say it lies: +1 upright, -1 turned
    half round, 0 when no door is seen. Doors standing on an edge first (any
    deck's art), else the dark door at the middle of the bottom (classic)."""
    return float(standing_doors(patch) or door_vote(patch))


def build_street(fields: list[Field], bal: np.ndarray, aspect: float | None = None
                 ) -> tuple[list[list[Card]], list[str], list[Other]]:
    """Houses left to right, each bottom up with roles, warnings, and the
    card-shaped things left out of the street with the reason; raises
    PhotoError only when the cards clearly are not one street. aspect: the
    group's cards' field height / width (from the catalog), when known."""
    # repair, aside and street_checks build on this module, so they are imported here
    from .aside import (
        Other,
        _crosswise,
        _off_angle,
        partial_backs,
        reclaim,
        set_aside,
        store_lies_crosswise,
        under_the_street,
        whole_patch,
    )
    from .columns import extend_columns
    from .repair import fill_gaps, split_merged, split_tall_stores, without_doubles
    from .street_checks import TWO_STREETS, check_street, missing_stores, store_height

    warnings: list[str] = []
    fields, others, backs = set_aside(fields, bal)
    if not fields:
        raise PhotoError("only face-down cards were found; photograph the street face up (the "
                         "discards and draw piles are left out anyway)", status=422)
    u, _ = _frame(fields)
    widths = np.array([np.ptp(f.quad @ u) for f in fields])
    # Every card spans the street's card width: a much narrower field is an
    # icon in a pale badge that glare cut off from its card.
    narrow = widths < C.MIN_FIELD_SPAN * float(np.median(widths))
    narrow_fields: list[Field] = []
    if narrow.any() and not narrow.all():
        narrow_fields = [f for f, n in zip(fields, narrow, strict=True) if n]
        fields = [f for f, n in zip(fields, narrow, strict=True) if not n]
    off = _off_angle(fields)
    if (off > C.MAX_ANGLE_SPREAD_DEG).any():
        if (off > C.MAX_ANGLE_SPREAD_DEG).sum() * 2 >= len(fields):
            raise PhotoError(TWO_STREETS + " (the cards lie at many angles)", status=422)
        others += [Other(f.quad, "other", "lies at another angle than the street") for f, o in
                   zip(fields, off, strict=True) if o > C.MAX_ANGLE_SPREAD_DEG]
        fields = [f for f, o in zip(fields, off, strict=True) if o <= C.MAX_ANGLE_SPREAD_DEG]
    u, v = _frame(fields)
    widths = np.array([np.ptp(f.quad @ u) for f in fields])
    width = float(np.median(widths))
    crosswise = _crosswise(fields, u, v)
    turned = bool(crosswise.any() and not crosswise.all() and store_lies_crosswise(fields, crosswise, u, v, bal))
    if turned:  # the frame was the discards': a quarter turn
        u, v = v.copy(), -u
        width = float(np.median([np.ptp(f.quad @ u) for f in fields]))
        crosswise = _crosswise(fields, u, v)
    if crosswise.any() and not crosswise.all():
        # The rules put discards face down and crosswise under the street.
        for f in (f for f, c in zip(fields, crosswise, strict=True) if c):
            patch = whole_patch(bal, f)
            if turned or face_down_score(patch) >= C.FACE_DOWN_CROSSWISE:
                others.append(Other(f.quad, "face-down", "a face-down card lying crosswise (a discard)"))
                backs.append((colour_signature(patch), f.centre, max(f.size)))
            else:
                others.append(Other(f.quad, "other", "lies crosswise (a discard?)"))
        fields = [f for f, c in zip(fields, crosswise, strict=True) if not c]
        fields, partial = partial_backs(fields, bal, backs)
        others += partial
        widths = np.array([np.ptp(f.quad @ u) for f in fields])
    # Narrow fields: the visible part of a back under another, or an icon
    # that glare cut off from its card.
    narrow_fields, partial = partial_backs(narrow_fields, bal, backs)
    others += partial + [Other(f.quad, "other", "much narrower than the street's cards") for f in narrow_fields]
    cards = []
    ext = np.array([_extents(f.quad, u, v) for f in fields])
    aspects = (ext[:, 3] - ext[:, 2]) / np.maximum(ext[:, 1] - ext[:, 0], 1)
    # Whole cards look alike under the phone's tilt; a tucked strip shows at
    # most about 0.6 of one, however tall a steep view makes it look.
    wide = ext[:, 1] - ext[:, 0] >= (1 - C.WIDTH_TOLERANCE) * width  # not a narrow fragment
    # the whole cards' proportion: the median of the tall fields (a store merged with the strip
    # above it is taller, and taken for the reference it would make the real stores look covered)
    tall_ones = aspects[wide & (aspects >= C.FULL_CARD_ASPECT_MIN)]
    whole = float(np.median(tall_ones)) if len(tall_ones) else float(aspects[wide].max() if wide.any() else 0)
    least = max(C.FULL_CARD_ASPECT_MIN, C.FULL_CARD_SHARE * whole)
    for f, aspect in zip(fields, aspects, strict=True):
        card = Card(f, order_corners(f.quad, u, v), bool(aspect >= least))
        cards.extend([card] if card.full else split_merged(card, bal))
    if np.any(np.abs(widths - width) > C.WIDTH_TOLERANCE * width * 1.6):
        warnings.append("some cards look narrower or wider than the others; check their outlines")
    # Which way is up: the whole card (store) is at the bottom of each house,
    # a store's door at its bottom.
    votes = 0.0
    for house in houses_of(cards, u, v):
        if len(house) >= 2:
            ratios = [np.ptp(c.quad @ v) / max(np.ptp(c.quad @ u), 1) for c in house]
            votes += 1.0 if int(np.argmax(ratios)) == 0 else (-1.0 if int(np.argmax(ratios)) == len(house) - 1 else 0.0)
        for c in house:
            if c.full:
                votes += 0.5 * store_door(field_patch(bal, c))
    if votes < 0:
        u, v = -u, -v
        for c in cards:
            c.quad = order_corners(c.field.quad, u, v)
    elif votes == 0:
        warnings.append("could not tell which way up the street lies; check left and right")
    houses = without_doubles([_split_upper(h, bal, split_merged) for h in houses_of(cards, u, v)], fields)
    split_tall_stores(houses, bal, u, v)
    tall = store_height(houses, v, width, aspect)
    others[:] = reclaim(houses, others, u, v, width, tall) + under_the_street(houses, u, v, tall)
    houses = [fill_gaps(h, bal, v, width, tall) for h in houses]
    extend_columns(houses, bal, tall, [o.quad for o in others])
    missing_stores(houses, u, v, width, aspect)
    warnings += check_street(houses, u, v, width, aspect, others)
    for i, house in enumerate(houses):
        for row, c in enumerate(house):
            c.house, c.row = i, row
            c.role = "store" if row == 0 else "window"
        if not house[0].full:
            house[0].role_confidence = min(house[0].role_confidence, 0.5)
            house[0].notes.append("the bottom card looks partly covered; is it the store?")
        if len(house) >= 2:
            top = house[-1]
            score, top.sky = sky_and_roof(field_patch(bal, top))
            top.sky_score = score
            top.role = "roof" if score >= C.ROOF_MIN else "window"
            top.role_confidence = min(top.role_confidence, float(np.clip(0.5 + abs(score - C.ROOF_MIN), 0.5, 1.0)))
        for c in house[1:-1]:
            if sky_and_roof(field_patch(bal, c))[0] >= C.ROOF_MIN + 0.2:
                c.role_confidence = min(c.role_confidence, 0.5)
                c.notes.append("looks like a roof but has cards above it")
    _table_aspects(houses)
    return houses, warnings, others


def _table_aspects(houses: list[list[Card]]) -> None:
    """Each card's visible height over its width as on the table: a tilted
    phone squashes heights in pixels, so the nearest whole store (known to be
    a field of INNER_W_MM x INNER_H_MM) maps the photo back to millimetres.
    Only stores: a card higher up is tucked under the one below it even when
    its field looked whole (a window whose border with the next did not show
    is left full when it cannot be split), and taken for a whole card it
    stretched the cards above it (wide-border dev 9938: two such windows
    made 13 of the 28 visible parts 1.5-1.9 times too tall, and none of them
    matched the catalog); it is measured like the other tucked cards."""
    stores = [h[0] for h in houses if h and h[0].full]
    refs = stores or [c for h in houses for c in h if c.full]  # no whole store: as before, any whole card
    field_mm = np.array([[0, 0], [C.INNER_W_MM, 0], [C.INNER_W_MM, C.INNER_H_MM], [0, C.INNER_H_MM]],
                        np.float32)
    maps = [(c.field.centre, cv2.getPerspectiveTransform(c.quad.astype(np.float32), field_mm)) for c in refs]
    for house in houses:
        for c in house:
            if any(c is r for r in refs):
                continue
            if maps:
                H = min(maps, key=lambda m: float(np.linalg.norm(m[0] - c.field.centre)))[1]
                q = cv2.perspectiveTransform(c.quad[None].astype(np.float64), H)[0]
            else:
                q = c.quad.astype(np.float64)
            tl, tr, br, bl = q
            width = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2
            c.aspect = float((np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2 / max(width, 1e-6))


def _split_upper(house: list[Card], bal: np.ndarray, split: Any) -> list[Card]:
    """Only the bottom card of a house is whole: a whole-looking field higher
    up is two tucked strips whose border between them did not look white."""
    out = house[:1]
    for c in house[1:]:
        if c.full:
            c.full = False
            parts = split(c, bal)
            if len(parts) == 1:
                c.full = True
            out.extend(parts[::-1])  # split_merged gives the upper part first; houses go bottom up
        else:
            out.append(c)
    return out
