"""Upload limits for photos, set once before any image library is imported,
so that a hostile header is refused before pixels are decoded."""

from __future__ import annotations

import os

MAX_PHOTO_BYTES = 25 * 1024 * 1024
# Phones take up to 16 MP (spec); allow headroom for 4:3 sensors at 24 MP.
MAX_PHOTO_PIXELS = 24_000_000
MAX_PHOTO_SIDE = 12_000

# OpenCV reads this at import time; Pillow's limit is set in decode.py.
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PHOTO_PIXELS))
