"""Store twins told apart where they differ.

Many decks print every store of a colour with the same art and tell them
apart only by the points digit and a few condition words, a few mm tall.
Feature matching and the thumbnail's template check (2 px/mm) see one card;
a sharper look at only the places where two catalog twins differ tells which
of the two a store is.

Catalog side, once per catalog (cached by the entries' own text): each store
entry's sharp grey field ("detail", canonical scale), normalised (local mean
and contrast), turned half round if it agrees better so with the first entry
of its colour (an entry stored before the upright fix) and aligned to it;
for each pair of same-colour entries, the pixels where they differ. Twins
differ in a small share of the field; other art almost everywhere.

Street side: the store's field rectified from the full-size photo, each
candidate's field blurred to the photo's own px/mm, then every twin pair
votes inside its own difference region. A decision needs a margin over every
twin (TWIN_RATIO) and an absolute check: where the winner's print differs
from its twins' (its digit and words), no patch of the store may differ from
the winner far more than the card does at its median patch (this photo's own
noise and blur). A store not in the catalog that shares the winner's art
differs from it in a word or a digit there, whether or not the catalog's
twin pairs tell that word apart. The same check takes back a feature match
to a look-alike's known twin; a feature match stays sure only when its twins
back it clearly (twins.sure_alike), else it is a proposal.

Decisions are proposals ("by": "twin", confidence TWIN_CONFIDENCE, a warning
naming the card and its twins): twins that differ only in their digit are
told apart at about 2 px/mm no better than a coin toss; only a decision won
by a wide ratio in every pair, alike its entry as a right store is, is sure
(sure_apart).
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import cv2
import numpy as np

from . import constants as C
from .catalog import CANON_H, CANON_W, Entry
from .full_photo import FullPhoto, luma_field
from .twin_constants import TWIN_LOCAL_SURE
from .twin_local import local_ratio

MM = C.CANON_PX_PER_MM


def normalise(grey: np.ndarray) -> np.ndarray:
    """Zero local mean, unit local contrast at the canonical scale."""
    g = grey.astype(np.float32)
    sigma = C.TWIN_NORM_MM * MM
    d = g - cv2.GaussianBlur(g, (0, 0), sigma)
    spread = np.sqrt(cv2.GaussianBlur(d * d, (0, 0), sigma))
    return d / (spread + C.TWIN_NORM_FLOOR)


_FIELDS: dict[str, np.ndarray] = {}


def detail_field(entry: Entry) -> np.ndarray | None:
    """The entry's sharp grey field (CANON_H x CANON_W uint8), or None for an
    entry stored without one."""
    if not entry.detail:
        return None
    if entry.detail not in _FIELDS:
        raw = cv2.imdecode(np.frombuffer(base64.b64decode(entry.detail), np.uint8), cv2.IMREAD_GRAYSCALE)
        if raw is None:
            return None
        if raw.shape != (CANON_H, CANON_W):
            raw = cv2.resize(raw, (CANON_W, CANON_H), interpolation=cv2.INTER_AREA)
        if len(_FIELDS) >= C.TWIN_CACHE:
            _FIELDS.pop(next(iter(_FIELDS)))
        raw.setflags(write=False)
        _FIELDS[entry.detail] = raw
    return _FIELDS[entry.detail]


def _shift(ref: np.ndarray, mov: np.ndarray) -> np.ndarray:
    """mov moved onto ref (phase correlation: a whole-pixel offset left by
    the two rectifications)."""
    (dx, dy), _ = cv2.phaseCorrelate(ref.astype(np.float64), mov.astype(np.float64))
    if abs(dx) > C.TWIN_MAX_SHIFT_MM * MM or abs(dy) > C.TWIN_MAX_SHIFT_MM * MM:
        return mov
    M = np.float32([[1, 0, -dx], [0, 1, -dy]])
    return cv2.warpAffine(mov, M, (mov.shape[1], mov.shape[0]), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REFLECT)


@dataclass
class Table:
    """A store pool's twins: the pool's entry numbers with a sharp field,
    each field (raw, turned and shifted like its colour's first entry) and
    normalised, and for each pair of twins the box and mask where they
    differ. Worked out one colour at a time, when a store's candidates of
    that colour ask (`need`): most reads decide no twin, and each colour's
    twins are independent of the others'."""

    fields: dict[int, np.ndarray]  # entry number -> raw grey field, upright like its colour's first
    norm: dict[int, np.ndarray]  # entry number -> normalised field
    regions: dict[tuple[int, int], tuple[tuple[slice, slice], np.ndarray]]  # (a, b), a < b -> box, mask
    printed: dict[int, np.ndarray]  # entry number -> where it differs from any twin (its digit, its words)
    key: bytes = b""  # the catalog's fingerprint
    entries: list[Entry] = field(default_factory=list)
    groups: dict[Any, list[int]] = field(default_factory=dict)  # colour -> store entries with a sharp field
    built: set[Any] = field(default_factory=set)  # the colours worked out

    def need(self, ks: Any) -> None:
        """Work out the colours of these entry numbers' twins, if not yet."""
        for k in ks:
            if 0 <= k < len(self.entries) and self.entries[k].role == "store":
                colour = self.entries[k].color
                if colour in self.groups and colour not in self.built:
                    self.built.add(colour)
                    _build_group(self, self.groups[colour])

    def need_all(self) -> None:
        for members in list(self.groups.values()):
            self.need(members[:1])


_TABLES: dict[bytes, Table] = {}
_TABLES_MAX = 8


def keep_tables(tables: list[Table]) -> None:
    """Tables worked out by another worker (the catalog cache) kept as if
    worked out here, within the same limit (the entries they were made of
    are set when a read first asks for one)."""
    for table in tables:
        if table.key not in _TABLES and len(_TABLES) >= _TABLES_MAX:
            _TABLES.pop(next(iter(_TABLES)))
        _TABLES[table.key] = table


_LAST: list[tuple[list[Entry], tuple[tuple[Entry, str | None, str | None], ...], Table]] = []


def twin_table(entries: list[Entry]) -> Table:
    """Once per catalog (cached by the entries' sharp fields); asked
    for by every store of a read with the same entries, which are not hashed
    again (the very same list, entries and texts as the last call). Its
    colours are worked out as candidates ask (Table.need)."""
    seen = tuple((e, e.detail, e.color) for e in entries)
    if _LAST and _LAST[0][0] is entries and len(_LAST[0][1]) == len(seen) and \
            all(a is b for old, new in zip(_LAST[0][1], seen, strict=True) for a, b in zip(old, new, strict=True)):
        return _LAST[0][2]
    h = hashlib.blake2b(digest_size=16)
    for e in entries:
        h.update((e.detail or "").encode())
        h.update(f"|{e.color}|".encode())
    key = h.digest()
    if key not in _TABLES:
        if len(_TABLES) >= _TABLES_MAX:
            _TABLES.pop(next(iter(_TABLES)))
        _TABLES[key] = _table(entries)
        _TABLES[key].key = key
    if not _TABLES[key].entries:  # loaded from the disk cache (catalog_cache.py): the entries it was made of
        _TABLES[key].entries = list(entries)
    _LAST[:] = [(entries, seen, _TABLES[key])]
    return _TABLES[key]


def _table(entries: list[Entry]) -> Table:
    """The table with nothing worked out: the stores with a sharp field by
    colour (decoded when their colour is worked out; one that does not
    decode is left out then)."""
    groups: dict[Any, list[int]] = {}
    for k, e in enumerate(entries):
        if e.role == "store" and e.detail:
            groups.setdefault(e.color, []).append(k)
    return Table({}, {}, {}, {}, entries=list(entries), groups=groups)


def _build_group(table: Table, candidates: list[int]) -> None:
    """One colour's fields, turned and shifted like its first, and the
    places where each pair of them differs."""
    entries, fields, norm, regions, printed = table.entries, table.fields, table.norm, table.regions, table.printed
    members = [k for k in candidates if detail_field(entries[k]) is not None]
    side = max(3, int(round(C.TWIN_DILATE_MM * MM)))
    ref = None
    for k in members:
        raw = detail_field(entries[k])
        n = normalise(raw)
        if ref is None:
            ref = n
        else:
            small = (CANON_W // 8, CANON_H // 8)
            r, a = cv2.resize(ref, small, interpolation=cv2.INTER_AREA), cv2.resize(n, small, interpolation=cv2.INTER_AREA)
            if np.abs(a[::-1, ::-1] - r).mean() < C.TWIN_TURN_AGREE * np.abs(a - r).mean():
                raw, n = np.ascontiguousarray(raw[::-1, ::-1]), np.ascontiguousarray(n[::-1, ::-1])
            n = _shift(ref, n)
        fields[k], norm[k] = raw, n
    for i, a in enumerate(members):
        for b in members[i + 1:]:
            d = np.abs(cv2.GaussianBlur(norm[a] - norm[b], (0, 0), C.TWIN_DIFF_BLUR_MM * MM)) > C.TWIN_DIFF
            d = cv2.morphologyEx(d.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
            d = cv2.dilate(d, np.ones((side, side), np.uint8)) > 0
            if not d.any() or d.mean() >= C.TWIN_MAX_REGION:
                continue  # other art: the features and the template check tell them apart
            ys, xs = np.nonzero(d)
            box = (slice(int(ys.min()), int(ys.max()) + 1), slice(int(xs.min()), int(xs.max()) + 1))
            regions[(a, b)] = (box, d[box])
            for k in (a, b):
                printed[k] = printed.get(k, np.zeros_like(d)) | d


def twins_of(table: Table, k: int) -> set[int]:
    table.need([k])
    return {b if a == k else a for a, b in table.regions if k in (a, b)}


class Verdict(NamedTuple):
    """The twin decision: the entry number (None: none of them), the smallest
    error ratio it won its pairs by, its worst patch error against the
    limit, and the candidates it was told from."""
    k: int | None
    ratio: float
    patch: float
    rivals: tuple[int, ...]
    floor: float = 0.0  # the median patch error: this photo's own noise and blur
    tied: bool = False  # another candidate won as many pairs (candidates of other art it never met)
    local: float = 0.0  # the smallest ratio it won by in a word-wide window of a pair (twin_local.py)


_SEEN: dict[tuple[bytes, int, float], np.ndarray] = {}


def _seen(table: Table, k: int, f: float) -> np.ndarray:
    """Entry k's normalised field blurred as a photo at f times the
    canonical px/mm shows it (kept: a street's stores share their scale)."""
    if f >= 1.0:
        return table.norm[k]
    key = (table.key, k, f)
    if key not in _SEEN:
        small = (max(8, int(round(CANON_W * f))), max(8, int(round(CANON_H * f))))
        raw = cv2.resize(cv2.resize(table.fields[k], small, interpolation=cv2.INTER_AREA), (CANON_W, CANON_H),
                         interpolation=cv2.INTER_LINEAR)
        if len(_SEEN) >= C.TWIN_CACHE:
            _SEEN.pop(next(iter(_SEEN)))
        _SEEN[key] = normalise(raw)
    return _SEEN[key]


def decide(table: Table, candidates: list[int], grey: np.ndarray, px_per_mm: float) -> Verdict | None:
    """Which of the candidate store entries (twins among them) the store's
    sharp field (CANON_H x CANON_W grey, from the full-size photo, upright as
    the street stands) is; None when fewer than two of them are twins with
    sharp fields."""
    table.need(candidates)
    cands = [k for k in candidates if k in table.norm]
    pairs = [(a, b) for (a, b) in table.regions if a in cands and b in cands]
    if not pairs:
        return None
    cands = sorted({k for p in pairs for k in p})
    # the catalog seen as this photo sees it: down to the photo's px/mm and back up
    f = min(1.0, round(px_per_mm / MM * C.TWIN_SCALE_STEPS) / C.TWIN_SCALE_STEPS)
    seen = {k: _seen(table, k, f) for k in cands}
    mean = np.mean([seen[k] for k in cands], axis=0)
    q = normalise(grey)
    if np.abs(q[::-1, ::-1] - mean).mean() < np.abs(q - mean).mean():
        q = np.ascontiguousarray(q[::-1, ::-1])  # the street stands the other way round
    q = _shift(mean, q)
    err = {k: np.abs(q - seen[k]) for k in cands}
    wins = dict.fromkeys(cands, 0)
    ratio = dict.fromkeys(cands, np.inf)
    m = int(round(C.TWIN_RIM_MM * MM))
    inner = np.zeros(q.shape, bool)
    inner[m:-m, m:-m] = True
    for a, b in pairs:
        box, mask = table.regions[(a, b)]
        # where two catalog photos differ at the field's rim is mostly their outlines' error, which the store's
        # own outline error swamps alike for both: only the inside votes (S14/S15 of wide-border: 568 of the
        # 752 pixels where they differ lie at the rim or the door knob, the points digit is 144)
        voting = mask & inner[box]
        if voting.any():
            mask = voting
        ea, eb = float(err[a][box][mask].mean()), float(err[b][box][mask].mean())
        w, r = (a, eb / max(ea, 1e-6)) if ea <= eb else (b, ea / max(eb, 1e-6))
        wins[w] += 1
        for k in (a, b):
            ratio[k] = min(ratio[k], r if k == w else 0.0)
    best = max(cands, key=lambda k: (wins[k], ratio[k]))
    rivals = tuple(sorted(twins_of(table, best) & set(cands)))
    # nowhere may the store differ from the winner as twins differ from each other
    side = int(round(C.TWIN_PATCH_MM_SHARP * MM)) | 1
    patch = cv2.blur(err[best], (side, side))[m:-m, m:-m]
    where = table.printed[best][m:-m, m:-m]
    tied = any(wins[k] >= wins[best] for k in cands if k != best)
    return Verdict(best, float(ratio[best]), float(patch[where].max()), rivals, float(np.median(patch)), tied,
                   local_ratio(q, seen, table.regions, best, m))


def looks_alike(v: Verdict) -> bool:
    """Nowhere does the store differ from the winner much more than this
    photo's own noise and blur make it differ everywhere (the median patch):
    a store missing from the catalog differs from its known twin in a word
    or a digit, a patch or two far above the rest."""
    return v.patch <= C.TWIN_MAX_PATCH_OVER_FLOOR * max(v.floor, 1e-6)


def sure_alike(v: Verdict) -> bool:
    """Alike enough for a feature match to stay sure: a store missing from
    the catalog, taken by its features for its known twin, came within
    TWIN_SURE_OVER_FLOOR of the floor less often than within
    TWIN_MAX_PATCH_OVER_FLOOR (constants: the figures)."""
    return v.patch <= C.TWIN_SURE_OVER_FLOOR * max(v.floor, 1e-6)


def sure_apart(v: Verdict) -> bool:
    """A store its features did not settle (twins of one art share every
    tile) told from its twins so clearly where they differ that the answer
    is sure, not a proposal: its twins differ from it TWIN_SURE_RATIO times
    more there than it does, or it wins every word-wide window where they
    differ (twin_local.py), and it is alike its entry as a right store is
    (sure_alike). A store missing from the catalog that shares a known
    twin's digit won its pairs by at most 2.28 on dev (constants)."""
    return v.k is not None and (v.ratio >= C.TWIN_SURE_RATIO or v.local >= TWIN_LOCAL_SURE) and sure_alike(v)


def accepted(v: Verdict | None) -> bool:
    """A twin decision clear enough to propose."""
    return v is not None and v.k is not None and v.ratio >= C.TWIN_RATIO and looks_alike(v)


def singled_out(v: Verdict | None) -> bool:
    """A twin decision among all the stores of the colour read (no feature
    match) clear enough to propose: accepted, and no other candidate won as
    many pairs. The colour's stores may be of several arts, each with its
    own twins; a winner that never met some of them was not told from them,
    and a tie in wins is the vote not singling one out (facade dev 10305: a
    store missing from the catalog, S02 and S03 2 wins each, S02 by 1.70 of
    pairs S03 never met; base left it unknown only as S03/S26 fell 1.01 for
    S03 on the rim)."""
    return accepted(v) and v is not None and not v.tied


LAST: list[Any] = []  # the last store's verdict (for the bench's and tests' eyes only)


def store_twins(entries: list[Entry], found: tuple[Entry, float] | None, allowed: np.ndarray | None,
                quad: np.ndarray, gains: np.ndarray, px_per_mm: float, full: FullPhoto | None
                ) -> tuple[Entry, float, str | None, tuple[Entry, ...]] | None:
    """A store's catalog entry, its confidence, how it was told ("twin" when
    only where twins differ) and the twins it was told from; None: unknown.
    found: the feature match (entry, confidence), if any. Candidates: the
    found entry and its twins, else the stores of the colour read."""
    from .catalog import grey_field

    LAST[:] = [None]
    table = twin_table(entries)
    if found is not None:
        k = next(i for i, e in enumerate(entries) if e is found[0])
        cands = [k, *sorted(twins_of(table, k))]
    elif allowed is not None and not allowed.all():
        cands = [int(i) for i in np.nonzero(allowed)[0]]
    else:
        cands = []  # the colour is not sure: twins of every colour are no decision
    if full is None or len(cands) < 2:
        return None if found is None else (found[0], found[1], None, ())
    table.need(cands)  # the candidates' colours only, and only now
    if not any(c in table.norm for c in cands):
        return None if found is None else (found[0], found[1], None, ())
    photo, factor = full.get(px_per_mm)
    grey = grey_field(photo, quad * factor, gains, CANON_H) if photo.ndim == 3 else \
        luma_field(photo, quad * factor, gains)
    v = decide(table, cands, grey, px_per_mm * factor)
    LAST[:] = [v]
    if found is not None:
        if v is None:
            return found[0], found[1], None, ()
        if not looks_alike(v):
            return None  # somewhere it differs from its twins' print as no photo of it would: not in the catalog
        if v.k == k and sure_alike(v):
            return found[0], found[1], None, ()
        if v.k == k or not accepted(v):
            # alike only as a look-alike missing from the catalog can be, or a twin of it (not clearly) better
            # where they differ: a proposal naming its twins
            return found[0], min(found[1], C.TWIN_CONFIDENCE), "twin", tuple(entries[j] for j in cands[1:])
        return None  # the features and the places where twins differ disagree
    if not singled_out(v):
        return None
    if sure_apart(v):
        return entries[v.k], C.TWIN_SURE_CONFIDENCE, None, ()
    return entries[v.k], C.TWIN_CONFIDENCE, "twin", tuple(entries[j] for j in v.rivals)
