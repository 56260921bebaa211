"""Recognising a card of the group's catalog from the part of it that shows
in a street photo (a tucked window shows only its top).

Two opinions must agree. ORB features matched one entry at a time must be
explained by a similarity that puts the visible part where it sits on the
card (its top, in place, upright or turned half round); then the entry's
small grey picture, laid over the visible part by that similarity, must look
like it almost everywhere (normalised cross-correlation in square tiles), and
in a few tiles clearly better than any other entry does: print such as
icons, digits and words is shared by many cards and tells none apart. The
best entry must beat the runner-up clearly. Anything less is "unknown": a wrong card would fill in
wrong values without anyone noticing."""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from . import constants as C
from . import fastmatch
from .catalog import (
    CANON_H,
    CANON_W,
    THUMB_H,
    THUMB_W,
    TILE,
    Catalog,
    Entry,
    Pool,
    features,
    grey_field,
    normalised,
    tile_sums,
)


class Match(NamedTuple):
    """A catalog entry for a card. by_place: found by its place alone (its
    features matched nothing), a proposal the person confirms: such a match
    cannot be told from a look-alike card missing from the catalog as surely
    as one that features vouch for, and a wrong card silently fills in wrong
    points."""
    entry: Entry
    confidence: float
    by_place: bool = False


def match_card(catalog: Catalog, photo: np.ndarray, quad: np.ndarray, gains: np.ndarray,
               role: str, aspect: float, colour: str | None = None) -> Match | None:
    """The catalog entry this card is, with a confidence, or None (unknown).
    quad: the visible field's TL, TR, BR, BL in photo pixels; aspect: its
    height over its width on the table (perspective taken out); colour: the
    card's colour as read from the photo, when sure: entries of another
    colour are not this card (many decks print the same art in several
    colours, which grey pictures cannot tell apart)."""
    h = max(8, int(min(round(CANON_W * aspect), CANON_H * 1.1)))
    grey = grey_field(photo, quad, gains, h)
    q_pts, desc = features(grey, C.ORB_FEATURES_QUERY)
    pool = catalog.pool(role)
    if colour not in {e.color for e in pool.entries}:
        colour = None  # the catalog names its colours otherwise
    allowed = np.array([colour is None or e.color is None or e.color == colour for e in pool.entries], bool)
    px_per_mm = float(np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / (2 * C.INNER_W_MM)
    limit = twin_patch_limit(px_per_mm)
    if desc is not None and len(q_pts) >= C.MIN_INLIERS:
        found = _best(pool, grey, q_pts, desc, allowed, limit)
        if found is not None:
            return Match(*found)
    if role == "store":
        # A store shows its whole field: features that fail there mean a card
        # not in the catalog, or a near-twin, which place alone cannot tell.
        return None
    placed = by_layout(pool, grey, allowed, limit)
    return None if placed is None else Match(placed[0], min(placed[1], C.LAYOUT_CONFIDENCE), by_place=True)


def twin_patch_limit(px_per_mm: float) -> float:
    """The patch error allowed where twins differ: a card seen with few
    pixels per mm is blurred at the thumbnail's scale, so even the right card
    differs more there; sharp cards are held to the strict limit."""
    (lo_px, hi_px), (lo_err, hi_err) = C.TWIN_PATCH_PX_PER_MM, C.TWIN_MAX_PATCH_ERROR
    t = min(1.0, max(0.0, (px_per_mm - lo_px) / (hi_px - lo_px)))
    return hi_err + t * (lo_err - hi_err)


def _best(pool: Pool, grey: np.ndarray, q_pts: np.ndarray, q_desc: np.ndarray,
          allowed: np.ndarray | None = None, patch_limit: float | None = None) -> tuple[Entry, float] | None:
    """Shortlist the entries most query features point to in the shared
    index, then match the query against each alone (a feature printed on many
    cards fails a ratio test over the whole catalog but not within one card);
    the geometric check and the template check tell the cards apart."""
    entries = pool.entries
    if len(entries) == 0 or len(pool.owner) < 2:
        return None
    votes = np.zeros(len(entries))
    for pair in pool.index.knnMatch(q_desc, k=2):
        for rank, m in enumerate(pair):
            votes[pool.owner[m.trainIdx]] += 1.0 if rank == 0 else 0.5
    if allowed is not None:
        votes[~allowed] = 0
    matcher = cv2.BFMatcher(cv2.NORM_HAMMING)
    scored: list[tuple[float, int, int]] = []
    for k in (int(k) for k in np.argsort(-votes)[:C.SHORTLIST] if votes[k] > 0):
        pairs = matcher.knnMatch(q_desc, entries[k].desc, k=2)
        good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < C.MATCH_RATIO * p[1].distance]
        if len(good) < C.MIN_INLIERS:
            continue
        q = q_pts[[m.queryIdx for m in good]]
        e = entries[k].points[[m.trainIdx for m in good]]
        inliers, M = verify(q, e, grey.shape[0])
        if inliers >= C.MIN_INLIERS and M is not None:
            scored.append((template_score(grey, k, M, pool, allowed), inliers, k, M))
    if not scored:
        return None
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    ncc, inliers, k, M = scored[0]
    second = max(scored[1][0], 0.0) if len(scored) > 1 else 0.0
    if ncc >= C.TEMPLATE_MIN_NCC and ncc - second < C.TEMPLATE_MARGIN:
        settled = _settle_twins(pool, grey, scored, allowed, patch_limit)
        if settled is not None:
            return settled
    if ncc < C.TEMPLATE_MIN_NCC or ncc - second < C.TEMPLATE_MARGIN:
        return None
    if inliers < C.MIN_INLIER_SHARE * max(s[1] for s in scored):
        return None  # the features point elsewhere, more strongly
    if not tells_twins_apart(*_laid(grey, M), pool.thumbs, k, allowed, patch_limit):
        return None  # where it differs from its twins, the card is not clearly this entry
    conf = min(0.99, 0.5 + (ncc - second)) * min(1.0, inliers / (2 * C.MIN_INLIERS))
    return entries[k], round(float(conf), 2)


