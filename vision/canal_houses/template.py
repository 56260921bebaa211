"""The template check: a card's visible part laid over an entry's small
grey picture and compared in square tiles (normalised cross-correlation),
and near-twins told apart where their pictures differ. Shared by the
feature match (recognise.py) and the match by place (layout.py)."""

from __future__ import annotations

import cv2
import numpy as np

from . import constants as C
from . import fastmatch
from .catalog import (
    SPELT_TILES,
    THUMB_H,
    THUMB_W,
    TILE,
    Pool,
    normalised,
    spelt_out_sums,
    tile_sums,
)

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


def twin_regions(thumbs: np.ndarray, k: int, seen: np.ndarray, share_max: float | None = None
                 ) -> list[tuple[int, np.ndarray]]:
    """Entry k's near-twins (entries whose picture differs from k's only in a
    small share of the seen part, TWIN_MAX_SHARE unless share_max says: the
    same print with another token, digit or word) and, for each, the pixels
    where the two differ."""
    return fastmatch.twin_regions(thumbs, k, seen, share_max)  # worked out only round the seen part


def tells_twins_apart(a: np.ndarray, wt: np.ndarray, thumbs: np.ndarray, k: int,
                      allowed: np.ndarray | None = None, patch_limit: float | None = None,
                      share_max: float | None = None, rim: bool = True) -> bool:
    """Where entry k differs from a near-twin, the visible part must look
    like k patch by patch (a few mm): a card missing from the catalog agrees
    with its twin everywhere but in one word or digit, which the tile scores
    average away. And it must be clearly closer to k than to any twin it may
    be (allowed). A twin whose differences are not seen cannot be ruled out,
    so the match is doubtful. rim False: only patches wholly inside the seen
    part count (at its rim the outline's error and the covering card's edge
    and shadow blur a right card past the limit: inside_patches)."""
    seen = wt > 0.5
    err_k = np.abs(a - thumbs[k])
    side = int(round(C.TWIN_PATCH_MM * C.THUMB_PX_PER_MM)) | 1
    inner = None if rim else inside_patches(seen, side)
    for j, region in twin_regions(thumbs, k, seen, share_max):
        rival = allowed is None or bool(allowed[j])
        if region.sum() < C.TWIN_MIN_PIXELS:
            if rival:
                return False
            continue
        r = region.astype(np.float32)
        num = cv2.boxFilter(err_k * r, -1, (side, side), normalize=False)
        den = cv2.boxFilter(r, -1, (side, side), normalize=False)
        full = den >= C.TWIN_PATCH_FILL * side * side
        if inner is not None:
            full &= inner
        if full.any() and float((num[full] / den[full]).max()) > (C.TWIN_MAX_PATCH_ERROR[0] if patch_limit is None else patch_limit):
            return False
        if rival and float(err_k[region].mean()) > C.TWIN_MAX_RIVAL_RATIO * float(np.abs(a - thumbs[j])[region].mean()):
            return False
    return True


def inside_patches(seen: np.ndarray, side: int) -> np.ndarray:
    """Where a patch of this side centred there lies wholly inside the seen
    part (the thumbnail's own frame counts as inside: the seen part's rim
    there is already left out by TEMPLATE_EDGE_MM)."""
    return cv2.erode(seen.astype(np.uint8), np.ones((side, side), np.uint8)) > 0


