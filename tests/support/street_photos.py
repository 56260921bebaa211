"""Generated street photos with their truth, for tests and the benchmark
(never part of the product: the reader must not see how its photos are made).

A street is laid out on the table in millimetres the way the rulebook builds
it (each window and roof tucked under the card below, so only its top part
shows), drawn card by card on a plane canvas, then photographed: turned to any
angle, a little perspective, a patterned table, a lamp's colour cast, uneven
light, glare on the glossy cards, blur, noise, JPEG and sometimes an EXIF
orientation tag. The truth is the street in the scoring format plus every
card's visible outline in the upright photo's pixels."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from card_art import render_back
from card_decks import RENDER_PX_PER_MM, STYLES, CardDesign, deck, render_card
from photo_scene import MORE_TABLES, TABLES, draw_table, local_scale, nudge_camera, pinhole
from PIL import Image

CASTS = {
    "neutral": (1.0, 1.0, 1.0),
    "tungsten": (1.0, 0.80, 0.56),
    "warm": (1.0, 0.9, 0.74),
    "daylight": (0.88, 0.95, 1.0),
    "fluorescent": (0.88, 1.0, 0.84),
}
EXIF_ORIENTATION = 0x0112
# PIL transpose that turns the upright scene into the stored pixels for a tag.
_STORE = {1: None, 3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_90,
          8: Image.Transpose.ROTATE_270}


@dataclass
class Placed:
    """A card on the table: centre and turn in mm / radians, house and row."""

    design: CardDesign
    house: int
    row: int
    role: str
    cx: float
    cy: float
    angle: float
    face_down: bool = False

    def corners(self) -> np.ndarray:
        """Corners TL, TR, BR, BL in table millimetres."""
        w, h = (v / 2 for v in STYLES[self.design.style].card_mm)
        local = np.array([[-w, -h], [w, -h], [w, h], [-w, h]])
        c, s = np.cos(self.angle), np.sin(self.angle)
        return local @ np.array([[c, s], [-s, c]]) + [self.cx, self.cy]


@dataclass
class SynthPhoto:
    data: bytes
    truth: dict[str, Any]


def layout_street(rng: np.random.Generator, heights: list[int], roofs: list[bool],
                  cards: tuple[CardDesign, ...], x0: float = 0.0, y0: float = 0.0,
                  last_gap: float | None = None) -> list[Placed]:
    """Houses left to right on a common baseline; window and roof visible
    parts vary the way people slide cards."""
    pools = {r: [c for c in cards if c.role == r] for r in ("store", "window", "roof")}
    for pool in pools.values():
        rng.shuffle(pool)
    placed: list[Placed] = []
    x = x0
    card_w, card_h = STYLES[cards[0].style].card_mm
    for house, (height, roofed) in enumerate(zip(heights, roofs, strict=True)):
        lean = rng.uniform(-0.02, 0.02)
        top = y0 + rng.uniform(-1.5, 1.5) - card_h  # the store's top edge
        roles = ["store"] + ["window"] * (height - 1 - int(roofed)) + ["roof"] * int(roofed)
        for row, role in enumerate(roles):
            design = pools[role].pop()
            if row > 0:
                top -= rng.uniform(0.33, 0.6) * card_h
            cx = x + card_w / 2 + rng.uniform(-1.2, 1.2) + lean * (y0 - top)
            placed.append(Placed(design, house, row, role, cx, top + card_h / 2,
                                 lean + rng.uniform(-0.02, 0.02)))
        x += card_w + (rng.uniform(0.5, 2.0) if rng.random() < 0.15 else rng.uniform(3, 18))
        if last_gap is not None and house == len(heights) - 2:
            x += last_gap  # a person left a wide gap before the last house
    return placed


def random_heights(rng: np.random.Generator, n_houses: int) -> tuple[list[int], list[bool]]:
    """1-7 cards a house, roofed or not, within the deck's 52 windows."""
    heights = [int(rng.integers(1, 8)) for _ in range(n_houses)]
    roofs = [h >= 2 and rng.random() < 0.7 for h in heights]
    while sum(h - 1 - int(r) for h, r in zip(heights, roofs, strict=True)) > 52:
        i = int(np.argmax(heights))
        heights[i] -= 1
        roofs[i] = roofs[i] and heights[i] >= 2
    return heights, roofs


