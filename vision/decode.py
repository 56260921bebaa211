"""Safe photo decoding: format by content, pixel count from the header before
any pixel is decoded, EXIF orientation applied (cv2.imdecode does it)."""

from __future__ import annotations

import io

import cv2
import numpy as np
from PIL import Image

from . import limits  # vision/__init__ imported it first, before cv2
from .errors import PhotoError

Image.MAX_IMAGE_PIXELS = limits.MAX_PHOTO_PIXELS

JPEG_MAGIC = b"\xff\xd8\xff"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def sniff_format(data: bytes) -> str:
    """'jpeg' or 'png' from the first bytes; anything else is refused."""
    if data.startswith(JPEG_MAGIC):
        return "jpeg"
    if data.startswith(PNG_MAGIC):
        return "png"
    head = data[:64].lstrip().lower()
    if head.startswith((b"<svg", b"<?xml", b"<!doctype", b"<html")):
        raise PhotoError("this file is a web page or drawing (SVG/HTML), not a photo; "
                         "send a JPEG or PNG taken with the camera", status=415)
    raise PhotoError("this file is not a JPEG or PNG photo; send a photo taken with the camera "
                     "(JPEG or PNG)", status=415)


def check_header(data: bytes) -> tuple[str, int, int]:
    """Format, width and height from the header alone (no pixel decoding)."""
    if not data:
        raise PhotoError("the file is empty; take the photo again", status=400)
    if len(data) > limits.MAX_PHOTO_BYTES:
        raise PhotoError(f"the photo is larger than {limits.MAX_PHOTO_BYTES // (1024 * 1024)} MB; "
                         "send it at a lower resolution", status=413)
    fmt = sniff_format(data)
    try:
        with Image.open(io.BytesIO(data)) as img:
            width, height = img.size
    except Image.DecompressionBombError:
        raise PhotoError("the photo has far too many pixels; send one of at most "
                         f"{limits.MAX_PHOTO_PIXELS // 1_000_000} megapixels", status=413) from None
    except Exception:  # noqa: BLE001  (any parser complaint means a broken header)
        raise PhotoError(f"the {fmt.upper()} file is damaged and cannot be opened; "
                         "take or send the photo again", status=422) from None
    if width < 1 or height < 1:
        raise PhotoError("the photo has no pixels; take it again", status=422)
    if width * height > limits.MAX_PHOTO_PIXELS or max(width, height) > limits.MAX_PHOTO_SIDE:
        raise PhotoError(f"the photo is {width}x{height} pixels, more than the "
                         f"{limits.MAX_PHOTO_PIXELS // 1_000_000} megapixels allowed; "
                         "send it at a lower resolution", status=413)
    if fmt == "jpeg" and b"\xff\xd9" not in data[-65536:]:
        raise PhotoError("the JPEG file is cut short (truncated upload); send the photo again",
                         status=422)
    return fmt, width, height


REDUCED_FLAGS = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
                 8: cv2.IMREAD_REDUCED_COLOR_8}
GREY_FLAGS = {1: cv2.IMREAD_GRAYSCALE, 2: cv2.IMREAD_REDUCED_GRAYSCALE_2, 4: cv2.IMREAD_REDUCED_GRAYSCALE_4,
              8: cv2.IMREAD_REDUCED_GRAYSCALE_8}


def decode_photo(data: bytes, *, min_side: int | None = None, grey: bool = False) -> np.ndarray:
    """BGR pixels of an uploaded photo, upright as the phone showed it.
    With min_side, a JPEG is decoded at 1/2, 1/4 or 1/8 of its size (libjpeg
    scales while it decodes, several times faster than decoding it whole and
    shrinking) as long as its longer side stays at least min_side px.
    grey: the luma plane only (H x W uint8; a JPEG's Y, so libjpeg skips the
    chroma's IDCT, upsampling and colour conversion: about a third of the
    CPU of a colour decode at 12 MP)."""
    fmt, width, height = check_header(data)
    factor = 1
    if min_side and fmt == "jpeg":
        while factor < 8 and max(width, height) / (2 * factor) >= min_side:
            factor *= 2
    buf = np.frombuffer(data, dtype=np.uint8)
    image = cv2.imdecode(buf, (GREY_FLAGS if grey else REDUCED_FLAGS)[factor])
    if image is None:
        raise PhotoError("the photo could not be decoded; send it again as a JPEG or PNG",
                         status=422)
    return image
