"""Artwork of the generated deck styles other than classic (see card_decks):
illustrated facades, wide-border flat art and the held-out keyline minis, and
every style's card back. Each card's details come from its own seed, so a
catalog can tell cards apart the way it must with real cards."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np
from card_decks import (
    FEATURES,
    INK_BGR,
    STYLES,
    CardDesign,
    _icon,
    _p,
    _shade,
    _text,
    hex_to_bgr,
    rounded_alpha,
)
from card_decks import _condition_text as condition_words

CREAM = (214, 236, 246)
SKIES = {  # name -> (top, bottom) BGR
    "day": ((235, 185, 110), (245, 222, 190)),
    "sunset": ((110, 150, 240), (160, 215, 250)),
    "night": ((75, 38, 22), (110, 62, 40)),
    "dusk": ((150, 110, 120), (190, 160, 215)),
    "pale": ((215, 196, 168), (226, 212, 190)),
}
GABLES = ("triangle", "step", "bell", "neck")


def render_styled(design: CardDesign, s: float) -> tuple[np.ndarray, np.ndarray]:
    return _render(design, s)


@lru_cache(maxsize=512)
def _render(design: CardDesign, s: float) -> tuple[np.ndarray, np.ndarray]:
    style = STYLES[design.style]
    rng = np.random.default_rng(design.seed)
    w_mm, h_mm = style.card_mm
    w, h = int(round(w_mm * s)), int(round(h_mm * s))
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = style.border_bgr
    base = np.array(hex_to_bgr(style.colours[design.color]), float)
    base = np.clip(base + rng.uniform(-7, 7, 3), 0, 255)
    b = style.border_mm
    box = (b, b, w_mm - b, h_mm - b)
    cv2.rectangle(img, _p(b, b, s), _p(w_mm - b, h_mm - b, s), _shade(base, 1.0), -1)
    {"facade": _facade, "wide-border": _wide, "keyline": _keyline}[style.name](img, design, base, box, rng, s)
    # the border stays clean (art is clipped to the field)
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, _p(b, b, s), _p(w_mm - b, h_mm - b, s), 255, -1)
    img[mask == 0] = style.border_bgr
    alpha = rounded_alpha(w, h, int(style.corner_mm * s))
    img.setflags(write=False)
    return img, alpha


def render_back(style_name: str, s: float) -> tuple[np.ndarray, np.ndarray]:
    """A face-down card: the style's back, the same turned half round (as
    card backs are), in its border."""
    return _back(style_name, s)


@lru_cache(maxsize=8)
def _back(style_name: str, s: float) -> tuple[np.ndarray, np.ndarray]:
    style = STYLES[style_name]
    w_mm, h_mm = style.card_mm
    w, h = int(round(w_mm * s)), int(round(h_mm * s))
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = style.border_bgr
    b = style.border_mm
    base = np.array(style.back_bgr, float)
    cv2.rectangle(img, _p(b, b, s), _p(w_mm - b, h_mm - b, s), _shade(base, 1.0), -1)
    step = 6.0
    for k in np.arange(-h_mm, w_mm + h_mm, step):  # a lattice, symmetric under a half turn
        cv2.line(img, _p(k, 0, s), _p(k + h_mm, h_mm, s), _shade(base, 1.35), max(1, int(0.5 * s)), cv2.LINE_AA)
        cv2.line(img, _p(k, h_mm, s), _p(k + h_mm, 0, s), _shade(base, 1.35), max(1, int(0.5 * s)), cv2.LINE_AA)
    cv2.circle(img, _p(w_mm / 2, h_mm / 2, s), int(w_mm * 0.28 * s), _shade(base, 0.6), -1, cv2.LINE_AA)
    cv2.circle(img, _p(w_mm / 2, h_mm / 2, s), int(w_mm * 0.28 * s), (60, 180, 220), max(1, int(0.8 * s)),
               cv2.LINE_AA)
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, _p(b, b, s), _p(w_mm - b, h_mm - b, s), 255, -1)
    img[mask == 0] = style.border_bgr
    img = np.ascontiguousarray(np.maximum(img, img[::-1, ::-1]))  # exactly symmetric
    img.setflags(write=False)
    return img, rounded_alpha(w, h, int(style.corner_mm * s))


# --- shared pieces ----------------------------------------------------------------

def _token(img: np.ndarray, kind: str, n: int | None, cx: float, cy: float, r: float, s: float,
           fill: tuple[int, int, int] = CREAM) -> None:
    """A printed round token with a feature pictogram and its number."""
    cv2.circle(img, _p(cx, cy, s), int(r * s), fill, -1, cv2.LINE_AA)
    cv2.circle(img, _p(cx, cy, s), int(r * s), INK_BGR, max(1, int(0.25 * s)), cv2.LINE_AA)
    _icon(img, kind, cx - r * 0.25, cy - r * 0.05, r * 0.5, s)
    if n is not None:
        _text(img, str(n), cx + r * 0.2, cy + r * 0.55, r * 1.0, s)


def _sky(img: np.ndarray, box: tuple[float, float, float, float], kind: str, rng: np.random.Generator,
         s: float) -> None:
    x0, y0, x1, y1 = box
    top, bottom = (np.array(c, float) for c in SKIES[kind])
    a, b = _p(x0, y0, s), _p(x1, y1, s)
    for y in range(a[1], b[1] + 1):
        t = (y - a[1]) / max(1, b[1] - a[1])
        img[y, a[0]:b[0] + 1] = np.clip(top * (1 - t) + bottom * t, 0, 255)
    if kind == "night":
        for _ in range(25):
            cv2.circle(img, _p(rng.uniform(x0, x1), rng.uniform(y0, y1), s), max(1, int(0.3 * s)),
                       (230, 240, 250), -1)


def _gable(kind: str, x0: float, x1: float, ridge: float, eaves: float) -> np.ndarray:
    """The house's silhouette above its eaves (mm), closed along the eaves."""
    cx, half = (x0 + x1) / 2, (x1 - x0) / 2
    if kind == "triangle":
        pts = [(x0, eaves), (cx, ridge), (x1, eaves)]
    elif kind == "step":
        pts = [(x0, eaves)]
        steps, rise = 4, (eaves - ridge) / 4
        for i in range(steps):
            x = x0 + half * 0.22 * (i + 1)
            pts += [(x0 + half * 0.22 * i, eaves - rise * (i + 1)), (x, eaves - rise * (i + 1))]
        pts = pts[:-1] + [(cx - half * 0.12, ridge), (cx + half * 0.12, ridge)]
        right = [(2 * cx - x, y) for x, y in reversed(pts[1:-2])]
        pts = pts + right + [(x1, eaves)]
    elif kind == "bell":
        t = np.linspace(0, 1, 24)
        left = [(x0 + half * 0.75 * (1 - np.cos(np.pi * u)) / 2, eaves - (eaves - ridge - 3) * u) for u in t]
        pts = left + [(cx - half * 0.2, ridge + 3), (cx, ridge), (cx + half * 0.2, ridge + 3)]
        pts += [(2 * cx - x, y) for x, y in reversed(left)]
    else:  # neck gable: shoulders, then a straight neck
        sh = eaves - (eaves - ridge) * 0.45
        pts = [(x0, eaves), (x0 + half * 0.25, sh), (cx - half * 0.35, sh), (cx - half * 0.35, ridge + 4),
               (cx, ridge), (cx + half * 0.35, ridge + 4), (cx + half * 0.35, sh), (x1 - half * 0.25, sh),
               (x1, eaves)]
    return np.array(pts, float)


