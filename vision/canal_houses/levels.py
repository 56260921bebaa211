"""Per-pixel levels of the working image: the lamp's cast divided out
(balance) and each pixel's brightest and dimmest channel (channel_range,
balanced_range), worked out through level tables and in bytes where that
gives the very same numbers faster. Split from find.py (past 400 lines);
find.py imports them, and they stay importable from there."""

from __future__ import annotations

import cv2
import numpy as np

_LEVELS = np.repeat(np.arange(256, dtype=np.uint8), 3).reshape(1, 256, 3)


def balance(image: np.ndarray, gains: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Float image with the cast removed and paper white near 1.0. An 8-bit
    image goes through a 256-level table per channel (cv2.LUT, the very
    same float32 products, half the time); others in place on one new array
    (the temporaries cost more than the arithmetic). out: a float32 array of
    the image's shape the caller no longer needs (an earlier balance of it),
    written over instead of a new one: a fresh 2000 px float image costs
    more in first-touch page faults than the table lookup itself."""
    if image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3:
        table = _balance_array(_LEVELS, gains)
        if (out is not None and out.shape == image.shape and out.dtype == np.float32
                and out.flags.c_contiguous and out.flags.writeable):
            return cv2.LUT(image, table, dst=out)
        return cv2.LUT(image, table)
    return _balance_array(image, gains)


def _balance_array(image: np.ndarray, gains: np.ndarray) -> np.ndarray:
    out = image.astype(np.float32)
    out *= np.asarray(gains, np.float32)
    return np.minimum(out, 1.5, out=out)


def channel_range(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The brightest and the dimmest channel of each pixel. Elementwise max
    and min over the three channel views: numpy's reduction over the last
    axis is several times slower, and for float images so is cv2.split,
    which copies every channel out first (uint8 images split fast)."""
    if image.dtype == np.uint8:
        b, g, r = cv2.split(image)
        return cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r)
    b, g, r = image[..., 0], image[..., 1], image[..., 2]
    return np.maximum(np.maximum(b, g), r), np.minimum(np.minimum(b, g), r)


def balanced_range(image: np.ndarray, gains: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """channel_range(balance(image, gains)), to the bit: for a byte image,
    each channel's plane goes through its own level table (the very float32
    values balance gives) and the planes' max and min are taken there. The
    float image's three strided channel views cost about twice as much
    (dev reads, 2000 px working image: ~30 -> ~17 ms CPU)."""
    if image.dtype != np.uint8 or image.ndim != 3 or image.shape[2] != 3:
        return channel_range(balance(image, gains))
    table = _balance_array(_LEVELS, gains)  # 1 x 256 x 3, as balance's
    b, g, r = (cv2.LUT(p, np.ascontiguousarray(table[..., c])) for c, p in enumerate(cv2.split(image)))
    # in place: every fresh 12 MB plane costs its first-touch page faults (in reads: 34 -> 17 ms)
    lo = cv2.min(b, g)
    cv2.min(lo, r, dst=lo)
    cv2.max(b, g, dst=b)
    return cv2.max(b, r, dst=b), lo
