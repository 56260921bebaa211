"""The group's card catalog: each card photographed once, its coloured field
described by ORB features, so a later street photo can recognise a card from
the part of it that shows (a tucked window shows only its top) and fill in
its features, points and condition.

Recognising a card from a street photo is in recognise.py. Each entry keeps
the ORB features of the card's coloured field and a small grey picture of it
(the template check's second opinion).

Catalog entries handed to the reader (options["catalog"]) are dicts:
    {"id": any JSON value,
     "role": "store" | "window" | "roof"   (optional: the photo's hint is used),
     "card": the card in the scoring format (store/roof: points, color,
             condition; window: cats, birds, flags, flowerpots, color),
     "vision": entry_photos.catalog_entry_from_photo(...) (or its JSON text /
             bytes)}

"vision" (version 3): {"version", "px_per_mm", "size": [w, h] of the field in
canonical px, "count", "points" (count x 2 float32) and "descriptors" (count
x 32 uint8) base64, "thumb" (THUMB_H x THUMB_W uint8 grey field) base64,
"role_hint", "color_hint", "field_aspect" (the whole field's height over its
width as photographed: the group's own card shape), and since session 6
"detail": the grey field upright at the canonical scale (CANON_H x CANON_W,
JPEG, base64), sharp enough for a store's points digit and condition words
(twins.py tells store twins apart by it)}. "detail" is optional: an entry
stored before it keeps working as it did, without the twin decision, until
its card is photographed again. An entry of another version is skipped with a
warning that asks for the card to be photographed again.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from . import constants as C
from .fastmatch import strongest_per_cell, white_bytes
from .lsh import LshIndex
from .structure import rectify

CANON_W = int(round(C.INNER_W_MM * C.CANON_PX_PER_MM))
CANON_H = int(round(C.INNER_H_MM * C.CANON_PX_PER_MM))
THUMB_W = int(round(C.INNER_W_MM * C.THUMB_PX_PER_MM))
THUMB_H = int(round(C.INNER_H_MM * C.THUMB_PX_PER_MM))
ROLES = ("store", "window", "roof")
VALUE_KEYS = {"store": ("points", "color", "condition"), "roof": ("points", "color", "condition"),
              "window": ("cats", "birds", "flags", "flowerpots", "color")}


@dataclass
class Entry:
    id: Any
    role: str | None
    color: str | None
    values: dict[str, Any]
    points: np.ndarray  # N x 2 float32, canonical field pixels
    desc: np.ndarray  # N x 32 uint8
    thumb: np.ndarray  # grey field, THUMB_H x THUMB_W float32, normalised() for the template check
    aspect: float | None = None  # the whole field's height / width in the catalog photo
    grey: np.ndarray | None = None  # the grey field as photographed (THUMB_H x THUMB_W uint8): roof or window by example
    detail: str | None = None  # the field at the canonical scale, JPEG base64 (twins.detail_field decodes it)
    key: bytes | None = None  # a hash of the text points, desc and thumb were decoded from (_decoded)


@dataclass
class Pool:
    """A role's entries with their shared descriptor index and their grey
    fields side by side for the template check."""

    index: Any  # LSH index over all descriptors (lsh.LshIndex: FLANN's, worked out with numpy)
    owner: np.ndarray  # entry number of each descriptor row
    entries: list[Entry]
    thumbs: np.ndarray  # entries x THUMB_H x THUMB_W: the entries' normalised grey fields


@dataclass
class Catalog:
    entries: list[Entry]
    warnings: list[str]
    _pools: dict[str | None, Pool] = field(default_factory=dict)

    def field_aspect(self) -> float | None:
        """The group's cards' own field proportions (height / width), from
        their catalog photos: nothing assumes our first deck's."""
        found = [e.aspect for e in self.entries if e.aspect]
        return float(np.median(found)) if found else None

    @classmethod
    def parse(cls, raw: Any) -> Catalog:
        """Entries from the reader's option; a broken entry is skipped with a
        warning rather than failing the whole photo."""
        entries, warnings = [], []
        for i, item in enumerate(raw or []):
            try:
                entries.append(_entry(item))
            except (KeyError, TypeError, ValueError) as exc:
                name = item.get("id", i) if isinstance(item, dict) else i
                warnings.append(f"catalog entry {name!r} was skipped: {exc}")
        return cls(entries, warnings)

    def pool(self, role: str | None) -> Pool:
        """A nearest-neighbour index (LSH) over the descriptors of a role's
        entries, with each row's entry; built once per catalog and role."""
        if role not in self._pools:
            roles = ("roof", "window") if role == "top" else (role,)
            chosen = [e for e in self.entries if e.role is None or role is None or e.role in roles]
            key, keyed = _fingerprint(chosen)
            if key not in _INDEXES:
                desc = np.concatenate([e.desc for e in chosen]) if chosen else np.zeros((0, 32), np.uint8)
                owner = np.repeat(np.arange(len(chosen)), [len(e.desc) for e in chosen])  # each row's entry
                if len(desc):
                    # the tables' key bits come from OpenCV's thread RNG: unseeded, the same catalog got
                    # other tables (a photo +-1 match) as the process had drawn before
                    cv2.setRNGSeed(C.LSH_SEED)
                index = LshIndex(desc, C.LSH_TABLES, C.LSH_KEY_BITS, C.LSH_MULTI_PROBE)
                _keep(_INDEXES, key, (index, owner, _thumbs(chosen) if keyed else None), _INDEXES_MAX)
            index, owner, thumbs = _INDEXES[key]
            self._pools[role] = Pool(index, owner, chosen, _thumbs(chosen) if thumbs is None else thumbs)
        return self._pools[role]


