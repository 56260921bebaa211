"""A tucked card matched by its place alone, when its features matched no
entry (a slate roof under a pale sky, plain window panes): a proposal the
person confirms."""

from __future__ import annotations

import numpy as np

from . import constants as C
from .catalog import CANON_H, CANON_W, Entry, Pool
from .template import _laid, tells_twins_apart, tile_ncc, tile_verdicts


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
    scored = layout_scores(pool, grey, pick)
    if scored is None:
        return None
    best, where = scored
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


def layout_scores(pool: Pool, grey: np.ndarray, pick: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Each picked entry's best template score with the visible part laid
    at the card's top (upright or turned), and where; None when no tile is
    seen."""
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
    return best, where


def place_lead(pool: Pool, grey: np.ndarray, k: int, allowed: np.ndarray | None
               ) -> tuple[float, list[int]] | None:
    """How much better entry k looks like the visible part laid in place
    than any other entry of its role (and of the colour allowed) does, and
    those within ROOF_PLACE_MARGIN of it, best first (named in a warning);
    None when there is none to compare or nothing is seen. A tucked roof shows
    only its gable against the sky, drawn alike on several roofs: its
    features can fit one of them and its template score beat the others
    laid by that fit alone, while in place the right roof is plainly better
    (wide-border dev 9691: R22 read sure as R13, 0.97 with 19 inliers; in
    place R22 0.95, R13 0.61)."""
    role = pool.entries[k].role
    same = np.array([e.role == role for e in pool.entries], bool)
    if allowed is not None:
        same &= allowed
    same[k] = True
    pick = np.nonzero(same)[0]
    if len(pick) < 2:
        return None
    scored = layout_scores(pool, grey, pick)
    if scored is None:
        return None
    best = scored[0]
    own = float(best[pick == k][0])
    close = [int(j) for j in pick[np.argsort(-best)] if j != k and best[pick == j][0] > own - C.ROOF_PLACE_MARGIN]
    return own - float(best[pick != k].max()), close


def _placements(dx: float, dy: float) -> tuple[np.ndarray, np.ndarray]:
    """The visible part at the card's top, upright and turned half round,
    moved by (dx, dy) canonical px."""
    return (np.array([[1.0, 0.0, dx], [0.0, 1.0, dy]]),
            np.array([[-1.0, 0.0, CANON_W + dx], [0.0, -1.0, CANON_H + dy]]))
