"""Faster equivalents of the catalog matcher's inner steps (recognise.py),
each giving the very same result as the plain call it replaces: a street read
matches every card against the catalog, and these steps ran for every card
and entry. Tests pin each to its plain definition
(test_canal_houses_match_fast.py)."""

from __future__ import annotations

import cv2
import numpy as np

from . import constants as C


def ratio_matches(q_desc: np.ndarray, e_desc: np.ndarray, ratio: float) -> tuple[np.ndarray, np.ndarray]:
    """Query and entry rows of the matches that pass Lowe's ratio test, in
    query order: what
        [p[0] for p in cv2.BFMatcher(cv2.NORM_HAMMING).knnMatch(q_desc, e_desc, k=2)
         if len(p) == 2 and p[0].distance < ratio * p[1].distance]
    keeps. The brute-force matcher finds the two nearest rows with
    cv2.batchDistance and then builds a Python object per pair; asking
    batchDistance directly skips the objects (a tie keeps the lower row
    either way)."""
    dist, idx = cv2.batchDistance(q_desc, e_desc, cv2.CV_32S, normType=cv2.NORM_HAMMING, K=2)
    if idx.ndim < 2 or idx.shape[1] < 2:  # fewer than two entry rows: no pair has a second
        return np.zeros(0, np.int64), np.zeros(0, np.int32)
    d = dist.astype(np.float64)  # DMatch distances are the same whole numbers as floats
    good = (idx[:, 1] >= 0) & (d[:, 0] < ratio * d[:, 1])
    rows = np.nonzero(good)[0]
    return rows, idx[rows, 0]


def twin_regions(thumbs: np.ndarray, k: int, seen: np.ndarray) -> list[tuple[int, np.ndarray]]:
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
    for j in np.nonzero(share < C.TWIN_MAX_SHARE)[0]:
        if j != k:
            region = diff_all.copy()
            if len(rows):
                region[box] = diff[j]
            out.append((j, region))
    return out
