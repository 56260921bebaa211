"""The catalog's shortlist index: OpenCV's FLANN LSH index over the ORB
descriptors of a role's entries (cv2.FlannBasedMatcher, algorithm 6), its
k = 2 nearest neighbours worked out with numpy, to the bit.

FLANN looks at every descriptor in the query's bucket of each table and in
the buckets one key bit away (multi-probe), one by one, and keeps the two
nearest in a set ordered by (distance, index) that turns away a candidate no
nearer than its current second. That took a fifth of a street read (about
40 ms for a card's 300 descriptors against 20,000 windows); here every
candidate's Hamming distance is one vectorised step, and the order FLANN met
the candidates in is kept for the few queries whose answer it decides (ties
at the second distance). The tables are FLANN's own: the same key bits,
drawn by the same cv::randShuffle from OpenCV's RNG after the same seed.
test_canal_houses_lsh.py pins the answers to cv2.FlannBasedMatcher's."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

import cv2
import numpy as np


class Neighbour(NamedTuple):
    """cv2.DMatch's fields that the reader reads."""

    queryIdx: int  # noqa: N815 (OpenCV's names)
    trainIdx: int  # noqa: N815
    distance: float


class Neighbours(Sequence):
    """knnMatch's answer for k <= 2: per query its nearest and second
    nearest descriptor (-1: none) and their distances, as arrays (the vote
    count reads them whole) and as a sequence of cv2.DMatch-like pairs."""

    def __init__(self, first: np.ndarray, second: np.ndarray, d1: np.ndarray, d2: np.ndarray) -> None:
        self.first, self.second, self.d1, self.d2 = first, second, d1, d2

    def __len__(self) -> int:
        return len(self.first)

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        out = []
        for idx, d in ((self.first[i], self.d1[i]), (self.second[i], self.d2[i])):
            if idx >= 0:
                out.append(Neighbour(int(i), int(idx), float(d)))
        return tuple(out)

    def __iter__(self) -> Iterator[tuple[Neighbour, ...]]:
        return (self[i] for i in range(len(self)))


def _probe_masks(key_bits: int, level: int) -> np.ndarray:
    """FLANN's fill_xor_mask: the key itself, then keys level bits away,
    highest bit first, in its recursion's order."""
    out: list[int] = []

    def fill(key: int, lowest: int, lv: int) -> None:
        out.append(key)
        if lv == 0:
            return
        for index in range(lowest - 1, -1, -1):
            fill(key | (1 << index), index, lv - 1)

    fill(0, key_bits, level)
    return np.array(out, np.int64)


