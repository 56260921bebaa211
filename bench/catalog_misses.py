"""Why known cards are not recognised (issue 13, catalog recall per role):
for every card of the street that IS in the catalog and is not matched sure
and right, the first step of the catalog match that failed, counted per role.

    .venv/bin/python bench/catalog_misses.py FOLDER STYLE [--seed 11400] [--count 12]
                                             [--size 2000x1500] [--wrong-only]

FOLDER as bench/read_street.py --keep writes it (the photos, their truth and
catalog-<style>.json). Causes, in the order match_card meets them:
not-found (no card of the answer on it), role-pool (the entry is not in the
pool the card's role asks), colour-excluded, few-features, shortlist (the
entry not among the SHORTLIST_MORE by votes), geometry (its features fit no
similarity in place), low-ncc / no-tile-wins (template check), margin (a
rival as close), later-check (inlier share, look-alikes, store twins),
proposed-place / proposed-twin (a proposal to confirm, with the cause its
feature match failed), WRONG (another entry); cards missing from the catalog
that got a match are listed too. The truth only scores; the reader never
sees it. --wrong-only skips the analysis (quick lists of wrong matches)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

import vision.canal_houses.reader as reader  # noqa: E402
from vision import read_photo  # noqa: E402
from vision.canal_houses import constants as C  # noqa: E402
from vision.canal_houses import recognise  # noqa: E402
from vision.canal_houses.catalog import CANON_H, CANON_W, features, grey_field  # noqa: E402
from vision.canal_houses.fastmatch import shortlist_votes  # noqa: E402
from vision.canal_houses.template import template_score  # noqa: E402
from vision.errors import PhotoError  # noqa: E402

PROPOSALS = ("place", "twin")  # matches the person confirms (as bench/read_street.py counts them)
CALLS: list[dict[str, Any]] = []  # each match_card call of the current photo, in the answer's card order
_MATCH_CARD = reader.match_card


def _recorded(known: Any, photo: np.ndarray, quad: np.ndarray, gains: np.ndarray, role: str, aspect: float,
              colour: str | None = None, full: Any = None, hint: str | None = None) -> Any:
    res = _MATCH_CARD(known, photo, quad, gains, role, aspect, colour, full, hint=hint)
    CALLS.append({"known": known, "photo": photo, "quad": np.array(quad, np.float32), "gains": gains,
                  "role": role, "aspect": aspect, "colour": colour})
    return res


reader.match_card = _recorded


def centre(outline: list[list[float]]) -> tuple[float, float]:
    a = np.array(outline, np.float32)
    return float(a[:, 0].mean()), float(a[:, 1].mean())


def analyse(c: dict[str, Any], true_id: Any) -> tuple[str, str]:
    """The first step of match_card's feature match the true entry fails, and what was seen."""
    pool = c["known"].pool(c["role"])
    ids = [e.id for e in pool.entries]
    if true_id not in ids:
        return "role-pool", f"pool {c['role']}"
    kt = ids.index(true_id)
    quad = c["quad"]
    h = max(8, int(min(round(CANON_W * c["aspect"]), CANON_H * 1.1)))
    grey = grey_field(c["photo"], quad, c["gains"], h)
    q_pts, desc = features(grey, C.ORB_FEATURES_QUERY)
    colour = c["colour"] if c["colour"] in {e.color for e in pool.entries} else None
    allowed = np.array([colour is None or e.color is None or e.color == colour for e in pool.entries], bool)
    px = float(np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / (2 * C.INNER_W_MM)
    info = f"pool {c['role']} seen {h / CANON_H:.2f} px/mm {px:.1f} feats {0 if desc is None else len(q_pts)}"
    if not allowed[kt]:
        return "colour-excluded", info + f" read {c['colour']} entry {pool.entries[kt].color}"
    if desc is None or len(q_pts) < C.MIN_INLIERS:
        return "few-features", info
    votes = shortlist_votes(pool.index.knnMatch(desc, k=2), pool.owner, len(pool.entries))
    votes[~allowed] = 0
    order = [int(k) for k in np.argsort(-votes)[:C.SHORTLIST_MORE] if votes[k] > 0]
    info += f" votes {int(votes[kt])} rank {int((votes > votes[kt]).sum())}"
    reproj = recognise.reprojection_px(px) if c["role"] == "store" else C.RANSAC_REPROJ_PX
    clustered: set[int] = set()
    repeated: set[int] = set()
    mine = recognise._score(pool, grey, q_pts, desc, [kt], allowed, clustered, repeated, reproj)
    others = recognise._score(pool, grey, q_pts, desc, [k for k in order if k != kt], allowed, set(), set(),
                              reproj)
    best = max(others, key=lambda s: s[0]) if others else None
    if not mine:
        return ("shortlist" if kt not in order else "geometry"), info
    ncc, inliers, _, M = mine[0]
    plain = template_score(grey, kt, M, pool, allowed, wins_needed=0)
    info += (f" inliers {inliers} template {ncc:.2f} (without tile wins {plain:.2f}) best other "
             f"{'-' if best is None else f'{best[0]:.2f} {pool.entries[best[2]].id}'}")
    if kt not in order:
        return "shortlist", info
    if ncc < C.TEMPLATE_MIN_NCC:
        return ("no-tile-wins" if plain >= C.TEMPLATE_MIN_NCC else "low-ncc"), info
    margin = C.CLUSTERED_MARGIN if kt in clustered else C.TEMPLATE_MARGIN
    if best is not None and ncc - max(best[0], 0.0) < margin:
        return "margin", info
    return "later-check", info


def photo_misses(path: Path, catalog: list[dict], causes: Counter, per_role: Counter, wrong_only: bool) -> None:
    truth = json.loads(path.with_suffix(".json").read_text())
    in_catalog = {e["id"] for e in catalog}
    CALLS.clear()
    try:
        cards = read_photo(path.read_bytes(), game="canal-houses", catalog=catalog)["cards"]
    except PhotoError as exc:
        print(f"  {path.stem}: refused: {exc.message[:70]}")
        return
    assert len(CALLS) == len(cards), "one match_card call per card of the answer"
    found = [(centre(c["outline"]), i) for i, c in enumerate(cards)]
    used: set[int] = set()
    for t in truth["cards"]:
        role, poly = t["role"], np.array(t["outline"], np.float32)
        hit = next((i for pt, i in found if i not in used and cv2.pointPolygonTest(poly, pt, False) >= 0), None)
        name = f"{path.stem} h{t['house']} r{t['row']} {t['id']} {role}"
        if t["id"] not in in_catalog:
            if hit is not None and cards[hit]["match"] is not None:
                m = cards[hit]["match"]
                causes[role, f"not in catalog, matched by {m.get('by') or 'features'}"] += 1
                print(f"  {name}: NOT IN CATALOG, matched {m['id']} by {m.get('by') or 'features'}")
            continue
        per_role[role, "known"] += 1
        if hit is None:
            causes[role, "not-found"] += 1
            print(f"  {name}: not-found")
            continue
        used.add(hit)
        card, m = cards[hit], cards[hit]["match"]
        if m is not None and m["id"] == t["id"] and m.get("by") not in PROPOSALS:
            per_role[role, "ok"] += 1
            continue
        if m is not None and m["id"] != t["id"]:
            cause, info = "WRONG", f"-> {m['id']} by {m.get('by') or 'features'} (pool {CALLS[hit]['role']})"
        elif wrong_only:
            cause, info = ("unmatched" if m is None else f"proposed-{m.get('by')}"), ""
        elif m is not None:
            cause, info = f"proposed-{m.get('by')}", " / ".join(analyse(CALLS[hit], t["id"]))
        else:
            cause, info = analyse(CALLS[hit], t["id"])
        if card["role"] != role:
            cause += f" [read as {card['role']}]"
        causes[role, cause] += 1
        print(f"  {name}: {cause}: {info}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("style")
    parser.add_argument("--seed", type=int, default=11400)
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--size", default="2000x1500")
    parser.add_argument("--wrong-only", action="store_true")
    args = parser.parse_args()
    folder = Path(args.folder)
    catalog = json.loads((folder / f"catalog-{args.style}.json").read_text())
    causes: Counter = Counter()
    per_role: Counter = Counter()
    for s in range(args.seed, args.seed + args.count):
        photo_misses(folder / f"{args.style}-street-{args.size}-{s}.jpg", catalog, causes, per_role, args.wrong_only)
    print(f"== {args.style} {args.seed}+{args.count}: matched sure and right " +
          ", ".join(f"{r}s {per_role[r, 'ok']}/{per_role[r, 'known']}" for r in ("store", "window", "roof")))
    for (role, cause), n in sorted(causes.items()):
        print(f"   {role:7} {cause:45} {n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
