"""Faster equivalents of the catalog matcher's inner steps (recognise.py),
each giving the very same result as the plain call it replaces: a street read
matches every card against the catalog, and these steps ran for every card
and entry. Tests pin each to its plain definition
(test_canal_houses_match_fast.py)."""

from __future__ import annotations

from typing import Any, NamedTuple

import cv2
import numpy as np

from . import constants as C
from .lsh import Neighbours


def twin_regions(thumbs: np.ndarray, k: int, seen: np.ndarray, share_max: float | None = None
                 ) -> list[tuple[int, np.ndarray]]:
    """recognise.twin_regions, worked out only over the box round the seen
    pixels (a tucked card shows a strip of its field; nothing outside the
    seen part counts), with the full-size region made only for the twins
    found."""
    diff_all = np.zeros(thumbs.shape[1:], bool)
    rows, cols = np.nonzero(seen.any(axis=1))[0], np.nonzero(seen.any(axis=0))[0]
    if len(rows) == 0:
        share = np.zeros(len(thumbs))
        box = (slice(0, 0), slice(0, 0))
    else:
        box = (slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1))
        part = thumbs[(slice(None), *box)]
        diff = np.abs(part - part[k]) > C.TWIN_PIXEL_DIFF
        diff &= seen[box]
        share = diff.reshape(len(thumbs), -1).sum(axis=1) / max(int(seen.sum()), 1)
    out = []
    for j in np.nonzero(share < (C.TWIN_MAX_SHARE if share_max is None else share_max))[0]:
        if j != k:
            region = diff_all.copy()
            if len(rows):
                region[box] = diff[j]
            out.append((j, region))
    return out


_LEVELS = np.repeat(np.arange(256, dtype=np.uint8), 3).reshape(1, 256, 3)