def _visible_polygon(card: Placed, below: Placed | None) -> np.ndarray:
    """The card's visible part: its top down to the top edge of the card
    lying over its bottom (the card below), in table mm."""
    tl, tr, br, bl = card.corners()
    if below is None:
        return np.array([tl, tr, br, bl])
    p, q = below.corners()[:2]

    def cut(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        d, e = b - a, q - p
        t = ((p - a)[0] * e[1] - (p - a)[1] * e[0]) / (d[0] * e[1] - d[1] * e[0])
        return a + t * d

    return np.array([tl, tr, cut(tr, br), cut(tl, bl)])


def render_scene(rng: np.random.Generator, placed: list[Placed], size: tuple[int, int], *,
                 fill: float | None = None, tilt: float = 0.04, blur: float | None = None,
                 glare: int | None = None, table: str | None = None, camera: str = "nudge",
                 max_tilt_deg: float = 30.0
                 ) -> tuple[np.ndarray, list[np.ndarray], dict[str, Any]]:
    """The upright photo (BGR uint8), each card's visible outline in its
    pixels, and the conditions used."""
    w, h = size
    if placed:
        pts = np.concatenate([p.corners() for p in placed])
        lo, hi = pts.min(axis=0) - 6, pts.max(axis=0) + 6
    else:
        lo, hi = np.array([0.0, 0.0]), np.array([300.0, 200.0])
    box = np.array([lo, [hi[0], lo[1]], hi, [lo[0], hi[1]]])
    fill = rng.uniform(0.55, 0.9) if fill is None else fill
    cam_info: dict[str, Any] = {}
    if camera == "pinhole":
        H, cam_info = pinhole(rng, box, size, fill, max_tilt_deg)
        scales = [local_scale(H, p) for p in box]
        scale, s = float(np.mean(scales)), min(max(scales) * 1.15, RENDER_PX_PER_MM)
    else:
        H = nudge_camera(rng, box, size, fill, tilt)
        scale = float(np.sqrt(abs(np.linalg.det(H[:2, :2]))))  # px per mm, roughly
        s = min(scale * 1.15, RENDER_PX_PER_MM)
    pw, ph = (int(np.ceil((hi - lo)[i] * s)) + 2 for i in (0, 1))
    canvas = np.zeros((ph, pw, 3), np.float32)
    alpha = np.zeros((ph, pw), np.float32)
    # Painter's order: in each house the roof first, the store last (on top).
    for p in sorted(placed, key=lambda q: (not q.face_down, q.house, -q.row)):
        face, a = render_back(p.design.style, RENDER_PX_PER_MM) if p.face_down else render_card(p.design)
        k = s / RENDER_PX_PER_MM
        face = cv2.resize(np.asarray(face), None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
        a = cv2.resize(np.asarray(a), (face.shape[1], face.shape[0]), interpolation=cv2.INTER_AREA)
        c, sn = np.cos(p.angle), np.sin(p.angle)
        R = np.array([[c, -sn], [sn, c]])
        t = s * (np.array([p.cx, p.cy]) - lo) - R @ np.array([face.shape[1] / 2, face.shape[0] / 2])
        M = np.hstack([R, t[:, None]]).astype(np.float32)
        warped = cv2.warpAffine(face, M, (pw, ph), flags=cv2.INTER_LINEAR).astype(np.float32)
        wa = cv2.warpAffine(a, M, (pw, ph), flags=cv2.INTER_LINEAR).astype(np.float32)[..., None] / 255
        shadow = cv2.GaussianBlur(np.roll(wa[..., 0], int(-0.8 * s), axis=0), (0, 0), 0.6 * s)
        canvas *= 1 - 0.35 * shadow[..., None] * alpha[..., None]
        canvas = canvas * (1 - wa) + warped * wa
        alpha = np.maximum(alpha, wa[..., 0])
    to_canvas = np.array([[1 / s, 0, lo[0]], [0, 1 / s, lo[1]], [0, 0, 1]])
    Hp = H @ to_canvas
    street = cv2.warpPerspective(canvas, Hp, size, flags=cv2.INTER_LINEAR)
    street_a = cv2.warpPerspective(alpha, Hp, size, flags=cv2.INTER_LINEAR)[..., None]
    table_img = draw_table(rng, w, h, table)
    drop = cv2.GaussianBlur(np.roll(street_a[..., 0], (int(scale * 2), int(scale * 2)), (0, 1)),
                            (0, 0), scale * 2.5)
    table_img *= 1 - 0.45 * drop[..., None]
    img = table_img * (1 - street_a) + street * street_a
    # Light: a lamp's cast, uneven exposure, glare on the glossy cards.
    cast_name = str(rng.choice(list(CASTS)))
    strength = rng.uniform(0.5, 1.0)
    gains = 1 + (np.array(CASTS[cast_name])[::-1] - 1) * strength  # BGR
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    d = rng.uniform(0, 2 * np.pi)
    ramp = (xx * np.cos(d) + yy * np.sin(d)) / max(w, h)
    light = rng.uniform(0.78, 1.0) + rng.uniform(0.05, 0.25) * (ramp - ramp.min())
    light = cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)
    img *= (light[..., None] * rng.uniform(0.85, 1.02)) * gains
    n_glare = int(rng.integers(0, 3)) if glare is None else glare
    for _ in range(n_glare if placed else 0):
        centre = cv2.perspectiveTransform(rng.choice(placed).corners().mean(0)[None, None], H)[0, 0]
        sig = rng.uniform(0.15, 0.45) * STYLES[placed[0].design.style].card_mm[0] * scale
        gx, gy = (np.arange(w) - centre[0]) / sig, (np.arange(h) - centre[1]) / (sig * rng.uniform(0.5, 1.5))
        spot = np.exp(-0.5 * (gy[:, None] ** 2 + gx[None, :] ** 2)).astype(np.float32)
        spot *= rng.uniform(0.35, 0.75) * (0.2 + 0.8 * street_a[..., 0])
        img = img * (1 - spot[..., None]) + (255 * gains).astype(np.float32) * spot[..., None]
    sigma = rng.uniform(0.0, 1.4) if blur is None else blur
    if sigma > 0.3:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    img += rng.normal(0, rng.uniform(1.5, 4.0), img.shape).astype(np.float32)
    photo = np.clip(img, 0, 255).astype(np.uint8)
    outlines = []
    by_key = {(p.house, p.row): p for p in placed if not p.face_down}
    for p in placed:
        poly = p.corners() if p.face_down else _visible_polygon(p, by_key.get((p.house, p.row - 1)))
        outlines.append(cv2.perspectiveTransform(poly[None].astype(np.float64), H)[0])
    info = {"cast": cast_name, "cast_strength": round(float(strength), 2), "blur": round(float(sigma), 2),
            "glare": n_glare, "px_per_mm": round(scale, 2), **cam_info}
    return photo, outlines, info


def encode(photo: np.ndarray, *, quality: int, orientation: int = 1) -> bytes:
    """JPEG bytes whose EXIF orientation turns the stored pixels upright."""
    img = Image.fromarray(cv2.cvtColor(photo, cv2.COLOR_BGR2RGB))
    exif = Image.Exif()
    if _STORE[orientation] is not None:
        img = img.transpose(_STORE[orientation])
        exif[EXIF_ORIENTATION] = orientation
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=quality, exif=exif.tobytes())
    return buf.getvalue()


