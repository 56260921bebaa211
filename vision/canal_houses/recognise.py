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
wrong values without anyone noticing.

The template check itself is in template.py, the match by place alone in
layout.py, store twins told apart where they differ in twins.py."""

from __future__ import annotations

from typing import Any, NamedTuple

import cv2
import numpy as np

from . import constants as C
from . import match_constants as MC
from .catalog import CANON_H, CANON_W, Catalog, Entry, Pool, features, grey_field
from .fastmatch import nearest_two, ratio_pairs, shortlist_votes
from .full_photo import FullPhoto
from .layout import by_layout, place_lead
from .sole_lookalike import shortlist_scored, sole_or
from .stranger import sure_or_stranger
from .template import (  # noqa: F401  (percentile, tile_ncc ...: the template check's names, kept importable here)
    _laid,
    percentile,
    tells_twins_apart,
    template_score,
    tile_ncc,
    tile_verdict,
    tile_verdicts,
    twin_regions,
)
from .twins import store_twins


class Match(NamedTuple):
    """A catalog entry for a card. by_place: found by its place alone (its
    features matched nothing), a proposal the person confirms: such a match
    cannot be told from a look-alike card missing from the catalog as surely
    as one that features vouch for, and a wrong card silently fills in wrong
    points."""
    entry: Entry
    confidence: float
    by_place: bool = False
    by: str | None = None  # "twin": told from its twins (rivals) only where they differ
    rivals: tuple[Entry, ...] = ()


def match_card(catalog: Catalog, photo: np.ndarray, quad: np.ndarray, gains: np.ndarray,
               role: str, aspect: float, colour: str | None = None, full: FullPhoto | None = None,
               hint: str | None = None) -> Match | None:
    """The catalog entry this card is, with a confidence, or None (unknown).
    quad: the visible field's TL, TR, BR, BL in photo pixels; aspect: its
    height over its width on the table (perspective taken out); colour: the
    card's colour as read from the photo, when sure: entries of another
    colour are not this card (many decks print the same art in several
    colours, which grey pictures cannot tell apart); hint: the colour read
    however unsure (a match resting on repeated print must not contradict it)."""
    h = max(8, int(min(round(CANON_W * aspect), CANON_H * 1.1)))
    grey = grey_field(photo, quad, gains, h)
    q_pts, desc = features(grey, C.ORB_FEATURES_QUERY)
    pool = catalog.pool(role)
    if colour not in {e.color for e in pool.entries}:
        colour = None  # the catalog names its colours otherwise
    allowed = np.array([colour is None or e.color is None or e.color == colour for e in pool.entries], bool)
    px_per_mm = float(np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / (2 * C.INNER_W_MM)
    limit = twin_patch_limit(px_per_mm)
    found = None
    if desc is not None and len(q_pts) >= C.MIN_INLIERS:
        # a store shows its whole field (its twins told apart after): the photo's coarse pixels set its tolerance;
        # a tucked card's strip keeps the strict one, the coarse one only when that settles nothing (_loose)
        reproj = reprojection_px(px_per_mm) if role == "store" else C.RANSAC_REPROJ_PX
        found = _best(pool, grey, q_pts, desc, allowed, limit, hint, reproj)
        if found is None and role != "store" and reprojection_px(px_per_mm) > reproj:
            found = _loose(pool, grey, q_pts, desc, allowed, limit, hint, reprojection_px(px_per_mm))
        if role != "store":  # nothing found: the one near-twin telling itself from its look-alikes, proposed
            found = sole_or(found, pool, grey, q_pts, desc, allowed, limit, reproj, _score)
    if role == "store":
        # A store shows its whole field: features that fail there mean a card not in the
        # catalog, or a near-twin, which place alone cannot tell; where twins differ can.
        settled = store_twins(pool.entries, found, allowed, quad, gains, px_per_mm, full)
        return None if settled is None else Match(settled[0], settled[1], by=settled[2], rivals=settled[3])
    if found is not None and found[0].role in C.PLACE_CHECK_ROLES:
        placed = place_lead(pool, grey, next(i for i, e in enumerate(pool.entries) if e is found[0]), allowed)
        if placed is not None and placed[0] <= -C.ROOF_PLACE_MARGIN:
            found = None  # in place another roof looks plainly more like it: left to the match by place alone
        elif placed is not None and placed[0] < C.ROOF_PLACE_MARGIN:
            # its features say it, but a look-alike is as close in place (a little ahead or behind: the
            # mansard gables of wide-border R13 and R22 put R22 ahead by 0.04-0.09 when R13 shows):
            # a proposal naming the look-alikes it was told from
            return Match(found[0], min(found[1], C.TWIN_CONFIDENCE), by="twin",
                         rivals=tuple(pool.entries[j] for j in placed[1][:C.SETTLE_ALIKE_NAMED]))
    if found is not None:
        return Match(*found)
    placed = by_layout(pool, grey, allowed, limit)
    return None if placed is None else Match(placed[0], min(placed[1], C.LAYOUT_CONFIDENCE), by_place=True)


def _loose(pool: Pool, grey: np.ndarray, q_pts: np.ndarray, q_desc: np.ndarray, allowed: np.ndarray,
           limit: float, hint: str | None, reproj: float) -> tuple[Any, ...] | None:
    """A tucked card's answer at the photo's coarse tolerance, asked only when
    the strict one settles nothing, and kept only when it is plain: sure, its
    inliers spread (not bunched, not rescued by repeated print), ahead of every
    other entry tried by the template margin (rivals found by repeated print
    too: facade dev 11405 W37 at 0.90 was read as W45 at 0.71) and not
    outnumbered in inliers by a rival that passes the template (wide-border
    dev 11405: W05 13 inliers, W28 12 read instead). The wider tolerance lets
    look-alikes' features fit as well, so anything less stays with the match
    by place (a proposal)."""
    got = _best(pool, grey, q_pts, q_desc, allowed, limit, hint, reproj)
    if got is None or (len(got) > 2 and got[2:4] != (False, None)):
        return None
    scored, doubtful = shortlist_scored(pool, grey, q_pts, q_desc, allowed, reproj, _score)
    k = next(i for i, e in enumerate(pool.entries) if e is got[0])
    return got if plain(scored, k, doubtful) else None


def plain(scored: list, k: int, doubtful: set[int]) -> bool:
    """Whether entry k stands plainly above every other scored entry
    ((template score, inliers, entry, similarity) each): scored itself with
    its inliers spread (not in doubtful: bunched or rescued), ahead of each
    by the template margin, and outnumbered in inliers by none that passes
    the template."""
    mine = [s for s in scored if s[2] == k]
    if not mine or k in doubtful:
        return False
    ncc, inliers = mine[0][0], mine[0][1]
    return all(ncc - s[0] >= C.TEMPLATE_MARGIN and not (s[0] >= C.TEMPLATE_MIN_NCC and s[1] > inliers)
               for s in scored if s[2] != k)


def reprojection_px(px_per_mm: float) -> float:
    """The similarity's RANSAC tolerance in canonical px: RANSAC_REPROJ_PX,
    or RANSAC_PHOTO_PX of the street photo's own pixels when those are
    coarser (a card seen at 1-2 px per mm is up-sampled to the canonical
    scale, and its keypoints' placing errors with it)."""
    return max(C.RANSAC_REPROJ_PX, MC.RANSAC_PHOTO_PX * C.CANON_PX_PER_MM / max(px_per_mm, 1e-6))


def twin_patch_limit(px_per_mm: float) -> float:
    """The patch error allowed where twins differ: a card seen with few
    pixels per mm is blurred at the thumbnail's scale, so even the right card
    differs more there; sharp cards are held to the strict limit."""
    (lo_px, hi_px), (lo_err, hi_err) = C.TWIN_PATCH_PX_PER_MM, C.TWIN_MAX_PATCH_ERROR
    t = min(1.0, max(0.0, (px_per_mm - lo_px) / (hi_px - lo_px)))
    return hi_err + t * (lo_err - hi_err)


def _best(pool: Pool, grey: np.ndarray, q_pts: np.ndarray, q_desc: np.ndarray,
          allowed: np.ndarray | None = None, patch_limit: float | None = None, hint: str | None = None,
          reproj: float = C.RANSAC_REPROJ_PX) -> tuple[Any, ...] | None:
    """Shortlist the entries most query features point to in the shared
    index, then match the query against each alone (a feature printed on many
    cards fails a ratio test over the whole catalog but not within one card);
    the geometric check and the template check tell the cards apart. When
    the shortlist settles nothing, the next entries by votes are tried too:
    near-twins of one print split a card's votes among them, so its own
    entry can rank a few places down; every entry tried stays a rival.
    Entries found only with their repeated print (_score) are asked last,
    when the others settle nothing: as rivals they vetoed right answers."""
    entries = pool.entries
    if len(entries) == 0 or len(pool.owner) < 2:
        return None
    votes = shortlist_votes(pool.index.knnMatch(q_desc, k=2), pool.owner, len(entries))
    if allowed is not None:
        votes[~allowed] = 0
    order = [int(k) for k in np.argsort(-votes)[:C.SHORTLIST_MORE] if votes[k] > 0]
    scored: list[tuple[float, int, int, np.ndarray]] = []
    clustered: set[int] = set()  # entries whose inliers bunch in a patch of the visible part
    repeated: set[int] = set()  # entries found only with their repeated print (_pairs)
    spare: list[tuple[float, int, int, np.ndarray]] = []  # the rescued: asked only when the rest settle nothing
    for tried in (order[:C.SHORTLIST], order[C.SHORTLIST:]):
        if not tried:
            break
        got = _score(pool, grey, q_pts, q_desc, tried, allowed, clustered, repeated, reproj)
        scored += [s for s in got if s[2] not in repeated]
        spare += [s for s in got if s[2] in repeated]
        found = _decide(pool, grey, scored, clustered, repeated, allowed, patch_limit, hint)
        if found is not None:
            return found
    found = _decide(pool, grey, scored + spare, clustered, repeated, allowed, patch_limit, hint) if spare else None
    if found is None and scored:
        # asked last, over every entry tried: a close rival, found later or by its repeated print, refuses it
        return _decide(pool, grey, scored + spare, clustered, repeated, allowed, patch_limit, hint, inside=True)
    return found


def _score(pool: Pool, grey: np.ndarray, q_pts: np.ndarray, q_desc: np.ndarray, tried: list[int],
           allowed: np.ndarray | None, clustered: set[int], repeated: set[int], reproj: float = C.RANSAC_REPROJ_PX
           ) -> list[tuple[float, int, int, np.ndarray]]:
    """Each entry matched alone: (template score, inliers, entry, similarity)
    of those whose features fit in place; clustered collects the entries
    that need the wider margin (inliers bunched, or rescued), repeated those
    whose plain matches fit too few and that the entry's repeated print
    rescued (a tucked window's panes all look alike)."""
    scored = []
    for k in tried:
        # knnMatch's two nearest within the entry, as arrays (fastmatch.nearest_two: no DMatch objects)
        q, e, n = _pairs(nearest_two(q_desc, pool.entries[k].desc), q_pts, pool.entries[k].points)
        inliers, M, spread = verify(q[:n], e[:n], grey.shape[0], reproj) if n >= C.MIN_INLIERS else (0, None, 0.0)
        rescued = False
        if (inliers < C.MIN_INLIERS or M is None) and len(q) > n and len(q) >= C.MIN_INLIERS:
            inliers, M, spread = verify(q, e, grey.shape[0], reproj)
            rescued = True
        if inliers >= C.MIN_INLIERS and M is not None:
            if spread < C.MIN_INLIER_SPREAD or rescued:
                clustered.add(k)
            if rescued:
                repeated.add(k)
            scored.append((template_score(grey, k, M, pool, allowed), inliers, k, M))
    return scored


def _pairs(pairs: Any, q_pts: np.ndarray, e_pts: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Query and entry points of the matches that pass Lowe's ratio test
    within the entry (the first n), then, where a feature fails it only
    because the entry prints the same thing again elsewhere (a second window
    pane alike, farther off than REPEAT_MIN_MM), both places as candidates:
    the geometric check keeps the one in place."""
    # worked out over arrays (fastmatch.ratio_pairs: the loop's very points, in its order)
    return ratio_pairs(pairs, q_pts, e_pts, C.MATCH_RATIO, C.REPEAT_MIN_MM * C.CANON_PX_PER_MM)


def _decide(pool: Pool, grey: np.ndarray, scored: list, clustered: set[int], repeated: set[int],
            allowed: np.ndarray | None, patch_limit: float | None, hint: str | None = None, inside: bool = False
            ) -> tuple[Any, ...] | None:
    """The entry the scored candidates settle on, or None. inside: a window
    failing the look-alike check only at its rim is proposed (_inside_proposal)."""
    if not scored:
        return None
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    ncc, inliers, k, M = scored[0]
    second = max(scored[1][0], 0.0) if len(scored) > 1 else 0.0
    if ncc >= C.TEMPLATE_MIN_NCC and ncc - second < C.TEMPLATE_MARGIN and k not in repeated:
        settled = _settle_twins(pool, grey, scored, allowed, patch_limit)
        if settled is not None:
            return settled
    if ncc < C.TEMPLATE_MIN_NCC:
        return _settle_alike(pool, grey, scored, repeated, allowed, patch_limit, inside)
    # the cheap refusals first: laying the visible part out costs a warp
    if inliers < C.MIN_INLIER_SHARE * max(s[1] for s in scored):
        return None  # the features point elsewhere, more strongly
    if k in repeated and (hint is None or pool.entries[k].color not in (None, hint)):
        return None  # resting on repeated print: the colour read must agree
    a, wt = _laid(grey, M)  # once, for both look-alike checks
    if ncc - second < (C.CLUSTERED_MARGIN if k in clustered else C.TEMPLATE_MARGIN) and \
            not _close_only_lookalikes(pool, wt, scored, clustered, repeated):
        return None
    share = C.LOOKALIKE_SHARE if pool.entries[k].role == "window" else None
    conf = min(0.99, 0.5 + (ncc - second)) * min(1.0, inliers / (2 * C.MIN_INLIERS))
    if not tells_twins_apart(a, wt, pool.thumbs, k, allowed, patch_limit, share):
        # where it differs from its twins (a window: its look-alikes), it is not clearly this entry
        return _inside_proposal(pool, grey, k, M, conf, allowed, patch_limit) if inside and k not in repeated else None
    return sure_or_stranger(pool, a, wt, k, round(float(conf), 2), inliers, allowed)  # a missing look-alike?


def _close_only_lookalikes(pool: Pool, wt: np.ndarray, scored: list, clustered: set[int],
                           repeated: set[int]) -> bool:
    """A window whose only close rivals (within the template margin) are its
    look-alikes: the tile scores cannot part cards that share most of their
    art, but the look-alike check that follows (_decide: tells_twins_apart
    with LOOKALIKE_SHARE) compares it with each of them where they differ,
    and it must hold as many inliers as any of them. Facade and wide-border
    12 MP dev 9650-9655: 5 of 34 known windows refused only by the margin.
    Not for bunched or rescued inliers (they need CLUSTERED_MARGIN).
    `wt`: the weight of the card's visible part laid on the entry (_laid)."""
    ncc, inliers, k, _ = scored[0]
    if pool.entries[k].role != "window" or k in clustered or k in repeated:
        return False
    close = [s for s in scored[1:] if ncc - s[0] < C.TEMPLATE_MARGIN]
    if any(s[1] > inliers for s in close):
        return False
    alike = {j for j, _ in twin_regions(pool.thumbs, k, wt > 0.5, C.LOOKALIKE_SHARE)}
    return all(s[2] in alike for s in close)


def _inside_proposal(pool: Pool, grey: np.ndarray, k: int, M: np.ndarray, conf: float,
                     allowed: np.ndarray | None, patch_limit: float | None) -> tuple[Any, ...] | None:
    """A window that fails the look-alike check only in patches at the rim
    of its visible part (the outline's error, the covering card's edge and
    shadow) is proposed, named in a warning, never sure: wide-border dev
    3 MP 9500-9509, the right window's worst patch lay at the rim in 11 of
    the 15 refused, but a card missing from the catalog may differ there too. Asked
    only when nothing else settles the card, over every entry tried (facade
    dev: a close rival found by the shortlist's next entries refused a wrong
    one), and never for an entry found only by its repeated print."""
    if pool.entries[k].role != "window":
        return None
    a, wt = _laid(grey, M)
    if not tells_twins_apart(a, wt, pool.thumbs, k, allowed, patch_limit, C.LOOKALIKE_SHARE, rim=False):
        return None
    named = [j for j, _ in twin_regions(pool.thumbs, k, wt > 0.5, C.LOOKALIKE_SHARE) if allowed is None or allowed[j]]
    return (pool.entries[k], round(float(min(conf, C.TWIN_CONFIDENCE)), 2), False, "twin",
            tuple(pool.entries[j] for j in named[:C.SETTLE_ALIKE_NAMED]))


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


def _settle_alike(pool: Pool, grey: np.ndarray, scored: list, repeated: set[int], allowed: np.ndarray | None,
                  patch_limit: float | None, inside: bool = False) -> tuple[Any, ...] | None:
    """Near-twins of one print agree with the visible part equally well in
    all but a tile or so, so none of them wins the tiles the template score
    asks for (-1 for all): their plain feature matches' agreement without
    that demand goes to the twin settlement, where they differ decides; a
    window must also tell itself apart from its look-alikes (as _decide).
    The answer is a proposal (Match fields: by "twin", the close twins as
    rivals), named in a warning for the person to check.
    Windows only: store twins differ in a digit and a few words (twins.py
    tells them apart), and a roof has no look-alike check (a roof missing
    from the catalog was settled onto a known one)."""
    if not C.SETTLE_ALIKE:
        return None
    alike = [(template_score(grey, s[2], s[3], pool, allowed, wins_needed=0), *s[1:])
             for s in scored if s[2] not in repeated and pool.entries[s[2]].role == "window"]
    alike.sort(key=lambda s: (s[0], s[1]), reverse=True)
    if not alike or alike[0][0] < C.TEMPLATE_MIN_NCC:
        return None
    settled = _settle_twins(pool, grey, alike, allowed, patch_limit)
    if settled is None:
        return None
    k = next(s for s in alike if pool.entries[s[2]] is settled[0])
    if not tells_twins_apart(*_laid(grey, k[3]), pool.thumbs, k[2], allowed, patch_limit, C.LOOKALIKE_SHARE,
                             rim=not inside):  # a proposal either way: asked last, the rim may be left out
        return None
    # Resting only on where its twins differ: a proposal the person confirms (on the held-out
    # style such answers were not sure enough to fill in values silently).
    close = [s[2] for s in alike if s[2] != k[2] and s[0] >= C.TEMPLATE_MIN_NCC]
    if not close:  # the warning names the cards it was told from: its look-alikes it may be
        a, wt = _laid(grey, k[3])
        close = [j for j, _ in twin_regions(pool.thumbs, k[2], wt > 0.5, C.LOOKALIKE_SHARE)
                 if allowed is None or allowed[j]]
    return (settled[0], min(settled[1], C.TWIN_CONFIDENCE), False, "twin",
            tuple(pool.entries[j] for j in close[:C.SETTLE_ALIKE_NAMED]))


def verify(q_pts: np.ndarray, e_pts: np.ndarray, height: int, reproj: float = C.RANSAC_REPROJ_PX
           ) -> tuple[int, np.ndarray | None, float]:
    """Inliers of a similarity (RANSAC) that puts the visible part where it
    sits on the card: same scale, upright or turned half round, its top at
    the card's top; and how far the inliers spread over the visible part
    (their hull's share of it). Icons alike on many cards cover only a
    patch, but so does the one window pane a tucked card shows: bunched
    inliers are kept, and the template check must then decide by a wider
    margin (_best). The similarity maps query pixels to entry pixels;
    (0, None, 0.0) if none."""
    M, mask = cv2.estimateAffinePartial2D(q_pts, e_pts, method=cv2.RANSAC,
                                          ransacReprojThreshold=reproj)
    if M is None or mask is None:
        return 0, None, 0.0
    corners = np.array([[0, 0], [CANON_W, 0], [CANON_W, height], [0, height]], np.float32)
    mapped = corners @ M[:, :2].T + M[:, 2]
    turned = np.array([CANON_W, CANON_H], np.float32) - corners
    err = min(np.abs(mapped - corners).max(), np.abs(mapped - turned).max())
    if err > C.MAX_CORNER_ERROR * CANON_W:
        return 0, None, 0.0
    inl = q_pts[mask.ravel() > 0]
    spread = cv2.contourArea(cv2.convexHull(inl)) / (CANON_W * height) if len(inl) >= 3 else 0.0
    if len(inl) < 3 or spread < C.CLUSTERED_MIN_SPREAD:
        return 0, None, 0.0
    return int(mask.sum()), M, float(spread)