def white_bytes(patch: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """np.clip(patch.astype(np.float32) * gains * 255, 0, 255).astype(np.uint8)
    for a BGR byte patch, through a 256-level table per channel (the very
    same products, worked out once per level instead of once per pixel)."""
    table = np.clip(_LEVELS.astype(np.float32) * gains * 255, 0, 255).astype(np.uint8)
    return cv2.LUT(patch, table)


def shortlist_votes(pairs: Any, owner: np.ndarray, n: int) -> np.ndarray:
    """recognise's vote loop (each nearest neighbour's entry gets 1.0, each
    second nearest 0.5) counted per rank with np.bincount: the votes are
    halves, exact in float64 in any order, so the very same numbers. The
    catalog's own index (lsh.Neighbours) hands over its arrays whole."""
    if isinstance(pairs, Neighbours):
        votes = np.bincount(owner[pairs.first[pairs.first >= 0]], minlength=n).astype(np.float64)
        return votes + 0.5 * np.bincount(owner[pairs.second[pairs.second >= 0]], minlength=n)
    first = [p[0].trainIdx for p in pairs if len(p) > 0]
    second = [p[1].trainIdx for p in pairs if len(p) > 1]
    votes = np.bincount(owner[np.asarray(first, np.intp)], minlength=n).astype(np.float64)
    return votes + 0.5 * np.bincount(owner[np.asarray(second, np.intp)], minlength=n)


def strongest_per_cell(kps: Any, cells: int, per_cell: int) -> list:
    """catalog.features' keypoint choice (strongest first, at most per_cell
    in each cells x cells square; buckets in the order their strongest point
    comes, each bucket's points strongest first) worked out with numpy over
    the keypoints' arrays instead of a Python loop over them: the very same
    keypoints in the very same order, in about half the time."""
    n = len(kps)
    if n == 0:
        return []
    resp = np.fromiter((k.response for k in kps), np.float64, n)
    pts = cv2.KeyPoint_convert(kps).astype(np.float64).reshape(-1, 2)
    order = np.argsort(-resp, kind="stable")  # sorted(key=-response) is stable too
    cell = np.floor_divide(pts[order], cells).astype(np.int64)  # int(x // cells), as Python floors it
    ids = cell[:, 0] * (1 << 32) + cell[:, 1]
    _, first, inverse = np.unique(ids, return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    by_bucket = np.argsort(inverse, kind="stable")
    starts = np.searchsorted(inverse[by_bucket], np.arange(len(first)))
    rank = np.empty(n, np.int64)
    rank[by_bucket] = np.arange(n) - starts[inverse[by_bucket]]
    keep = np.nonzero(rank < per_cell)[0]
    keep = keep[np.lexsort((keep, first[inverse[keep]]))]  # buckets by first appearance, then strongest first
    return [kps[i] for i in order[keep]]


class Nearest(NamedTuple):
    """Each query descriptor's two nearest train descriptors (rows by query;
    an index of -1: none), as cv2.batchDistance gives them."""

    dist: np.ndarray  # query x K (K = 2, or 1 for a single train row), int32 Hamming distances
    idx: np.ndarray  # query x K, int32 train rows


def nearest_two(query: np.ndarray, train: np.ndarray | None) -> Nearest:
    """BFMatcher(NORM_HAMMING).knnMatch(query, train, k=2) as two arrays:
    knnMatch runs this very cv2.batchDistance and then makes a DMatch per
    neighbour, which ratio_pairs only takes apart again (a read matches each
    card against a dozen entries: ~80 ms CPU of a 12 MP read went there)."""
    if query is None or train is None or len(query) == 0 or len(train) == 0:
        return Nearest(np.zeros((0, 2), np.int32), np.full((0, 2), -1, np.int32))
    dist, idx = cv2.batchDistance(query, train, cv2.CV_32S, normType=cv2.NORM_HAMMING, K=2)
    return Nearest(dist, idx)


def ratio_pairs(pairs: Any, q_pts: np.ndarray, e_pts: np.ndarray, ratio: float, far: float
                ) -> tuple[np.ndarray, np.ndarray, int]:
    """recognise._pairs' loop (Lowe's ratio test within one entry, then the
    pairs failing it whose two places on the entry lie farther apart than
    far, both places) over arrays: the very same points in the very same
    order. The distance between the two places is np.linalg.norm's (float32)
    worked out for all pairs at once, and again by np.linalg.norm itself for
    any pair within a hair of far, so that no rounding can tip one.
    pairs: knnMatch's lists of DMatch, or nearest_two's arrays (a query
    with a second neighbour is one knnMatch gives two matches)."""
    if isinstance(pairs, Nearest):
        rows = np.nonzero((pairs.idx >= 0).all(axis=1))[0] if pairs.idx.shape[1] >= 2 else np.zeros(0, np.intp)
        if not len(rows):
            return q_pts[[]].reshape(-1, 2), e_pts[[]].reshape(-1, 2), 0
        qa = qb = rows
        ta, tb, da, db = pairs.idx[rows, 0], pairs.idx[rows, 1], pairs.dist[rows, 0], pairs.dist[rows, 1]
    else:
        both = [p for p in pairs if len(p) >= 2]
        if not both:
            return q_pts[[]].reshape(-1, 2), e_pts[[]].reshape(-1, 2), 0
        qa, ta, da, qb, tb, db = (np.array(v) for v in
                                  zip(*[(a.queryIdx, a.trainIdx, a.distance, b.queryIdx, b.trainIdx, b.distance)
                                        for a, b in both], strict=True))
    good = da < ratio * db
    q_idx, e_idx = qa[good], ta[good]
    if far > 0:
        rest = np.nonzero(~good)[0]
        d = e_pts[ta[rest]] - e_pts[tb[rest]]
        sq = d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]
        apart = np.sqrt(sq) > far
        for i in np.nonzero(np.abs(sq.astype(np.float64) - far * far) <= 1e-3 * max(far * far, 1.0))[0]:
            apart[i] = np.linalg.norm(e_pts[ta[rest[i]]] - e_pts[tb[rest[i]]]) > far
        rep = rest[apart]
        q_idx = np.concatenate([q_idx, np.stack([qa[rep], qb[rep]], axis=1).ravel()])
        e_idx = np.concatenate([e_idx, np.stack([ta[rep], tb[rep]], axis=1).ravel()])
    return q_pts[q_idx.astype(np.intp)].reshape(-1, 2), e_pts[e_idx.astype(np.intp)].reshape(-1, 2), int(good.sum())
