"""Cards found from their house's column when the white-paper mask did not
close their field off (a pale sky or a printed banner touching the border,
a border broken by glare or blur, a field whose silhouette is no
rectangle). The rules stack a house's cards in one column, each of the
column's width, so past the top card of a house the next card, if any, is
where its column goes on: its own side borders (paper) continue the
column's sides, its coloured field lies between them, and its top border
closes it off. Nothing here assumes a deck's border width or proportions:
the border is measured in the photo, heights are judged against the
street's own stores. A card too pale to show colour (a grey roof under a
pale sky balances to paper) is known by its outline alone: its side
borders going on up the column and stopping together past its top border."""

from __future__ import annotations

import cv2
import numpy as np

from . import column_constants as K
from . import constants as C
from .find import Field, paper_mask
from .structure import Card, rectify


def extend_columns(houses: list[list[Card]], bal: np.ndarray, height: float,
                   taken: list[np.ndarray] | None = None) -> int:
    """Add to each house (bottom up) the cards its column shows above its
    top card that were not found; returns how many were added. taken: quads
    of card-shaped things already reported, never found twice."""
    added = 0
    for house in houses:
        added += _fill_holes(house, bal, height, taken or [])
        for _ in range(K.COLUMN_MAX_ADDED):
            card = card_above(house[-1], bal, height)
            if card is None and not glare_above(house[-1], bal, height):  # glare: named below, as it was
                card = card_by_sides(house[-1], bal, height)
            if card is None or _already(card, taken or []):
                break
            house.append(card)
            added += 1
        if len(house) >= 2 and glare_above(house[-1], bal, height):
            top = house[-1]
            top.role_confidence = min(top.role_confidence, 0.5)
            top.notes.append("glare over the column right above this card may hide another card of this "
                             "house (its roof?); check it")
    return added


def _fill_holes(house: list[Card], bal: np.ndarray, height: float, taken: list[np.ndarray]) -> int:
    """A card in each hole inside a house (more bare than a border between
    two of its cards) where the column shows one: found from the card below
    the hole, it must lie below the card above it."""
    added, k = 0, 0
    while k + 1 < len(house):
        lower, upper = house[k], house[k + 1]
        up = (lower.quad[0] + lower.quad[1] - lower.quad[2] - lower.quad[3]).astype(np.float64)
        up /= max(float(np.linalg.norm(up)), 1e-6)
        hole = float(np.min(upper.quad @ up) - np.max(lower.quad @ up))  # lower's top to upper's bottom
        if hole > C.MAX_STACK_GAP * height:
            card = card_above(lower, bal, height)
            if card is not None and not _already(card, taken) and \
                    float(card.field.centre @ up) < float(np.min(upper.quad @ up)):
                house.insert(k + 1, card)
                added += 1
        k += 1
    return added


def _already(card: Card, taken: list[np.ndarray]) -> bool:
    pt = (float(card.field.centre[0]), float(card.field.centre[1]))
    return any(cv2.pointPolygonTest(q.reshape(-1, 1, 2).astype(np.float32), pt, False) >= 0 for q in taken)


def column_patch(top: Card, bal: np.ndarray, reach: float) -> tuple[np.ndarray, np.ndarray, float] | None:
    """The photo above a card, upright with row 0 at the card's top edge and
    rows going up the column, widened on both sides to take in the side
    borders; the quad of that region (TL, TR, BR, BL as rectified: the near
    left corner first) and the margin in patch px. None when it leaves the
    photo."""
    tl, tr, br, bl = top.quad.astype(np.float64)
    left_up, right_up = tl - bl, tr - br
    left_up /= max(np.linalg.norm(left_up), 1e-6)
    right_up /= max(np.linalg.norm(right_up), 1e-6)
    across = tr - tl
    width = float(np.linalg.norm(across))
    if width < 8:
        return None
    across /= width
    margin = K.COLUMN_SIDE_MARGIN * width
    near_l, near_r = tl - margin * across, tr + margin * across
    far_l, far_r = near_l + reach * left_up, near_r + reach * right_up
    quad = np.array([near_l, near_r, far_r, far_l], np.float32)
    h, w = bal.shape[:2]
    if quad[:, 0].min() < 0 or quad[:, 1].min() < 0 or quad[:, 0].max() >= w or quad[:, 1].max() >= h:
        return None
    pw, ph = int(round(width + 2 * margin)), int(round(reach))
    return rectify(bal, quad, pw, ph), quad, margin * pw / (width + 2 * margin)


