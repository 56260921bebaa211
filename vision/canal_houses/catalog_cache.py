"""The catalog's derived arrays kept on disk between photo workers.

In the app every street photo is read in a freshly forked worker, so the
in-process caches (catalog.py's decoded entries and indexes, twins.py's tables) start
empty on every read: decoding and normalising the entries, the four LSH
indexes and the store twin table cost about half a second of CPU a read.
They depend only on the catalog's text and this code, so the first read of a
catalog version works them all out and writes them to `folder/<key>.arrays`;
later reads map that file and find the very arrays (the same answers).

The key hashes every entry's whole text (ids, role, card values, vision),
this package's source and the OpenCV and numpy versions: a changed catalog,
code or release is a miss, never a stale hit.

The file is plain arrays, never pickle: the worker that writes it may have
been taken over by a hostile photo, and later workers must not run what it
left. A JSON header names each array's dtype (from a short list), shape and
place in the file; the arrays are read-only views of the mapped file. A
missing, truncated, altered or unreadable file is a miss, an unwritable
folder a read without the cache: never an error. Files are replaced whole
(a worker killed mid-write leaves at most a temporary file) and only the
KEEP most recently used are kept."""

from __future__ import annotations

import hashlib
import json
import mmap
import os
import struct
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from . import catalog as cat
from . import twins
from .lsh import LshIndex

KEEP = 8  # catalog versions kept on disk (most recently used): about 60 MB each for 90 cards
ROLES = ("store", "window", "roof", "top")  # the pools a street read asks for (recognise.match_card)
MAGIC = b"canal-catalog-arrays 1\n"
SUFFIX = ".arrays"
ALIGN = 64
DTYPES = {"uint8", "int32", "int64", "uint64", "float32", "float64", "bool"}


def _code() -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    h.update(f"|{cv2.__version__}|{np.__version__}|".encode())
    return h.digest()


CODE = _code()


def catalog_key(raw: Any) -> str:
    """The catalog version's name: its whole text, the code, the releases."""
    h = hashlib.blake2b(CODE, digest_size=20)
    for item in raw or []:
        if isinstance(item, dict):
            vision = item.get("vision")
            if isinstance(vision, (bytes, bytearray)):
                vision = bytes(vision).decode("utf-8", "replace")
            elif not isinstance(vision, str):
                vision = json.dumps(vision, sort_keys=True, default=repr)
            rest = {k: v for k, v in item.items() if k != "vision"}
            h.update(json.dumps(rest, sort_keys=True, default=repr).encode())
            h.update(b"\0")
            h.update(vision.encode())
        else:
            h.update(repr(item).encode())
        h.update(b"\1")
    return h.hexdigest()


def parsed(raw: Any, folder: str | os.PathLike | None) -> cat.Catalog:
    """Catalog.parse(raw); with a folder, its derived arrays loaded from there,
    or worked out whole and written there on a miss."""
    if not raw:
        return cat.Catalog([], [])
    if not folder:
        return cat.Catalog.parse(raw)
    key = catalog_key(raw)
    hit = load(folder, key)
    known = cat.Catalog.parse(raw)
    if not hit:
        save(folder, key, known)
    return known


# -- writing ---------------------------------------------------------------------------


class _Writer:
    """Arrays laid end to end (aligned), each named by a small JSON reference."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []
        self.size = 0

    def add(self, a: np.ndarray) -> dict[str, Any]:
        a = np.ascontiguousarray(a)
        if a.dtype.name not in DTYPES:
            raise TypeError(f"no {a.dtype} in the catalog cache")
        pad = -self.size % ALIGN
        if pad:
            self.chunks.append(b"\0" * pad)
            self.size += pad
        ref = {"dtype": a.dtype.name, "shape": list(a.shape), "at": self.size}
        data = a.tobytes()
        self.chunks.append(data)
        self.size += len(data)
        return ref


def _index(w: _Writer, index: LshIndex) -> dict[str, Any]:
    """An LshIndex's state: its arrays and numbers (all it holds)."""
    arrays, numbers = index.export()
    return {**{name: {"array": w.add(a)} for name, a in arrays.items()},
            **{name: {"int": n} for name, n in numbers.items()}}


def _table(w: _Writer, table: twins.Table) -> dict[str, Any]:
    return {"key": table.key.hex(),
            "groups": [[colour, members] for colour, members in table.groups.items()],
            "built": [[colour] for colour in table.built],
            **{name: [[k, w.add(a)] for k, a in getattr(table, name).items()]
               for name in ("fields", "norm", "printed")},
            "regions": [[a, b, [box[0].start, box[0].stop, box[1].start, box[1].stop], w.add(mask)]
                        for (a, b), (box, mask) in table.regions.items()]}


