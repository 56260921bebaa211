"""The QR code printed on a sheet: what it says and how to read it back.

The payload is a short URL-like string so any phone QR app shows something a
person understands: ``cc1:doodle-china/suzhou/suzhou-v1?player=Ana&match=12``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, quote, urlencode

import cv2
import numpy as np
import qrcode
from qrcode.constants import ERROR_CORRECT_L

PREFIX = "cc1:"


def make_payload(game: str, edition: str, layout: str, *, player: str | None = None,
                 match: str | None = None) -> str:
    """The text to encode; match and player only when given."""
    path = "/".join(quote(part, safe="-") for part in (game, edition, layout))
    query = {k: v for k, v in (("player", player), ("match", match)) if v not in (None, "")}
    return PREFIX + path + ("?" + urlencode(query) if query else "")


def parse_payload(text: str) -> dict[str, Any] | None:
    """game/edition/layout/player/match from a payload, or None if it is not ours."""
    if not text or not text.startswith(PREFIX):
        return None
    body = text[len(PREFIX):]
    path, _, query = body.partition("?")
    parts = path.split("/")
    if len(parts) != 3 or not all(parts):
        return None
    from urllib.parse import unquote

    game, edition, layout = (unquote(p) for p in parts)
    params = parse_qs(query, keep_blank_values=False)
    return {"game": game, "edition": edition, "layout": layout,
            "player": params.get("player", [None])[0], "match": params.get("match", [None])[0]}


def qr_modules(payload: str) -> np.ndarray:
    """The QR matrix (True = dark), no quiet zone: the sheet leaves paper around it.

    Low error correction keeps the modules large (a photo's sheet is small); a
    damaged code is not fatal, the title and the markers also name the edition."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_L, border=0)
    code.add_data(payload)
    code.make(fit=True)
    return np.array(code.get_matrix(), dtype=bool)


def read_qr(gray: np.ndarray) -> str | None:
    """Decoded text of the one QR code in a small upright crop, or None.

    Tries the crop as is, then a binarised copy: lamp light and blur defeat the
    detector's own threshold more often than they destroy the code. Last, the
    ArUco-based detector on the crop as is: it finds and samples the code its
    own way, and reads codes the first one finds but cannot decode (a dim or
    tilted photo: dev 649050, 649086 of 200 at 12 MP; the first one read 198 of
    those 200 crops, this one 190, and every crop one of them).
    """
    detector = cv2.QRCodeDetector()
    attempts = [gray]
    blur = cv2.GaussianBlur(gray, (0, 0), 1.0)
    attempts.append(cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C,
                                          cv2.THRESH_BINARY, 31, 8))
    big = cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    attempts.append(big)
    for image in attempts:
        try:
            text, points, _ = detector.detectAndDecode(image)
        except cv2.error:
            continue
        if text:
            return text
    try:
        text = cv2.QRCodeDetectorAruco().detectAndDecode(gray)[0]
    except cv2.error:
        return None
    return text or None
