"""The catalog's shortlist index is FLANN's LSH index worked out with numpy
(issue 13: the index query was a fifth of a read). Its answers must be
cv2.FlannBasedMatcher's to the bit - the same two neighbours, in the same
order, ties included - for the same seed, and it must leave OpenCV's RNG as
training FLANN did. What depends only on the catalog is built once: the
same text gets the very same index and grey fields, and the stores of one
read share one twin table without hashing the catalog again."""

from __future__ import annotations

import base64

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses import twins
from vision.canal_houses.catalog import THUMB_H, THUMB_W, Catalog
from vision.canal_houses.fastmatch import shortlist_votes
from vision.canal_houses.lsh import LshIndex, Neighbours


def _flann(train: np.ndarray, tables: int, bits: int, probe: int, seed: int) -> cv2.FlannBasedMatcher:
    m = cv2.FlannBasedMatcher({"algorithm": 6, "table_number": tables, "key_size": bits,
                               "multi_probe_level": probe}, {"checks": 64})
    m.add([train])
    cv2.setRNGSeed(seed)
    m.train()
    return m


def _data(kind: str, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Train and query descriptors."""
    if kind == "random":
        train = rng.integers(0, 256, (3000, 32), dtype=np.uint8)
        return train, rng.integers(0, 256, (200, 32), dtype=np.uint8)
    if kind == "near-copies":  # queries close to train rows: short distances, many tables agree
        train = rng.integers(0, 256, (4000, 32), dtype=np.uint8)
        query = train[rng.choice(4000, 300)].copy()
        query ^= ((rng.random(query.shape) < 0.08) * rng.integers(0, 256, query.shape)).astype(np.uint8)
        return train, query
    if kind == "ties":  # few distinct rows, each many times: equal distances everywhere
        base = rng.integers(0, 256, (40, 32), dtype=np.uint8)
        train = base[rng.integers(0, 40, 2500)].copy()
        train[::7, 0] ^= 1  # some one bit apart
        query = base[rng.integers(0, 40, 300)].copy()
        query[::3, 5] ^= 16
        return train, query
    if kind == "biased":  # ORB-like: most bits usually one way, so buckets are very uneven
        p = rng.uniform(0.05, 0.95, 256)
        bits = rng.random((5000, 256)) < p
        train = np.packbits(bits, axis=1)
        query = np.packbits(rng.random((300, 256)) < p, axis=1)
        return train, query
    if kind == "20-byte":  # descriptors that are no whole number of machine words
        train = rng.integers(0, 256, (2000, 20), dtype=np.uint8)
        query = train[rng.choice(2000, 200)].copy()
        query[:, 3] ^= 5
        return train, query
    if kind == "tiny":  # fewer rows than buckets: many queries meet nothing or one row
        return rng.integers(0, 256, (3, 32), dtype=np.uint8), rng.integers(0, 256, (50, 32), dtype=np.uint8)
    raise ValueError(kind)


KINDS = ["random", "near-copies", "ties", "biased", "20-byte", "tiny"]
SHAPES = [(C.LSH_TABLES, C.LSH_KEY_BITS, C.LSH_MULTI_PROBE, C.LSH_SEED), (6, 12, 1, 0), (2, 16, 0, 3),
          (4, 10, 2, 7)]


@pytest.mark.parametrize("tables, bits, probe, seed", SHAPES, ids=lambda v: str(v))
@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_the_index_answers_as_flann_does(kind: str, tables: int, bits: int, probe: int, seed: int) -> None:
    rng = np.random.default_rng([tables, bits, probe, KINDS.index(kind)])
    train, query = _data(kind, rng)
    want = [tuple((m.trainIdx, m.distance) for m in p) for p in _flann(train, tables, bits, probe, seed)
            .knnMatch(query, k=2)]
    cv2.setRNGSeed(seed)
    got = [tuple((m.trainIdx, m.distance) for m in p) for p in LshIndex(train, tables, bits, probe)
           .knnMatch(query, k=2)]
    assert got == want


def test_ties_at_the_second_distance_are_settled_in_flanns_order() -> None:
    """Rows met in another table first keep their place though their index
    is larger: the set turns away a candidate no nearer than its second."""
    rng = np.random.default_rng(5)
    train, query = _data("ties", rng)
    flann = _flann(train, 8, 16, 1, 0).knnMatch(query, k=2)
    cv2.setRNGSeed(0)
    got = LshIndex(train, 8, 16, 1).knnMatch(query, k=2)
    tied = [i for i, p in enumerate(flann) if len(p) == 2 and p[0].distance == p[1].distance]
    assert len(tied) > 50  # the case is exercised
    assert [(got.first[i], got.second[i]) for i in tied] == [(flann[i][0].trainIdx, flann[i][1].trainIdx)
                                                             for i in tied]


def test_the_rng_is_left_as_training_flann_left_it() -> None:
    train = np.random.default_rng(1).integers(0, 256, (500, 32), dtype=np.uint8)
    _flann(train, C.LSH_TABLES, C.LSH_KEY_BITS, C.LSH_MULTI_PROBE, C.LSH_SEED)
    after_flann = cv2.randu(np.zeros(16, np.float32), 0, 1).copy()
    cv2.setRNGSeed(C.LSH_SEED)
    LshIndex(train, C.LSH_TABLES, C.LSH_KEY_BITS, C.LSH_MULTI_PROBE)
    after_ours = cv2.randu(np.zeros(16, np.float32), 0, 1).copy()
    assert np.array_equal(after_flann, after_ours)


@pytest.mark.parametrize("shape", ["full", "empty-query", "empty-index"], ids=str)
def test_the_votes_from_the_index_are_the_plain_loops(shape: str) -> None:
    rng = np.random.default_rng(2)
    train = rng.integers(0, 256, (0 if shape == "empty-index" else 800, 32), dtype=np.uint8)
    query = rng.integers(0, 256, (0 if shape == "empty-query" else 150, 32), dtype=np.uint8)
    cv2.setRNGSeed(0)
    pairs = LshIndex(train, 8, 10, 1).knnMatch(query, k=2)
    assert isinstance(pairs, Neighbours)
    owner = np.repeat(np.arange(8), 100)
    plain = np.zeros(9)
    for pair in pairs:
        for rank, m in enumerate(pair):
            plain[owner[m.trainIdx]] += 1.0 if rank == 0 else 0.5
    got = shortlist_votes(pairs, owner, 9)
    assert got.dtype == np.float64 and np.array_equal(got, plain)


def _b64(a: np.ndarray) -> str:
    return base64.b64encode(np.ascontiguousarray(a).tobytes()).decode("ascii")


def _raw(n: int = 6) -> list[dict]:
    rng = np.random.default_rng(9)
    out = []
    for i in range(n):
        vision = {"version": C.ENTRY_VERSION, "count": 60,
                  "points": _b64(rng.random((60, 2), dtype=np.float32) * 200),
                  "descriptors": _b64(rng.integers(0, 256, (60, 32), dtype=np.uint8)),
                  "thumb": _b64(rng.integers(0, 256, (THUMB_H, THUMB_W), dtype=np.uint8))}
        role = ("store", "window", "roof")[i % 3]
        out.append({"id": f"E{i}", "role": role, "card": {"color": "red"}, "vision": vision})
    return out


@pytest.mark.parametrize("role", ["store", "window", "top"], ids=str)
def test_the_same_catalog_text_gets_the_very_same_index_and_grey_fields(role: str) -> None:
    first = Catalog.parse(_raw()).pool(role)
    again = Catalog.parse(_raw()).pool(role)  # another request carrying the same text
    assert again.index is first.index and again.owner is first.owner and again.thumbs is first.thumbs
    assert not again.thumbs.flags.writeable
    assert np.array_equal(again.thumbs, np.stack([e.thumb for e in again.entries]))


def test_a_changed_entry_gets_its_own_grey_fields() -> None:
    raw = _raw()
    first = Catalog.parse(raw).pool("window")
    raw[1]["vision"]["thumb"] = _b64(np.full((THUMB_H, THUMB_W), 77, np.uint8))
    second = Catalog.parse(raw).pool("window")
    assert second.thumbs is not first.thumbs
    assert np.array_equal(second.thumbs, np.stack([e.thumb for e in second.entries]))


def test_the_stores_of_one_read_share_the_twin_table_without_hashing_again(monkeypatch) -> None:
    entries = Catalog.parse(_raw()).pool("store").entries
    table = twins.twin_table(entries)

    def no_hash(*_a, **_k):
        raise AssertionError("the catalog was hashed again")

    monkeypatch.setattr(twins.hashlib, "blake2b", no_hash)
    assert twins.twin_table(entries) is table
    changed = list(entries)  # another list (another read): hashed again
    with pytest.raises(AssertionError):
        twins.twin_table(changed)


@pytest.mark.parametrize("kind", ["random", "20-byte", "tiny"], ids=str)
def test_an_index_restored_from_its_exported_state_answers_the_same(kind: str) -> None:
    """The catalog cache writes export()'s plain arrays and numbers and
    builds the index again with restore(): the very same answers."""
    rng = np.random.default_rng(11)
    train, query = _data(kind, rng)
    cv2.setRNGSeed(C.LSH_SEED)
    index = LshIndex(train, C.LSH_TABLES, C.LSH_KEY_BITS, C.LSH_MULTI_PROBE)
    arrays, numbers = index.export()
    assert all(type(n) is int for n in numbers.values())
    frozen = {k: a.copy() for k, a in arrays.items()}
    for a in frozen.values():
        a.setflags(write=False)  # as mapped from the cache file
    want, got = index.knnMatch(query, k=2), LshIndex.restore(frozen, numbers).knnMatch(query, k=2)
    assert all(np.array_equal(getattr(got, n), getattr(want, n)) for n in ("first", "second", "d1", "d2"))


@pytest.mark.parametrize("spoil", ["missing-array", "extra-number", "not-an-array"], ids=str)
def test_restore_refuses_what_is_not_an_index_state(spoil: str) -> None:
    train = np.random.default_rng(3).integers(0, 256, (50, 32), dtype=np.uint8)
    arrays, numbers = LshIndex(train, 2, 8, 0).export()
    if spoil == "missing-array":
        arrays.pop("members")
    elif spoil == "extra-number":
        numbers["probe"] = 1
    else:
        arrays["words"] = [1, 2, 3]
    with pytest.raises(ValueError):
        LshIndex.restore(arrays, numbers)
