"""A tucked card (window, roof) read at 1-2 px per mm tries the photo's
coarse RANSAC tolerance when the strict one settles nothing, and keeps the
answer only when it stands plainly above every rival (recognise.plain): the
wider tolerance lets look-alikes' features fit too. Rows are the template
scores and inliers the coarse tolerance gave on the wide-border and facade
dev photos 11400-11411 (wave 1's set). Fails on 394849b (no plain, and
match_card never tried the coarse tolerance for a tucked card)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from vision.canal_houses import recognise

M = np.eye(2, 3)


def row(ncc: float, inliers: int, k: int) -> tuple[float, int, int, np.ndarray]:
    return (ncc, inliers, k, M)


@pytest.mark.parametrize(("scored", "k", "doubtful", "ok"), [
    pytest.param([row(0.87, 23, 0)], 0, set(), True, id="alone-spread"),
    pytest.param([row(0.91, 19, 0), row(0.68, 15, 1)], 0, {1}, True, id="ahead-of-rescued-rival"),
    pytest.param([row(0.87, 8, 0), row(-1.0, 13, 1)], 0, {1}, True, id="outnumbered-by-failing-template-only"),
    pytest.param([row(0.71, 10, 0), row(0.90, 55, 1)], 0, {1}, False, id="rescued-rival-scores-higher"),
    pytest.param([row(0.83, 12, 0), row(0.68, 13, 1)], 0, set(), False, id="outnumbered-by-passing-rival"),
    pytest.param([row(0.87, 11, 0), row(0.86, 11, 1)], 0, set(), False, id="rival-within-margin"),
    pytest.param([row(0.77, 10, 0), row(0.19, 8, 1)], 0, {0, 1}, False, id="bunched-or-rescued-itself"),
    pytest.param([row(0.80, 10, 1)], 0, set(), False, id="not-scored"),
])
def test_plain(scored: list, k: int, doubtful: set[int], ok: bool) -> None:
    assert recognise.plain(scored, k, doubtful) is ok


def stub_pool(n: int) -> Any:
    entries = [SimpleNamespace(id=f"W{i:02}", role="window", color=None) for i in range(n)]
    return SimpleNamespace(entries=entries, owner=np.arange(n), index=SimpleNamespace(knnMatch=lambda d, k: []))


@pytest.mark.parametrize(("rows", "answer", "kept"), [
    pytest.param([row(0.87, 23, 0), row(0.30, 9, 1)], 0, True, id="plain-kept"),
    pytest.param([row(0.71, 10, 0), row(0.90, 55, 1)], 0, False, id="look-alike-refuses"),
    pytest.param([row(0.87, 23, 0)], None, False, id="nothing-settled"),
])
def test_loose_keeps_only_a_plain_answer(monkeypatch: pytest.MonkeyPatch, rows: list, answer: int | None,
                                         kept: bool) -> None:
    pool = stub_pool(2)
    tolerances: list[float] = []

    def best(pool_: Any, *args: Any) -> Any:
        tolerances.append(args[-1])
        return None if answer is None else (pool.entries[answer], 0.9)

    monkeypatch.setattr(recognise, "_best", best)
    monkeypatch.setattr(recognise, "shortlist_votes", lambda *a: np.array([5, 3]))
    monkeypatch.setattr(recognise, "_score", lambda *a: rows)
    got = recognise._loose(pool, np.zeros((60, 280), np.uint8), np.zeros((0, 2), np.float32),
                           np.zeros((0, 32), np.uint8), np.ones(2, bool), 0.3, None, 12.5)
    assert tolerances == [12.5]
    assert (got is not None) is kept
    if kept:
        assert got[0] is pool.entries[answer]
