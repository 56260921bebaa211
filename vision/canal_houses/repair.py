"""Cards the white-paper mask did not close off on their own: two tucked
strips whose border between them looked coloured (blur, a small photo), and
a strip washed out by glare, which leaves a gap in its house."""

from __future__ import annotations

import numpy as np

from . import constants as C
from .find import Field
from .structure import Card, field_patch, rectify


def split_merged(card: Card, bal: np.ndarray) -> list[Card]:
    """A tucked strip that is really two: in a small, blurred photo the top
    border of the card lying over a strip may not look white enough to be
    paper, but it still shows as a bright line across the whole width,
    darker on both sides (artwork and printed badges never span it; glare
    is no line)."""
    patch = field_patch(bal, card)
    lo = patch.min(axis=2)
    h, w = lo.shape
    across = np.percentile(lo[:, int(0.02 * w):int(0.98 * w) + 1], C.SPLIT_PERCENTILE, axis=1)
    least = int(round(C.MIN_VISIBLE_FRACTION * 0.8 * C.INNER_H_MM / C.INNER_W_MM * w))
    if h <= 2 * least:
        return [card]
    k = max(2, int(round(C.SPLIT_SIDE_MM * w / C.INNER_W_MM)))
    rows = np.arange(least, h - least)
    sides = np.array([max(across[max(0, r - k):r].min(), across[r + 1:r + 1 + k].min()) for r in rows])
    lift = across[rows] - sides  # brighter than the strip both above and below it
    best = int(np.argmax(lift))
    row = int(rows[best])
    if across[row] < C.SPLIT_MIN_WHITE or lift[best] < C.SPLIT_CONTRAST:
        return [card]
    t = row / h
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