def street_truth(placed: list[Placed]) -> list[dict[str, Any]]:
    """The street in the scoring format, left to right."""
    houses: dict[int, dict[str, Any]] = {}
    for p in sorted(placed, key=lambda q: (q.house, q.row)):
        house = houses.setdefault(p.house, {"store": None, "windows": [], "roof": None})
        if p.role == "window":
            house["windows"].append(p.design.truth())
        else:
            house[p.role] = p.design.truth()
    return [houses[i] for i in sorted(houses)]


def generate(seed: int, *, size: tuple[int, int] = (4000, 3000), kind: str = "street",
             n_houses: int | None = None, quality: int = 90, tilt: float = 0.04,
             exif: bool = True, deck_seed: int = 2024, table: str | None = None,
             style: str = "classic", camera: str = "nudge", discards: int | None = 0,
             decks: bool | None = False, max_tilt_deg: float = 30.0,
             last_gap_mm: float | None = None) -> SynthPhoto:
    """One photo and its truth. kind: street, empty, two_streets, blurred;
    table: one of TABLES, MORE_TABLES or PALE_TABLES (None: at random);
    style: a deck style of card_decks; camera: "pinhole" (a real camera
    tilted up to max_tilt_deg) or "nudge" (the first generator's corner
    nudges, kept so the committed classic photos can be made again);
    discards: face-down cards under the street (None: 0-4 at random);
    decks: the three face-down draw piles beside it (None: now and then).
    The first generator's photos come out unchanged with the defaults."""
    rng = np.random.default_rng(seed)
    extra = np.random.default_rng((seed, 77))  # new choices never shift the first generator's draws
    cards = deck(deck_seed, style)
    card_w, card_h = STYLES[style].card_mm
    if rng.random() < 0.3:
        size = (size[1], size[0])
    if camera == "pinhole" and table is None:
        table = str(extra.choice(list(TABLES + MORE_TABLES)))
    placed: list[Placed] = []
    if kind != "empty":
        n = int(rng.integers(1, 11)) if n_houses is None else n_houses
        heights, roofs = random_heights(rng, n)
        placed = layout_street(rng, heights, roofs, cards, last_gap=last_gap_mm)
        if kind == "two_streets":
            n2 = int(rng.integers(1, 5))
            h2, r2 = random_heights(rng, n2)
            rest = tuple(c for c in cards if all(c is not p.design for p in placed))
            width = max(p.cx for p in placed) + card_w
            if rng.random() < 0.5:  # the second street beside the first, far off
                other = layout_street(rng, h2, r2, rest, x0=width + card_w * 1.6)
            else:  # the second street above the first
                top = min(p.corners()[:, 1].min() for p in placed)
                other = layout_street(rng, h2, r2, rest, y0=top - 25)
            placed += [Placed(p.design, p.house + n, p.row, p.role, p.cx, p.cy, p.angle) for p in other]
    n_discards = (int(extra.choice([0, 0, 1, 2, 3, 4])) if discards is None else discards) if placed else 0
    with_decks = (extra.random() < 0.25 if decks is None else decks) and bool(placed)
    placed += face_down_cards(extra, placed, cards, n_discards, with_decks)
    blur = float(rng.uniform(9, 16)) * size[0] / 4000 if kind == "blurred" else None
    photo, outlines, info = render_scene(rng, placed, size, tilt=tilt, blur=blur, table=table, camera=camera,
                                         max_tilt_deg=max_tilt_deg)
    orientation = int(rng.choice([1, 1, 3, 6, 8])) if exif else 1
    data = encode(photo, quality=quality, orientation=orientation)
    street = [p for p in placed if not p.face_down]
    down = [(p, o) for p, o in zip(placed, outlines, strict=True) if p.face_down]
    truth: dict[str, Any] = {
        "kind": kind, "seed": seed, "size": list(size), "exif_orientation": orientation, **info,
        **({"table": table} if table else {}),
        **({"style": style, "camera": camera} if style != "classic" or camera != "nudge" else {}),
        "street": street_truth(street) if kind == "street" or kind == "blurred" else None,
        "cards": [{"house": p.house, "role": p.role, "row": p.row, "id": p.design.id,
                   "color": p.design.color, "outline": np.round(o, 1).tolist()}
                  for p, o in zip(placed, outlines, strict=True) if not p.face_down],
    }
    if down:
        truth["face_down"] = [{"kind": "deck" if p.house == -2 else "discard",
                               "outline": np.round(o, 1).tolist()} for p, o in down]
    return SynthPhoto(data, truth)