class LshIndex:
    """FLANN's LSH index (table_number, key_size, multi_probe_level) over
    train (N x B uint8 descriptors), built from OpenCV's RNG as it stands
    (the caller seeds it, as before FlannBasedMatcher.train)."""

    def __init__(self, train: np.ndarray, tables: int, key_bits: int, probe_level: int) -> None:
        train = np.ascontiguousarray(train, np.uint8)
        n, nbytes = train.shape
        nbits = nbytes * 8
        self.n, self.key_bits = n, key_bits
        # lsh_table.h LshTable(): each table shuffles all bit numbers and takes the first key_size (an
        # empty index draws nothing: FlannBasedMatcher is never trained on nothing)
        chosen = []
        for _ in range(tables if n else 0):
            order = np.arange(nbits, dtype=np.int32).reshape(-1, 1)
            cv2.randShuffle(order)
            chosen.append(np.sort(order.ravel()[:key_bits]))  # getKey: the mask's bits, lowest first
        self.bits = np.stack(chosen) if chosen else np.zeros((0, key_bits), np.int32)
        self.masks = _probe_masks(key_bits, probe_level)
        self.size = 1 << key_bits
        keys = self._keys(train)  # N x tables
        # buckets: each table's descriptors by key in index order (as FLANN added them), all tables in one array
        self.members = np.argsort(keys.T, axis=1, kind="stable").ravel().astype(np.int32)
        counts = np.concatenate([np.bincount(keys[:, t], minlength=self.size) for t in range(tables)]) \
            if tables and n else np.zeros(tables * self.size, np.int64)
        self.counts = counts.astype(np.int32)
        self.starts = (np.cumsum(counts) - counts).astype(np.int32)
        # the descriptors as 64-bit words for the distances (B a multiple of 8), else bytes
        self.words = train.view(np.uint64) if nbytes % 8 == 0 else train

    ARRAYS = ("bits", "masks", "members", "counts", "starts", "words")
    NUMBERS = ("n", "key_bits", "size")

    def export(self) -> tuple[dict[str, np.ndarray], dict[str, int]]:
        """The whole state as plain arrays and numbers: the catalog cache
        (catalog_cache.py) writes them as they are, never pickled."""
        return {k: getattr(self, k) for k in self.ARRAYS}, {k: int(getattr(self, k)) for k in self.NUMBERS}

    @classmethod
    def restore(cls, arrays: dict[str, np.ndarray], numbers: dict[str, int]) -> LshIndex:
        """The index export() gave these parts of (read-only arrays will do:
        a query never writes them); ValueError when they are not one."""
        if set(arrays) != set(cls.ARRAYS) or set(numbers) != set(cls.NUMBERS) or \
                not all(isinstance(a, np.ndarray) for a in arrays.values()):
            raise ValueError("not the state of an LshIndex")
        index = cls.__new__(cls)
        index.__dict__.update(arrays)
        index.__dict__.update({k: int(v) for k, v in numbers.items()})
        return index

    def _keys(self, desc: np.ndarray) -> np.ndarray:
        """Each descriptor's key in each table (N x tables, int64): the
        chosen bits, lowest bit number as the key's lowest bit."""
        n, tables = len(desc), len(self.bits)
        if tables == 0:
            return np.zeros((n, 0), np.int64)
        # FLANN reads a descriptor as machine words (little endian): bit p of the descriptor is bit p % 64
        # of word p // 64, i.e. bit p % 8 of byte p // 8
        if desc.shape[1] % 8 == 0 and np.little_endian:
            words = np.ascontiguousarray(desc.view(np.uint64).T)  # a row per word
        else:
            words = np.unpackbits(np.ascontiguousarray(desc.T), axis=0, bitorder="little").astype(np.uint64)
            words = words.reshape(-1, 1, n)  # a "word" per bit: the same arithmetic below
        per = 64 if words.ndim == 2 else 1
        # every table's every chosen bit at once (tables x key bits x N), each moved to its place in the
        # key and the places OR-ed together: the very keys of a loop over the tables and bits
        bits = self.bits.astype(np.int64)
        w = words[bits // per] if per == 64 else words[bits, 0]
        got = (w >> (bits % per).astype(np.uint64)[..., None]) & np.uint64(1)
        got <<= np.arange(bits.shape[1], dtype=np.uint64)[None, :, None]
        keys = np.bitwise_or.reduce(got, axis=1) if bits.shape[1] else np.zeros((tables, n), np.uint64)
        return keys.T.astype(np.int64)

    def knnMatch(self, query: np.ndarray, k: int = 2) -> Neighbours:  # noqa: N802 (OpenCV's name)
        """FlannBasedMatcher.knnMatch(query, k) for k 1 or 2."""
        if k not in (1, 2):
            raise ValueError("only the one or two nearest")
        query = np.ascontiguousarray(query, np.uint8)
        nq, tables = len(query), len(self.bits)
        first, second = np.full(nq, -1, np.int64), np.full(nq, -1, np.int64)
        d1, d2 = np.zeros(nq, np.int64), np.zeros(nq, np.int64)
        if nq == 0 or self.n == 0 or tables == 0:
            return Neighbours(first, second, d1, d2)
        # the buckets each query looks in, in FLANN's order: table by table, then the probes
        keys = self._keys(query)[:, :, None] ^ self.masks[None, None, :]
        bucket = (keys + (np.arange(tables, dtype=np.int64) * self.size)[None, :, None]).ravel()
        cnt = self.counts[bucket]
        ends = np.cumsum(cnt, dtype=np.int64)
        total = int(ends[-1])
        if total == 0:
            return Neighbours(first, second, d1, d2)
        pos = np.repeat((self.starts[bucket] - (ends - cnt)), cnt)  # each candidate's place in members
        pos += np.arange(total, dtype=pos.dtype)
        cand = self.members[pos]
        upto = ends.reshape(nq, -1)[:, -1]
        per_query = np.diff(upto, prepend=0)
        dist = self._distances(query, cand, per_query)
        # the two nearest distinct descriptors by (distance, index); a descriptor met in several tables is one
        qid = np.repeat(np.arange(nq, dtype=np.int32), per_query)
        has = per_query > 0
        seg = (upto - per_query)[has]
        wide = np.int64 if 257 * self.n >= 2 ** 31 else np.int32
        code = dist.astype(wide) * wide(self.n) + cand  # distance, then index
        top = np.iinfo(wide).max
        best = np.full(nq, top, wide)
        best[has] = np.minimum.reduceat(code, seg)
        code[code == best[qid]] = top
        runner = np.full(nq, top, wide)
        runner[has] = np.minimum.reduceat(code, seg)
        m2 = np.where(runner < top, runner // self.n, top)
        # only candidates no farther than the second distance decide, in the order FLANN first met them
        near = np.nonzero(dist <= m2[qid])[0]
        seen, firsts = np.unique(qid[near].astype(np.int64) * self.n + cand[near], return_index=True)
        count = np.bincount(seen // self.n, minlength=nq)
        one = count == 1  # one descriptor (perhaps in several buckets)
        first[one], d1[one] = best[one] % self.n, best[one] // self.n
        two = count == 2  # the two nearest: no tie for FLANN's order to settle
        first[two], d1[two] = best[two] % self.n, best[two] // self.n
        second[two], d2[two] = runner[two] % self.n, runner[two] // self.n
        if (count > 2).any():
            met = near[np.sort(firsts)]
            met = met[count[qid[met]] > 2]
            bounds = np.flatnonzero(np.diff(qid[met], prepend=-1))
            for a, b in zip(bounds.tolist(), [*bounds[1:].tolist(), len(met)], strict=True):
                i = int(qid[met[a]])
                kept = _unique_two(dist[met[a:b]], cand[met[a:b]])
                (d1[i], first[i]), (d2[i], second[i]) = kept[0], kept[1]
        if k == 1:
            second[:] = -1
        return Neighbours(first, second, d1, d2)

    def _distances(self, query: np.ndarray, cand: np.ndarray, per_query: np.ndarray) -> np.ndarray:
        """Hamming distance of each candidate to its query (candidates grouped
        by query, per_query of them each)."""
        if self.words.dtype == np.uint64:
            x = np.take(self.words, cand, axis=0)
            np.bitwise_xor(x, np.repeat(query.view(np.uint64), per_query, axis=0), out=x)
            c = np.bitwise_count(x)
            if c.shape[1] == 4:  # 32-byte descriptors: the four words' counts summed in 16-bit lanes
                # bitwise_count gives one uint8 per word (0-64), so a row's four counts are the four
                # bytes of one uint32: adding the bytes pairwise (then the two halves) is their sum,
                # never above 256, without a widening copy. Checked against FLANN in the tests.
                v = c.view(np.uint32).ravel()
                v = (v & 0x00FF00FF) + ((v >> 8) & 0x00FF00FF)
                return ((v & 0xFFFF) + (v >> 16)).astype(np.int32)
            return c.sum(axis=1, dtype=np.int32)
        x = np.take(self.words, cand, axis=0) ^ np.repeat(query, per_query, axis=0)
        return np.bitwise_count(x).sum(axis=1, dtype=np.int32)


def _unique_two(dist: np.ndarray, idx: np.ndarray) -> list[tuple[int, int]]:
    """FLANN's KNNUniqueResultSet with room for two, fed in this order: a set
    ordered by (distance, index) that turns away a candidate no nearer than
    its second once it holds two, and drops its last when it holds three."""
    kept: list[tuple[int, int]] = []
    worst = None
    for d, i in zip(dist.tolist(), idx.tolist(), strict=True):
        if worst is not None and d >= worst:
            continue
        if (d, i) in kept:
            continue
        kept.append((d, i))
        kept.sort()
        if len(kept) > 2:
            kept.pop()
        if len(kept) == 2:
            worst = kept[-1][0]
    return kept
