"""A tucked window's panes all look alike: a feature on one pane has its
nearest and second nearest neighbour on two panes of the same entry, so
Lowe's ratio test within the entry threw it away, and a card showing only
panes kept too few matches. recognise._pairs offers both places to the
geometric check when the two lie farther apart than REPEAT_MIN_MM (a
repeat, not one spot seen twice); recognise._score uses them only for an
entry whose plain matches fit too few, and such a rescued entry is asked
only when the plain matches settle nothing; it must then beat every other
entry by the wider margin, is never settled among twins, and must be of
the colour the card reads as."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from catalog_thumbs import pool

from vision.canal_houses import constants as C
from vision.canal_houses import recognise
from vision.canal_houses.catalog import CANON_W

HEIGHT = 160
FAR = C.REPEAT_MIN_MM * C.CANON_PX_PER_MM  # canonical px


def _match(q: int, t: int, d: float) -> cv2.DMatch:
    return cv2.DMatch(q, t, d)


@pytest.mark.parametrize(("second_at", "ratio_passes", "kept"), [
    ((0.0, 0.0), True, 1),           # a clear nearest neighbour: the plain match
    ((2 * FAR, 0.0), False, 2),      # a second pane alike, far off: both places are candidates
    ((0.5 * FAR, 0.0), False, 0),    # the same spot seen twice (another scale): no repeat, no match
], ids=["plain", "repeat-far-off", "same-spot"])
def test_a_repeat_offers_both_places(second_at: tuple[float, float], ratio_passes: bool, kept: int) -> None:
    q_pts = np.array([[50.0, 40.0]], np.float32)
    e_pts = np.array([[52.0, 41.0], [52.0 + second_at[0], 41.0 + second_at[1]]], np.float32)
    second = 40.0 if ratio_passes else 21.0
    q, e, n = recognise._pairs([(_match(0, 0, 20.0), _match(0, 1, second))], q_pts, e_pts)
    assert len(q) == kept and n == (1 if ratio_passes else 0)
    if kept == 2:
        assert e.tolist() == e_pts.tolist() and q.tolist() == [[50.0, 40.0]] * 2


def test_repeats_come_after_the_plain_matches() -> None:
    q_pts = np.array([[10.0, 10.0], [60.0, 10.0]], np.float32)
    e_pts = np.array([[10.0, 10.0], [10.0 + 2 * FAR, 10.0], [60.0, 10.0]], np.float32)
    pairs = [(_match(0, 0, 20.0), _match(0, 1, 21.0)), (_match(1, 2, 10.0), _match(1, 0, 60.0))]
    q, e, n = recognise._pairs(pairs, q_pts, e_pts)
    assert n == 1 and e[0].tolist() == [60.0, 10.0] and len(q) == 3


class _Index:
    def knnMatch(self, desc: np.ndarray, k: int) -> list:  # noqa: N802 (OpenCV's name)
        return []


SAME = np.array([[1, 0, 0], [0, 1, 0]], np.float64)


def _rescued(monkeypatch: pytest.MonkeyPatch, score: float, hint: str | None, colour: str = "red",
             rival: float | None = None) -> str | None:
    """_best over an entry whose plain matches are too few (3) but whose
    repeated print fits 12 inliers (and, given rival, a second entry found
    plainly with that template score)."""
    rng = np.random.default_rng(5)
    desc = rng.integers(0, 256, (20, 32)).astype(np.uint8)
    pts = rng.uniform(0, 200, (20, 2)).astype(np.float32)
    p = pool([np.zeros((8, 8), np.uint8)] * 2)
    p.entries[0].color, p.entries[1].color = colour, "blue"
    for e in p.entries:
        e.desc, e.points = desc, pts
    p.index, p.owner = _Index(), np.array([0, 1])
    plain, repeats = pts[:3], np.repeat(pts[3:15], 2, axis=0)

    calls: list[int] = []

    def pairs(knn: object, q_pts: np.ndarray, e_pts: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
        calls.append(1)
        if len(calls) == 2 and rival is not None:
            return pts[:12], pts[:12], 12  # the second entry: plain matches aplenty
        both = np.concatenate([plain, repeats])
        return both, both, 3

    monkeypatch.setattr(recognise, "_pairs", pairs)
    monkeypatch.setattr(recognise, "shortlist_votes", lambda *a: np.array([9.0, 8.0]))
    monkeypatch.setattr(recognise, "verify", lambda q, e, h, reproj=None: (len(q) if len(q) >= C.MIN_INLIERS else 0,
                                                              SAME if len(q) >= C.MIN_INLIERS else None, 0.3))
    monkeypatch.setattr(recognise, "template_score",
                        lambda grey, k, M, pool, allowed, wins_needed=2:
                        score if k == 0 else (rival if rival is not None else -1.0))
    monkeypatch.setattr(recognise, "tells_twins_apart", lambda *a, **k: True)
    monkeypatch.setattr(recognise, "sure_or_stranger", lambda pool, a, wt, k, conf, *_: (pool.entries[k], conf))
    monkeypatch.setattr(recognise, "_settle_twins", lambda *a: (p.entries[1], 0.5))
    found = recognise._best(p, np.zeros((HEIGHT, CANON_W), np.uint8), pts, desc, hint=hint)
    return None if found is None else found[0].id


def test_a_window_of_look_alike_panes_is_rescued_by_its_repeats(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _rescued(monkeypatch, 0.9, hint="red") == "0"


@pytest.mark.parametrize(("hint", "why"), [(None, "no colour read"), ("blue", "another colour read")],
                         ids=["no-colour", "other-colour"])
def test_a_rescued_match_needs_the_colour_read(monkeypatch: pytest.MonkeyPatch, hint: str | None,
                                               why: str) -> None:
    assert _rescued(monkeypatch, 0.9, hint=hint) is None, why


def test_a_rescued_match_needs_the_wider_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    # 0.78 against 0.6 (too low to settle alone): the usual margin (0.15) would do, the wider one (0.2) not
    assert C.TEMPLATE_MARGIN < 0.78 - 0.6 < C.CLUSTERED_MARGIN
    assert _rescued(monkeypatch, 0.78, hint="red", rival=0.6) is None


def test_a_rescued_match_is_never_settled_among_twins(monkeypatch: pytest.MonkeyPatch) -> None:
    # close scores would ask the twin settlement (here it would name entry 1): not for a rescued match
    assert _rescued(monkeypatch, 0.7, hint="red", rival=0.6) is None


def test_a_rescued_entry_never_vetoes_a_plain_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    # the plain matches settle first; as a rival the rescued look-alike (0.85) took the margin away
    # from the right answer (kept 12 MP photos: wide-border windows sure 68 -> 60 of 100)
    assert _rescued(monkeypatch, 0.85, hint="red", rival=0.8) == "1"
