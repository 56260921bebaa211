"""A card whose own art cuts its coloured field: white window art reaching
right across a field leaves two pieces, and art or a pale patch biting in
leaves one too ragged to fill its rectangle (find.find_fields refuses it for
its shape). Such a card is judged by its outline instead: the pieces' joined
rectangle is one card's field when it is no larger than a whole field of the
street, the pieces fill most of it, white paper runs all round it (its
border) and no straight line of paper runs across it (a border between two
cards does; art does not)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from . import split_constants as S
from .constants import FULL_CARD_ASPECT_MIN, RING_SHARE
from .find import Field


def join_split(fields: list[Field], pieces: list[Field], paper: np.ndarray) -> tuple[list[Field], list[Field]]:
    """fields with each card cut by its art made whole again (its parts
    replaced by one field), and the pieces not used. paper: the mask the
    fields were found in."""
    whole = [f for f in fields if max(f.size) / max(min(f.size), 1.0) >= FULL_CARD_ASPECT_MIN]
    if not whole or not pieces:
        return fields, pieces
    # the whole cards' fields, not the small shapes in their art (a window's panes may look whole); of
    # those, the ones lying as most do: face-down decks beside the street may lie crosswise and be larger
    whole = [f for f in whole if f.area >= S.SPLIT_WHOLE_SHARE * max(g.area for g in whole)]
    acrosses = np.array([_across(f) for f in whole])
    same = np.abs(acrosses @ acrosses.T) >= np.cos(np.radians(S.SPLIT_MAX_ANGLE))
    most = same[int(np.argmax(same.sum(axis=1)))]
    whole = [f for f, k in zip(whole, most, strict=True) if k]
    ref = (float(np.median([max(f.size) for f in whole])), float(np.median([min(f.size) for f in whole])))
    across = _across(whole[0])
    fields, pieces = list(fields), list(pieces)
    for piece in sorted(pieces, key=lambda p: -p.area):
        if not any(p is piece for p in pieces):
            continue  # taken into a field already
        near = [g for g in fields + pieces if g is not piece and _near(piece, g, ref)]
        options = [[piece]] + [[piece, g] for g in near]
        joined = [(parts, f) for parts in options if (f := _outline(parts, paper, ref, across)) is not None]
        if not joined:
            continue
        parts, field = max(joined, key=lambda j: sum(p.area for p in j[0]))
        gone = [f for f in fields if any(f is p for p in parts) or _within(f, field)]
        field = replace(field, closed=tuple(g for f in gone for g in ((f,) if f.hull is None else f.closed)))
        fields = [f for f in fields if not any(f is g for g in gone)] + [field]
        pieces = [p for p in pieces if not any(p is q for q in parts)]
    return fields, pieces


def _within(f: Field, g: Field) -> bool:
    """f is a smaller field with its centre in g (a fragment of g's art)."""
    pt = (float(f.centre[0]), float(f.centre[1]))
    return f.area < g.area and cv2.pointPolygonTest(g.quad.reshape(-1, 1, 2), pt, False) >= 0


def _near(a: Field, b: Field, ref: tuple[float, float]) -> bool:
    turn = abs(a.angle - b.angle) % 90.0
    return min(turn, 90.0 - turn) <= S.SPLIT_MAX_ANGLE and \
        float(np.linalg.norm(a.centre - b.centre)) <= ref[0] * S.SPLIT_MAX_LONG


def _across(f: Field) -> np.ndarray:
    """The unit vector along a whole field's shorter side: every card of a
    street is one card wide along it."""
    box = cv2.boxPoints(cv2.minAreaRect(f.quad.astype(np.float32)))
    d = min((box[1] - box[0], box[2] - box[1]), key=lambda x: float(np.linalg.norm(x)))
    return d / max(float(np.linalg.norm(d)), 1e-6)


def _outline(parts: list[Field], paper: np.ndarray, ref: tuple[float, float],
             across: np.ndarray) -> Field | None:
    """The parts' joined rectangle as one card's field, or None."""
    points = np.concatenate([p.quad if p.hull is None else p.hull for p in parts]).astype(np.float32)
    rect = cv2.minAreaRect(points)
    (cx, cy), (a, b), angle = rect
    wide, tall = np.ptp(points @ across), np.ptp(points @ np.array([-across[1], across[0]]))
    if min(a, b) < 4 or wide > S.SPLIT_MAX_SHORT * ref[1] or tall > S.SPLIT_MAX_LONG * ref[0]:
        return None  # no wider than one card, along the street's width: not two cards side by side
    if sum(p.area for p in parts) < S.SPLIT_MIN_COVER * a * b:
        return None
    t = max(2, int(round(RING_SHARE * min(a, b))))
    # the rectangle upright with a margin of 2t + 1 px round it, in the mask's own pixels
    e = 2 * t + 1
    w, h = int(round(a)) + 2 * e, int(round(b)) + 2 * e
    m = cv2.getRotationMatrix2D((cx, cy), angle, 1.0)
    m[:, 2] += (w / 2 - cx, h / 2 - cy)
    up = cv2.warpAffine(paper.view(np.uint8), m, (w, h), flags=cv2.INTER_NEAREST, borderValue=0) > 0
    closed = _closed(up, e, t)
    if closed < S.SPLIT_RING_WHITE:
        return None
    inner = up[e:h - e, e:w - e]
    if _line_across(inner) or _line_across(inner.T) or _foreign(up, parts, m, e) > S.SPLIT_MAX_FOREIGN:
        return None
    quad = cv2.boxPoints(rect).astype(np.float32)
    return Field(quad, np.array([cx, cy], float), float(angle) % 90.0, (float(a), float(b)),
                 float(a * b), closed, cv2.convexHull(points).reshape(-1, 2))


def _closed(up: np.ndarray, e: int, t: int) -> float:
    """The share of places along the rectangle's four sides (it lies e px
    inside the patch up) with paper just outside it, up to 2t px out or t px
    in: the card's border, wherever the rectangle of a ragged piece put
    its side."""
    h, w = up.shape
    out, inn = e - 2 * t - 1, e + t
    sides = [up[out:inn, e:w - e].any(axis=0), up[h - inn:h - out, e:w - e].any(axis=0),
             up[e:h - e, out:inn].any(axis=1), up[e:h - e, w - inn:w - out].any(axis=1)]
    return float(np.concatenate(sides).mean())


def _foreign(up: np.ndarray, parts: list[Field], m: np.ndarray, e: int) -> float:
    """The share of the rectangle outside the parts that is neither paper
    nor art enclosed by paper: the table (or another card) reaching in from
    outside, as between two cards with a gap between them. Art between the
    pieces of one field is paper, or dark glass framed by paper."""
    h, w = up.shape
    hulls = np.zeros((h, w), np.uint8)
    for p in parts:
        pts = cv2.transform((p.quad if p.hull is None else p.hull).reshape(-1, 1, 2).astype(np.float32), m)
        cv2.fillPoly(hulls, [np.round(pts).astype(np.int32)], 1)
    free = ~up & (hulls == 0)
    n, labels = cv2.connectedComponents(free.view(np.uint8), connectivity=4)
    edge = np.zeros(n, bool)
    edge[np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))] = True
    edge[0] = False  # label 0: paper or the parts
    gap = (hulls[e:h - e, e:w - e] == 0)
    outside = edge[labels[e:h - e, e:w - e]] & free[e:h - e, e:w - e]
    return float(outside.sum() / max(int(gap.sum()), 1))


def _line_across(inner: np.ndarray) -> bool:
    """A line of paper right across the rectangle, away from its sides, lying
    along them or up to SPLIT_LINE_SLANT off: the border between two cards
    is straight but need not lie along the joined rectangle (perspective,
    and the rectangle of two cards' parts lies as their hull does)."""
    n, w = inner.shape
    k = int(np.ceil(S.SPLIT_LINE_MARGIN * n))
    if n - 2 * k <= 0 or w == 0:
        return False
    xs = np.arange(w) - (w - 1) / 2.0
    tan = np.tan(np.radians(S.SPLIT_LINE_SLANT))
    for slope in np.linspace(-tan, tan, 2 * int(np.ceil(tan * w / 2)) + 1):  # a pixel's drift at its ends apart
        d = np.round(slope * xs).astype(int)
        y = np.arange(k, n - k)[:, None] + d[None, :]
        on = inner[np.clip(y, 0, n - 1), np.arange(w)[None, :]] & (y >= 0) & (y < n)
        if on.mean(axis=1).max() >= S.SPLIT_LINE_PAPER:
            return True
    return False