def _settle_twins(pool: Pool, grey: np.ndarray, scored: list, allowed: np.ndarray | None,
                  patch_limit: float | None) -> tuple[Entry, float] | None:
    """Two or more near-twins (the same art, other icons) score alike over
    the whole visible part, which they mostly share: where they differ
    decides. The entry is taken when it alone of them passes the twin check
    there, all the other close candidates are its twins differing in at
    least TWIN_SETTLE_SHARE of the seen part (not a sliver such as a digit
    or a word), it beats every other candidate by the template margin, and
    its features are not outnumbered."""
    ncc = scored[0][0]
    close = [s for s in scored if s[0] >= C.TEMPLATE_MIN_NCC and ncc - s[0] < C.TEMPLATE_MARGIN]
    rest = [s for s in scored if s[2] not in {c[2] for c in close}]
    passing = [s for s in close if tells_twins_apart(*_laid(grey, s[3]), pool.thumbs, s[2], allowed, patch_limit)]
    if len(passing) != 1:
        return None
    score, inliers, k, M = passing[0]
    a, wt = _laid(grey, M)
    twins = {j for j, region in twin_regions(pool.thumbs, k, wt > 0.5)
             if region.sum() >= C.TWIN_SETTLE_SHARE * (wt > 0.5).sum()}
    if any(s[2] != k and s[2] not in twins for s in close):
        return None  # a close candidate that is no twin: the art itself is in doubt
    if rest and score - max(rest[0][0], 0.0) < C.TEMPLATE_MARGIN:
        return None
    if inliers < C.MIN_INLIER_SHARE * max(s[1] for s in scored):
        return None
    conf = 0.5 * min(1.0, inliers / (2 * C.MIN_INLIERS))
    return pool.entries[k], round(float(conf), 2)