TILE = int(round(C.TEMPLATE_TILE_MM * C.THUMB_PX_PER_MM))
TILES = (THUMB_H // TILE, THUMB_W // TILE)


def tile_sums(x: np.ndarray) -> np.ndarray:
    """Sums over the square tiles of the thumbnail grid (last two axes; a
    band of whole tile rows is fine)."""
    rows, w = x.shape[-2] // TILE, TILES[1] * TILE
    x = x[..., :rows * TILE, :w]
    tiles = x.reshape(*x.shape[:-2], rows, TILE, TILES[1], TILE)
    if x.size < C.TILE_SUMS_SPELT_OUT_FROM or x.dtype != np.float32 or not SPELT_TILES:
        return tiles.sum(axis=(-3, -1))
    return spelt_out_sums(tiles)


SPELT_TILES = 8 <= TILE < 16  # spelt_out_sums adds a tile row's values as numpy's pairwise sum does for 8-15



def spelt_out_sums(tiles: np.ndarray) -> np.ndarray:
    """tiles.sum(axis=(-3, -1)) of float32 tiles, to the bit, as numpy's
    reduction adds them (each tile row's TILE values, 8 to 15 of them, by
    its pairwise sum: the first eight paired up, then the rest one by one;
    then the rows one by one) but over whole arrays at once:
    numpy's generic reduction calls its inner loop once per tile row,
    twice as slow on the template check's stacks of thumbnails."""
    v = [tiles[..., i] for i in range(TILE)]
    row = ((v[0] + v[1]) + (v[2] + v[3])) + ((v[4] + v[5]) + (v[6] + v[7]))
    for i in range(8, TILE):
        row += v[i]
    out = row[..., 0, :].copy()
    for i in range(1, TILE):
        out += row[..., i, :]
    return out


def normalised(grey: np.ndarray) -> np.ndarray:
    """Zero local mean, unit local contrast (thumbnail scale): uneven light,
    a lamp and glare's wide sheen change the level and the contrast, not the
    artwork's shapes."""
    g = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), C.TEMPLATE_BLUR_PX)
    sigma = C.TEMPLATE_LOCAL_PX
    d = g - cv2.GaussianBlur(g, (0, 0), sigma)
    spread = np.sqrt(cv2.GaussianBlur(d * d, (0, 0), sigma))
    return d / (spread + C.TEMPLATE_MIN_CONTRAST)


_INDEXES: dict[bytes, tuple[Any, np.ndarray, np.ndarray | None]] = {}
_INDEXES_MAX = 8  # a few groups' catalogs and roles


def _keep(cache: dict, key: bytes, value: Any, most: int) -> None:
    """Keep value under key, the oldest dropped past `most`."""
    if key not in cache and len(cache) >= most:
        cache.pop(next(iter(cache)))
    cache[key] = value


def kept_decoded(entries: list[Entry]) -> dict[bytes, tuple[np.ndarray, ...]]:
    """The arrays kept for these entries (points, descriptors, grey,
    normalised grey), by the hash of their text: for the catalog cache."""
    return {e.key: _DECODED[e.key][:4] for e in entries if e.key is not None and e.key in _DECODED}


def kept_index(entries: list[Entry]) -> tuple[bytes, tuple[Any, np.ndarray, np.ndarray | None]] | None:
    """The index kept for these entries (Catalog.pool built it), by its
    fingerprint: (index, each row's entry, the stacked thumbs or None)."""
    key, _ = _fingerprint(entries)
    return (key, _INDEXES[key]) if key in _INDEXES else None


def keep_derived(decoded: dict[bytes, tuple[np.ndarray, ...]],
                 indexes: dict[bytes, tuple[Any, np.ndarray, np.ndarray | None]]) -> None:
    """Arrays worked out by another worker (the catalog cache) kept as if
    worked out here, within the same limits."""
    for key, arrays in decoded.items():
        _keep(_DECODED, key, (*arrays, key), _DECODED_MAX)
    for key, kept in indexes.items():
        _keep(_INDEXES, key, kept, _INDEXES_MAX)


