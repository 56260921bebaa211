"""Every card-shaped thing found is accounted for (issue 13): placed in the
street, reported among the other cards, or named in a warning, never dropped
silently. The street is built in many steps (set aside, narrow fields,
splits, repairs, columns) and any of them may let a field fall through;
this last check looks at what was found against what was placed or
reported, and reports each field left over."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from . import aside_constants as K
from . import constants as C
from .aside import Other, field_of, partial_backs, whole_patch
from .find import Field
from .roles import colour_signature
from .street_checks import GAP_LEFT_OUT, GAP_NOTE
from .structure import Card

LEFT_OVER = "was found as a card but fits no place in the street"
MISSHAPEN = "looks like part of a card whose edge is lost in glare or shadow, and fits no place in the street"
GLARED_BACK = "a face-down card glare bit into, between two others (a row of discards)"


def covered_share(quad: np.ndarray, covers: Sequence[np.ndarray]) -> float:
    """The share of the quad's area that the union of the covers lies over
    (working px): a field split into two cards is covered by both together,
    so the covers are rasterised over the quad's box rather than compared
    one by one."""
    pts = np.asarray(quad, np.float64).reshape(-1, 2)
    lo = np.floor(pts.min(axis=0)).astype(int)
    hi = np.ceil(pts.max(axis=0)).astype(int)
    w, h = int(hi[0] - lo[0]) + 1, int(hi[1] - lo[1]) + 1
    own = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(own, np.round(pts - lo).astype(np.int32), 1)
    area = int(np.count_nonzero(own))
    if area == 0:
        return 1.0  # nothing to account for
    union = np.zeros_like(own)
    for c in covers:
        q = np.asarray(c, np.float64).reshape(-1, 2)
        if (q.max(axis=0) < lo).any() or (q.min(axis=0) > hi).any():
            continue  # cheap: most covers lie elsewhere in the street
        cv2.fillConvexPoly(union, np.round(q - lo).astype(np.int32), 1)
    return float(np.count_nonzero(own & union)) / area


def left_over(fields: Sequence[Field], houses: Sequence[Sequence[Card]], others: Sequence[Other],
              least: float = C.ACCOUNT_MIN_COVER) -> list[Other]:
    """Each found field that the cards placed in the street and the things
    already reported do not cover by at least `least` of its area, as an
    Other to report. An icon or badge cut off from its card lies on that
    card and is covered; a face-down card already reported is not doubled."""
    covers = [c.quad for h in houses for c in h] + [o.quad for o in others]
    return [Other(np.asarray(f.quad, np.float32), "other", LEFT_OVER) for f in fields
            if covered_share(f.quad, covers) < least]


def misshapen_left_over(pieces: Sequence[Field], fields: Sequence[Field], houses: Sequence[Sequence[Card]],
                        others: Sequence[Other], bal: np.ndarray) -> list[Other]:
    """The pieces find_fields refused only for their shape (glare bit into a
    card's field) that are card-sized (at least MISSHAPEN_MIN_AREA of the
    median field's area) and that nothing placed or reported covers, as
    Others to report: a card lost to glare is named, not dropped. A piece
    next to a face-down card reported and of its colours is one more
    face-down card (a discard glare bit into), known as a back partly under
    another is: glare spoils its likeness turned half round."""
    if not pieces or not fields:
        return []
    least = C.MISSHAPEN_MIN_AREA * float(np.median([f.area for f in fields]))
    covers = [c.quad for h in houses for c in h] + [o.quad for o in others]
    left = [p for p in pieces if p.area >= least and covered_share(p.quad, covers) < C.ACCOUNT_MIN_COVER]
    backs = [(colour_signature(whole_patch(bal, f)), f.centre, max(f.size))
             for f in (field_of(o.quad) for o in others if o.kind == "face-down")]
    left, down = partial_backs(left, bal, backs)
    return down + [Other(np.asarray(p.quad, np.float32), "other", MISSHAPEN) for p in left]


def pieces_in_gaps(houses: list[list[Card]], others: list[Other], pieces: Sequence[Field]) -> None:
    """A misshapen piece (a card whose edge glare or shadow bit into) lying
    in a hole inside a house (street_checks: a card's place between two of
    its cards) is that card: it is put in the house, doubted and named for
    a person to check, and the hole is no longer reported (facade 10705 at
    2000x1500: window W14, a piece, was shown as a hole and its house read a
    card short). A piece only partly in the hole is left to the report."""
    from .structure import order_corners

    for o in [o for o in others if o.kind == "other" and o.reason == GAP_LEFT_OUT]:
        inside = [p for p in pieces if cv2.pointPolygonTest(o.quad.reshape(-1, 2).astype(np.float32),
                                                            (float(p.centre[0]), float(p.centre[1])), False) >= 0
                  and covered_share(p.quad, [o.quad]) >= K.GAP_PIECE_INSIDE]
        home = next((h for h in houses for lo, up in zip(h, h[1:], strict=False)
                     if np.allclose(o.quad[0], up.quad[3]) and np.allclose(o.quad[3], lo.quad[0])), None)
        if len(inside) != 1 or home is None:
            continue
        across, down = o.quad[1] - o.quad[0], o.quad[3] - o.quad[0]
        quad = order_corners(inside[0].quad, across / np.linalg.norm(across), down / np.linalg.norm(down))
        card = Card(inside[0], quad, False, role_confidence=0.4, role="window")
        card.notes.append("its outline is lost in glare or shadow; check this card")
        row = next(k for k, (lo, up) in enumerate(zip(home, home[1:], strict=False))
                   if np.allclose(o.quad[3], lo.quad[0])) + 1
        upper = home[row]
        upper.notes = [n for n in upper.notes if n != GAP_NOTE]
        # its height over its width on the table as the card above's, by their proportions in pixels
        card.aspect = upper.aspect * _px_aspect(quad) / max(_px_aspect(upper.quad), 1e-6)
        home.insert(row, card)
        for k, c in enumerate(home):
            c.house, c.row = home[0].house, k
        others[:] = [x for x in others if x is not o]  # by identity: Others hold arrays, == is no test


def _px_aspect(quad: np.ndarray) -> float:
    tl, tr, br, bl = quad.astype(np.float64)
    width = (np.linalg.norm(tr - tl) + np.linalg.norm(br - bl)) / 2
    return float((np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2 / max(width, 1e-6))


def lone_backs(houses: list[list[Card]], others: Sequence[Other], bal: np.ndarray) -> list[Other]:
    """Houses of one card that is not whole, lying next to a face-down card
    reported and of its colours, as Others: overlapping discards are known
    one from the next (partial_backs), and that chain breaks where glare bit
    into one of them, for such a piece is known as a back only after the
    street is built (misshapen_left_over); the discard beyond it was then
    taken for a house of its own. Those houses are taken out (at least one
    house stays) and the rest renumbered."""
    lone = [h[0].field for h in houses if len(h) == 1 and not h[0].full]
    down = [field_of(o.quad) for o in others if o.kind == "face-down"]
    if not lone or not down or len(lone) == len(houses):
        return []
    # a piece of a back is shorter than the card: each is given a whole back's length at least
    length = float(np.median([max(f.size) for f in down]))
    backs = [(colour_signature(whole_patch(bal, f)), f.centre, max(length, *f.size)) for f in down]
    steps = _glare_steps(others, backs)
    _, found = partial_backs(lone, bal, backs + [b for _, b in steps], prints=[b[0] for b in backs])
    for o, (_, centre, reach) in steps:
        # a piece the chain went through: a back glare bit into, between two of them
        if any(np.linalg.norm(field_of(f.quad).centre - centre) < C.BACK_NEAR * reach for f in found):
            o.kind, o.reason = "face-down", GLARED_BACK
    gone = {id(o.quad) for o in found}
    houses[:] = [h for h in houses if id(h[0].field.quad) not in gone]
    for i, house in enumerate(houses):
        for card in house:
            card.house = i
    return found


def _glare_steps(others: Sequence[Other], backs: list[tuple[np.ndarray, np.ndarray, float]]
                 ) -> list[tuple[Other, tuple[np.ndarray, np.ndarray, float]]]:
    """The misshapen pieces reported (MISSHAPEN) that lie next to a back: a
    row of discards goes on through a back glare bit into, whose colours and
    print glare spoiled (10604 at 12 MP, all styles: the middle discard fails
    BACK_LIKENESS, so the last one stayed a house). Each is a step of the
    chain with the colours of the back it lies next to, never its own: the
    card beyond it must still have a back's colours."""
    out = []
    for o in others:
        if o.kind != "other" or o.reason != MISSHAPEN:
            continue
        centre = o.quad.reshape(-1, 2).mean(axis=0)
        near = [b for b in backs if np.linalg.norm(centre - b[1]) < C.BACK_NEAR * b[2]]
        if near:
            out.append((o, (near[0][0], centre, near[0][2])))
    return out


def left_out_warnings(others: Sequence[Other]) -> list[str]:
    """The warnings naming what was left out: the face-down cards counted in
    one, every other card-shaped thing in one of its own with its reason."""
    out = []
    face_down = sum(o.kind == "face-down" for o in others)
    if face_down:
        out.append(f"{face_down} face-down card{'s' if face_down > 1 else ''} (discards or draw piles) "
                   "left out of the street")
    for o in others:
        if o.kind != "face-down":
            out.append(f"a card-like shape was left out of the street: it {o.reason}; if it is part "
                       "of the street, add it by hand")
    return out
