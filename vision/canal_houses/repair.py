"""Cards the white-paper mask did not close off on their own: two tucked
strips whose border between them looked coloured (blur, a small photo), and
a strip washed out by glare, which leaves a gap in its house."""

from __future__ import annotations

import cv2
import numpy as np

from . import constants as C
from .double_constants import DOUBLE_MIN_SHARE
from .find import Field
from .structure import Card, field_patch, rectify


def split_merged(card: Card, bal: np.ndarray) -> list[Card]:
    """A tucked strip that is really two: in a small, blurred photo the top
    border of the card lying over a strip may not look white enough to be
    paper, but it still shows as a bright line across the whole width,
    darker on both sides (artwork and printed badges never span it; glare
    is no line)."""
    across, lift, rows = _lines_across(card, bal)
    h = len(across)
    least = int(round(C.MIN_VISIBLE_FRACTION * 0.8 * C.INNER_H_MM / C.INNER_W_MM * field_patch(bal, card).shape[1]))
    keep = (rows >= least) & (rows < h - least)
    if not keep.any():
        return [card]
    best = int(np.argmax(np.where(keep, lift, -np.inf)))
    row = int(rows[best])
    if across[row] < C.SPLIT_MIN_WHITE or lift[best] < C.SPLIT_CONTRAST:
        return [card]
    return cut_across(card, row / h)


def without_doubles(houses: list[list[Card]], fields: list[Field]) -> list[list[Card]]:
    """houses without each part cut off a field (split_merged: its field is
    none of `fields`) that lies mostly on another card found as a field: a
    field the strips of two cards ran together in (their border too faint
    for one mask) was kept whole while a wider mask or split_field.py found
    the lower card's strip on its own too, so the cut gave that card a
    second time (facade dev 13215, 13217: a house one card too tall)."""
    found = {id(f) for f in fields}
    cards = [c for h in houses for c in h]
    polys = [c.quad.astype(np.float32) for c in cards]
    areas = [abs(float(cv2.contourArea(q))) for q in polys]
    doubles = {id(card) for i, card in enumerate(cards) if id(card.field) not in found and areas[i] > 0 and any(
        j != i and id(other.field) in found and
        cv2.intersectConvexConvex(polys[i], polys[j])[0] >= DOUBLE_MIN_SHARE * areas[i]
        for j, other in enumerate(cards))}
    if not doubles:
        return houses
    return [kept for h in houses if (kept := [c for c in h if id(c) not in doubles])]


def split_store(card: Card, share: float) -> list[Card]:
    """A store whose field is taller than a store's by a tucked strip's
    visible part (the border between them did not look like paper) split
    into that strip and the store: at the bright line across nearest the
    height a store has in this street (share: of the field, from its top),
    or at that height when no line shows. Upper part first, as split_merged."""
    parts = cut_across(card, share)
    parts[0].role_confidence = min(parts[0].role_confidence, 0.6)
    parts[0].notes.append("split off the store below it (the line between them was faint); check it")
    parts[1].full = True
    return parts


def store_line(card: Card, bal: np.ndarray, share: float) -> float:
    """Where (share of the field from its top) the line across a merged
    store and strip lies: the brightest line across within a little of the
    expected share, or the expected share itself."""
    across, lift, rows = _lines_across(card, bal)
    h = len(across)
    near = np.abs(rows / h - share) <= C.STORE_LINE_WINDOW
    if not near.any():
        return share
    best = int(np.argmax(np.where(near, lift, -np.inf)))
    return float(rows[best] / h) if lift[best] >= C.STORE_LINE_CONTRAST else share


