"""Made-up catalog thumbnails for the Canal Houses matching tests: random
artwork, a pool of window entries over it, and a card's top rows as a street
photo would show them (never part of the product)."""

from __future__ import annotations

import cv2
import numpy as np

from vision.canal_houses import constants as C
from vision.canal_houses.catalog import CANON_W, THUMB_H, THUMB_W, Entry, Pool, normalised


def artwork(seed: int) -> np.ndarray:
    """A grey card face with 60 random discs: different seeds, different art."""
    rng = np.random.default_rng(seed)
    img = np.full((THUMB_H, THUMB_W), 150, np.uint8)
    for _ in range(60):
        x, y = int(rng.integers(0, THUMB_W)), int(rng.integers(0, THUMB_H))
        cv2.circle(img, (x, y), int(rng.integers(2, 7)), int(rng.integers(20, 240)), -1)
    return img


def pool(thumbs: list[np.ndarray]) -> Pool:
    """Window entries, one per thumbnail, ids "0", "1", ..."""
    entries = [Entry(str(i), "window", None, {}, np.zeros((0, 2), np.float32),
                     np.zeros((0, 32), np.uint8), normalised(t)) for i, t in enumerate(thumbs)]
    return Pool(None, np.zeros(0, int), entries, np.stack([e.thumb for e in entries]))


def shown(thumb: np.ndarray, rows: int = THUMB_H) -> np.ndarray:
    """The top rows of a card as the street photo's visible part would be
    described (canonical scale)."""
    h = int(round(rows * C.CANON_PX_PER_MM / C.THUMB_PX_PER_MM))
    return cv2.resize(thumb[:rows], (CANON_W, h), interpolation=cv2.INTER_LINEAR)