def face_down_cards(rng: np.random.Generator, street: list[Placed], cards: tuple[CardDesign, ...],
                    n_discards: int, decks: bool) -> list[Placed]:
    """Discards lie face down and crosswise under the street (the canal),
    spread a little; the draw piles stand face down beside the street."""
    if not street or (not n_discards and not decks):
        return []
    card_w, card_h = STYLES[cards[0].style].card_mm
    pts = np.concatenate([p.corners() for p in street])
    left, right, bottom = pts[:, 0].min(), pts[:, 0].max(), pts[:, 1].max()
    out = []
    x = rng.uniform(left, max(left, right - card_h * 1.5)) + card_h / 2
    y = bottom + rng.uniform(8, 30) + card_w / 2
    for i in range(n_discards):
        out.append(Placed(cards[i], -1, i, "discard", x, y + rng.uniform(-2, 2), np.pi / 2 + rng.uniform(-0.06, 0.06),
                          face_down=True))
        x += rng.uniform(0.25, 0.7) * card_h
    if decks:
        x = right + rng.uniform(20, 45) + card_w / 2
        for i in range(3):
            out.append(Placed(cards[-1 - i], -2, i, "deck", x, bottom - card_h / 2 - rng.uniform(0, 40),
                              rng.uniform(-0.1, 0.1), face_down=True))
            x += card_w + rng.uniform(8, 20)
    return out


def card_photo(design: CardDesign, seed: int, *, size: tuple[int, int] = (1600, 1200),
               quality: int = 90, camera: str = "nudge") -> bytes:
    """A catalog photo: one card alone on the table, any turn, under a lamp."""
    rng = np.random.default_rng(seed)
    placed = [Placed(design, 0, 0, design.role, 0.0, 0.0, 0.0)]
    photo, _, _ = render_scene(rng, placed, size, fill=rng.uniform(0.55, 0.8), glare=0, blur=0.5,
                               camera=camera, max_tilt_deg=12.0)
    return encode(photo, quality=quality)


