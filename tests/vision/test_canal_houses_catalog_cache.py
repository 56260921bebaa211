"""The catalog's derived arrays kept on disk between photo workers (in the
app each street photo is read in a fresh worker): a hit must give the very
arrays a fresh worker works out, a changed catalog must miss, the file holds
plain arrays (no pickle: a worker a hostile photo took over must not plant
code for later workers), and a broken or unwritable cache never fails a read."""

from __future__ import annotations

import base64
import json
import pickle

import cv2
import numpy as np
import pytest

from vision.canal_houses import catalog as cat
from vision.canal_houses import catalog_cache, twins
from vision.canal_houses import constants as C
from vision.canal_houses.catalog import CANON_H, CANON_W, THUMB_H, THUMB_W, Catalog


def _b64(a: np.ndarray) -> str:
    return base64.b64encode(np.ascontiguousarray(a).tobytes()).decode("ascii")


def _detail(rng: np.random.Generator, art: np.ndarray, digit: int) -> str:
    card = art.copy()
    cv2.putText(card, str(digit), (CANON_W - 70, CANON_H - 40), cv2.FONT_HERSHEY_SIMPLEX, 2, 0, 5)
    ok, buf = cv2.imencode(".jpg", card, [cv2.IMWRITE_JPEG_QUALITY, C.DETAIL_JPEG_QUALITY])
    return base64.b64encode(buf.tobytes()).decode("ascii")


def _raw(seed: int = 7, count: int = 80) -> list[dict]:
    """Eight entries as catalog_for_reading gives them (vision as JSON text):
    stores, two of them twins with sharp fields, windows and a roof."""
    rng = np.random.default_rng(seed)
    art = cv2.GaussianBlur(rng.integers(40, 220, (CANON_H, CANON_W)).astype(np.float32), (0, 0), 5).astype(np.uint8)
    roles = ("store", "window", "roof", "window")
    out = []
    for i in range(8):
        vision = {"version": C.ENTRY_VERSION, "count": count,
                  "points": _b64(rng.random((count, 2), dtype=np.float32) * 200),
                  "descriptors": _b64(rng.integers(0, 256, (count, 32), dtype=np.uint8)),
                  "thumb": _b64(rng.integers(0, 256, (THUMB_H, THUMB_W), dtype=np.uint8))}
        if roles[i % 4] == "store":
            vision["detail"] = _detail(rng, art, i + 2)
        out.append({"id": f"C{i}", "role": roles[i % 4], "card": {"color": "red", "points": i},
                    "vision": json.dumps(vision)})
    return out


def _forget() -> None:
    """A freshly forked worker: nothing worked out yet."""
    for cache in (cat._DECODED, cat._INDEXES, twins._TABLES, twins._FIELDS, twins._SEEN):
        cache.clear()
    twins._LAST.clear()


@pytest.fixture(autouse=True)
def _fresh():
    _forget()
    yield
    _forget()


@pytest.mark.parametrize("change", ["vision", "role", "color", "points", "order"], ids=str)
def test_a_changed_catalog_has_another_key(change: str) -> None:
    raw = _raw()
    other = [dict(item) for item in raw]
    if change == "vision":
        other[0]["vision"] = _raw(99)[0]["vision"]
    elif change == "role":
        other[1]["role"] = "roof"
    elif change == "color":
        other[2]["card"] = {**other[2]["card"], "color": "blue"}
    elif change == "points":
        other[4]["card"] = {**other[4]["card"], "points": 9}
    else:
        other.reverse()
    assert catalog_cache.catalog_key(raw) == catalog_cache.catalog_key([dict(i) for i in raw])
    assert catalog_cache.catalog_key(other) != catalog_cache.catalog_key(raw)


def test_a_hit_gives_the_arrays_a_fresh_worker_works_out(tmp_path) -> None:
    raw = _raw()
    query = np.random.default_rng(5).integers(0, 256, (40, 32), dtype=np.uint8)
    fresh = Catalog.parse(raw)
    want = {r: fresh.pool(r).index.knnMatch(query, k=2) for r in catalog_cache.ROLES}
    table = twins.twin_table(fresh.pool("store").entries)
    table.need_all()
    assert table.regions  # the two stores are twins: the table has something to keep
    catalog_cache.parsed(raw, tmp_path)  # a miss: written
    assert len(list(tmp_path.glob("*.arrays"))) == 1
    _forget()
    loaded = catalog_cache.parsed(raw, tmp_path)
    assert cat._INDEXES and twins._TABLES  # from the file, not worked out
    for a, b in zip(fresh.entries, loaded.entries, strict=True):
        for name in ("points", "desc", "thumb", "grey"):
            assert np.array_equal(getattr(a, name), getattr(b, name)) and getattr(b, name).dtype == getattr(a, name).dtype
    for role, got in ((r, loaded.pool(r).index.knnMatch(query, k=2)) for r in catalog_cache.ROLES):
        assert all(np.array_equal(getattr(got, n), getattr(want[role], n)) for n in ("first", "second", "d1", "d2"))
        assert np.array_equal(loaded.pool(role).thumbs, fresh.pool(role).thumbs)
    kept = twins.twin_table(loaded.pool("store").entries)
    assert kept is not table and kept.built == table.built
    for name in ("fields", "norm", "printed"):
        assert getattr(kept, name).keys() == getattr(table, name).keys()
        assert all(np.array_equal(getattr(kept, name)[k], getattr(table, name)[k]) for k in getattr(table, name))
    assert {p: (box, m.tobytes()) for p, (box, m) in kept.regions.items()} == \
        {p: (box, m.tobytes()) for p, (box, m) in table.regions.items()}


