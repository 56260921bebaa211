"""The store twin table is worked out one colour at a time, only when a
store's candidates ask (twins.Table.need): most reads decide no twin, and in
the app every read is a fresh worker, so building every colour's twins for
every read with a store cost about 0.3 s. A colour worked out alone must be
exactly what it is when all are, and a decision the same."""

from __future__ import annotations

import base64

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses import twins
from vision.canal_houses.catalog import CANON_H, CANON_W, Entry

COLOURS = {"red": 3, "blue": 2, "green": 1}  # stores of each colour: twins of one art, a lone one


def _art(rng: np.random.Generator) -> np.ndarray:
    """A colour's shared print: blobs and bars at the canonical scale."""
    art = cv2.GaussianBlur(rng.integers(60, 200, (CANON_H, CANON_W)).astype(np.float32), (0, 0), 6)
    art = cv2.normalize(art, None, 40, 220, cv2.NORM_MINMAX)
    for _ in range(12):
        x, y = int(rng.integers(10, CANON_W - 60)), int(rng.integers(10, CANON_H - 40))
        cv2.rectangle(art, (x, y), (x + 40, y + 12), float(rng.integers(0, 255)), -1)
    return art.astype(np.uint8)


def _detail(grey: np.ndarray) -> str:
    ok, buf = cv2.imencode(".jpg", grey, [cv2.IMWRITE_JPEG_QUALITY, C.DETAIL_JPEG_QUALITY])
    assert ok
    return base64.b64encode(buf.tobytes()).decode("ascii")


def _entries(seed: int = 3) -> list[Entry]:
    """Stores whose twins differ only in their 'digit' (a small box), and a window."""
    rng = np.random.default_rng(seed)
    entries = []
    for colour, n in COLOURS.items():
        art = _art(rng)
        for i in range(n):
            card = art.copy()
            cv2.putText(card, str(i + 2), (CANON_W - 70, CANON_H - 40), cv2.FONT_HERSHEY_SIMPLEX, 2, 0, 5)
            entries.append(Entry(f"{colour}{i}", "store", colour, {}, np.zeros((0, 2), np.float32),
                                 np.zeros((0, 32), np.uint8), np.zeros((1, 1), np.float32), detail=_detail(card)))
    window = _art(rng)
    entries.insert(2, Entry("W1", "window", "red", {}, np.zeros((0, 2), np.float32), np.zeros((0, 32), np.uint8),
                            np.zeros((1, 1), np.float32), detail=_detail(window)))
    return entries


@pytest.fixture(autouse=True)
def _fresh_worker():
    """A freshly forked worker: no table worked out yet."""
    twins._TABLES.clear()
    twins._LAST.clear()
    twins._SEEN.clear()
    yield
    twins._TABLES.clear()
    twins._LAST.clear()


def _numbers(entries: list[Entry], colour: str) -> list[int]:
    return [k for k, e in enumerate(entries) if e.role == "store" and e.color == colour]


def _part(table: twins.Table, entries: list[Entry], colour: str) -> tuple:
    """One colour's fields, normalised fields, printed masks and difference places, as plain values."""
    mine = lambda k: entries[k].color == colour  # noqa: E731
    arrays = tuple({k: v.tobytes() for k, v in getattr(table, n).items() if mine(k)}
                   for n in ("fields", "norm", "printed"))
    return (*arrays, {p: (box, mask.tobytes()) for p, (box, mask) in table.regions.items() if mine(p[0])})


@pytest.mark.parametrize("colour", list(COLOURS), ids=list(COLOURS))
def test_a_store_of_one_colour_works_out_that_colours_twins_only(colour: str) -> None:
    entries = _entries()
    table = twins.twin_table(entries)
    assert not table.norm and not table.regions  # nothing worked out before a store asks
    asked = _numbers(entries, colour)
    twins.twins_of(table, asked[0])
    assert table.built == {colour}
    assert set(table.norm) == set(asked)
    assert {k for pair in table.regions for k in pair} <= set(asked)
    if len(asked) > 1:
        assert twins.twins_of(table, asked[0]) == set(asked[1:])  # the colour's twins, told by their digits


@pytest.mark.parametrize("order", [["blue", "red", "green"], ["green", "red", "blue"], ["red"]],
                         ids=["blue-first", "green-first", "red-alone"])
def test_a_colour_worked_out_alone_is_what_it_is_among_all(order: list[str]) -> None:
    entries = _entries()
    whole = twins._table(entries)
    whole.need_all()
    twins._TABLES.clear()
    twins._LAST.clear()
    table = twins.twin_table(entries)
    for colour in order:
        table.need(_numbers(entries, colour))
    for colour in order:
        assert _part(table, entries, colour) == _part(whole, entries, colour)
    assert table.built == set(order)


def test_a_decision_on_the_colours_asked_is_the_decision_on_the_whole_table() -> None:
    entries = _entries()
    reds = _numbers(entries, "red")
    grey = cv2.imdecode(np.frombuffer(base64.b64decode(entries[reds[1]].detail), np.uint8), cv2.IMREAD_GRAYSCALE)
    grey = cv2.GaussianBlur(grey, (0, 0), 1.2)  # as a photo at a few px/mm shows it
    whole = twins._table(entries)
    whole.need_all()
    whole.key = b"whole"
    want = twins.decide(whole, reds, grey, 3.0)
    twins._SEEN.clear()
    table = twins.twin_table(entries)
    got = twins.decide(table, reds, grey, 3.0)
    assert table.built == {"red"}
    assert want is not None and got == want and got.k == reds[1]