def side_track(paper: np.ndarray, edge: int, band: int, out: int) -> np.ndarray:
    """Paper pixels per row in one side border's band, the band followed row
    by row up the column: the card above may lean against the one below
    (the camera's tilt, a card laid askew), so its side drifts out of a
    fixed band. The band moves to keep the paper it holds at its middle, at
    most one pixel a row and one band's width in all. edge: the field's
    edge column; out: -1 for the left side, 1 for the right."""
    ph, pw = paper.shape
    # per row, the paper pixels and the sum of their columns left of each column (prefix sums): a
    # band's count and mean column from two look-ups, not a slice and np.nonzero per row (whole
    # numbers: the mean is the very quotient np.mean gives)
    held = paper.astype(bool).astype(np.int64)
    zero = np.zeros((ph, 1), np.int64)
    many = np.hstack([zero, np.cumsum(held, axis=1)]).tolist()
    where = np.hstack([zero, np.cumsum(held * np.arange(pw, dtype=np.int64), axis=1)]).tolist()
    shift, counts = 0, [0] * ph
    for r in range(ph):
        a = edge + shift if out > 0 else edge + shift - band
        lo, hi = max(0, a), min(pw, a + band + 1)
        start, stop, _ = slice(lo, hi).indices(pw)  # the columns paper[r, lo:hi] takes
        n = many[r][stop] - many[r][start] if stop > start else 0
        counts[r] = n
        if n:
            off = (where[r][stop] - where[r][start] - start * n) / n + lo - (a + band / 2)
            if abs(off) > 1:
                shift = min(band, max(-band, shift + (1 if off > 0 else -1)))
    return np.array(counts, np.int64)