def _lines_across(card: Card, bal: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per row of the card's upright field: how bright it is right across
    (a low percentile of its weakest channel), how much brighter than the
    strip both above and below it, and the rows that lift is known for."""
    patch = field_patch(bal, card)
    lo = patch.min(axis=2)
    h, w = lo.shape
    across = np.percentile(lo[:, int(0.02 * w):int(0.98 * w) + 1], C.SPLIT_PERCENTILE, axis=1)
    k = max(2, int(round(C.SPLIT_SIDE_MM * w / C.INNER_W_MM)))
    rows = np.arange(1, max(h - 1, 1))
    return across, across[rows] - side_minima(across, rows, k), rows


def side_minima(across: np.ndarray, rows: np.ndarray, k: int) -> np.ndarray:
    """For each row r: the larger of the least value in the k rows above it
    and in the k rows below it (as far as there are rows), that is
    max(across[max(0, r - k):r].min(), across[r + 1:r + 1 + k].min()),
    for all rows at once (r from 1 to len - 2: both sides have a row)."""
    if len(rows) == 0:
        return np.array([])  # as the list of no rows gave
    pad = np.full(k, np.inf, across.dtype)
    windows = np.lib.stride_tricks.sliding_window_view
    above = windows(np.concatenate([pad, across]), k).min(axis=1)  # [r]: rows r - k .. r - 1
    below = windows(np.concatenate([across, pad]), k).min(axis=1)  # [r]: rows r .. r + k - 1
    return np.maximum(above[rows], below[rows + 1])


def cut_across(card: Card, t: float) -> list[Card]:
    """The card cut by a line across at share t of its height: the upper part first."""
    tl, tr, br, bl = card.quad
    left, right = tl + t * (bl - tl), tr + t * (br - tr)
    parts = []
    for quad, share in ((np.array([tl, tr, right, left]), t), (np.array([left, right, br, bl]), 1 - t)):
        f = card.field
        part = Field(quad.astype(np.float32), quad.mean(axis=0), f.angle, (f.size[0], f.size[1] * share),
                     f.area * share, f.ring_white)
        parts.append(Card(part, quad.astype(np.float32), False))
    return parts


def fill_gaps(house: list[Card], bal: np.ndarray, v: np.ndarray, width: float, height: float) -> list[Card]:
    """The house (bottom up) with a card put in each gap that one hidden
    strip explains: between two cards of a house lies the strip of the card
    tucked under the lower one, its field a border's width from each; it is
    taken for a card when the place is bright with some card colour left
    (glare), not the table. Anything else stays a gap (refused later)."""
    border = width * C.BORDER_MM / C.INNER_W_MM
    out = [house[0]]
    for upper in house[1:]:
        lower = out[-1]
        gap = float(np.min(lower.quad @ v) - np.max(upper.quad @ v))
        if gap > C.MAX_STACK_GAP * height:
            hidden = _hidden_strip(lower, upper, bal, border, height)
            if hidden is not None:
                out.append(hidden)
        out.append(upper)
    return out


def _hidden_strip(lower: Card, upper: Card, bal: np.ndarray, border: float, height: float) -> Card | None:
    """The strip between upper's field and lower's, if it looks like a card."""
    _, _, u_br, u_bl = upper.quad
    l_tl, l_tr, _, _ = lower.quad

    def inset(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        d = b - a
        t = border / max(float(np.linalg.norm(d)), 1e-6)
        return a + t * d, b - t * d

    tl, bl = inset(u_bl, l_tl)
    tr, br = inset(u_br, l_tr)
    quad = np.array([tl, tr, br, bl], np.float32)
    strip = float((np.linalg.norm(bl - tl) + np.linalg.norm(br - tr)) / 2)
    if not C.MIN_VISIBLE_FRACTION * 0.5 * height <= strip <= C.GAP_MAX_STRIP * height:
        return None
    w = int(C.INNER_W_MM * 2)
    patch = rectify(bal, quad, w, max(4, int(round(w * strip / max(float(np.linalg.norm(tr - tl)), 1)))))
    hi, lo = patch.max(axis=2), patch.min(axis=2)
    chroma = (hi - lo) / np.maximum(hi, 1e-3)
    if hi.mean() < C.GAP_MIN_BRIGHT or (chroma > C.GAP_COLOUR_CHROMA).mean() < C.GAP_MIN_COLOUR:
        return None
    f = lower.field
    field = Field(quad, quad.mean(axis=0), f.angle, (f.size[0], strip), strip * f.size[0], 1.0)
    card = Card(field, quad, False)
    card.notes.append("this card is only partly seen (glare?); check it")
    return card


def split_tall_stores(houses: list[list[Card]], bal: np.ndarray, u: np.ndarray, v: np.ndarray) -> int:
    """Each house (bottom up) whose store is taller for its width than the
    stores nearest it by more than a tucked strip's least visible part is a
    store merged with the strip above it: split in two. Compared with the
    nearest stores, as a tilted phone changes the proportions across the
    photo. Returns how many were split."""
    stores = [(i, h[0]) for i, h in enumerate(houses) if h and h[0].full]
    if len(stores) < 3:
        return 0
    xs = np.array([float(c.field.centre @ u) for _, c in stores])
    aspects = np.array([np.ptp(c.quad @ v) / max(float(np.ptp(c.quad @ u)), 1.0) for _, c in stores])
    split = 0
    for k, (i, store) in enumerate(stores):
        near = [j for j in np.argsort(np.abs(xs - xs[k])) if j != k][:C.STORE_NEIGHBOURS]
        ref = float(np.median(aspects[near]))
        if aspects[k] < C.STORE_MERGED * ref:
            continue
        share = store_line(store, bal, 1 - ref / aspects[k])
        upper, lower = split_store(store, share)
        houses[i][0:1] = [lower, upper]
        split += 1
    return split