def test_the_file_holds_no_pickle(tmp_path, monkeypatch) -> None:
    def no_pickle(*_a, **_k):
        raise AssertionError("pickle used")

    monkeypatch.setattr(pickle, "dumps", no_pickle)
    monkeypatch.setattr(pickle, "dump", no_pickle)
    monkeypatch.setattr(pickle, "loads", no_pickle)
    monkeypatch.setattr(pickle, "load", no_pickle)
    monkeypatch.setattr(np, "load", no_pickle)
    raw = _raw()
    catalog_cache.parsed(raw, tmp_path)
    _forget()
    assert catalog_cache.load(tmp_path, catalog_cache.catalog_key(raw))
    data = next(tmp_path.glob("*.arrays")).read_bytes()
    assert data.startswith(catalog_cache.MAGIC) and b"\x80\x04\x95" not in data[:4096]  # no pickle frame


def _cut(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _header_lies(data: bytes) -> bytes:
    return data.replace(b'"dtype": "float32"', b'"dtype": "object"', 1)


def _past_the_end(data: bytes) -> bytes:
    return data.replace(b'"at": 0', b'"at": 999999999999', 1)


@pytest.mark.parametrize("spoil", [lambda d: b"", lambda d: b"not a cache file", _cut, _header_lies,
                                   _past_the_end, lambda d: pickle.dumps({"x": 1})],
                         ids=["empty", "text", "truncated", "object-dtype", "past-the-end", "a-pickle"])
def test_a_broken_cache_file_is_a_miss_and_the_read_goes_on(tmp_path, spoil) -> None:
    raw = _raw()
    key = catalog_cache.catalog_key(raw)
    catalog_cache.parsed(raw, tmp_path)
    path = tmp_path / f"{key}{catalog_cache.SUFFIX}"
    path.write_bytes(spoil(path.read_bytes()))
    _forget()
    assert catalog_cache.load(tmp_path, key) is False
    assert not cat._DECODED and not cat._INDEXES and not twins._TABLES
    known = catalog_cache.parsed(raw, tmp_path)  # a miss: worked out and written again
    assert len(known.entries) == 8 and catalog_cache.load(tmp_path, key)


def test_an_unwritable_cache_folder_reads_on(tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    raw = _raw()
    known = catalog_cache.parsed(raw, blocker / "cache")
    assert len(known.entries) == 8 and known.pool("store").entries
    assert not (blocker / "cache").exists()


def test_only_the_most_recently_used_versions_are_kept(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(catalog_cache, "KEEP", 2)
    raws = [_raw(seed) for seed in (1, 2, 3)]
    for raw in raws:
        catalog_cache.parsed(raw, tmp_path)
        _forget()
    names = {p.name for p in tmp_path.glob("*.arrays")}
    assert names == {f"{catalog_cache.catalog_key(r)}.arrays" for r in raws[1:]}
    assert not list(tmp_path.glob("*.tmp"))


@pytest.fixture(scope="module")
def street() -> tuple[bytes, list[dict]]:
    """A wide-border street (stores of a colour are twins there) and a catalog
    of its cards and every store, photographed as a group would."""
    from card_decks import deck
    from house_catalog import catalog_rows
    from street_photos import generate

    made = generate(41, style="wide-border", camera="pinhole", size=(2000, 1500), n_houses=3)
    in_street = {c["id"] for c in made.truth["cards"]}
    cards = deck(style="wide-border")
    colours = {c.color for c in cards if c.id in in_street and c.role == "store"}
    twins_too = [next(c for c in cards if c.role == "store" and c.color == colour and c.id not in in_street)
                 for colour in sorted(colours)]
    return made.data, catalog_rows([c for c in cards if c.id in in_street] + twins_too)


def test_a_street_read_through_the_cache_is_the_read_without_it(tmp_path, street, monkeypatch) -> None:
    from vision import read_photo

    data, rows = street
    plain = json.dumps(read_photo(data, game="canal-houses", catalog=rows), sort_keys=True)
    assert any(c["match"] for c in json.loads(plain)["cards"])  # the catalog is used
    _forget()
    missed = json.dumps(read_photo(data, game="canal-houses", catalog=rows, catalog_cache=str(tmp_path)),
                        sort_keys=True)
    assert len(list(tmp_path.glob("*.arrays"))) == 1
    _forget()

    def worked_out(*_a, **_k):
        raise AssertionError("worked out again on a hit")

    monkeypatch.setattr(twins, "_build_group", worked_out)
    monkeypatch.setattr(cat, "LshIndex", worked_out)
    monkeypatch.setattr(cat, "normalised", worked_out)
    hit = json.dumps(read_photo(data, game="canal-houses", catalog=rows, catalog_cache=str(tmp_path)),
                     sort_keys=True)
    assert missed == plain and hit == plain


def test_what_a_cache_file_brings_is_kept_within_the_workers_limits() -> None:
    """Loaded arrays go through the same limits as those worked out in the
    worker (before, a load could push the tables past their cap)."""
    twins.keep_tables([twins.Table({}, {}, {}, {}, bytes([i]) * 16) for i in range(12)])
    assert len(twins._TABLES) == twins._TABLES_MAX and bytes([11]) * 16 in twins._TABLES
    cat.keep_derived({}, {bytes([i]) * 16: (None, np.zeros(1, np.int64), None) for i in range(12)})
    assert len(cat._INDEXES) == cat._INDEXES_MAX and bytes([11]) * 16 in cat._INDEXES
