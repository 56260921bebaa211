"""The catalog matcher's inner steps were rewritten for speed (a 12 MP read
must cost under a second): each must give exactly what its plain definition
gives, ties and edge cases included."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.canal_houses import constants as C
from vision.canal_houses import template
from vision.canal_houses.catalog import (
    CANON_W,
    THUMB_H,
    THUMB_W,
    TILE,
    TILES,
    features,
    grey_field,
    tile_sums,
)
from vision.canal_houses.fastmatch import (
    shortlist_votes,
    strongest_per_cell,
    twin_regions,
    white_bytes,
)
from vision.canal_houses.recognise import tile_ncc
from vision.canal_houses.structure import rectify
from vision.canal_houses.template import thumb_tile_sums

RNG = np.random.default_rng(13)


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


@pytest.mark.parametrize(("shape", "spelt"), [((40, 48, THUMB_W), True), ((9, THUMB_H, THUMB_W), True),
                                            ((2, 3, 36, THUMB_W), True), ((THUMB_H, THUMB_W), False),
                                            ((3, 40, THUMB_W), False)],
                         ids=["stack-band", "stack-whole", "two-stacks", "one-thumb", "small"])
@pytest.mark.parametrize("values", ["normal", "wide-range", "many-zeros"], ids=str)
def test_tile_sums_are_numpys_reduction(shape: tuple[int, ...], spelt: bool, values: str) -> None:
    # from TILE_SUMS_SPELT_OUT_FROM elements the adds are spelt out over whole arrays: the same bits
    x = RNG.normal(0, 1, shape).astype(np.float32)
    if values == "wide-range":
        x *= np.float32(10.0) ** RNG.integers(-4, 5, shape).astype(np.float32)
    elif values == "many-zeros":
        x[x < 0.5] = 0.0
    assert (x.size >= C.TILE_SUMS_SPELT_OUT_FROM) == spelt  # both ways are exercised
    rows = shape[-2] // TILE
    plain = x[..., :rows * TILE, :TILES[1] * TILE].reshape(*shape[:-2], rows, TILE, TILES[1], TILE).sum(axis=(-3, -1))
    got = tile_sums(x)
    assert got.shape == plain.shape and got.dtype == plain.dtype and np.array_equal(got, plain)


def _plain_tile_ncc(a: np.ndarray, wt: np.ndarray, thumbs: np.ndarray) -> tuple[np.ndarray, ...]:
    """recognise.tile_ncc as it was written first (thumbs picked by the caller)."""
    rows = np.nonzero(tile_sums(wt).sum(axis=1) > 0)[0]
    if len(rows) == 0:
        empty = np.zeros((len(thumbs), 0, 0), np.float32)
        return empty, np.zeros((0, 0), bool), empty
    top, bottom = rows[0] * TILE, (rows[-1] + 1) * TILE
    a, wt, b = a[top:bottom], wt[top:bottom], thumbs[:, top:bottom]
    sw = tile_sums(wt)
    ok = sw >= C.TEMPLATE_TILE_FILL * TILE * TILE
    sw = np.maximum(sw, 1e-6)
    ma, mb = tile_sums(wt * a) / sw, tile_sums(wt * b) / sw
    va = tile_sums(wt * a * a) / sw - ma * ma
    vb = tile_sums(wt * b * b) / sw - mb * mb
    ncc = (tile_sums(wt * a * b) / sw - ma * mb) / np.sqrt(np.maximum(va * vb, 1e-6))
    return ncc, ok, vb


@pytest.mark.parametrize("rows", [(0, THUMB_H), (3, 40), (30, 31), (0, 0)], ids=["whole", "top-part", "one-row", "unseen"])
@pytest.mark.parametrize("pick", [None, [0, 2, 5], [4]], ids=["all", "some", "one"])
def test_tile_ncc_is_the_plain_definition(rows: tuple[int, int], pick: list[int] | None) -> None:
    thumbs = RNG.normal(0, 1, (6, THUMB_H, THUMB_W)).astype(np.float32)
    a = RNG.normal(0, 1, (THUMB_H, THUMB_W)).astype(np.float32)
    wt = np.zeros((THUMB_H, THUMB_W), np.float32)
    wt[rows[0]:rows[1], 2:-3] = 1.0
    chosen = None if pick is None else np.array(pick)
    got = tile_ncc(a, wt, thumbs, chosen)
    want = _plain_tile_ncc(a, wt, thumbs if chosen is None else thumbs[chosen])
    for g, w in zip(got, want, strict=True):
        assert g.shape == w.shape and g.dtype == w.dtype and np.array_equal(g, w)


def _laid_weight(kind: str) -> np.ndarray:
    """A visible part's weight as _laid makes it: a strip or the whole
    field, turned a little or half round and shifted, so that tiles at its
    rim are partly seen."""
    if kind == "lone-rim-tile":  # the last tile row seen, its first tile only in part: one rim tile
        wt = np.zeros((THUMB_H, THUMB_W), np.float32)
        wt[12 * TILE:13 * TILE, :TILES[1] * TILE] = 1.0
        wt[12 * TILE:12 * TILE + 3, :5] = 0.0
        return wt
    h = {"strip": 50, "whole": THUMB_H, "sliver": 9, "nothing": 0}[kind.split("-")[0]]
    inside = np.zeros((max(h, 1), THUMB_W), np.float32)
    inside[2:h - 2, 2:-2] = 1.0
    if "turned" in kind:
        M = np.array([[-1.0, 0.0, THUMB_W + 1.3], [0.0, -1.0, THUMB_H - 2.6]])
    else:
        c, s = np.cos(0.04), np.sin(0.04)
        M = np.array([[c, -s, 2.4], [s, c, 1.7]])
    laid = cv2.warpAffine(inside, M, (THUMB_W, THUMB_H))
    return laid if kind.endswith("soft") else (laid > 0.5).astype(np.float32)  # soft: weights between 0 and 1


@pytest.mark.parametrize("kind", ["strip-tilted", "strip-turned", "whole-tilted", "sliver-turned", "nothing-tilted",
                                  "lone-rim-tile", "whole-tilted-soft"], ids=str)
@pytest.mark.parametrize("kept", [True, False], ids=["pool-stack", "changing-stack"])
@pytest.mark.parametrize("pick", [None, [0, 3, 4], [2]], ids=["all", "some", "one"])
def test_tile_ncc_with_kept_thumb_sums_is_the_plain_definition(kind: str, kept: bool, pick: list[int] | None) -> None:
    # the whole tiles' thumbnail sums come from thumb_tile_sums (a read-only stack's, kept), the rim's are
    # summed on the spot: the very numbers the plain definition gives
    thumbs = RNG.normal(0, 1, (6, THUMB_H, THUMB_W)).astype(np.float32)
    thumbs.setflags(write=not kept)
    a = RNG.normal(0, 1, (THUMB_H, THUMB_W)).astype(np.float32)
    wt = _laid_weight(kind)
    chosen = None if pick is None else np.array(pick)
    for _ in range(2):  # the second time from the kept sums, if kept
        got = tile_ncc(a, wt, thumbs, chosen)
        want = _plain_tile_ncc(a, wt, thumbs if chosen is None else thumbs[chosen])
        for g, w in zip(got, want, strict=True):
            assert g.shape == w.shape and g.dtype == w.dtype and np.array_equal(g, w)
    # kept only for a read-only stack seen mostly whole (a strip is seen mostly at its rim: all its tiles summed)
    assert any(t is thumbs for t, _, _ in template._SUMS) == (kept and kind in ("whole-tilted", "lone-rim-tile"))


def test_thumb_tile_sums_are_kept_only_for_a_read_only_stack() -> None:
    thumbs = RNG.normal(0, 1, (3, THUMB_H, THUMB_W)).astype(np.float32)
    first = thumb_tile_sums(thumbs)
    thumbs[0] += 1.0  # a writable stack may change: its sums are worked out again
    assert np.array_equal(thumb_tile_sums(thumbs)[0], tile_sums(thumbs))
    assert not np.array_equal(thumb_tile_sums(thumbs)[0], first[0])
    thumbs.setflags(write=False)
    assert thumb_tile_sums(thumbs)[0] is thumb_tile_sums(thumbs)[0]


@pytest.mark.parametrize("gains", [np.array([1 / 200, 1 / 180, 1 / 150], np.float32),
                                   np.array([0.02, 0.001, 0.5], np.float32), np.array([1 / 90, 1 / 250, 1 / 255])],
                         ids=["lamp-cast", "clipping", "float64-gains"])
def test_grey_field_is_the_plain_float_product(gains: np.ndarray) -> None:
    photo = RNG.integers(0, 256, (300, 400, 3), dtype=np.uint8)
    quad = np.array([[50, 40], [300, 60], [290, 250], [45, 230]], np.float32)
    patch = rectify(photo, quad, CANON_W, 180)
    plain = cv2.cvtColor(np.clip(patch.astype(np.float32) * gains * 255, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
    assert np.array_equal(white_bytes(patch, gains), np.clip(patch.astype(np.float32) * gains * 255, 0, 255).astype(np.uint8))
    assert np.array_equal(grey_field(photo, quad, gains, 180), plain)


def _plain_votes(pairs, owner: np.ndarray, n: int) -> np.ndarray:
    votes = np.zeros(n)
    for pair in pairs:
        for rank, m in enumerate(pair):
            votes[owner[m.trainIdx]] += 1.0 if rank == 0 else 0.5
    return votes


@pytest.mark.parametrize("kind", ["lsh", "short", "empty"])
def test_shortlist_votes_equal_the_plain_loop(kind: str) -> None:
    """The shared index's votes, counted with bincount, are the loop's
    numbers exactly, pairs with fewer than two neighbours included (an LSH
    index returns them)."""
    train = RNG.integers(0, 256, (400, 32), dtype=np.uint8)
    owner = np.repeat(np.arange(8), 50)
    query = train[RNG.choice(400, 120)].copy()
    query[:, :3] ^= RNG.integers(0, 256, (120, 3), dtype=np.uint8)
    if kind == "empty":
        pairs: list = []
    else:
        index = cv2.FlannBasedMatcher({"algorithm": 6, "table_number": 6, "key_size": 12, "multi_probe_level": 1},
                                      {"checks": 50})
        index.add([train])
        index.train()
        pairs = list(index.knnMatch(query, k=2))
        if kind == "short":
            pairs = [p[:i % 3] for i, p in enumerate(pairs)]  # two, none or one neighbour
    got = shortlist_votes(pairs, owner, 9)
    assert got.dtype == np.float64 and got.shape == (9,)
    assert np.array_equal(got, _plain_votes(pairs, owner, 9))


def _plain_per_cell(kps, cells: int, per_cell: int) -> list:
    """catalog.features' keypoint choice as first written."""
    buckets: dict[tuple[int, int], list] = {}
    for k in sorted(kps, key=lambda k: -k.response):
        b = buckets.setdefault((int(k.pt[0] // cells), int(k.pt[1] // cells)), [])
        if len(b) < per_cell:
            b.append(k)
    return [k for b in buckets.values() for k in b]


def _card_grey() -> np.ndarray:
    """A card-sized picture with texture and flat parts."""
    grey = (RNG.random((450, CANON_W)) * 255).astype(np.uint8)
    grey[200:300] = 128
    return cv2.GaussianBlur(grey, (0, 0), 1.5)


def _keypoints(kind: str) -> list:
    if kind == "orb":  # real ORB keypoints
        return list(cv2.ORB_create(nfeatures=1200, edgeThreshold=15, fastThreshold=12).detect(_card_grey(), None))
    if kind == "ties":  # equal responses, points on cell edges, many in one cell
        return [cv2.KeyPoint(float(x), float(y), 7, -1, float(r))
                for x, y, r in zip(RNG.choice([0.0, 39.999, 40.0, 41.5, 80.0, 119.0], 300),
                                   RNG.choice([0.0, 40.0, 79.9, 80.0, 200.5], 300),
                                   RNG.choice([0.001, 0.002, 0.5], 300), strict=True)]
    if kind == "one":
        return [cv2.KeyPoint(12.5, 30.0, 7, -1, 0.3)]
    return []


@pytest.mark.parametrize("kind", ["orb", "ties", "one", "none"], ids=str)
@pytest.mark.parametrize("per_cell", [1, 2, 5], ids=str)
def test_strongest_per_cell_is_the_plain_loop(kind: str, per_cell: int) -> None:
    kps = _keypoints(kind)
    got = strongest_per_cell(kps, C.ORB_GRID_CELL_PX, per_cell)
    want = _plain_per_cell(kps, C.ORB_GRID_CELL_PX, per_cell)
    assert [id(k) for k in got] == [id(k) for k in want]
    if kind in ("orb", "ties"):
        assert 0 < len(got) < len(kps)  # the cap bites


def test_features_keep_the_plain_keypoints_and_descriptors() -> None:
    """features() as a whole against its plain definition (same ORB, the
    plain keypoint choice): the same points and the same descriptors."""
    grey = _card_grey()
    n = C.ORB_FEATURES_QUERY
    orb = cv2.ORB_create(nfeatures=n * 4, scaleFactor=1.2, nlevels=6, edgeThreshold=15,
                         patchSize=31, fastThreshold=C.ORB_FAST_THRESHOLD)
    cells = C.ORB_GRID_CELL_PX
    per_cell = max(2, int(n * cells * cells / grey.size) + 1)
    kept, want_desc = orb.compute(grey, _plain_per_cell(orb.detect(grey, None), cells, per_cell))
    pts, desc = features(grey, n)
    assert np.array_equal(pts, np.array([k.pt for k in kept], np.float32).reshape(-1, 2))
    assert desc is not None and np.array_equal(desc, want_desc)


def _plain_pairs(pairs, q_pts: np.ndarray, e_pts: np.ndarray, ratio: float, far: float):
    """recognise._pairs as first written."""
    q_idx, e_idx, rep_q, rep_e = [], [], [], []
    for p in pairs:
        if len(p) < 2:
            continue
        a, b = p
        if a.distance < ratio * b.distance:
            q_idx.append(a.queryIdx)
            e_idx.append(a.trainIdx)
        elif far > 0 and np.linalg.norm(e_pts[a.trainIdx] - e_pts[b.trainIdx]) > far:
            rep_q += [a.queryIdx, b.queryIdx]
            rep_e += [a.trainIdx, b.trainIdx]
    n = len(q_idx)
    q_idx, e_idx = q_idx + rep_q, e_idx + rep_e
    return q_pts[q_idx].reshape(-1, 2), e_pts[e_idx].reshape(-1, 2), n


@pytest.mark.parametrize("kind", ["matched", "pane-grid", "on-the-limit", "short", "empty", "no-repeats"])
def test_ratio_pairs_equal_the_plain_loop(kind: str) -> None:
    """The ratio test and the repeated print's both places, over arrays:
    the same points in the same order, pairs whose two places lie exactly
    (or within a rounding) at the limit included."""
    from vision.canal_houses.fastmatch import ratio_pairs

    rng = np.random.default_rng(["matched", "pane-grid", "on-the-limit", "short", "empty", "no-repeats"].index(kind))
    train = rng.integers(0, 256, (300, 32), dtype=np.uint8)
    query = train[rng.choice(300, 200)].copy()
    query[:, :4] ^= rng.integers(0, 256, (200, 4), dtype=np.uint8)
    if kind == "pane-grid":
        train[150:] = train[:150]  # each print twice: the ratio test fails, both places are candidates
    e_pts = (rng.random((300, 2)) * 280).astype(np.float32)
    if kind == "on-the-limit":
        train[150:] = train[:150]
        step = np.float32(15.0)
        e_pts[150:] = e_pts[:150] + np.stack([np.full(150, step), np.zeros(150, np.float32)], axis=1)
        e_pts[150::3, 0] = np.nextafter(e_pts[150::3, 0], np.float32(1e9))
        e_pts[151::3, 0] = np.nextafter(e_pts[151::3, 0], np.float32(-1e9))
        e_pts[200:210] = e_pts[50:60] + np.float32([9.0, 12.0])  # 3-4-5: exactly 15 apart
    q_pts = (rng.random((200, 2)) * 280).astype(np.float32)
    pairs = list(cv2.BFMatcher(cv2.NORM_HAMMING).knnMatch(query, train, k=2))
    if kind == "short":
        pairs = [p[:i % 3] for i, p in enumerate(pairs)]
    if kind == "empty":
        pairs = []
    far = 0.0 if kind == "no-repeats" else C.REPEAT_MIN_MM * C.CANON_PX_PER_MM
    got = ratio_pairs(pairs, q_pts, e_pts, C.MATCH_RATIO, far)
    want = _plain_pairs(pairs, q_pts, e_pts, C.MATCH_RATIO, far)
    assert got[2] == want[2]
    for g, w in zip(got[:2], want[:2], strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape and np.array_equal(g, w)
    if kind in ("pane-grid", "on-the-limit"):
        assert len(want[0]) > want[2]  # repeated print was rescued


@pytest.mark.parametrize("kind", ["random", "ties", "one-train-row", "no-query", "no-train"], ids=str)
def test_nearest_two_is_bfmatchers_knn_match(kind: str) -> None:
    """The two nearest as arrays are knnMatch's DMatches, ties and a
    single-row entry included, and ratio_pairs gives the same points from
    either."""
    from vision.canal_houses.fastmatch import nearest_two, ratio_pairs

    rng = np.random.default_rng(["random", "ties", "one-train-row", "no-query", "no-train"].index(kind))
    levels = 4 if kind == "ties" else 256  # few levels: many equal distances
    train = rng.integers(0, levels, (1 if kind == "one-train-row" else 120, 32), dtype=np.uint8)
    query = rng.integers(0, levels, (0 if kind == "no-query" else 90, 32), dtype=np.uint8)
    if kind == "no-train":
        train = train[:0]
    pairs = list(cv2.BFMatcher(cv2.NORM_HAMMING).knnMatch(query, train, k=2)) if len(train) else []
    got = nearest_two(query, train)
    as_matches = [[(r, int(got.idx[r, c]), float(got.dist[r, c])) for c in range(got.idx.shape[1])
                   if got.idx[r, c] >= 0] for r in range(len(got.idx))]
    assert as_matches == [[(m.queryIdx, m.trainIdx, m.distance) for m in p] for p in pairs]
    q_pts = (rng.random((len(query), 2)) * 280).astype(np.float32)
    e_pts = (rng.random((len(train), 2)) * 280).astype(np.float32)
    far = C.REPEAT_MIN_MM * C.CANON_PX_PER_MM
    want = ratio_pairs(pairs, q_pts, e_pts, C.MATCH_RATIO, far)
    arrays = ratio_pairs(got, q_pts, e_pts, C.MATCH_RATIO, far)
    assert arrays[2] == want[2]
    for g, w in zip(arrays[:2], want[:2], strict=True):
        assert g.dtype == w.dtype and g.shape == w.shape and np.array_equal(g, w)
    if kind == "ties":
        assert want[2] > 0 and len(want[0]) > want[2]  # the ratio test and the rescue both had work
