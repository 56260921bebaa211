"""A roof matched by its place alone (layout.by_layout: its slate or gable
under the sky gives too few ORB features) is a proposal the person confirms,
because a roof missing from the catalog may share a known roof's shape.
It is taken SURE only when a second, independent opinion agrees: the card's
colour, read surely from its wall, is the entry's; and the entry laid in
place looks like the visible part both well and plainly better than every
other entry it may be (roofs and, when the role is in doubt, windows) by
their plain template scores (no tile wins asked: near-twins of one shape
win no tiles from each other, so the tile-won score hides a look-alike).
And its shape must be its own in the catalog: no entry of ANY colour close
(a shape printed on two known roofs may be printed on a missing one of this
colour too: leave-one-out on dev, R13 as R22, R03 as R06, R13 as R27).
Wide-border dev 13300-13319 (2000x1500): 18 of 21 roof proposals by place
were right; the two wrong by place were a missing red R14 read as green R18
(no colour read, 0.91) and R13 read as its look-alike R22 (plain rival close).
A card whose role is in doubt stays a proposal (roof_place_constants.
ROOF_SURE_MIN_ROLE): held-out keyline 13357, a known window (W41) was taken
sure as roof R03 by place (this condition was chosen after seeing that)."""

from __future__ import annotations

import numpy as np

from . import constants as C
from . import roof_place_constants as RC
from .catalog import Entry, Pool
from .layout import _placements, layout_scores
from .template import _laid, percentile, tile_ncc


def plain_scores(pool: Pool, grey: np.ndarray, pick: np.ndarray, placements: list[np.ndarray]) -> np.ndarray:
    """Each picked entry's best plain template score (the low percentile of
    its textured tiles' correlations, no tile wins asked) over the placements;
    -1 where too few tiles are seen."""
    best = np.full(len(pick), -1.0)
    for M in placements:
        ncc, ok, vb = tile_ncc(*_laid(grey, M), pool.thumbs, pick)
        if ok.size == 0:
            continue
        flat = ncc.reshape(len(pick), -1)
        good = ok.reshape(1, -1) & (vb.reshape(len(pick), -1) >= C.TEMPLATE_TILE_TEXTURE)
        for i in np.nonzero(good.sum(axis=1) >= C.TEMPLATE_MIN_TILES)[0]:
            best[i] = max(best[i], percentile(flat[i][good[i]], C.TEMPLATE_TILE_PERCENTILE))
    return best


def roof_sure_by_place(pool: Pool, grey: np.ndarray, entry: Entry, allowed: np.ndarray,
                       colour: str | None, role_sure: bool = False) -> bool:
    """Whether a roof found by place alone is sure: its colour read surely
    and the entry's (colour: the sure colour match_card restricted the
    entries to, None when unsure), its in-place score at least
    ROOF_SURE_MIN_NCC and above every other allowed entry's plain score by
    ROOF_SURE_MARGIN, and every entry of any colour by
    ROOF_SURE_SHAPE_MARGIN; and the card read surely a roof (role_sure):
    a card whose role is in doubt may be a window, which place alone
    cannot tell from a roof (held-out keyline 13357: known window W41,
    read a window, matched by place as roof R03)."""
    if not role_sure or entry.role != "roof" or colour is None or entry.color != colour:
        return False
    pick = np.nonzero(allowed)[0]
    k = next(i for i, e in enumerate(pool.entries) if e is entry)
    if len(pick) < 2 or k not in pick:
        return False
    scored = layout_scores(pool, grey, pick)
    if scored is None:
        return False
    best, where = scored
    i = int(np.nonzero(pick == k)[0][0])
    if best[i] < RC.ROOF_SURE_MIN_NCC:
        return False
    places = [where[i], *_placements(0, 0)]
    rival = float(np.delete(plain_scores(pool, grey, pick, places), i).max())
    if best[i] - max(rival, 0.0) < RC.ROOF_SURE_MARGIN:
        return False
    # its shape must be its own in the catalog, whatever the colour: a shape printed on two known roofs
    # may be printed on a missing one of this colour too (ROOF_SURE_SHAPE_MARGIN)
    every = np.arange(len(pool.entries))
    shape_rival = float(np.delete(plain_scores(pool, grey, every, places), k).max())
    return bool(best[i] - max(shape_rival, 0.0) >= RC.ROOF_SURE_SHAPE_MARGIN)