def _poly(img: np.ndarray, pts: np.ndarray, colour: tuple[int, int, int], s: float, outline: bool = True) -> None:
    p = np.array([_p(x, y, s) for x, y in pts], np.int32)
    cv2.fillPoly(img, [p], colour, cv2.LINE_AA)
    if outline:
        cv2.polylines(img, [p], True, INK_BGR, max(1, int(0.3 * s)), cv2.LINE_AA)


def _bricks(img: np.ndarray, base: np.ndarray, box: tuple[float, float, float, float], s: float) -> None:
    x0, y0, x1, y1 = box
    line = _shade(base, 0.86)
    for i, y in enumerate(np.arange(y0 + 2.5, y1, 3.0)):
        cv2.line(img, _p(x0, y, s), _p(x1, y, s), line, max(1, int(0.18 * s)))
        for x in np.arange(x0 + (3.0 if i % 2 else 0.0), x1, 6.0):
            cv2.line(img, _p(x, y, s), _p(x, y + 3.0, s), line, max(1, int(0.18 * s)))


def _window(img: np.ndarray, x: float, y: float, w: float, h: float, shutter: tuple[int, int, int] | None,
            s: float, box: bool = False) -> None:
    """A window with a white frame, dark panes, shutters, maybe a flower box."""
    cv2.rectangle(img, _p(x, y, s), _p(x + w, y + h, s), (235, 240, 242), -1)
    cv2.rectangle(img, _p(x + 0.7, y + 0.7, s), _p(x + w - 0.7, y + h - 0.7, s), (70, 58, 45), -1)
    cv2.line(img, _p(x + w / 2, y, s), _p(x + w / 2, y + h, s), (235, 240, 242), max(1, int(0.5 * s)))
    cv2.line(img, _p(x, y + h / 2, s), _p(x + w, y + h / 2, s), (235, 240, 242), max(1, int(0.5 * s)))
    if shutter is not None:
        for sx in (x - w * 0.45, x + w):
            cv2.rectangle(img, _p(sx, y, s), _p(sx + w * 0.45, y + h, s), shutter, -1)
            cv2.rectangle(img, _p(sx, y, s), _p(sx + w * 0.45, y + h, s), INK_BGR, max(1, int(0.2 * s)))
    if box:
        cv2.rectangle(img, _p(x - 0.5, y + h, s), _p(x + w + 0.5, y + h + 2.2, s), (40, 70, 110), -1)
        for k in range(5):
            cv2.circle(img, _p(x + w * (k + 0.5) / 5, y + h - 0.3, s), max(1, int(0.8 * s)), (80, 60, 220), -1)


