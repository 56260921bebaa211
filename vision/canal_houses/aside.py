"""What is left out of a street: face-down cards (discards under the canal,
the draw piles), cards lying crosswise and fields at another angle than
their neighbours. Each is reported with the reason, never dropped silently."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from . import constants as C
from .find import Field
from .roles import colour_signature, face_down_score, signature_distance
from .structure import _dominant_angle, _extents, order_corners, rectify


@dataclass
class Other:
    """A card-shaped thing found but not placed in the street, and why."""

    quad: np.ndarray  # working px
    kind: str  # face-down | other
    reason: str


def field_of(quad: np.ndarray) -> Field:
    """A field round a quad already found (a thing set aside or reported)."""
    rect = cv2.minAreaRect(quad.astype(np.float32))
    return Field(quad, quad.mean(axis=0), float(rect[2]) % 90.0, (float(rect[1][0]), float(rect[1][1])),
                 float(cv2.contourArea(quad.astype(np.float32))), 1.0)


def whole_patch(bal: np.ndarray, f: Field) -> np.ndarray:
    """A whole field upright along its own longer side (either way up)."""
    box = cv2.boxPoints(cv2.minAreaRect(f.quad))
    v = max((box[1] - box[0], box[2] - box[1]), key=np.linalg.norm)
    v = v / max(float(np.linalg.norm(v)), 1e-6)
    quad = order_corners(f.quad, np.array([v[1], -v[0]]), v)
    return rectify(bal, quad, 48, 72)


def set_aside(fields: list[Field], bal: np.ndarray) -> tuple[list[Field], list[Other], list[Any]]:
    """Face-down cards (discards under the canal, the draw piles) are no part
    of the street: whole fields that look the same turned half round."""
    keep, others, backs = [], [], []
    doubtful = []  # whole fields nearly alike turned half round: a back under glare, if next to one
    for f in fields:
        whole = max(f.size) / max(min(f.size), 1) >= C.FULL_CARD_ASPECT_MIN
        patch = whole_patch(bal, f) if whole else None  # only a whole card is judged so
        score = face_down_score(patch) if patch is not None else 0.0
        if score >= C.FACE_DOWN_MIN:
            others.append(Other(f.quad, "face-down", "a face-down card (a discard or a draw pile)"))
            backs.append((colour_signature(patch), f.centre, max(f.size)))
        else:
            keep.append(f)
            if score >= C.FACE_DOWN_NEXT_TO_BACK:
                doubtful.append(f)
    # Glare on a back changes its colours and blurs its print, so it is
    # less alike turned round; lying right next to a whole back, it is one.
    whole_backs = list(backs)
    for f in doubtful:
        if any(np.linalg.norm(f.centre - b[1]) < C.BACK_NEAR * b[2] for b in whole_backs):
            others.append(Other(f.quad, "face-down", "a face-down card next to the others (glare on it)"))
            keep = [k for k in keep if k is not f]
    keep, partial = partial_backs(keep, bal, backs)
    return keep, others + partial, backs


def partial_backs(fields: list[Field], bal: np.ndarray, backs: list[tuple[np.ndarray, np.ndarray, float]],
                  prints: list[np.ndarray] | None = None) -> tuple[list[Field], list[Other]]:
    """A back partly covered by another (discards overlap) is not whole: it
    is known by the colours of a whole back it lies next to; or, given
    prints, of any back of the photo (every card's back is printed alike, so
    glare on the one next to it does not hide whose colours it has)."""
    rest, others = list(fields), []
    sigs: dict[int, np.ndarray] = {}  # each field's colours, taken once and only next to a back
    found = True
    while backs and found:  # a row of discards: each lies next to the one before
        found = False
        for i, f in enumerate(rest):
            near = [b for b in backs if np.linalg.norm(f.centre - b[1]) < C.BACK_NEAR * b[2]]
            if not near:
                continue
            if id(f) not in sigs:
                sigs[id(f)] = colour_signature(whole_patch(bal, f))
            if min(signature_distance(sigs[id(f)], p) for p in [b[0] for b in near] + (prints or [])) \
                    <= C.BACK_LIKENESS:
                others.append(Other(f.quad, "face-down", "a face-down card partly under another"))
                backs.append((near[0][0], f.centre, near[0][2]))
                del rest[i]
                found = True
                break
    return rest, others


def _crosswise(fields: list[Field], u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Whole cards lying crosswise to the street: wider than tall in the
    street's frame, yet as large as the upright whole cards nearest them (a
    tucked strip is wide too, but small) and wider than the cards round
    them (a strip is as wide as its column). Nearest, because a tilted phone
    makes near cards larger than far ones."""
    ext = np.array([_extents(f.quad, u, v) for f in fields])
    w, h = ext[:, 1] - ext[:, 0], ext[:, 3] - ext[:, 2]
    area = np.array([f.area for f in fields])
    upright = h >= C.FULL_CARD_ASPECT_MIN * w
    out = np.zeros(len(fields), bool)
    if not upright.any():
        return out
    centres = np.array([f.centre for f in fields])
    for i in np.nonzero(w >= C.FULL_CARD_ASPECT_MIN * h)[0]:
        nearest = np.argsort(np.linalg.norm(centres[upright] - centres[i], axis=1))[:3]
        near_area = float(np.median(area[upright][nearest]))
        d = np.linalg.norm(centres - centres[i], axis=1)
        d[i] = np.inf
        near_width = float(np.median(w[np.argsort(d)[:4]]))  # a tucked strip is as wide as its column
        out[i] = area[i] >= C.CROSSWISE_AREA * near_area and w[i] >= C.CROSSWISE_WIDTH * near_width
    return out


