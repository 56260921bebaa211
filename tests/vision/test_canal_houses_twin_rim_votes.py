"""Store twins vote only inside their fields (twins.decide): where two
catalog photos of twins differ at the field's rim, it is their outlines'
error (a sliver of the border or the table caught by the rectification),
not their print; the store's own outline error there is alike for both. On
wide-border 12 MP dev 10200-10207, S14 and S15 (same art, points 2 and 1)
differ in 752 pixels of which 568 lie at the rim or the door knob and 144 in
the digit: the rim outvoted the digit (ratios 0.98-1.39, the wrong twin in
3 of 6), inside only they were right in all 6 (1.15-2.58).

Synthetic twins: one art, a small mark that tells them apart (a bar upright
or lying), and a dark sliver along one catalog photo's rim."""

from __future__ import annotations

import base64

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses import twins as T
from vision.canal_houses.catalog import CANON_H, CANON_W

MARK = (slice(30, 50), slice(40, 60))  # the twins' only difference in print: 4 x 4 mm
SLIVER = 3  # px of a dark outline error along a catalog photo's left rim (0.6 mm)


def _mark(upright: bool, paper: int) -> np.ndarray:
    """The twins' difference: a bar upright on one, lying on the other."""
    mark = np.full((20, 20), paper, np.uint8)
    if upright:
        mark[:, 7:13] = 30
    else:
        mark[7:13, :] = 30
    return mark


def _art(upright: bool, sliver: bool) -> np.ndarray:
    g = np.full((CANON_H, CANON_W), 160, np.uint8)
    cv2.rectangle(g, (30, 120), (120, 240), 60, -1)  # windows and a door, alike on every twin
    cv2.rectangle(g, (160, 120), (250, 240), 60, -1)
    cv2.rectangle(g, (170, 280), (240, 400), 40, -1)
    cv2.rectangle(g, (20, 20), (260, 70), 50, -1)  # the header band, where the mark sits: no half-round look-alike
    g[MARK] = _mark(upright, 160)
    if sliver:
        g[:, :SLIVER] = 20
        g[-SLIVER:, :] = 20
    return g


class _Entry:
    def __init__(self, cid: str, field: np.ndarray) -> None:
        self.id, self.role, self.color = cid, "store", "red"
        self.detail = base64.b64encode(cv2.imencode(".png", field)[1].tobytes()).decode()


def _table(sliver_on: str) -> T.Table:
    entries = [_Entry("A", _art(True, sliver_on == "A")), _Entry("B", _art(False, sliver_on == "B"))]
    table = T._table(entries)  # the table as twin_table makes it, without the catalog's fingerprint
    table.key = f"rim-votes-{sliver_on}".encode()  # twins._seen keeps blurred fields by this key
    return table


@pytest.mark.parametrize("sliver_on, store, px_per_mm", [
    ("A", "A", 5.0),   # the sliver on the store's own catalog photo: the rim voted for its twin
    ("A", "A", 3.0),
    ("B", "B", 3.0),
    ("B", "A", 3.0),   # the sliver on the twin's photo: the rim agreed with the mark already
    ("none", "A", 3.0),
    ("none", "B", 5.0),
], ids=["sliver-own-5", "sliver-own-3", "sliver-own-B-3", "sliver-twin-3", "no-sliver-A", "no-sliver-B"])
def test_twins_told_apart_inside_the_rim(sliver_on: str, store: str, px_per_mm: float) -> None:
    table = _table(sliver_on)
    f = px_per_mm / C.CANON_PX_PER_MM
    small = cv2.resize(_art(store == "A", False), (int(CANON_W * f), int(CANON_H * f)), interpolation=cv2.INTER_AREA)
    grey = cv2.resize(small, (CANON_W, CANON_H), interpolation=cv2.INTER_LINEAR)
    v = T.decide(table, [0, 1], grey, px_per_mm)
    assert v is not None and v.k == "AB".index(store), v
    assert v.ratio >= C.TWIN_RATIO, v


def _other_art(upright: bool) -> np.ndarray:
    """Another print of the same colour: other art, twins of their own."""
    g = np.full((CANON_H, CANON_W), 200, np.uint8)
    cv2.rectangle(g, (0, 250), (279, 404), 30, -1)
    cv2.circle(g, (140, 150), 70, 80, -1)
    g[MARK] = _mark(upright, 200)
    return g


@pytest.mark.parametrize("arts, singled", [
    ("one", True),   # the store's art and its twin only: the vote singles it out
    ("two", False),  # two arts of the colour, each a pair of twins: each art has a winner, one win each
], ids=["one-art-singled-out", "two-arts-tied"])
def test_a_tie_in_wins_is_no_decision(arts: str, singled: bool) -> None:
    fields = [_art(True, False), _art(False, False)]
    if arts == "two":
        fields += [_other_art(True), _other_art(False)]
    table = T._table([_Entry(f"E{i}", f) for i, f in enumerate(fields)])
    table.key = f"tie-{arts}".encode()  # twins._seen keeps blurred fields by this key
    table.need([0])
    assert len(table.regions) == len(fields) // 2, table.regions.keys()  # the two arts are no twins
    noise = np.random.default_rng(7).normal(0, 6, (CANON_H, CANON_W))  # a photo's own noise: the absolute check's floor
    store = np.clip(_art(True, False) + noise, 0, 255).astype(np.uint8)
    v = T.decide(table, list(range(len(fields))), store, C.CANON_PX_PER_MM)
    assert v is not None and v.k == 0 and T.accepted(v), v
    assert T.singled_out(v) is singled, v
