"""Store twins told apart window by window (twin_local.py): a twin decision
is sure when the store beats each twin in every word-wide window where they
differ, not only on the mean over all of it. Wide-border dev 12500-12519 at
2000x1500: the missing S30 ("3+ flow 1+ cats") won S09's pairs ("3+ bird 1+
cats") by up to 2.7 on the mean, as right stores do, but lost the window of
the word it does not share (0.41-0.87)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.canal_houses import twins
from vision.canal_houses.twin_constants import TWIN_LOCAL_SURE
from vision.canal_houses.twin_local import local_ratio

H, W = 120, 100
DIGIT = (slice(20, 40), slice(20, 60))  # where the two twins differ: a digit ...
WORD = (slice(70, 90), slice(20, 60))  # ... and a word


def _twins() -> tuple[dict[int, np.ndarray], dict]:
    rng = np.random.default_rng(5)
    a = rng.normal(0, 1, (H, W)).astype(np.float32)
    b = a.copy()
    for box in (DIGIT, WORD):
        b[box] = rng.normal(0, 1, b[box].shape)
    mask = np.zeros((H, W), bool)
    for box in (DIGIT, WORD):
        mask[box] = True
    box = (slice(20, 90), slice(20, 60))
    return {0: a, 1: b}, {(0, 1): (box, mask[box])}


@pytest.mark.parametrize("word_of, sure", [
    (0, True),  # the store is twin 0 in both places: every window won
    (1, False),  # twin 0's digit but twin 1's word: a card missing from the catalog, not sure
], ids=["right-store", "digit-of-one-word-of-other"])
def test_every_window_must_be_won(word_of: int, sure: bool) -> None:
    seen, regions = _twins()
    q = seen[0] + np.random.default_rng(6).normal(0, 0.3, (H, W)).astype(np.float32)
    q[WORD] = seen[word_of][WORD] + np.random.default_rng(7).normal(0, 0.3, q[WORD].shape)
    mean_a = float(np.abs(q - seen[0])[20:90, 20:60].mean())
    mean_b = float(np.abs(q - seen[1])[20:90, 20:60].mean())
    assert mean_b > mean_a  # the pair's mean vote goes to twin 0 either way
    local = local_ratio(q, seen, regions, 0, rim=4)
    assert (local >= TWIN_LOCAL_SURE) == sure


@pytest.mark.parametrize("ratio, local, over, sure", [
    (1.6, 0.0, 5.0, False),  # won narrowly on the mean, no window check: a proposal
    (1.6, 0.81, 5.0, False),  # the highest window ratio a wrong verdict reached on dev: a proposal
    (1.6, TWIN_LOCAL_SURE + 0.1, 5.0, True),  # every window won, alike as a right store: sure
    (1.6, TWIN_LOCAL_SURE + 0.1, 10.5, False),  # every window won, but alike only as a look-alike
    (3.6, 0.0, 5.0, True),  # won widely in every pair (TWIN_SURE_RATIO): sure, as before
], ids=["narrow", "wrong-at-0.81", "every-window", "window-but-lookalike", "wide-ratio"])
def test_sure_apart(ratio: float, local: float, over: float, sure: bool) -> None:
    v = twins.Verdict(3, ratio, over * 0.1, (4,), 0.1, False, local)
    assert twins.sure_apart(v) == sure
