"""Near-twins of one print split a card's votes in the shared index among
them, so its own entry can rank a few places below the shortlist. When the
shortlist settles nothing, recognise._best matches the next entries by votes
too (up to SHORTLIST_MORE), each of them a rival of the others; when the
shortlist settles the card, no further entry is matched (a read's cost)."""

from __future__ import annotations

import numpy as np
import pytest
from catalog_thumbs import pool

from vision.canal_houses import constants as C
from vision.canal_houses import recognise
from vision.canal_houses.catalog import CANON_W

SAME = np.array([[1, 0, 0], [0, 1, 0]], np.float64)
HEIGHT = 160  # canonical px of the visible part
N = 10  # entries in the pool


class _Index:
    def knnMatch(self, desc: np.ndarray, k: int) -> list:  # noqa: N802 (OpenCV's name)
        return []


def _best(monkeypatch: pytest.MonkeyPatch, scores: dict[int, float], inliers: dict[int, int] | None = None
          ) -> tuple[str | None, list[int]]:
    """_best over N look-alike entries voted for in order 0, 1, 2, ...; only
    the entries in scores fit in place (with that template score and 20
    inliers unless inliers says otherwise). The entry found (or None) and
    the entries matched one by one."""
    rng = np.random.default_rng(7)
    desc = rng.integers(0, 256, (40, 32)).astype(np.uint8)
    pts = rng.uniform(0, 200, (40, 2)).astype(np.float32)
    p = pool([np.zeros((8, 8), np.uint8)] * N)
    for i, e in enumerate(p.entries):
        e.desc, e.points = desc, pts + i  # the entry's number in its points: verify tells which it is
    p.index, p.owner = _Index(), np.arange(N)
    matched: list[int] = []

    def verify(q: np.ndarray, e: np.ndarray, h: int, reproj: float | None = None
               ) -> tuple[int, np.ndarray | None, float]:
        k = int(round(float(e[0, 0] - pts[0, 0])))
        matched.append(k)
        return ((inliers or {}).get(k, 20), SAME, 0.3) if k in scores else (0, None, 0.0)

    monkeypatch.setattr(recognise, "shortlist_votes", lambda *a: np.arange(N, 0, -1).astype(float))
    monkeypatch.setattr(recognise, "verify", verify)
    monkeypatch.setattr(recognise, "template_score", lambda grey, k, M, pool, allowed, wins_needed=2: scores[k])
    monkeypatch.setattr(recognise, "tells_twins_apart", lambda *a, **k: True)
    monkeypatch.setattr(recognise, "sure_or_stranger", lambda pool, a, wt, k, conf, *_: (pool.entries[k], conf))
    monkeypatch.setattr(recognise, "_settle_twins", lambda *a: None)
    found = recognise._best(p, np.zeros((HEIGHT, CANON_W), np.uint8), pts, desc)
    return (None if found is None else found[0].id), matched


def test_the_entry_ranked_below_the_shortlist_is_found_when_the_shortlist_settles_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    own = C.SHORTLIST + 1  # the card's own entry, sixth by votes
    assert own < C.SHORTLIST_MORE
    found, matched = _best(monkeypatch, {1: -1.0, own: 0.9})
    assert found == str(own)
    assert matched == list(range(C.SHORTLIST_MORE))


def test_a_settled_shortlist_matches_no_further_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    found, matched = _best(monkeypatch, {0: 0.9, C.SHORTLIST + 1: 0.95})
    assert found == "0"
    assert matched == list(range(C.SHORTLIST))


def test_every_entry_tried_stays_a_rival(monkeypatch: pytest.MonkeyPatch) -> None:
    # the shortlist's best is too close to an entry further down to be sure: no answer (a close
    # look-alike with no more inliers is told apart where they differ: test_canal_houses_close_lookalikes.py)
    found, _ = _best(monkeypatch, {1: 0.6, C.SHORTLIST: 0.9, C.SHORTLIST + 2: 0.85}, {C.SHORTLIST + 2: 30})
    assert found is None


def test_entries_past_the_longer_list_are_never_matched(monkeypatch: pytest.MonkeyPatch) -> None:
    found, matched = _best(monkeypatch, {C.SHORTLIST_MORE: 0.9})
    assert found is None and C.SHORTLIST_MORE not in matched
