"""Generated Canal Houses decks for test photos, in several styles of our own
design (the real print is not documented anywhere we can reach, so the
reader must not rest on any one guess, ours included):

- classic: the project's first deck: 63 x 88 mm, white 3.5 mm border, a
  coloured field of abstract shapes, a gable against a dark sky on roofs.
- facade: illustrated facades (bricks, windows with shutters, flower boxes,
  awnings), 59 x 91 mm, a narrow cream border, round corners, printed tokens
  near the top corners, roofs of four gable shapes under day, sunset and
  night skies.
- wide-border: tarot-sized 70 x 120 mm, a wide white border, flat art (big
  window panes), slate roofs (hipped, mansard, flat with chimney) under a
  pale sky.
- keyline (held out of all tuning): mini 44 x 67 mm, a thin white keyline
  round art that nearly fills the card, a dark ribbon of icons across the top
  of every window, round windows, gables under a dusk or day sky.

Each style has its own print colours (near, never equal to, the default
palette), its own card back, and its own deck of 30 stores, 52 windows and 27
roofs with unique artwork. The reader never imports this module."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import cv2
import numpy as np

from vision.canal_houses import constants as C

FEATURES = ("cats", "birds", "flags", "flowerpots")


@dataclass(frozen=True)
class DeckStyle:
    """How one deck is printed: card size, border, corners, colours, back."""

    name: str
    card_mm: tuple[float, float]
    border_mm: float
    corner_mm: float
    border_bgr: tuple[int, int, int]
    colours: dict[str, str]  # palette name -> the print's own colour
    back_bgr: tuple[int, int, int]


STYLES = {
    "classic": DeckStyle("classic", (C.CARD_W_MM, C.CARD_H_MM), C.BORDER_MM, C.CORNER_MM, (250, 250, 250),
                         dict(C.DEFAULT_PALETTE), (90, 40, 20)),
    "facade": DeckStyle("facade", (59.0, 91.0), 2.2, 4.5, (214, 234, 243),
                        {"red": "#b8433a", "orange": "#e0893a", "yellow": "#e6c24e", "green": "#5a985a",
                         "blue": "#3e6fae", "purple": "#7c4e96"}, (40, 50, 140)),
    "wide-border": DeckStyle("wide-border", (70.0, 120.0), 6.0, 2.0, (252, 252, 252),
                             {"red": "#d8383c", "orange": "#f39a2a", "yellow": "#f2d43a", "green": "#2f9a5c",
                              "blue": "#2f7fd0", "purple": "#9146a8"}, (120, 110, 70)),
    "keyline": DeckStyle("keyline", (44.0, 67.0), 1.3, 3.0, (248, 248, 248),
                         {"red": "#c23b48", "orange": "#e8742c", "yellow": "#efc23a", "green": "#4aa05a",
                          "blue": "#3a5fb8", "purple": "#6e3f9c"}, (60, 90, 30)),
}
STYLE_NAMES = tuple(STYLES)
HELD_OUT = "keyline"  # never used while tuning the reader; its figures are reported apart
TUNED = tuple(s for s in STYLE_NAMES if s != HELD_OUT)
RENDER_PX_PER_MM = 8.0
SKY_BGR = (70, 38, 22)
DOOR_BGR = (25, 38, 62)
INK_BGR = (20, 20, 20)


@dataclass(frozen=True, eq=False)
class CardDesign:
    """One printed card: what is on it and the seed of its artwork."""

    id: str
    role: str  # store | window | roof
    color: str
    seed: int
    features: dict[str, int] = field(default_factory=dict)
    points: int | None = None
    condition: dict[str, Any] | None = None
    style: str = "classic"

    def truth(self) -> dict[str, Any]:
        """The card as the scoring format writes it (scoring.md)."""
        if self.role == "window":
            return {**{f: self.features.get(f, 0) for f in FEATURES}, "color": self.color}
        return {"points": self.points, "color": self.color, "condition": self.condition}


def hex_to_bgr(value: str) -> tuple[int, int, int]:
    v = value.lstrip("#")
    r, g, b = (int(v[i:i + 2], 16) for i in (0, 2, 4))
    return b, g, r


def _random_condition(rng: np.random.Generator) -> dict[str, Any]:
    kind = rng.integers(0, 5)
    if kind == 0:
        picks = rng.choice(FEATURES, size=int(rng.integers(1, 3)), replace=False)
        return {"at_least": {str(f): int(rng.integers(1, 4)) for f in picks}}
    if kind == 1:
        return {"none": [str(rng.choice(FEATURES))]}
    if kind == 2:
        op = str(rng.choice(["exactly", "at_least", "at_most"]))
        return {"height": {op: int(rng.integers(2, 6))}}
    side = str(rng.choice(["left", "right", "both"]))
    return {str(rng.choice(["taller_than", "shorter_than"])): side}


@lru_cache(maxsize=8)
def deck(seed: int = 2024, style: str = "classic") -> tuple[CardDesign, ...]:
    """The full synthetic deck (30 stores, 52 windows, 27 roofs) of a style,
    the same for the same seed and style (other styles draw other cards)."""
    rng = np.random.default_rng(seed if style == "classic" else (seed, STYLE_NAMES.index(style)))
    colours = list(C.DEFAULT_PALETTE)
    cards: list[CardDesign] = []
    for role, count, prefix in (("store", 30, "S"), ("window", 52, "W"), ("roof", 27, "R")):
        for i in range(count):
            colour = colours[(i + int(rng.integers(0, 6))) % len(colours)]
            art = int(rng.integers(0, 2**31))
            if role == "window":
                feats = {f: 0 for f in FEATURES}
                for f in rng.choice(FEATURES, size=int(rng.integers(1, 4)), replace=False):
                    feats[str(f)] = int(rng.integers(1, 3))
                cards.append(CardDesign(f"{prefix}{i + 1:02d}", role, colour, art, feats, style=style))
            else:
                cards.append(CardDesign(f"{prefix}{i + 1:02d}", role, colour, art,
                                        points=int(rng.integers(1, 6)),
                                        condition=_random_condition(rng), style=style))
    return tuple(cards)


# --- drawing ---------------------------------------------------------------------

def _p(x_mm: float, y_mm: float, s: float) -> tuple[int, int]:
    return int(round(x_mm * s)), int(round(y_mm * s))


def _shade(bgr: np.ndarray, k: float) -> tuple[int, int, int]:
    """Darker (k < 1) or lighter toward white (k > 1) version of a colour."""
    c = bgr.astype(float)
    c = c * k if k <= 1 else c + (255 - c) * (k - 1)
    return tuple(int(v) for v in np.clip(c, 0, 255))


def _icon(img: np.ndarray, kind: str, cx: float, cy: float, r: float, s: float) -> None:
    """A small black pictogram of a feature, centred at (cx, cy) mm."""
    ink = INK_BGR
    if kind == "cats":
        cv2.circle(img, _p(cx, cy + r * 0.2, s), int(r * 0.6 * s), ink, -1, cv2.LINE_AA)
        for sx in (-1, 1):
            tri = np.array([_p(cx + sx * r * 0.55, cy - r * 0.05, s), _p(cx + sx * r * 0.6, cy - r * 0.85, s),
                            _p(cx + sx * r * 0.15, cy - r * 0.3, s)], np.int32)
            cv2.fillPoly(img, [tri], ink, cv2.LINE_AA)
    elif kind == "birds":
        cv2.ellipse(img, _p(cx, cy, s), (int(r * 0.7 * s), int(r * 0.42 * s)), -15, 0, 360, ink, -1,
                    cv2.LINE_AA)
        beak = np.array([_p(cx + r * 0.6, cy - r * 0.35, s), _p(cx + r * 1.0, cy - r * 0.2, s),
                         _p(cx + r * 0.6, cy - r * 0.05, s)], np.int32)
        cv2.fillPoly(img, [beak], ink, cv2.LINE_AA)
        tail = np.array([_p(cx - r * 0.5, cy, s), _p(cx - r * 1.0, cy + r * 0.1, s),
                         _p(cx - r * 0.9, cy - r * 0.4, s)], np.int32)
        cv2.fillPoly(img, [tail], ink, cv2.LINE_AA)
    elif kind == "flags":
        cv2.line(img, _p(cx - r * 0.7, cy - r, s), _p(cx - r * 0.7, cy + r, s), ink, max(1, int(0.18 * r * s)))
        cv2.rectangle(img, _p(cx - r * 0.7, cy - r, s), _p(cx + r * 0.9, cy - r * 0.05, s), ink, -1)
        cv2.rectangle(img, _p(cx - r * 0.7, cy - r * 0.7, s), _p(cx + r * 0.9, cy - r * 0.35, s),
                      (40, 40, 200), -1)
    elif kind == "flowerpots":
        pot = np.array([_p(cx - r * 0.6, cy + r * 0.1, s), _p(cx + r * 0.6, cy + r * 0.1, s),
                        _p(cx + r * 0.4, cy + r, s), _p(cx - r * 0.4, cy + r, s)], np.int32)
        cv2.fillPoly(img, [pot], ink, cv2.LINE_AA)
        cv2.line(img, _p(cx, cy + r * 0.1, s), _p(cx, cy - r * 0.5, s), ink, max(1, int(0.15 * r * s)))
        cv2.circle(img, _p(cx, cy - r * 0.6, s), int(r * 0.35 * s), ink, -1, cv2.LINE_AA)
    elif kind == "tulip":
        cv2.line(img, _p(cx, cy + r, s), _p(cx, cy, s), ink, max(1, int(0.15 * r * s)))
        cup = np.array([_p(cx - r * 0.55, cy - r, s), _p(cx - r * 0.2, cy - r * 0.55, s), _p(cx, cy - r, s),
                        _p(cx + r * 0.2, cy - r * 0.55, s), _p(cx + r * 0.55, cy - r, s),
                        _p(cx + r * 0.45, cy, s), _p(cx - r * 0.45, cy, s)], np.int32)
        cv2.fillPoly(img, [cup], ink, cv2.LINE_AA)


def _text(img: np.ndarray, text: str, x: float, y: float, h_mm: float, s: float) -> None:
    scale = h_mm * s / 22.0
    cv2.putText(img, text, _p(x, y, s), cv2.FONT_HERSHEY_SIMPLEX, scale, INK_BGR,
                max(1, int(scale * 2.2)), cv2.LINE_AA)


def _condition_text(cond: dict[str, Any]) -> list[str]:
    words = []
    for key, val in cond.items():
        if key == "at_least":
            words += [f"{n}+ {f[:4]}" for f, n in val.items()]
        elif key == "none":
            words += [f"no {f[:4]}" for f in val]
        elif key == "height":
            op, n = next(iter(val.items()))
            words.append({"exactly": "=", "at_least": ">=", "at_most": "<="}[op] + f"{n} high")
        else:
            words.append(("taller " if key == "taller_than" else "shorter ") + str(val))
    return words


def _art(img: np.ndarray, base: np.ndarray, rng: np.random.Generator, top_mm: float,
         bottom_mm: float, s: float) -> None:
    """Random shapes in shades of the card colour with ink outlines: the
    artwork that makes each card's features unique."""
    x0, x1 = C.BORDER_MM + 1, C.CARD_W_MM - C.BORDER_MM - 1
    for _ in range(int(rng.integers(22, 32))):
        cx, cy = rng.uniform(x0, x1), rng.uniform(top_mm, bottom_mm)
        size = rng.uniform(2.5, 8.0)
        colour = _shade(base, float(rng.choice([0.45, 0.65, 0.8, 1.25, 1.4])))
        kind = rng.integers(0, 4)
        if kind == 0:
            n = int(rng.integers(3, 7))
            ang = np.sort(rng.uniform(0, 2 * np.pi, n))
            rad = size * rng.uniform(0.5, 1.0, n)
            pts = np.array([_p(np.clip(cx + r * np.cos(a), x0, x1), np.clip(cy + r * np.sin(a), top_mm, bottom_mm), s)
                            for a, r in zip(ang, rad, strict=True)], np.int32)
            cv2.fillPoly(img, [pts], colour, cv2.LINE_AA)
            cv2.polylines(img, [pts], True, INK_BGR, max(1, int(0.35 * s)), cv2.LINE_AA)
        elif kind == 1:
            r = min(size * 0.6, cx - x0, x1 - cx, cy - top_mm, bottom_mm - cy)
            if r > 1:
                cv2.circle(img, _p(cx, cy, s), int(r * s), colour, -1, cv2.LINE_AA)
                cv2.circle(img, _p(cx, cy, s), int(r * s), INK_BGR, max(1, int(0.3 * s)), cv2.LINE_AA)
        elif kind == 2:
            w, h = size * rng.uniform(0.5, 1.2), size * rng.uniform(0.5, 1.2)
            a, b = (np.clip(cx - w / 2, x0, x1), np.clip(cy - h / 2, top_mm, bottom_mm))
            c, d = (np.clip(cx + w / 2, x0, x1), np.clip(cy + h / 2, top_mm, bottom_mm))
            cv2.rectangle(img, _p(a, b, s), _p(c, d, s), colour, -1)
            cv2.rectangle(img, _p(a, b, s), _p(c, d, s), INK_BGR, max(1, int(0.3 * s)))
            cv2.line(img, _p((a + c) / 2, b, s), _p((a + c) / 2, d, s), INK_BGR, max(1, int(0.25 * s)))
        else:
            ex = np.clip(cx + rng.uniform(-size, size), x0, x1)
            ey = np.clip(cy + rng.uniform(-size, size), top_mm, bottom_mm)
            cv2.line(img, _p(cx, cy, s), _p(ex, ey, s), INK_BGR, max(1, int(0.45 * s)), cv2.LINE_AA)