def verify(q_pts: np.ndarray, e_pts: np.ndarray, height: int) -> tuple[int, np.ndarray | None]:
    """Inliers of a similarity (RANSAC) that puts the visible part where it
    sits on the card: same scale, upright or turned half round, its top at
    the card's top; the inliers spread over the visible part as a card's own
    artwork is (icons alike on many cards cover only a patch). The
    similarity maps query pixels to entry pixels; (0, None) if none."""
    M, mask = cv2.estimateAffinePartial2D(q_pts, e_pts, method=cv2.RANSAC,
                                          ransacReprojThreshold=C.RANSAC_REPROJ_PX)
    if M is None or mask is None:
        return 0, None
    corners = np.array([[0, 0], [CANON_W, 0], [CANON_W, height], [0, height]], np.float32)
    mapped = corners @ M[:, :2].T + M[:, 2]
    turned = np.array([CANON_W, CANON_H], np.float32) - corners
    err = min(np.abs(mapped - corners).max(), np.abs(mapped - turned).max())
    if err > C.MAX_CORNER_ERROR * CANON_W:
        return 0, None
    inl = q_pts[mask.ravel() > 0]
    if len(inl) < 3 or cv2.contourArea(cv2.convexHull(inl)) < C.MIN_INLIER_SPREAD * CANON_W * height:
        return 0, None
    return int(mask.sum()), M


_QUERY: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # the last visible part's (grey, query, inside)


def _query(grey: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The visible part at the thumbnail's scale, normalised, and where it
    is seen (its rim left out). One card is laid onto many entries and
    places, so the last card's is kept (the cache holds the very array, so
    it is never taken for another)."""
    last = _QUERY[0] if _QUERY else None
    if last is not None and last[0] is grey:
        return last[1], last[2]
    f = C.THUMB_PX_PER_MM / C.CANON_PX_PER_MM
    h = max(4, int(round(grey.shape[0] * f)))
    query = normalised(cv2.resize(grey, (THUMB_W, h), interpolation=cv2.INTER_AREA))
    inside = np.zeros((h, THUMB_W), np.float32)
    m = max(1, int(round(C.TEMPLATE_EDGE_MM * C.THUMB_PX_PER_MM)))
    inside[m:h - m, m:THUMB_W - m] = 1.0
    _QUERY[:] = [(grey, query, inside)]
    return query, inside


def _laid(grey: np.ndarray, M: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The visible part (canonical px) normalised and laid onto the entry's
    thumbnail frame by M, and where it is seen (1) there."""
    query, inside = _query(grey)
    small = M.astype(np.float64).copy()
    small[:, 2] *= C.THUMB_PX_PER_MM / C.CANON_PX_PER_MM
    a = cv2.warpAffine(query, small, (THUMB_W, THUMB_H), flags=cv2.INTER_LINEAR)
    wt = (cv2.warpAffine(inside, small, (THUMB_W, THUMB_H), flags=cv2.INTER_LINEAR) > 0.5).astype(np.float32)
    return a, wt


def percentile(values: np.ndarray, q: float) -> float:
    """np.percentile(values, q) (its default, linear method) of a 1-d array,
    to the bit, without its overhead: it ran for every entry and place of
    every card."""
    n = len(values)
    vi = (n - 1) * (q / 100)
    lo = int(np.floor(vi))
    hi = min(lo + 1, n - 1)
    part = np.partition(values, (lo, hi)) if n > 1 else values
    a, b = part[lo], part[hi]
    t = vi - lo
    d = b - a
    return float(b - d * (1 - t) if t >= 0.5 else a + d * t)


