"""The catalog matcher's inner steps were rewritten for speed (a 12 MP read
must cost under a second): each must give exactly what its plain definition
gives, ties and edge cases included."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses.fastmatch import ratio_matches, twin_regions

RNG = np.random.default_rng(13)


def _descriptors(n: int, spread: int) -> np.ndarray:
    """ORB-like rows; a small spread gives many equal distances (ties)."""
    base = RNG.integers(0, 256, (1, 32), dtype=np.uint8)
    flips = RNG.integers(0, 256, (n, 32), dtype=np.uint8) & RNG.integers(0, 2 ** spread, (n, 32), dtype=np.uint8)
    return base ^ flips


def _plain_ratio_matches(q: np.ndarray, e: np.ndarray, ratio: float) -> tuple[list[int], list[int]]:
    pairs = cv2.BFMatcher(cv2.NORM_HAMMING).knnMatch(q, e, k=2)
    good = [p[0] for p in pairs if len(p) == 2 and p[0].distance < ratio * p[1].distance]
    return [m.queryIdx for m in good], [m.trainIdx for m in good]


@pytest.mark.parametrize("nq, ne, spread", [(300, 600, 8), (120, 90, 2), (50, 40, 1), (30, 1, 8), (1, 5, 3)],
                         ids=["orb-like", "many-ties", "near-equal", "one-entry-row", "one-query"])
@pytest.mark.parametrize("ratio", [0.8, 1.0], ids=["ratio-0.8", "ratio-1.0"])
def test_ratio_matches_are_the_brute_force_matchers(nq: int, ne: int, spread: int, ratio: float) -> None:
    q, e = _descriptors(nq, spread), _descriptors(ne, spread)
    rows, train = ratio_matches(q, e, ratio)
    assert (list(rows), list(train)) == _plain_ratio_matches(q, e, ratio)


def _plain_twin_regions(thumbs: np.ndarray, k: int, seen: np.ndarray) -> list[tuple[int, np.ndarray]]:
    diff = np.abs(thumbs - thumbs[k]) > C.TWIN_PIXEL_DIFF
    diff &= seen
    share = diff.reshape(len(thumbs), -1).sum(axis=1) / max(int(seen.sum()), 1)
    return [(j, diff[j]) for j in np.nonzero(share < C.TWIN_MAX_SHARE)[0] if j != k]


def _thumbs() -> np.ndarray:
    """Entries with near-twins: copies of one picture with a small patch changed."""
    art = RNG.normal(0, 1, (3, 40, 30)).astype(np.float32)
    out = [art[0], art[1], art[2]]
    for i in range(4):
        twin = art[0].copy()
        twin[5 + 6 * i:9 + 6 * i, 4:12] += 3.0
        out.append(twin)
    return np.stack(out)


def _seen(kind: str) -> np.ndarray:
    seen = np.zeros((40, 30), bool)
    if kind == "whole":
        seen[1:-1, 1:-1] = True
    elif kind == "top-strip":
        seen[1:9, 1:-1] = True
    elif kind == "irregular":
        seen[3:20, 2:14] = True
        seen[12:30, 10:25] = True
    elif kind == "corner-pixel":
        seen[39, 29] = True
    return seen


@pytest.mark.parametrize("kind", ["whole", "top-strip", "irregular", "corner-pixel", "nothing"], ids=str)
@pytest.mark.parametrize("k", [0, 3, 1], ids=["original", "twin", "no-twins"])
def test_twin_regions_are_the_plain_definitions(kind: str, k: int) -> None:
    thumbs = _thumbs()
    got = twin_regions(thumbs, k, _seen(kind))
    want = _plain_twin_regions(thumbs, k, _seen(kind))
    assert [j for j, _ in got] == [j for j, _ in want]
    assert all(np.array_equal(a, b) and a.shape == b.shape for (_, a), (_, b) in zip(got, want, strict=True))
    if kind == "whole" and k == 0:
        assert len(got) == 4  # the case exercises real twins
