"""A tucked window shows little of its art: its feature inliers may bunch in
one pane, yet the similarity still puts the visible part where it sits on
the card. Such a match is kept (recognise.verify) and the template check
then decides by the wider CLUSTERED_MARGIN (recognise._best), so a shared
icon alone never makes a sure match."""

from __future__ import annotations

import numpy as np
import pytest
from catalog_thumbs import pool

from vision.canal_houses import constants as C
from vision.canal_houses import recognise
from vision.canal_houses.catalog import CANON_W

SAME = np.array([[1, 0, 0], [0, 1, 0]], np.float64)
HEIGHT = 160  # canonical px of the visible part


def _bunch(n: int, x: float, y: float, side: float, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return (np.array([x, y]) + rng.uniform(0, side, (n, 2))).astype(np.float32)


def test_inliers_bunched_in_one_pane_still_place_the_card() -> None:
    q = _bunch(14, 120, 60, 30)  # one pane: 30 x 30 px of the 280 x 160 px visible part
    inliers, M, spread = recognise.verify(q, q.copy(), HEIGHT)
    assert inliers == 14 and M is not None
    assert spread < C.MIN_INLIER_SPREAD  # bunched: the template check must decide by the wider margin


def test_inliers_spread_over_the_part_are_not_bunched() -> None:
    q = np.concatenate([_bunch(6, 10, 10, 20), _bunch(6, 240, 10, 20, 4), _bunch(6, 120, 120, 20, 5)])
    inliers, M, spread = recognise.verify(q, q.copy(), HEIGHT)
    assert inliers == 18 and M is not None and spread >= C.MIN_INLIER_SPREAD


def test_bunched_inliers_elsewhere_on_the_card_are_no_match() -> None:
    q = _bunch(14, 120, 60, 30)
    assert recognise.verify(q, q + np.float32([0, 0.5 * CANON_W]), HEIGHT)[1] is None


class _Index:
    def knnMatch(self, desc: np.ndarray, k: int) -> list:  # noqa: N802 (OpenCV's name)
        return []


@pytest.mark.parametrize(("spread", "margin", "sure"), [
    (0.3, 0.18, True),    # inliers over the part: the usual margin (0.15) suffices
    (0.01, 0.18, False),  # bunched in a pane: 0.18 is not enough
    (0.01, 0.25, True),   # bunched, but the template tells it clearly from every other entry
], ids=["spread-usual-margin", "bunched-usual-margin", "bunched-wide-margin"])
def test_a_bunched_match_needs_the_wider_template_margin(monkeypatch: pytest.MonkeyPatch, spread: float,
                                                         margin: float, sure: bool) -> None:
    rng = np.random.default_rng(7)
    desc = rng.integers(0, 256, (40, 32)).astype(np.uint8)
    pts = rng.uniform(0, 200, (40, 2)).astype(np.float32)
    p = pool([np.zeros((8, 8), np.uint8)] * 2)
    for e in p.entries:  # both entries share their features (look-alikes); the template tells them apart
        e.desc, e.points = desc, pts
    p.index, p.owner = _Index(), np.array([0, 1])
    monkeypatch.setattr(recognise, "shortlist_votes", lambda *a: np.array([9, 8]))
    monkeypatch.setattr(recognise, "verify", lambda q, e, h, reproj=None: (20, SAME, spread))
    monkeypatch.setattr(recognise, "template_score", lambda grey, k, M, pool, allowed, wins_needed=2: 0.9 - margin * k)
    monkeypatch.setattr(recognise, "tells_twins_apart", lambda *a, **k: True)
    monkeypatch.setattr(recognise, "sure_or_stranger", lambda pool, a, wt, k, conf, *_: (pool.entries[k], conf))
    monkeypatch.setattr(recognise, "_settle_twins", lambda *a: None)
    found = recognise._best(p, np.zeros((HEIGHT, CANON_W), np.uint8), pts, desc)
    assert (found is not None and found[0].id == "0") == sure