def tile_ncc(a: np.ndarray, wt: np.ndarray, thumbs: np.ndarray, pick: np.ndarray | None = None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Correlations of the laid visible part with each thumbnail in square
    tiles (entries x tile rows x tile columns), over the tile rows the
    visible part reaches; which tiles are seen enough, and each entry's own
    texture there (pick: only these thumbnails, only their seen rows copied)."""
    every = tile_sums(wt)
    rows = np.nonzero(every.sum(axis=1) > 0)[0]
    if len(rows) == 0:
        empty = np.zeros((len(thumbs) if pick is None else len(pick), 0, 0), np.float32)
        return empty, np.zeros((0, 0), bool), empty
    top, bottom = rows[0] * TILE, (rows[-1] + 1) * TILE
    a, wt, b = a[top:bottom], wt[top:bottom], thumbs[:, top:bottom] if pick is None else thumbs[pick, top:bottom]
    # the band's weight sums are the whole grid's rows (each tile summed alike); the part's two sums in one call
    sw = every[rows[0]:rows[-1] + 1]
    ok = sw >= C.TEMPLATE_TILE_FILL * TILE * TILE
    swb, swbb = seen_thumb_sums(wt, b, thumbs, pick, int(rows[0]), sw)
    sw = np.maximum(sw, 1e-6)
    wa = wt * a
    swa, swaa = tile_sums(np.stack([wa, wa * a]))
    ma, mb = swa / sw, swb / sw
    va = swaa / sw - ma * ma
    vb = swbb / sw - mb * mb
    ncc = (tile_sums(wa * b) / sw - ma * mb) / np.sqrt(np.maximum(va * vb, 1e-6))
    return ncc, ok, vb


_SUMS: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (thumbs, their tile sums, of their squares)
_SUMS_MAX = 8  # as catalog._INDEXES_MAX: a few groups' catalogs and roles


def thumb_tile_sums(thumbs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """tile_sums(thumbs) and tile_sums(thumbs * thumbs) over the whole
    thumbnail grid, kept for a read-only stack (a pool's thumbs, the same
    array read after read)."""
    for kept, s, ss in _SUMS:
        if kept is thumbs:
            return s, ss
    s, ss = tile_sums(thumbs), tile_sums(thumbs * thumbs)
    if not thumbs.flags.writeable:
        if len(_SUMS) >= _SUMS_MAX:
            _SUMS.pop(0)
        _SUMS.append((thumbs, s, ss))
    return s, ss


def seen_thumb_sums(wt: np.ndarray, b: np.ndarray, thumbs: np.ndarray, pick: np.ndarray | None, row0: int,
                    sw: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """tile_sums(wt * b) and tile_sums(wt * b * b), to the bit, for the band
    b of the (picked) thumbnails that starts at tile row row0 and its
    weights wt (sw: tile_sums(wt), when the caller has it): a tile wholly seen (wt 1 throughout) sums the thumbnail's
    very values, kept once per stack (thumb_tile_sums); an unseen one sums
    zeros; only the tiles at the seen part's rim are summed here (all the
    seen tiles, when the rim is most of them). tile_ncc ran for every entry
    of every candidate and place of every card, and these two sums over all
    the thumbnails were most of it."""
    sw = tile_sums(wt) if sw is None else sw
    rows, cols = sw.shape
    # a weight of only 0s and 1s (as _laid makes it) sums to TILE * TILE over a wholly seen tile, 0 over an unseen one
    binary = not ((wt != 0) & (wt != 1)).any()
    whole, unseen = sw == TILE * TILE, sw == 0
    rim = ~whole & ~unseen
    if not binary or thumbs.flags.writeable or not SPELT_TILES or rim.sum() * C.THUMB_SUMS_RIM_SHARE_MAX[1] >= (~unseen).sum() * C.THUMB_SUMS_RIM_SHARE_MAX[0]:
        # a stack that may change (nothing kept), or a part seen mostly at its rim (a tucked card's strip):
        # gathering the rim's tiles would cost more than summing every seen tile
        wb = wt * b
        return tile_sums(wb), tile_sums(wb * b)
    s, ss = thumb_tile_sums(thumbs)
    s, ss = (x[:, row0:row0 + rows] if pick is None else x[pick, row0:row0 + rows] for x in (s, ss))
    s = np.where(whole, s, np.float32(0))
    ss = np.where(whole, ss, np.float32(0))
    ri, ci = np.nonzero(rim)
    if len(ri):
        # the rim's tiles side by side as one band of tile_sums' own layout: the same sums in the same order
        span = np.arange(TILE)
        at_r = (ri[:, None] * TILE + span)[:, :, None]
        at_c = (ci[:, None] * TILE + span)[:, None, :]
        bt = b[:, at_r, at_c].transpose(0, 2, 1, 3).reshape(len(b), TILE, len(ri) * TILE)
        wtt = wt[at_r, at_c].transpose(1, 0, 2).reshape(TILE, len(ri) * TILE)
        wbt = wtt * bt
        s[:, ri, ci] = _band_sums(wbt)
        ss[:, ri, ci] = _band_sums(wbt * bt)
    return s, ss


def _band_sums(x: np.ndarray) -> np.ndarray:
    """tile_sums' reduction of one tile row of any number of tiles
    (... x TILE x n*TILE -> ... x n), spelt out: numpy's own reduction
    adds a lone tile in another order (its axes of one merged)."""
    n = x.shape[-1] // TILE
    return spelt_out_sums(x.reshape(*x.shape[:-2], 1, TILE, n, TILE))[..., 0, :]


def tile_verdict(ncc: np.ndarray, ok: np.ndarray, vb: np.ndarray, k: int, rivals: np.ndarray,
                 wins_needed: int = C.TEMPLATE_MIN_WINS) -> float:
    """Entry k's score from the tile correlations: a low percentile of its
    tiles, or -1 when too few tiles are textured or when it does not beat
    every rival clearly in wins_needed tiles."""
    ok = ok & (vb[k] >= C.TEMPLATE_TILE_TEXTURE)
    own = ncc[k]
    rivals = rivals.copy()
    rivals[k] = False
    other = ncc[rivals].max(axis=0) if rivals.any() else np.full_like(own, -1.0)
    wins = ok & (own >= C.TEMPLATE_MIN_NCC) & (own - other >= C.TEMPLATE_TILE_WIN)
    if ok.sum() < C.TEMPLATE_MIN_TILES or wins.sum() < wins_needed:
        return -1.0
    return percentile(own[ok], C.TEMPLATE_TILE_PERCENTILE)


def template_score(grey: np.ndarray, k: int, M: np.ndarray, pool: Pool, allowed: np.ndarray | None = None,
                   wins_needed: int = C.TEMPLATE_MIN_WINS) -> float:
    """How well the visible part (canonical px), laid onto entry k's grey
    field by M, agrees with it: a low percentile of the correlations in
    square tiles, so the right card agrees almost everywhere while a card
    sharing its print agrees only where the print is. And the visible part
    must tell entry k from every other entry somewhere: in a few tiles it
    must agree with k clearly better than with any other (print shared with
    another card never does); -1 when it does not. allowed: the entries
    this card may be (others, of another colour, are no rivals).
    wins_needed 0: how well it agrees, whether or not anything tells it
    apart (near-twins of one print, settled where they differ)."""
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
    return tile_verdict(ncc, ok, vb, k, rivals, wins_needed)


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
