"""Naming a card's colour from a palette the group can set.

The field's own colour is the most common chromatic colour in it (artwork,
icons and glare are smaller or colourless), measured in Lab after the white
balance; the nearest palette colour names it, hue first, lightness counting
less because exposure varies across a photo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import cv2
import numpy as np

from ..errors import PhotoError
from . import constants as C

# Reference colours for palette names given without a value.
KNOWN = {
    **C.DEFAULT_PALETTE,
    "pink": "#e678aa", "brown": "#8c5a32", "black": "#1e1e1e", "grey": "#8c8c8c",
    "gray": "#8c8c8c", "white": "#f5f5f5", "teal": "#1e9696", "cyan": "#28b4dc",
    "lime": "#9bd232", "navy": "#1e2864", "magenta": "#c83296", "beige": "#dcc8a0",
}


def _lab(bgr01: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(bgr01.reshape(-1, 1, 3).astype(np.float32), cv2.COLOR_BGR2Lab).reshape(-1, 3)


def parse_palette(palette: Any = None) -> dict[str, np.ndarray]:
    """Name -> Lab from None (the default six), a list of names, a list of
    {"name", "hex"}, or a mapping name -> "#rrggbb"."""
    if palette is None:
        palette = C.DEFAULT_PALETTE
    items: list[tuple[str, str]] = []
    if isinstance(palette, Mapping):
        items = [(str(k), str(v)) for k, v in palette.items()]
    elif isinstance(palette, Sequence) and not isinstance(palette, str):
        for p in palette:
            if isinstance(p, str):
                if p.lower() not in KNOWN:
                    raise PhotoError(f"palette colour {p!r} has no known value; give it as "
                                     '{"name": ..., "hex": "#rrggbb"}', status=400)
                items.append((p, KNOWN[p.lower()]))
            elif isinstance(p, Mapping) and "name" in p and "hex" in p:
                items.append((str(p["name"]), str(p["hex"])))
            else:
                raise PhotoError(f"palette entry {p!r} must be a name or {{name, hex}}", status=400)
    else:
        raise PhotoError("palette must be a list of colours or a mapping name -> hex", status=400)
    out: dict[str, np.ndarray] = {}
    for name, value in items:
        v = value.strip().lstrip("#")
        if len(v) != 6 or any(ch not in "0123456789abcdefABCDEF" for ch in v):
            raise PhotoError(f"palette colour {name!r}: {value!r} is not #rrggbb", status=400)
        rgb = [int(v[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        out[name] = _lab(np.array(rgb[::-1], np.float32))[0]
    if not out:
        raise PhotoError("the palette is empty", status=400)
    return out


def field_colour(patch: np.ndarray, exclude: np.ndarray | None = None) -> np.ndarray | None:
    """Lab of the field's dominant chromatic colour, None if it has none: the
    wall's colour, the largest chromatic area, not the most saturated one
    (shutters, awnings and icons are smaller). exclude: pixels that are not
    the card's colour (a roof's sky). The rim is left out (outline errors
    bring in the neighbours), unless all the colour there is lies in it: a
    roof may show only grey slates and a strip of its wall at the edge."""
    for rim in C.COLOUR_RIMS:
        lab = _chromatic(patch, exclude, rim)
        if lab is not None:
            break
    else:
        return None
    # Mildly weighted by chroma: glare and pale tints of the wall count less.
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    hist, ae, be = np.histogram2d(lab[:, 1], lab[:, 2], bins=32, range=[[-96, 96], [-96, 96]],
                                  weights=chroma ** C.COLOUR_CHROMA_POWER)
    hist = cv2.GaussianBlur(hist.astype(np.float32), (3, 3), 0)
    i, j = np.unravel_index(int(np.argmax(hist)), hist.shape)
    a, b = (ae[i] + ae[i + 1]) / 2, (be[j] + be[j + 1]) / 2
    near = lab[np.hypot(lab[:, 1] - a, lab[:, 2] - b) < 12]
    return np.median(near, axis=0) if len(near) else None


def _chromatic(patch: np.ndarray, exclude: np.ndarray | None, rim: float) -> np.ndarray | None:
    """Lab of the chromatic pixels of the patch inside the rim (a share of
    each side), without the excluded ones; None if too few."""
    h, w = patch.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    keep = (yy > rim * h) & (yy < (1 - rim) * h) & (xx > rim * w) & (xx < (1 - rim) * w)
    if exclude is not None and exclude.shape == keep.shape:
        grown = cv2.dilate(exclude.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
        if (keep & ~grown).sum() >= 50:
            keep &= ~grown
    lab = _lab(np.clip(patch[keep], 0, 1))
    lab = lab[np.hypot(lab[:, 1], lab[:, 2]) > C.COLOUR_MIN_CHROMA]
    return lab if len(lab) >= C.COLOUR_MIN_PIXELS else None


def name_colour(lab: np.ndarray | None, palette: dict[str, np.ndarray], washed: bool = True
                ) -> tuple[str | None, float]:
    """The palette name and a confidence (0 = unknown, left for a person).
    washed: a colour that none of the palette names as it is, paler than
    a palette colour (glare), is named by its hue (_distances) with a
    confidence lowered as much as it is washed out; False: only as it is
    (what catalog matching was tuned with)."""
    if lab is None:
        return None, 0.0
    name, conf = _nearest(lab, palette, False)
    if name is None and washed:
        name, conf = _nearest(lab, palette, True)
    return name, conf


def _nearest(lab: np.ndarray, palette: dict[str, np.ndarray], washed: bool) -> tuple[str | None, float]:
    names = list(palette)
    dist, wash = _distances(lab, [palette[n] for n in names], washed)
    order = np.argsort(dist)
    best = float(dist[order[0]])
    if best > C.COLOUR_MAX_DISTANCE:
        return None, 0.0
    if len(names) == 1:
        return names[0], 0.9
    second = float(dist[order[1]])
    margin = (second - best) / max(second, 1e-6)
    if margin < (C.COLOUR_WASHED_MIN_MARGIN if washed else C.COLOUR_MIN_MARGIN):
        return None, 0.0
    conf = min(0.99, 0.5 + margin) * (1.0 - 0.5 * best / C.COLOUR_MAX_DISTANCE)
    if wash[order[0]] < 1.0:
        conf *= wash[order[0]]  # named by its hue alone: never sure enough to rule catalog cards out
    return names[order[0]], round(float(conf), 2)


def _distances(lab: np.ndarray, refs: list[np.ndarray], washed: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """Distance to each palette colour and how washed out the colour read is
    beside it (1: not at all). Glare mixes a card's colour with white: its
    chroma shrinks towards grey and its lightness rises, its hue stays. So a
    colour lighter and paler than a palette colour, down to COLOUR_WASHED_MIN
    of its chroma, is compared with that colour washed as much: the palette's
    hue at the chroma read, any lightness up to that of the mix with white.
    Others are compared as they are, lightness counting less (exposure
    varies): a dark, dull colour is no washed-out print (a roof's brown
    chimney against red, wide-border dev 9932 and 9942)."""
    chroma = float(np.hypot(lab[1], lab[2]))
    dist, shares = [], []
    for ref in refs:
        t = min(1.0, chroma / max(float(np.hypot(ref[1], ref[2])), 1e-6))
        if not washed or t < C.COLOUR_WASHED_MIN or lab[0] < ref[0]:
            t = 1.0
        hi = ref[0] + (1.0 - t) * (100.0 - ref[0])  # the print mixed with white as much as its chroma says
        d_light = max(ref[0] - lab[0], lab[0] - hi, 0.0)
        dist.append(float(np.hypot(C.COLOUR_LIGHTNESS_WEIGHT * d_light, np.hypot(*(lab[1:] - t * ref[1:])))))
        shares.append(t)
    return np.array(dist), np.array(shares)