def _fingerprint(entries: list[Entry]) -> tuple[bytes, bool]:
    """Same entries in the same order -> same index (a group's catalog comes
    with every photo; its index is built once per process): by the hashes of
    the texts they were decoded from (keyed: then their stacked grey fields
    are kept too), else by their descriptors."""
    keyed = all(e.key is not None for e in entries)
    h = hashlib.blake2b(digest_size=16)
    h.update(b"keys|" if keyed else b"descriptors|")
    for e in entries:
        h.update(e.key if keyed and e.key is not None else e.desc.tobytes())
        h.update(b"|")
    return h.digest(), keyed


def _thumbs(entries: list[Entry]) -> np.ndarray:
    """The entries' normalised grey fields side by side (read only: kept)."""
    thumbs = np.stack([e.thumb for e in entries]) if entries else np.zeros((0, THUMB_H, THUMB_W), np.float32)
    thumbs.setflags(write=False)
    return thumbs


_DECODED: dict[bytes, tuple[Any, ...]] = {}
_DECODED_MAX = 4096  # entries kept decoded: a few groups' whole catalogs


def _decoded(vision: dict[str, Any]) -> tuple[Any, ...]:
    """An entry's points, descriptors, grey and normalised picture, and the
    hash of the text they came from.
    A group's catalog comes with every photo, and decoding and normalising
    all of it again cost a tenth of a read, so the arrays are kept (read
    only) by a hash of the very text they were decoded from."""
    n = int(vision["count"])
    h = hashlib.blake2b(digest_size=16)
    for key in ("points", "descriptors", "thumb"):
        h.update(str(vision[key]).encode())
        h.update(b"|")
    h.update(str(n).encode())
    key = h.digest()
    if key not in _DECODED:
        points = np.frombuffer(base64.b64decode(vision["points"]), np.float32).reshape(n, 2)
        desc = np.frombuffer(base64.b64decode(vision["descriptors"]), np.uint8).reshape(n, 32)
        raw = np.frombuffer(base64.b64decode(vision["thumb"]), np.uint8).reshape(THUMB_H, THUMB_W)
        thumb = normalised(raw)
        thumb.setflags(write=False)
        _keep(_DECODED, key, (points, desc, raw, thumb, key), _DECODED_MAX)
    return _DECODED[key]


def _entry(item: dict[str, Any]) -> Entry:
    vision = item["vision"]
    if isinstance(vision, (bytes, bytearray, str)):
        vision = json.loads(vision)
    if vision.get("version") != C.ENTRY_VERSION:
        raise ValueError(f"made by another version ({vision.get('version')}); photograph the card again")
    points, desc, raw, thumb, key = _decoded(vision)
    role = item.get("role") or vision.get("role_hint")
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}")
    card = dict(item.get("card") or {})
    values = {k: card[k] for k in VALUE_KEYS[role] if k in card}
    colour = card.get("color") or vision.get("color_hint")
    aspect = vision.get("field_aspect")
    aspect = float(aspect) if isinstance(aspect, (int, float)) and 0.8 < aspect < 3.0 else None
    detail = vision.get("detail")
    return Entry(item.get("id"), role, colour, values, points, desc, thumb, aspect, raw,
                 detail if isinstance(detail, str) else None, key)


def features(grey: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray | None]:
    """ORB keypoints spread over a grid of cells (strongest per cell), so the
    card's own artwork is described and not only its high-contrast printed
    text and icons, which many cards share; points and descriptors."""
    orb = cv2.ORB_create(nfeatures=n * 4, scaleFactor=1.2, nlevels=6, edgeThreshold=15,
                         patchSize=31, fastThreshold=C.ORB_FAST_THRESHOLD)
    kps = orb.detect(grey, None)
    h, w = grey.shape[:2]
    cells = C.ORB_GRID_CELL_PX
    per_cell = max(2, int(n * cells * cells / max(h * w, 1)) + 1)
    kept, desc = orb.compute(grey, strongest_per_cell(kps, cells, per_cell))
    pts = np.array([k.pt for k in kept], np.float32).reshape(-1, 2)
    return pts, desc


def grey_field(photo: np.ndarray, quad: np.ndarray, gains: np.ndarray, height: int) -> np.ndarray:
    """The field upright at the canonical scale, grey, lamp's cast divided out."""
    patch = rectify(photo, quad, CANON_W, height)
    if patch.dtype == np.uint8 and patch.ndim == 3:
        return cv2.cvtColor(white_bytes(patch, gains), cv2.COLOR_BGR2GRAY)  # the same bytes, by table
    patch = patch.astype(np.float32) * gains * 255
    return cv2.cvtColor(np.clip(patch, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY)