def _badge(img: np.ndarray, base: np.ndarray, x0: float, y0: float, x1: float, y1: float, s: float) -> None:
    cv2.rectangle(img, _p(x0, y0, s), _p(x1, y1, s), _shade(base, 1.55), -1)
    cv2.rectangle(img, _p(x0, y0, s), _p(x1, y1, s), INK_BGR, max(1, int(0.3 * s)))


def _plain_corners(img: np.ndarray, base: np.ndarray, s: float) -> None:
    """Windows and stores keep the top corners of their field plain, so that
    only a roof shows dark sky there."""
    b, side = C.BORDER_MM, 9.0
    for x in (b, C.CARD_W_MM - b - side):
        cv2.rectangle(img, _p(x, b, s), _p(x + side, b + side, s), _shade(base, 1.0), -1)


def render_card(design: CardDesign, px_per_mm: float = RENDER_PX_PER_MM) -> tuple[np.ndarray, np.ndarray]:
    """The card's face (BGR) and its alpha (rounded corners), upright."""
    if design.style != "classic":
        from card_art import render_styled

        return render_styled(design, float(px_per_mm))
    return _render_cached(design, float(px_per_mm))


@lru_cache(maxsize=256)
def _render_cached(design: CardDesign, s: float) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(design.seed)
    w, h = int(round(C.CARD_W_MM * s)), int(round(C.CARD_H_MM * s))
    img = np.full((h, w, 3), 250, np.uint8)
    base = np.array(hex_to_bgr(C.DEFAULT_PALETTE[design.color]), float)
    base = np.clip(base + rng.uniform(-8, 8, 3), 0, 255)
    b = C.BORDER_MM
    cv2.rectangle(img, _p(b, b, s), _p(C.CARD_W_MM - b, C.CARD_H_MM - b, s), _shade(base, 1.0), -1)
    right, bottom = C.CARD_W_MM - b, C.CARD_H_MM - b
    if design.role == "roof":
        # Gable against a dark sky in the top corners; art inside and below it.
        _art(img, base, rng, b + 2, bottom - 2, s)
        ridge, eaves = b + 2.0, b + 20.0
        step = rng.uniform(0.3, 0.45) * C.INNER_W_MM
        for sx, x in ((1, b), (-1, right)):
            sky = np.array([_p(x, b, s), _p(C.CARD_W_MM / 2 - sx * 5, b, s),
                            _p(C.CARD_W_MM / 2 - sx * 5, ridge, s), _p(x + sx * step, eaves - 6, s),
                            _p(x, eaves, s)], np.int32)
            cv2.fillPoly(img, [sky], SKY_BGR, cv2.LINE_AA)
        _badge(img, base, 24, b + 4, 39, b + 17, s)
        _icon(img, "tulip", 28, b + 10.5, 4, s)
        _text(img, str(design.points), 32, b + 14.5, 9, s)
        for i, word in enumerate(_condition_text(design.condition or {})):
            _badge(img, base, 14, eaves + 4 + 8 * i, 49, eaves + 10.5 + 8 * i, s)
            _text(img, word, 15.5, eaves + 9 + 8 * i, 5, s)
    elif design.role == "store":
        _art(img, base, rng, b + 2, bottom - 2, s)
        _plain_corners(img, base, s)
        _badge(img, base, 24, b + 3, 39, b + 16, s)
        _icon(img, "tulip", 28, b + 9.5, 4, s)
        _text(img, str(design.points), 32, b + 13.5, 9, s)
        for i, word in enumerate(_condition_text(design.condition or {})):
            _badge(img, base, 14, b + 17.5 + 7.5 * i, 49, b + 24 + 7.5 * i, s)
            _text(img, word, 15.5, b + 22.5 + 7.5 * i, 5, s)
        door = np.array([_p(24, bottom, s), _p(24, bottom - 18, s), _p(31.5, bottom - 25, s),
                         _p(39, bottom - 18, s), _p(39, bottom, s)], np.int32)
        cv2.fillPoly(img, [door], DOOR_BGR, cv2.LINE_AA)
        cv2.circle(img, _p(36.5, bottom - 9, s), max(1, int(0.8 * s)), (60, 160, 200), -1)
    else:
        _art(img, base, rng, b + 2, b + 34, s)
        _art(img, base, rng, b + 30, bottom - 2, s)
        _plain_corners(img, base, s)
        kinds = [f for f in FEATURES if design.features.get(f, 0) > 0]
        width = 12.0 * len(kinds)
        x = C.CARD_W_MM / 2 - width / 2
        _badge(img, base, x - 1, b + 2.5, x + width + 1, b + 14.5, s)
        for f in kinds:
            _icon(img, f, x + 4.2, b + 8.5, 3.6, s)
            _text(img, str(design.features[f]), x + 7.5, b + 13, 8, s)
            x += 12.0
    alpha = rounded_alpha(w, h, int(C.CORNER_MM * s))
    img.setflags(write=False)
    alpha.setflags(write=False)
    return img, alpha


def rounded_alpha(w: int, h: int, r: int) -> np.ndarray:
    """A card's outline with corners of radius r px."""
    alpha = np.zeros((h, w), np.uint8)
    cv2.rectangle(alpha, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(alpha, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1, cv2.LINE_AA)
    alpha.setflags(write=False)
    return alpha