def _banner(img: np.ndarray, words: list[str], x0: float, y0: float, x1: float, s: float,
            fill: tuple[int, int, int] = CREAM) -> float:
    """Condition words in a printed banner; returns the banner's bottom (mm)."""
    if not words:
        return y0
    y1 = y0 + 5.5 * len(words) + 1
    cv2.rectangle(img, _p(x0, y0, s), _p(x1, y1, s), fill, -1)
    cv2.rectangle(img, _p(x0, y0, s), _p(x1, y1, s), INK_BGR, max(1, int(0.25 * s)))
    for i, word in enumerate(words):
        _text(img, word, x0 + 1.5, y0 + 5 + 5.5 * i, 4.2, s)
    return y1


def _kinds(design: CardDesign) -> list[str]:
    return [f for f in FEATURES if design.features.get(f, 0) > 0]


# --- facade: illustrated houses ----------------------------------------------------

def _facade(img: np.ndarray, d: CardDesign, base: np.ndarray, box: tuple[float, float, float, float],
            rng: np.random.Generator, s: float) -> None:
    x0, y0, x1, y1 = box
    fw = x1 - x0
    shutter = [(50, 90, 40), (30, 30, 30), (235, 235, 235), (40, 40, 120)][int(rng.integers(0, 4))]
    if d.role == "roof":
        sky = str(rng.choice(["day", "sunset", "night"]))
        _sky(img, box, sky, rng, s)
        gable = GABLES[int(rng.integers(0, len(GABLES)))]
        eaves = y0 + rng.uniform(26, 32)
        ridge = y0 + rng.uniform(2.5, 5)
        body = np.vstack([_gable(gable, x0, x1, ridge, eaves), [[x1, y1 + 1], [x0, y1 + 1]]])
        layer = img.copy()
        _poly(layer, body, _shade(base, 1.0), s, outline=False)
        _bricks(layer, base, (x0, ridge, x1, y1), s)
        inside = np.zeros(img.shape[:2], np.uint8)
        cv2.fillPoly(inside, [np.array([_p(x, y, s) for x, y in body], np.int32)], 255, cv2.LINE_AA)
        img[inside > 0] = layer[inside > 0]
        cv2.polylines(img, [np.array([_p(x, y, s) for x, y in body[:-2]], np.int32)], False, INK_BGR,
                      max(1, int(0.35 * s)), cv2.LINE_AA)
        cx = (x0 + x1) / 2
        cv2.line(img, _p(cx, ridge + 3, s), _p(cx, ridge - 0.5, s), INK_BGR, max(1, int(0.5 * s)))
        _window(img, cx - 3, eaves - 12, 6, 7, None, s)
        _token(img, "tulip", d.points, cx, eaves - 1.5, 4.2, s)
        bottom = _banner(img, condition_words(d.condition or {}), x0 + 4, eaves + 4, x1 - 4, s)
        for i in range(int(rng.integers(1, 3))):
            _window(img, x0 + fw * (0.2 + 0.45 * i), bottom + 4, fw * 0.18, 10, shutter, s, bool(rng.random() < 0.5))
    elif d.role == "store":
        _bricks(img, base, box, s)
        _token(img, "tulip", d.points, x0 + 6, y0 + 6, 4.5, s)
        bottom = _banner(img, condition_words(d.condition or {}), x0 + 12, y0 + 2.5, x1 - 3, s)
        top = max(bottom + 3, y0 + 14)
        for i in range(int(rng.integers(1, 3))):
            _window(img, x0 + fw * (0.18 + 0.42 * i) + rng.uniform(-1, 1), top, fw * 0.2, 11, shutter, s,
                    bool(rng.random() < 0.6))
        aw_y = y1 - rng.uniform(30, 36)
        stripe = [(240, 240, 240), (40, 40, 170), (60, 120, 40)][int(rng.integers(0, 3))]
        for k in range(8):
            xa, xb = x0 + fw * k / 8, x0 + fw * (k + 1) / 8
            colour = stripe if k % 2 else _shade(base, 0.55)
            _poly(img, np.array([[xa, aw_y], [xb, aw_y], [xb + 0.6, aw_y + 6], [xa + 0.6, aw_y + 6]]), colour, s,
                  outline=False)
        cv2.rectangle(img, _p(x0 + 3, aw_y + 8, s), _p(x0 + fw * 0.55, y1 - 4, s), (65, 55, 45), -1)
        cv2.rectangle(img, _p(x0 + 3, aw_y + 8, s), _p(x0 + fw * 0.55, y1 - 4, s), (235, 240, 242),
                      max(1, int(0.6 * s)))
        dx = x0 + fw * 0.64
        door = np.array([[dx, y1], [dx, aw_y + 12], [dx + 7, aw_y + 8], [dx + 14, aw_y + 12], [dx + 14, y1]])
        _poly(img, door, (30, 45, 75), s)
        cv2.circle(img, _p(dx + 11.5, y1 - 9, s), max(1, int(0.7 * s)), (60, 170, 210), -1)
    else:
        _bricks(img, base, box, s)
        kinds = _kinds(d)
        xs = [x0 + 6.0] if len(kinds) == 1 else list(np.linspace(x0 + 6.0, x1 - 6.0, len(kinds)))
        for f, x in zip(kinds, xs, strict=True):
            _token(img, f, d.features[f], x, y0 + 6.0, 4.3, s)
        rows = int(rng.integers(2, 4))
        per = int(rng.integers(2, 4))
        ww = fw / (per * 2.1)
        for r in range(rows):
            y = y0 + 15 + r * (y1 - y0 - 18) / rows
            for c in range(per):
                x = x0 + fw * (c + 0.5) / per - ww / 2 + rng.uniform(-0.8, 0.8)
                _window(img, x, y, ww, min(13, (y1 - y0 - 18) / rows - 5), shutter if rng.random() < 0.7 else None,
                        s, bool(rng.random() < 0.4))
        band = y0 + rng.uniform(38, 60)
        cv2.rectangle(img, _p(x0, band, s), _p(x1, band + 1.2, s), _shade(base, 0.7), -1)