def twin_regions(thumbs: np.ndarray, k: int, seen: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """Entry k's near-twins (entries whose picture differs from k's only in a
    small share of the seen part: the same print with another token, digit
    or word) and, for each, the pixels where the two differ."""
    return fastmatch.twin_regions(thumbs, k, seen)  # worked out only round the seen part


def tells_twins_apart(a: np.ndarray, wt: np.ndarray, thumbs: np.ndarray, k: int,
                      allowed: np.ndarray | None = None, patch_limit: float | None = None) -> bool:
    """Where entry k differs from a near-twin, the visible part must look
    like k patch by patch (a few mm): a card missing from the catalog agrees
    with its twin everywhere but in one word or digit, which the tile scores
    average away. And it must be clearly closer to k than to any twin it may
    be (allowed). A twin whose differences are not seen cannot be ruled out,
    so the match is doubtful."""
    seen = wt > 0.5
    err_k = np.abs(a - thumbs[k])
    side = int(round(C.TWIN_PATCH_MM * C.THUMB_PX_PER_MM)) | 1
    for j, region in twin_regions(thumbs, k, seen):
        rival = allowed is None or bool(allowed[j])
        if region.sum() < C.TWIN_MIN_PIXELS:
            if rival:
                return False
            continue
        r = region.astype(np.float32)
        num = cv2.boxFilter(err_k * r, -1, (side, side), normalize=False)
        den = cv2.boxFilter(r, -1, (side, side), normalize=False)
        full = den >= C.TWIN_PATCH_FILL * side * side
        if full.any() and float((num[full] / den[full]).max()) > (C.TWIN_MAX_PATCH_ERROR[0] if patch_limit is None else patch_limit):
            return False
        if rival and float(err_k[region].mean()) > C.TWIN_MAX_RIVAL_RATIO * float(np.abs(a - thumbs[j])[region].mean()):
            return False
    return True


def tile_ncc(a: np.ndarray, wt: np.ndarray, thumbs: np.ndarray, pick: np.ndarray | None = None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Correlations of the laid visible part with each thumbnail in square
    tiles (entries x tile rows x tile columns), over the tile rows the
    visible part reaches; which tiles are seen enough, and each entry's own
    texture there (pick: only these thumbnails, only their seen rows copied)."""
    rows = np.nonzero(tile_sums(wt).sum(axis=1) > 0)[0]
    if len(rows) == 0:
        empty = np.zeros((len(thumbs) if pick is None else len(pick), 0, 0), np.float32)
        return empty, np.zeros((0, 0), bool), empty
    top, bottom = rows[0] * TILE, (rows[-1] + 1) * TILE
    a, wt, b = a[top:bottom], wt[top:bottom], thumbs[:, top:bottom] if pick is None else thumbs[pick, top:bottom]
    sw = tile_sums(wt)
    ok = sw >= C.TEMPLATE_TILE_FILL * TILE * TILE
    sw = np.maximum(sw, 1e-6)
    wb = wt * b  # (wt * b) * b is wt * b * b, worked out once
    ma, mb = tile_sums(wt * a) / sw, tile_sums(wb) / sw
    va = tile_sums(wt * a * a) / sw - ma * ma
    vb = tile_sums(wb * b) / sw - mb * mb
    ncc = (tile_sums(wt * a * b) / sw - ma * mb) / np.sqrt(np.maximum(va * vb, 1e-6))
    return ncc, ok, vb


def tile_verdict(ncc: np.ndarray, ok: np.ndarray, vb: np.ndarray, k: int, rivals: np.ndarray) -> float:
    """Entry k's score from the tile correlations: a low percentile of its
    tiles, or -1 when too few tiles are textured or when it does not beat
    every rival clearly in a few tiles."""
    ok = ok & (vb[k] >= C.TEMPLATE_TILE_TEXTURE)
    own = ncc[k]
    rivals = rivals.copy()
    rivals[k] = False
    other = ncc[rivals].max(axis=0) if rivals.any() else np.full_like(own, -1.0)
    wins = ok & (own >= C.TEMPLATE_MIN_NCC) & (own - other >= C.TEMPLATE_TILE_WIN)
    if ok.sum() < C.TEMPLATE_MIN_TILES or wins.sum() < C.TEMPLATE_MIN_WINS:
        return -1.0
    return percentile(own[ok], C.TEMPLATE_TILE_PERCENTILE)


def template_score(grey: np.ndarray, k: int, M: np.ndarray, pool: Pool, allowed: np.ndarray | None = None
                   ) -> float:
    """How well the visible part (canonical px), laid onto entry k's grey
    field by M, agrees with it: a low percentile of the correlations in
    square tiles, so the right card agrees almost everywhere while a card
    sharing its print agrees only where the print is. And the visible part
    must tell entry k from every other entry somewhere: in a few tiles it
    must agree with k clearly better than with any other (print shared with
    another card never does); -1 when it does not. allowed: the entries
    this card may be (others, of another colour, are no rivals)."""
    a, wt = _laid(grey, M)
    # Only k and its possible rivals are compared (a sure colour rules most entries out).
    if allowed is None or allowed.all():
        pick = np.arange(len(pool.thumbs))
        rivals = np.ones(len(pool.thumbs), bool)
    else:
        chosen = allowed.copy()
        chosen[k] = True
        pick = np.nonzero(chosen)[0]
        rivals = allowed[pick].copy()
        k = int(np.searchsorted(pick, k))
    ncc, ok, vb = tile_ncc(a, wt, pool.thumbs, pick)
    if ok.size == 0:
        return -1.0
    return tile_verdict(ncc, ok, vb, k, rivals)


def by_layout(pool: Pool, grey: np.ndarray, allowed: np.ndarray | None = None,
              patch_limit: float | None = None) -> tuple[Entry, float] | None:
    """The card by its place alone, when its features matched no entry: the
    finder's outline already puts the visible part at the top of the card,
    upright or turned half round, so each entry is laid there (and the ones
    it looks most like there a little shifted, for outline errors) and
    judged by the template check. Flat art
    (a slate roof under a pale sky, plain window panes) gives too few or too
    clustered ORB features, but its shapes still tell the cards apart. The
    best entry must beat every other entry, in any of these places, by a
    margin wider than a feature match needs (a card missing from the catalog
    may share a known card's roof shape), and tell itself from its
    near-twins."""
    pick = np.arange(len(pool.entries)) if allowed is None else np.nonzero(allowed)[0]
    if len(pick) < 2:
        return None
    best = np.full(len(pick), -1.0)
    where = np.zeros((len(pick), 2, 3))
    alike = np.full(len(pick), -1.0)
    # Laid in place, upright and turned, against every entry it may be ...
    for M in _placements(0, 0):
        ncc, ok, vb = tile_ncc(*_laid(grey, M), pool.thumbs, pick)
        if ok.size == 0:
            return None
        score = tile_verdicts(ncc, ok, vb)
        better = score > best
        best[better], where[better] = score[better], M
        use = ok & (vb >= C.TEMPLATE_TILE_TEXTURE)
        alike = np.maximum(alike, (ncc * use).sum(axis=(1, 2)) / np.maximum(use.sum(axis=(1, 2)), 1))
    # ... then a little off, against the entries it looks most like there
    near = np.argsort(-alike)[:C.LAYOUT_NEAREST]
    step = C.LAYOUT_SHIFT_PX
    for dx, dy in ((dx, dy) for dx in (-step, 0, step) for dy in (-step, 0, step) if dx or dy):
        for M in _placements(dx, dy):
            ncc, ok, vb = tile_ncc(*_laid(grey, M), pool.thumbs, pick[near])
            if ok.size == 0:
                continue
            score = tile_verdicts(ncc, ok, vb)
            better = score > best[near]
            best[near[better]], where[near[better]] = score[better], M
    order = np.argsort(-best)
    i = int(order[0])
    second = max(float(best[order[1]]), 0.0)
    if best[i] < C.LAYOUT_MIN_NCC or best[i] - second < C.LAYOUT_MARGIN:
        return None
    k = int(pick[i])
    if not tells_twins_apart(*_laid(grey, where[i]), pool.thumbs, k, allowed, patch_limit):
        return None
    conf = min(0.99, 0.5 + (best[i] - second))
    return pool.entries[k], round(float(conf), 2)


def _placements(dx: float, dy: float) -> tuple[np.ndarray, np.ndarray]:
    """The visible part at the card's top, upright and turned half round,
    moved by (dx, dy) canonical px."""
    return (np.array([[1.0, 0.0, dx], [0.0, 1.0, dy]]),
            np.array([[-1.0, 0.0, CANON_W + dx], [0.0, -1.0, CANON_H + dy]]))


def tile_verdicts(ncc: np.ndarray, ok: np.ndarray, vb: np.ndarray) -> np.ndarray:
    """tile_verdict for every entry at once, each against all the others."""
    n = len(ncc)
    flat = ncc.reshape(n, -1)
    top2 = np.sort(flat, axis=0)[-2:] if n > 1 else np.full((2, flat.shape[1]), -1.0)
    other = np.where(flat >= top2[1], top2[0], top2[1])  # the best of the others, tile by tile
    good = ok.reshape(1, -1) & (vb.reshape(n, -1) >= C.TEMPLATE_TILE_TEXTURE)
    wins = good & (flat >= C.TEMPLATE_MIN_NCC) & (flat - other >= C.TEMPLATE_TILE_WIN)
    out = np.full(n, -1.0)
    for i in np.nonzero((good.sum(axis=1) >= C.TEMPLATE_MIN_TILES) & (wins.sum(axis=1) >= C.TEMPLATE_MIN_WINS))[0]:
        out[i] = percentile(flat[i][good[i]], C.TEMPLATE_TILE_PERCENTILE)
    return out