def save(folder: str | os.PathLike, key: str, known: cat.Catalog) -> None:
    """Work out everything a read may ask of this catalog and write it."""
    pools = {role: known.pool(role) for role in ROLES}
    table = twins.twin_table(pools["store"].entries)
    table.need_all()
    w = _Writer()
    try:
        header = {
            "key": key,
            "decoded": [{"key": k.hex(), **{name: w.add(a) for name, a in zip(
                ("points", "desc", "raw", "thumb"), arrays, strict=True)}}
                for k, arrays in cat.kept_decoded(known.entries).items()],
            "indexes": [],
            "tables": [_table(w, table)],
        }
        for pool in pools.values():
            kept = cat.kept_index(pool.entries)
            if kept is not None and kept[0].hex() not in {i["fp"] for i in header["indexes"]}:
                fp, (index, owner, thumbs) = kept
                header["indexes"].append({"fp": fp.hex(), "index": _index(w, index), "owner": w.add(owner),
                                          "thumbs": None if thumbs is None else w.add(thumbs)})
        text = json.dumps(header).encode()
    except (TypeError, KeyError, ValueError):
        return  # something this cache cannot hold: the reads go on without it
    start = len(MAGIC) + 8 + len(text)
    start += -start % ALIGN
    folder = Path(folder)
    tmp = folder / f".{key}.{os.getpid()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(MAGIC + struct.pack("<Q", len(text)) + text)
            f.write(b"\0" * (start - f.tell()))
            for chunk in w.chunks:
                f.write(chunk)
        os.replace(tmp, folder / f"{key}{SUFFIX}")
        _keep_newest(folder)
    except OSError:  # a cache: the read goes on without it
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def _keep_newest(folder: Path) -> None:
    kept = sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[KEEP:]:
        old.unlink(missing_ok=True)


# -- reading ---------------------------------------------------------------------------


class _Reader:
    def __init__(self, buf: mmap.mmap, start: int) -> None:
        self.buf, self.start = buf, start

    def get(self, ref: dict[str, Any]) -> np.ndarray:
        dtype, shape, at = np.dtype(ref["dtype"]), tuple(int(n) for n in ref["shape"]), int(ref["at"])
        if ref["dtype"] not in DTYPES or at < 0 or any(n < 0 for n in shape):
            raise ValueError("not an array of this cache")
        count = int(np.prod(shape, dtype=np.int64))
        if self.start + at + count * dtype.itemsize > len(self.buf):
            raise ValueError("the file is shorter than its arrays")
        return np.frombuffer(self.buf, dtype, count, self.start + at).reshape(shape)  # read only


def load(folder: str | os.PathLike, key: str) -> bool:
    """Fill the in-process caches from the file for this key; False: none
    (missing, truncated, altered or unreadable: a miss)."""
    path = Path(folder) / f"{key}{SUFFIX}"
    try:
        with open(path, "rb") as f:
            buf = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        if buf[:len(MAGIC)] != MAGIC:
            return False
        (length,) = struct.unpack("<Q", buf[len(MAGIC):len(MAGIC) + 8])
        head = len(MAGIC) + 8
        header = json.loads(bytes(buf[head:head + length]))
        if header.get("key") != key:
            return False
        start = head + length
        r = _Reader(buf, start + (-start % ALIGN))
        decoded = {}
        for d in header["decoded"]:
            k = bytes.fromhex(d["key"])
            decoded[k] = tuple(r.get(d[name]) for name in ("points", "desc", "raw", "thumb"))
        indexes = {}
        for i in header["indexes"]:
            state = i["index"]
            index = LshIndex.restore({n: r.get(v["array"]) for n, v in state.items() if "array" in v},
                                     {n: int(v["int"]) for n, v in state.items() if "array" not in v})
            indexes[bytes.fromhex(i["fp"])] = (index, r.get(i["owner"]),
                                               None if i["thumbs"] is None else r.get(i["thumbs"]))
        tables = []
        for t in header["tables"]:
            table = twins.Table({int(k): r.get(a) for k, a in t["fields"]}, {int(k): r.get(a) for k, a in t["norm"]},
                                {(int(a), int(b)): ((slice(int(y0), int(y1)), slice(int(x0), int(x1))), r.get(m))
                                 for a, b, (y0, y1, x0, x1), m in t["regions"]},
                                {int(k): r.get(a) for k, a in t["printed"]}, bytes.fromhex(t["key"]),
                                groups={c: [int(k) for k in m] for c, m in t["groups"]},
                                built={c for (c,) in t["built"]})
            tables.append(table)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, struct.error):
        return False  # a cache: anything wrong with it is a miss, never a failed read
    cat.keep_derived(decoded, indexes)
    twins.keep_tables(tables)
    try:
        os.utime(path)  # recently used: kept
    except OSError:
        pass
    return True