def grid_photo(designs: list[CardDesign], seed: int, *, size: tuple[int, int] = (4000, 3000),
               quality: int = 90, columns: int | None = None) -> SynthPhoto:
    """A bulk catalog photo: up to 20 cards laid out in a grid, face up,
    upright or turned half round, photographed with a real camera tilted a
    little. Truth: each card's id and whole outline in the photo's pixels."""
    rng = np.random.default_rng(seed)
    card_w, card_h = STYLES[designs[0].style].card_mm
    cols = columns or int(np.ceil(np.sqrt(len(designs) * 1.3)))
    placed = []
    for i, d in enumerate(designs):
        r, c = divmod(i, cols)
        placed.append(Placed(d, i, 0, d.role, c * (card_w + rng.uniform(6, 12)) + rng.uniform(-2, 2),
                             r * (card_h + rng.uniform(6, 12)) + rng.uniform(-2, 2),
                             (np.pi if rng.random() < 0.3 else 0.0) + rng.uniform(-0.05, 0.05)))
    photo, outlines, info = render_scene(rng, placed, size, fill=rng.uniform(0.8, 0.92), glare=int(rng.integers(0, 2)),
                                         blur=rng.uniform(0.3, 0.9), camera="pinhole", max_tilt_deg=15.0,
                                         table=str(rng.choice(["wood", "dark", "speckle", "tiles"])))
    truth = {"kind": "grid", "seed": seed, "size": list(size), **info,
             "cards": [{"id": p.design.id, "role": p.role, "color": p.design.color,
                        "outline": np.round(o, 1).tolist()} for p, o in zip(placed, outlines, strict=True)]}
    return SynthPhoto(encode(photo, quality=quality), truth)


FIXTURES = {  # case name -> (seed, kind, houses[, table])
    "street-one-house": (11, "street", 1),
    "street-three": (12, "street", 3),
    "street-five": (13, "street", 5),
    "street-seven": (14, "street", 7),
    "street-four-tilted": (15, "street", 4),
    "empty-table": (16, "empty", None),
    "two-streets": (17, "two_streets", 3),
    "blurred": (18, "blurred", 3),
    "street-white-grid": (19, "street", 4, "white-grid"),
    "street-pale-table": (20, "street", 3, "pale"),
}


# Made with the pinhole camera: case -> generate() options (size 2000x1500, JPEG 78).
STYLED_FIXTURES = {
    "facade-street": {"seed": 31, "style": "facade", "n_houses": 3, "discards": 0},
    "facade-discards": {"seed": 32, "style": "facade", "n_houses": 3, "discards": 3, "table": "dark"},
    "wide-border-street": {"seed": 33, "style": "wide-border", "n_houses": 4, "discards": 0},
    "wide-border-decks": {"seed": 34, "style": "wide-border", "n_houses": 3, "discards": 2, "decks": True,
                          "table": "rug"},
    "classic-discards": {"seed": 35, "style": "classic", "n_houses": 4, "discards": 4},
    "keyline-street": {"seed": 36, "style": "keyline", "n_houses": 3, "discards": 1},  # held-out style
    "fix-wide-gap": {"seed": 37, "style": "facade", "n_houses": 3, "discards": 0, "last_gap_mm": 50.0,
                     "fix": "a wide gap between houses"},
}


def write_fixtures(folder: str, names: list[str] | None = None) -> None:
    """The committed golden photos (small JPEGs) with their truth beside."""
    import json
    from pathlib import Path

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, (seed, kind, houses, *table) in FIXTURES.items():
        if names and name not in names:
            continue
        made = generate(seed, size=(2000, 1500), kind=kind, n_houses=houses, quality=78,
                        tilt=0.06 if "tilted" in name else 0.04, table=table[0] if table else None)
        (out / f"{name}.jpg").write_bytes(made.data)
        (out / f"{name}.expected.json").write_text(json.dumps(made.truth, indent=1) + "\n")
    for name, opts in STYLED_FIXTURES.items():
        if names and name not in names:
            continue
        opts = dict(opts)
        fix = opts.pop("fix", None)
        made = generate(opts.pop("seed"), size=(2000, 1500), quality=78, camera="pinhole", exif=False, **opts)
        truth = {**made.truth, **({"fix": fix} if fix else {})}
        (out / f"{name}.jpg").write_bytes(made.data)
        (out / f"{name}.expected.json").write_text(json.dumps(truth, indent=1) + "\n")


if __name__ == "__main__":
    import sys

    write_fixtures(sys.argv[1] if len(sys.argv) > 1 else "fixtures/photos/canal-houses", sys.argv[2:] or None)
