"""A window whose features fit several near-twins of one print: the tile
scores cannot part them (none wins the TEMPLATE_MIN_WINS tiles, so the right
entry scores -1 and a rival found by repeated print leads), yet where each
differs from its look-alikes only the right one agrees with the visible part.
When exactly one entry tried passes that look-alike check, with spread
inliers and a high plain template score, it is PROPOSED (by "twin", the
rivals it was told from named for the person to check), never sure: on the
held-out style a card missing from the catalog (keyline 12405 W42) passed
that check as its known look-alike (W37), and a missing card whose
look-alike is known is exactly what a sure answer must never take."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import constants as C
from . import lookalike_constants as LC
from .catalog import Entry, Pool
from .fastmatch import shortlist_votes
from .template import _laid, tells_twins_apart, template_score, twin_regions


def sole_lookalike(pool: Pool, grey: np.ndarray, scored: list[tuple[float, int, int, np.ndarray]],
                   doubtful: set[int], allowed: np.ndarray | None, patch_limit: float | None
                   ) -> tuple[Entry, float, bool, str, tuple[Entry, ...]] | None:
    """The one window among the scored entries ((template score, inliers,
    entry, similarity) each) that tells itself from its look-alikes, as a
    twin proposal (entry, confidence, False, "twin", rivals), or None.
    doubtful: entries whose inliers are bunched or rescued by repeated print
    (they may be rivals, never the answer). Every scored entry whose plain
    template score passes is a rival: if any other passes the look-alike
    check too, or holds more than twice its inliers, nothing is proposed."""
    plain: list[tuple[float, int, int, np.ndarray]] = [
        (template_score(grey, s[2], s[3], pool, allowed, wins_needed=0), *s[1:]) for s in scored]
    passing = [s for s in plain if s[0] >= C.TEMPLATE_MIN_NCC]
    if not passing:
        return None
    most = max(s[1] for s in plain)  # as recognise._decide: over every entry tried
    sole = [s for s in passing if _tells(pool, grey, s, allowed, patch_limit)]
    if len(sole) != 1:
        return None
    ncc, inliers, k, M = sole[0]
    if pool.entries[k].role != "window" or k in doubtful or ncc < LC.SOLE_MIN_NCC or \
            inliers < LC.SOLE_MIN_INLIERS or inliers < C.MIN_INLIER_SHARE * most:
        return None
    return (pool.entries[k], min(LC.SOLE_CONFIDENCE, C.TWIN_CONFIDENCE), False, "twin",
            _rivals(pool, grey, k, M, passing, allowed))


def _rivals(pool: Pool, grey: np.ndarray, k: int, M: np.ndarray, passing: list[tuple[Any, ...]],
            allowed: np.ndarray | None) -> tuple[Entry, ...]:
    """The cards the proposal was told from, for the warning: the other
    entries passing the plain template (best first), else its look-alikes
    (as recognise._settle_alike)."""
    close = [s[2] for s in sorted(passing, key=lambda s: s[0], reverse=True) if s[2] != k]
    if not close:
        _, wt = _laid(grey, M)
        close = [j for j, _ in twin_regions(pool.thumbs, k, wt > 0.5, C.LOOKALIKE_SHARE)
                 if allowed is None or allowed[j]]
    return tuple(pool.entries[j] for j in close[:C.SETTLE_ALIKE_NAMED])


def _tells(pool: Pool, grey: np.ndarray, s: tuple[Any, ...], allowed: np.ndarray | None,
           patch_limit: float | None) -> bool:
    """Whether the visible part laid by this entry's similarity looks like
    it where it differs from its look-alikes (template.tells_twins_apart)."""
    a, wt = _laid(grey, s[3])
    return tells_twins_apart(a, wt, pool.thumbs, s[2], allowed, patch_limit, C.LOOKALIKE_SHARE)


def sole_or(found: tuple[Any, ...] | None, pool: Pool, grey: np.ndarray, q_pts: np.ndarray,
            q_desc: np.ndarray, allowed: np.ndarray, patch_limit: float, reproj: float, score: Any
            ) -> tuple[Any, ...] | None:
    """A tucked card's answer when the features settle nothing (found None):
    the sole entry telling itself from its look-alikes, proposed; any answer
    found (sure or a proposal) is kept as it was."""
    if found is not None:
        return found
    return sole_from_features(pool, grey, q_pts, q_desc, allowed, patch_limit, reproj, score)


def sole_from_features(pool: Pool, grey: np.ndarray, q_pts: np.ndarray, q_desc: np.ndarray,
                       allowed: np.ndarray, patch_limit: float, reproj: float, score: Any
                       ) -> tuple[Entry, float, bool, str, tuple[Entry, ...]] | None:
    """sole_lookalike over the entries the shared index shortlists, each
    scored by `score` (shortlist_scored)."""
    scored, doubtful = shortlist_scored(pool, grey, q_pts, q_desc, allowed, reproj, score)
    return sole_lookalike(pool, grey, scored, doubtful, allowed, patch_limit)


def shortlist_scored(pool: Pool, grey: np.ndarray, q_pts: np.ndarray, q_desc: np.ndarray,
                     allowed: np.ndarray, reproj: float, score: Any
                     ) -> tuple[list[tuple[float, int, int, np.ndarray]], set[int]]:
    """The entries the shared index shortlists (as recognise._best,
    SHORTLIST_MORE of them) scored again by `score` (recognise._score, passed
    in: recognise imports this module), and those whose inliers were bunched
    or rescued by repeated print."""
    votes = shortlist_votes(pool.index.knnMatch(q_desc, k=2), pool.owner, len(pool.entries))
    votes[~allowed] = 0
    order = [int(k) for k in np.argsort(-votes)[:C.SHORTLIST_MORE] if votes[k] > 0]
    clustered: set[int] = set()
    repeated: set[int] = set()
    scored = score(pool, grey, q_pts, q_desc, order, allowed, clustered, repeated, reproj)
    return scored, clustered | repeated
