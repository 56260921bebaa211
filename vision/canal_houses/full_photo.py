"""The photo at its full size for the store twins (twins.py), decoded only
when one needs it, and a store's grey field from its luma (moved out of
twins.py, past 400 lines, unchanged)."""

from __future__ import annotations

import cv2
import numpy as np

from . import constants as C
from .catalog import CANON_H, CANON_W

MM = C.CANON_PX_PER_MM


class FullPhoto:
    """The photo at its full size, decoded only when a store twin needs it
    (the reader works on a photo decoded at a fraction of its size), and then
    its luma only: the twins compare grey fields, and a JPEG's luma decodes in
    about a third of the CPU of its colours (12 MP: ~45 ms against ~115-230)."""

    def __init__(self, data: bytes, photo: np.ndarray, size: tuple[int, int] | list[int] | None = None) -> None:
        """size: the photo's width and height as sent, upright (from its
        header), when known: a photo the reader decoded whole is not decoded
        again."""
        self._data, self._photo, self._full = data, photo, None
        if size is not None and (int(size[0]), int(size[1])) == (photo.shape[1], photo.shape[0]):
            self._full = photo
        self.decoded = 0  # full-size decodes made (the tests' eyes only)

    def get(self, px_per_mm: float = 0.0) -> tuple[np.ndarray, float]:
        """The full-size photo (BGR, or grey when decoded again: luma only)
        and its pixels per pixel of the reader's photo;
        the reader's photo itself when it already shows the store (px_per_mm
        of it) at the canonical scale or more: the fields are compared there,
        and more pixels would be averaged away."""
        if px_per_mm >= MM and self._full is None:
            return self._photo, 1.0
        if self._full is None:
            self.decoded += 1
            from ..decode import decode_photo

            full = decode_photo(self._data, grey=True)
            if full.shape[:2] != self._photo.shape[:2] and \
                    (full.shape[1] > full.shape[0]) != (self._photo.shape[1] > self._photo.shape[0]):
                full = self._photo  # turned otherwise than the reader's photo: keep that one
            self._full = full
        return self._full, self._full.shape[1] / self._photo.shape[1]


def luma_field(luma: np.ndarray, quad: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """grey_field from a luma-only photo: the lamp's cast divided out by the
    gains' own grey weights (one gain for all channels: the fields are
    normalised to local mean and contrast, so only the channels' relative
    weights differ from grey_field, by 0.2-3 grey levels on dev photos)."""
    from .structure import rectify

    b, g, r = (float(x) for x in np.ravel(gains)[:3])
    gain = (0.114 * b + 0.587 * g + 0.299 * r) * 255
    table = np.clip(np.arange(256, dtype=np.float32) * gain, 0, 255).astype(np.uint8)
    return cv2.LUT(rectify(luma, quad, CANON_W, CANON_H), table)