# --- wide-border: flat art -----------------------------------------------------------

def _wide(img: np.ndarray, d: CardDesign, base: np.ndarray, box: tuple[float, float, float, float],
          rng: np.random.Generator, s: float) -> None:
    x0, y0, x1, y1 = box
    fw = x1 - x0
    glass = (150, 132, 112)
    frame = _shade(base, 0.45)

    def panes(top: float, bottom: float, cols: int) -> None:
        rows = max(1, int((bottom - top) // 30))
        pw = fw / (cols * 1.8)
        for r in range(rows):
            for c in range(cols):
                x = x0 + fw * (c + 0.5) / cols - pw / 2
                y = top + r * (bottom - top) / rows + 2
                hgt = (bottom - top) / rows - 6
                cv2.rectangle(img, _p(x, y, s), _p(x + pw, y + hgt, s), glass, -1)
                cv2.rectangle(img, _p(x, y, s), _p(x + pw, y + hgt, s), frame, max(1, int(0.9 * s)))
                cv2.line(img, _p(x + pw / 2, y, s), _p(x + pw / 2, y + hgt, s), frame, max(1, int(0.6 * s)))
                cv2.rectangle(img, _p(x - 1, y + hgt, s), _p(x + pw + 1, y + hgt + 1.5, s), _shade(base, 1.4), -1)

    if d.role == "roof":
        _sky(img, box, "pale", rng, s)
        eaves = y0 + rng.uniform(34, 44)
        ridge = y0 + rng.uniform(8, 14)
        slate = (95, 88, 84)
        kind = int(rng.integers(0, 3))
        cv2.rectangle(img, _p(x0, eaves, s), _p(x1, y1, s), _shade(base, 1.0), -1)
        if kind == 0:  # hipped
            _poly(img, np.array([[x0, eaves], [x0 + fw * 0.3, ridge], [x1 - fw * 0.3, ridge], [x1, eaves]]), slate, s)
        elif kind == 1:  # mansard with dormers
            _poly(img, np.array([[x0, eaves], [x0 + 5, ridge + 8], [x0 + 9, ridge], [x1 - 9, ridge],
                                 [x1 - 5, ridge + 8], [x1, eaves]]), slate, s)
            for c in (0.3, 0.7):
                cv2.rectangle(img, _p(x0 + fw * c - 4, ridge + 10, s), _p(x0 + fw * c + 4, eaves - 3, s), glass, -1)
        else:  # flat with a cornice and a chimney
            cv2.rectangle(img, _p(x0, eaves - 7, s), _p(x1, eaves, s), slate, -1)
            cx = x0 + fw * rng.uniform(0.2, 0.7)
            cv2.rectangle(img, _p(cx, ridge, s), _p(cx + 7, eaves - 7, s), (60, 70, 120), -1)
        _icon(img, "tulip", x0 + fw / 2 - 5, eaves + 8, 4.5, s)
        _text(img, str(d.points), x0 + fw / 2 + 1, eaves + 12, 10, s)
        for i, word in enumerate(condition_words(d.condition or {})):
            _text(img, word, x0 + 6, eaves + 21 + 6 * i, 5, s)
        panes(eaves + 24 + 6 * len(condition_words(d.condition or {})), y1, 2)
    elif d.role == "store":
        cv2.rectangle(img, _p(x0 + 4, y0 + 3, s), _p(x1 - 4, y0 + 14, s), (40, 40, 40), -1)
        _token(img, "tulip", d.points, x0 + 10, y0 + 8.5, 4.5, s, fill=(230, 230, 230))
        for i, word in enumerate(condition_words(d.condition or {})):
            _text(img, word, x0 + 6, y0 + 21 + 6 * i, 5, s)
        panes(y0 + 34, y1 - 42, 2)
        cv2.rectangle(img, _p(x0 + 4, y1 - 36, s), _p(x0 + fw * 0.58, y1 - 6, s), (55, 48, 42), -1)
        cv2.rectangle(img, _p(x0 + fw * 0.66, y1 - 32, s), _p(x1 - 5, y1, s), _shade(base, 0.4), -1)
        cv2.circle(img, _p(x1 - 8, y1 - 15, s), max(1, int(0.8 * s)), (60, 170, 210), -1)
    else:
        kinds = _kinds(d)
        x = x0 + fw / 2 - 13.0 * len(kinds) / 2
        for f in kinds:
            _icon(img, f, x + 5, y0 + 7.5, 4.2, s)
            _text(img, str(d.features[f]), x + 8.5, y0 + 12.5, 9, s)
            x += 13.0
        cols = int(rng.integers(2, 4))
        panes(y0 + 18 + rng.uniform(0, 6), y1 - 2, cols)


# --- keyline minis (held out) ----------------------------------------------------------

def _keyline(img: np.ndarray, d: CardDesign, base: np.ndarray, box: tuple[float, float, float, float],
             rng: np.random.Generator, s: float) -> None:
    x0, y0, x1, y1 = box
    fw = x1 - x0
    for x in np.arange(x0 + rng.uniform(2, 6), x1, 7.0):
        cv2.line(img, _p(x, y0, s), _p(x, y1, s), _shade(base, 0.65), max(1, int(0.35 * s)))

    def round_windows(top: float, bottom: float) -> None:
        n = int(rng.integers(1, 3))
        for r in range(max(1, int((bottom - top) // 13))):
            for c in range(n):
                cx = x0 + fw * (c + 0.5) / n
                cy = top + 6 + r * 13
                if cy + 5 > bottom:
                    continue
                cv2.circle(img, _p(cx, cy, s), int(4.5 * s), (235, 235, 240), -1, cv2.LINE_AA)
                cv2.circle(img, _p(cx, cy, s), int(3.7 * s), (80, 60, 40), -1, cv2.LINE_AA)

    if d.role == "roof":
        sky = str(rng.choice(["dusk", "day"]))
        _sky(img, box, sky, rng, s)
        eaves, ridge = y0 + rng.uniform(17, 22), y0 + rng.uniform(1.5, 3.5)
        body = np.vstack([_gable(str(rng.choice(["triangle", "bell"])), x0 - 0.5, x1 + 0.5, ridge, eaves),
                          [[x1, y1 + 1], [x0, y1 + 1]]])
        _poly(img, body, _shade(base, 1.0), s)
        cx = (x0 + x1) / 2
        _token(img, "tulip", d.points, cx, eaves - 4, 3.3, s)
        words = condition_words(d.condition or {})
        for i, word in enumerate(words):
            _text(img, word, x0 + 2.5, eaves + 5 + 4.5 * i, 3.6, s)
        round_windows(eaves + 6 + 4.5 * len(words), y1)
    else:
        cv2.rectangle(img, _p(x0, y0, s), _p(x1, y0 + 7.5, s), (38, 32, 30), -1)
        if d.role == "store":
            _token(img, "tulip", d.points, x0 + 4.5, y0 + 3.75, 3.2, s)
            for i, word in enumerate(condition_words(d.condition or {})):
                _text(img, word, x0 + 2.5, y0 + 12 + 4.5 * i, 3.6, s)
            round_windows(y0 + 20, y1 - 22)
            door = np.array([[x0 + fw * 0.35, y1], [x0 + fw * 0.35, y1 - 15], [x0 + fw * 0.5, y1 - 20],
                             [x0 + fw * 0.65, y1 - 15], [x0 + fw * 0.65, y1]])
            _poly(img, door, (28, 40, 70), s)
        else:
            kinds = _kinds(d)
            xs = list(np.linspace(x0 + 5, x1 - 5, len(kinds))) if len(kinds) > 1 else [x0 + fw / 2]
            for f, x in zip(kinds, xs, strict=True):
                _token(img, f, d.features[f], x, y0 + 3.75, 3.3, s)
            round_windows(y0 + 9, y1)