def _column_paper(top: Card, bal: np.ndarray, height: float
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
    """The column above `top` (column_patch) as paper: its quad, the paper
    mask, the mask's inner part (inside the field's margins, 5% in from each
    side) and the margin in pixels; None off the photo or when too narrow."""
    got = column_patch(top, bal, K.COLUMN_REACH * height)
    if got is None:
        return None
    patch, quad, margin = got
    paper = paper_mask(patch)
    pw = paper.shape[1]
    m = int(round(margin))
    inner = paper[:, m + int(0.05 * pw):pw - m - int(0.05 * pw)]
    if inner.shape[1] < 4:
        return None
    return quad, paper, inner, m


def _paper_across(inner: np.ndarray) -> tuple[np.ndarray, int | None, int]:
    """Rows of paper right across the column (COLUMN_BORDER_PAPER of the
    inner part), the first of them within the top card's top border (its
    first 4 rows; None if none) and how many follow on from it: the top
    card's own border, and whatever paper-like lies above it."""
    across = inner.mean(axis=1) >= K.COLUMN_BORDER_PAPER
    if not across[:4].any():
        return across, None, 0
    first = int(np.argmax(across[:4]))
    run = int(np.argmin(across[first:])) if not across[first:].all() else len(across) - first
    return across, first, run


def glare_above(top: Card, bal: np.ndarray, height: float) -> bool:
    """Whether glare lies right above a house's top card and colour goes on
    past it: paper across the column from the card's top edge, for longer
    than a border can be, then rows of colour again (a card under the glare
    goes on there; bare table stays bare). A tucked card under the glare is
    neither found nor reported otherwise."""
    got = _column_paper(top, bal, height)
    if got is None:
        return False
    _, paper, inner, _ = got
    across, start, run = _paper_across(inner)
    if start is None:
        return False
    border = int(K.COLUMN_MAX_BORDER * paper.shape[1]) + 2
    if run <= border or run > K.GLARE_MAX_RUN * height:
        return False
    after = inner[start + run:start + run + max(2, int(K.GLARE_COLOUR_AFTER * height))].mean(axis=1)
    return len(after) > 0 and float(np.mean(1 - after >= K.COLUMN_MIN_COLOUR)) >= K.COLUMN_MIN_FIT


def card_above(top: Card, bal: np.ndarray, height: float) -> Card | None:
    """The card whose field continues the column above `top`, or None: past
    the top card's own top border (paper right across), rows with paper on
    both sides and mostly colour between them, closed by a row of paper
    across (the card's own top border), as tall as a tucked card's visible
    part can be."""
    got = _column_paper(top, bal, height)
    if got is None:
        return None
    quad, paper, inner, m = got
    ph, pw = paper.shape
    across = inner.mean(axis=1)  # share of paper right across the field's width
    # A printed banner (a pale label across the art) is paper-like over most of the width but
    # leaves colour at both ends, where a border runs right across: such rows count as colour.
    edge = max(2, int(K.COLUMN_BANNER_EDGE * (pw - 2 * m)))
    banner = (paper[:, m + 1:m + 1 + edge].mean(axis=1) < 0.5) & \
        (paper[:, pw - m - 1 - edge:pw - m - 1].mean(axis=1) < 0.5)
    across = np.where(banner, 0.0, across)
    # the top card's own top border: paper across, right at its edge
    limit = int(K.COLUMN_MAX_BORDER * pw) + 2
    first = np.nonzero(across[:4] >= K.COLUMN_BORDER_PAPER)[0]
    if not len(first):
        return None
    r = int(first[0])
    while r < min(limit, ph) and across[r] >= K.COLUMN_BORDER_PAPER:
        r += 1
    if r >= min(limit, ph):
        return None
    # a card's side borders are as thick as its top border: looked for that far outside the
    # field's edge only (a neighbouring house's border or a pale table lie further out)
    band = r - int(first[0]) + 2
    sides = np.minimum(side_track(paper, m, band, -1), side_track(paper, pw - m - 1, band, 1))
    least_side = max(1, min(band - 2, int(round(K.COLUMN_SIDE_MIN * pw))))
    start, good, miss = r, r, 0
    while r < ph:
        if across[r] >= K.COLUMN_BORDER_PAPER and r - start >= C.MIN_VISIBLE_FRACTION * 0.5 * height:
            break  # the next border across: this card's own top
        if 1 - across[r] >= K.COLUMN_MIN_COLOUR and sides[r] >= least_side:
            good, miss = r + 1, 0
        else:
            miss += 1
            if miss > max(2, K.COLUMN_MAX_BREAK * pw):
                return None  # the sides or the colour stop without a border across: no card
        r += 1
    if r >= ph or good - start < C.MIN_VISIBLE_FRACTION * 0.5 * height:
        return None
    # the rows to the border: nearly all of them with colour inside paper sides
    rows = np.arange(start, r)
    fits = ((1 - across[rows]) >= K.COLUMN_MIN_COLOUR) & (sides[rows] >= least_side)
    if fits.mean() < K.COLUMN_MIN_FIT:
        return None
    return _card_in_column(top, quad, ph, (start, r), 0.6,
                           "found from its house's column (its outline was not closed off); check it")


def card_by_sides(top: Card, bal: np.ndarray, height: float) -> Card | None:
    """The card above `top` known by its outline alone, when its field is
    too pale to pass for colour (grey roofs, pale skies and glare balance to
    paper): the column's side borders go on past the top card's top border
    for at least a tucked card's visible height, then stop together right
    after a row of paper across (that card's own top border, as thick as a
    border), with the table beyond. Bare table above a house stops the sides
    right at the top card's own border; a cloth's stripes never stop."""
    if float(np.linalg.norm(top.quad[0] - top.quad[3])) < C.MIN_VISIBLE_FRACTION * height:
        # a strip thinner than a tucked card shows: the coloured band of a card whose pale rest goes on
        # above it (wide-border 10705 and 10613: 0.07 and 0.14 of a store; the cards fired on: 0.49)
        return None
    got = _column_paper(top, bal, height)
    if got is None:
        return None
    quad, paper, inner, m = got
    ph, pw = paper.shape
    across, first, run = _paper_across(inner)
    if first is None:
        return None
    limit = int(K.COLUMN_MAX_BORDER * pw) + 2
    band = min(run, limit) + 2
    least_side = max(1, min(band - 2, int(round(K.COLUMN_SIDE_MIN * pw))))
    sides = np.minimum(side_track(paper, m, band, -1), side_track(paper, pw - m - 1, band, 1)) >= least_side
    stop_rows = max(3, int(K.SIDES_STOP * height))
    bare = np.convolve(~sides, np.ones(stop_rows, int), "valid") == stop_rows  # [r]: rows r.. have no sides
    stops = np.nonzero(bare[first:])[0]
    if not len(stops):
        return None  # the sides never stop (a cloth's stripes) or run off the column
    end = first + int(stops[0])
    # the closing border: paper across just below where the sides stop (a row or two of blur allowed)
    near = np.nonzero(across[max(first, end - 3):end])[0]
    if not len(near):
        return None
    close_top = max(first, end - 3) + int(near[-1])
    close = close_top
    while close > first and across[close - 1]:
        close -= 1
    # both borders are as thick: the one measured where it is not run together with a pale sky
    thick = next((t for t in (close_top + 1 - close, run) if 2 <= t <= limit), 0)
    close, start = close_top + 1 - thick, first + thick
    if not thick or close - start < C.MIN_VISIBLE_FRACTION * 0.5 * height:
        return None
    if sides[first:end].mean() < K.SIDES_MIN_SHARE:
        return None
    # paper nearly all the way (a pale sky and roof, or glare over a card): still a card's outline, doubted more
    pale = float(np.mean(inner[start:close].mean(axis=1) <= 1 - K.COLUMN_MIN_COLOUR)) < K.SIDES_MIN_COLOUR_ROWS
    return _card_in_column(top, quad, ph, (start, close), 0.4 if pale else 0.5,
                           "found from its house's column by its outline alone (its field looks as pale as "
                           f"paper{' nearly all the way: a pale card, or glare over one?' if pale else ''}); check it")


def _card_in_column(top: Card, quad: np.ndarray, ph: int, rows: tuple[int, int], confidence: float,
                    note: str) -> Card:
    """The card seen between two rows of the column patch above `top` (rows
    counted up from its top edge; `quad` the patch's corners, `ph` its rows),
    doubted with `confidence` and named in `note` for the person to check."""
    start, end = rows
    tl0, tr0 = top.quad[0].astype(np.float64), top.quad[1].astype(np.float64)
    left_up, right_up = (quad[3] - quad[0]) / ph, (quad[2] - quad[1]) / ph  # working px per patch row
    bl, br = tl0 + start * left_up, tr0 + start * right_up
    tl, tr = tl0 + end * left_up, tr0 + end * right_up
    q = np.array([tl, tr, br, bl], np.float32)
    f = top.field
    seen = float(np.linalg.norm(tl - bl))
    field = Field(q, q.mean(axis=0), f.angle, (f.size[0], seen), seen * float(np.linalg.norm(tr - tl)), 1.0)
    card = Card(field, q, False, role_confidence=confidence)
    card.notes.append(note)
    return card
