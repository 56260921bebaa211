"""How often the street's cards are grouped into the wrong houses, on the
streets' geometry alone (no photo is drawn, no card is found: the truth's
visible outlines stand in for the found fields).

    .venv/bin/python bench/house_grouping.py [--seed 10500] [--count 100] [--styles classic,...]
                                             [--grouping old|new]

Each street is laid out as tests/support/street_photos.py lays it out (1-10
houses, or 10 for a long street every third seed) and seen by its pinhole
camera tilted up to 30 degrees, its field corners a pixel or so off (outline
errors). The street frame (u, v) is the reader's own (structure._frame),
turned so the stores are at the bottom as the door vote would turn it. A
street is misgrouped when a house mixes cards of two, or one is split, or
the houses come out of order."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import street_photos  # noqa: E402
from card_decks import HELD_OUT, STYLE_NAMES, STYLES, deck  # noqa: E402
from photo_scene import pinhole  # noqa: E402
from street_photos import layout_street, random_heights  # noqa: E402

from vision.canal_houses.constants import SAME_HOUSE_OFFSET  # noqa: E402
from vision.canal_houses.find import Field  # noqa: E402
from vision.canal_houses.structure import Card, _frame, order_corners  # noqa: E402

SIZE = (2000, 1500)
CORNER_NOISE_PX = 1.0


def _field_mm(corners: np.ndarray, below: np.ndarray | None, border: float) -> np.ndarray:
    """The card's visible coloured field in table mm: inside its border, down
    to the top edge of the card lying over it (or its own bottom border)."""
    tl, tr, br, bl = corners
    across, down = (tr - tl) / np.linalg.norm(tr - tl), (bl - tl) / np.linalg.norm(bl - tl)
    tl, tr = tl + border * (across + down), tr + border * (down - across)
    if below is None:
        bl, br = bl + border * (across - down), br - border * (across + down)
    else:
        p, q = below[0], below[1]
        e = q - p

        def cut(a: np.ndarray) -> np.ndarray:
            t = ((p - a)[0] * e[1] - (p - a)[1] * e[0]) / (down[0] * e[1] - down[1] * e[0])
            return a + t * down

        bl, br = cut(tl), cut(tr)
    return np.array([tl, tr, br, bl])


def street(seed: int, style: str) -> tuple[list[Card], np.ndarray, np.ndarray, float, dict[int, tuple[int, int]]]:
    """The street's cards as the reader would hold them, its frame and card
    width, and each card's truth (house, row) by its card's id."""
    rng = np.random.default_rng((seed, STYLE_NAMES.index(style)))
    cards = deck(2024, style)
    n = 10 if seed % 3 == 0 else int(rng.integers(1, 11))
    placed = layout_street(rng, *random_heights(rng, n), cards)
    pts = np.concatenate([p.corners() for p in placed])
    lo, hi = pts.min(axis=0) - 6, pts.max(axis=0) + 6
    box = np.array([lo, [hi[0], lo[1]], hi, [lo[0], hi[1]]])
    size = SIZE if rng.random() < 0.7 else SIZE[::-1]
    H, _ = pinhole(rng, box, size, rng.uniform(0.55, 0.9), 30.0)
    return seen(placed, H, style, rng)


def bench_photo(seed: int, style: str, size: tuple[int, int]
                ) -> tuple[list[Card], np.ndarray, np.ndarray, float, dict[int, tuple[int, int]]]:
    """As street(), for the street of bench/read_street.py's photo of this
    seed (the generator's own layout and camera; nothing is drawn)."""
    got: dict[str, object] = {}

    def geometry(rng: np.random.Generator, placed: list, size: tuple[int, int], **kw: object) -> tuple:
        pts = np.concatenate([p.corners() for p in placed])
        lo, hi = pts.min(axis=0) - 6, pts.max(axis=0) + 6
        box = np.array([lo, [hi[0], lo[1]], hi, [lo[0], hi[1]]])
        H, info = pinhole(rng, box, size, rng.uniform(0.55, 0.9), 30.0)
        got.update(placed=[p for p in placed if not p.face_down], H=H)
        return np.zeros((1, 1, 3), np.uint8), [np.zeros((4, 2)) for _ in placed], info

    keep = street_photos.render_scene, street_photos.encode
    street_photos.render_scene, street_photos.encode = geometry, lambda *a, **k: b""
    try:
        street_photos.generate(seed, style=style, camera="pinhole", discards=None, decks=None, size=size)
    finally:
        street_photos.render_scene, street_photos.encode = keep
    return seen(got["placed"], got["H"], style, np.random.default_rng(seed))  # type: ignore[arg-type]


def seen(placed: list, H: np.ndarray, style: str, rng: np.random.Generator
         ) -> tuple[list[Card], np.ndarray, np.ndarray, float, dict[int, tuple[int, int]]]:
    """The placed cards' fields through the camera H, their corners a little off."""
    by_key = {(p.house, p.row): p for p in placed}
    border = STYLES[style].border_mm
    fields, truth = [], {}
    for p in placed:
        below = by_key.get((p.house, p.row - 1))
        poly = _field_mm(p.corners(), None if below is None else below.corners(), border)
        quad = cv2.perspectiveTransform(poly[None].astype(np.float64), H)[0]
        quad = (quad + rng.normal(0, CORNER_NOISE_PX, quad.shape)).astype(np.float32)
        rect = cv2.minAreaRect(quad)
        area = float(cv2.contourArea(quad))
        fields.append(Field(quad, np.array(rect[0], float), float(rect[2]) % 90.0, tuple(rect[1]), area, 1.0))
        truth[len(fields) - 1] = (p.house, p.row)
    u, v = _frame(fields)
    stores = np.array([f.centre for f, (_, r) in zip(fields, truth.values(), strict=True) if r == 0])
    if float(np.mean([f.centre @ v for f in fields])) > float(np.mean(stores @ v)):
        u, v = -u, -v  # the stores at the bottom, as the door vote turns the street
    out = [Card(f, order_corners(f.quad, u, v), truth[i][1] == 0) for i, f in enumerate(fields)]
    width = float(np.median([np.ptp(f.quad @ u) for f in fields]))
    return out, u, v, width, {id(c): truth[i] for i, c in enumerate(out)}


def grouped_right(houses: list[list[Card]], truth: dict[int, tuple[int, int]], n_houses: int) -> bool:
    """Every house holds one true house's cards, all of them, bottom up, left to right."""
    got = [[truth[id(c)] for c in h] for h in houses]
    return len(got) == n_houses and all(
        [k for k, _ in h] == [i] * len(h) and [r for _, r in h] == sorted(r for _, r in h)
        for i, h in enumerate(got))


def by_position(cards: list[Card], u: np.ndarray, v: np.ndarray, width: float) -> list[list[Card]]:
    """The grouping of the base commit (e148d35, structure._houses): cards by
    their centres along the street's horizontal, a new house wherever two
    neighbours lie more than SAME_HOUSE_OFFSET of the card width apart."""
    houses: list[list[Card]] = []
    last = None
    for c in sorted(cards, key=lambda c: c.field.centre @ u):
        x = c.field.centre @ u
        if last is None or x - last > SAME_HOUSE_OFFSET * width:
            houses.append([])
        houses[-1].append(c)
        last = x
    return [sorted(h, key=lambda c: -(c.field.centre @ v)) for h in houses]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=10500)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--styles", default=",".join(s for s in STYLE_NAMES if s != HELD_OUT))
    parser.add_argument("--grouping", default="new", choices=("old", "new"))
    parser.add_argument("--photos", help="WxH: the streets of read_street.py's photos of this size instead")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if args.grouping == "old":
        group = by_position
    else:
        from vision.canal_houses.house_columns import houses_of

        def group(cards: list[Card], u: np.ndarray, v: np.ndarray, _: float) -> list[list[Card]]:
            return houses_of(cards, u, v)
    total = wrong = 0
    for style in args.styles.split(","):
        bad = []
        for seed in range(args.seed, args.seed + args.count):
            if args.photos:
                w, h = (int(x) for x in args.photos.split("x"))
                cards, u, v, width, truth = bench_photo(seed, style, (w, h))
            else:
                cards, u, v, width, truth = street(seed, style)
            n = len({h for h, _ in truth.values()})
            total += 1
            if not grouped_right(group(cards, u, v, width), truth, n):
                bad.append(f"{seed}({n})")
        wrong += len(bad)
        print(f"{style}: {len(bad)}/{args.count} misgrouped" + (f": {' '.join(bad)}" if args.verbose else ""))
    print(f"all: {wrong}/{total} misgrouped ({args.grouping})")


if __name__ == "__main__":
    main()