def store_lies_crosswise(fields: list[Field], crosswise: np.ndarray, u: np.ndarray, v: np.ndarray,
                         bal: np.ndarray) -> bool:
    """A one-house street beside its crosswise discards may show more of
    the backs than of the house, so the street's frame came out a quarter
    turn off: then the one upright whole card is a back (more alike turned
    half round than every card found crosswise, by a wide margin) and the
    store is among those crosswise."""
    ext = np.array([_extents(f.quad, u, v) for f in fields])
    w, h = ext[:, 1] - ext[:, 0], ext[:, 3] - ext[:, 2]
    upright = [f for f, c, a, b in zip(fields, crosswise, w, h, strict=True)
               if not c and b >= C.FULL_CARD_ASPECT_MIN * a]
    if len(upright) != 1:
        return False
    least = face_down_score(whole_patch(bal, upright[0])) - C.TURN_BACK_MARGIN
    return all(face_down_score(whole_patch(bal, f)) < least for f, c in zip(fields, crosswise, strict=True) if c)


def _off_angle(fields: list[Field]) -> np.ndarray:
    """How far (degrees) each field's edges turn from those of the fields
    nearest it: a tilted phone makes a street's far columns lean, so cards
    are compared with their neighbours, not with the whole photo."""
    if len(fields) < 3:
        phi = _dominant_angle(fields)
        return np.array([abs((f.angle - phi + 45) % 90 - 45) for f in fields])
    centres = np.array([f.centre for f in fields])
    out = []
    for i, f in enumerate(fields):
        d = np.linalg.norm(centres - centres[i], axis=1)
        d[i] = np.inf
        near = [fields[j] for j in np.argsort(d)[:C.ANGLE_NEIGHBOURS]]
        phi = _dominant_angle(near)
        out.append(abs((f.angle - phi + 45) % 90 - 45))
    return np.array(out)




def reclaim(houses: list[list[Any]], others: list[Other], u: np.ndarray, v: np.ndarray, width: float,
            height: float) -> list[Other]:
    """Put back into its house a card set aside (as face-down or odd) that
    fills a gap inside a house or sits right on top of it, as wide as the
    house: the rules put discards under the canal and the draw piles beside
    the street, never inside or on a house, while a tucked strip of
    symmetric art can pass for a back turned half round. It is marked for a
    person to check. Returns what stays left out."""
    from .structure import Card

    left = []
    for o in others:
        lo_u, hi_u, lo_v, hi_v = _extents(o.quad, u, v)
        mid_u = (lo_u + hi_u) / 2
        home = None
        for house in houses:
            ext = np.array([_extents(c.quad, u, v) for c in house])
            col_lo, col_hi = float(np.median(ext[:, 0])), float(np.median(ext[:, 1]))
            col_w = col_hi - col_lo
            if not col_lo < mid_u < col_hi or abs((hi_u - lo_u) - col_w) > C.WIDTH_TOLERANCE * col_w:
                continue
            top, bottom = float(ext[:, 2].min()), float(ext[:, 3].max())
            # inside the house, in a gap no card of it covers, or right above its top card: its
            # middle above that card and its lower edge near its top, a little into it too (under a
            # tilt a field's outline leans, so a strip's lower corner reaches past the card's top)
            mid_v = (lo_v + hi_v) / 2
            covered = any(e[2] <= mid_v <= e[3] for e in ext)
            if (top < mid_v < bottom and not covered) or (mid_v < top and abs(top - hi_v) < C.MAX_STACK_GAP * height):
                home = house
                break
        if home is None or hi_v - lo_v > 1.2 * height:
            left.append(o)
            continue
        quad = order_corners(o.quad, u, v)
        card = Card(field_of(quad), quad, False, role_confidence=0.5)
        card.notes.append("first taken for a card left out of the street, but it lies in this house; check it")
        home.append(card)
        home.sort(key=lambda c: -float(np.max(c.quad @ v)))
    return left


def under_the_street(houses: list[list[Any]], u: np.ndarray, v: np.ndarray, height: float) -> list[Other]:
    """Cards lying wholly under the stores' line of the houses round them
    (where the rules put the discards, face down in the canal) are no part
    of the street, even face up or hard to see: each is taken out of its
    house and reported. Houses left empty are removed."""
    out: list[Other] = []
    if len(houses) < 2:
        return out
    bottoms = np.array([float(np.max(h[0].quad @ v)) for h in houses])
    xs = np.array([float(h[0].field.centre @ u) for h in houses])
    for i, house in enumerate(houses):
        near = [j for j in np.argsort(np.abs(xs - xs[i])) if j != i][:C.ANGLE_NEIGHBOURS]
        line = float(np.median(bottoms[near]))
        while house and float(np.min(house[0].quad @ v)) > line + C.UNDER_STREET * height:
            out.append(Other(house.pop(0).field.quad, "other", "lies under the street, where the discards go"))
    houses[:] = [h for h in houses if h]
    return out
