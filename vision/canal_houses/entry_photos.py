"""Catalog entries made from photos: one card alone, or up to
MAX_GRID_CARDS laid out in a grid (the bulk capture). Each card is found,
turned upright (a store's doors stand on its bottom edge; a roof's sky is at
its top) and described as catalog.py stores it; the catalog itself, its
in-process caches and the entry format are in catalog.py."""

from __future__ import annotations

import base64
from typing import Any

import cv2
import numpy as np

from ..decode import decode_photo
from ..errors import PhotoError
from . import constants as C
from .catalog import CANON_H, CANON_W, THUMB_H, THUMB_W, features, grey_field
from .colour import field_colour, name_colour, parse_palette
from .find import border_gains, find_fields, paper_mask, white_gains, working_image
from .levels import balance
from .roles import face_down_score, sky_and_roof
from .structure import order_corners, rectify, store_door


def _jpeg_b64(grey: np.ndarray) -> str:
    ok, buf = cv2.imencode(".jpg", grey, [cv2.IMWRITE_JPEG_QUALITY, C.DETAIL_JPEG_QUALITY])
    return base64.b64encode(buf.tobytes()).decode("ascii") if ok else ""


def _b64(a: np.ndarray) -> str:
    return base64.b64encode(np.ascontiguousarray(a).tobytes()).decode("ascii")


def _prepare(data: bytes) -> tuple[np.ndarray, float, np.ndarray, np.ndarray, list[Any]]:
    """The photo, its working scale, white gains, balanced working image and
    the whole card fields in it."""
    photo = decode_photo(data)
    small, scale = working_image(photo)
    gains = white_gains(small)
    paper = paper_mask(balance(small, gains))
    fields, _ = find_fields(balance(small, gains), paper)
    gains = border_gains(small, gains, fields, paper)
    bal = balance(small, gains)
    whole = [f for f in fields if max(f.size) / max(min(f.size), 1) >= C.FULL_CARD_ASPECT_MIN]
    return photo, scale, gains, bal, whole


def _describe(photo: np.ndarray, scale: float, gains: np.ndarray, bal: np.ndarray, f: Any
              ) -> tuple[dict[str, Any], np.ndarray]:
    """One whole card field described for the catalog, and its quad (TL, TR,
    BR, BL, card upright) in photo pixels."""
    # Portrait, top toward the top of the photo (a half turn is matched too).
    box = cv2.boxPoints(cv2.minAreaRect(f.quad))
    v = max((box[1] - box[0], box[2] - box[1]), key=np.linalg.norm)
    v = v / np.linalg.norm(v) * (1 if v[1] >= 0 else -1)
    quad = order_corners(f.quad, np.array([v[1], -v[0]]), v)
    patch = rectify(bal, quad, int(C.INNER_W_MM * 2), int(C.INNER_H_MM * 2))
    turned = patch[::-1, ::-1]
    # A back looks alike turned half round, but so may a window card with a
    # regular facade: only a hint, the person says what the card is.
    back = face_down_score(patch) >= C.FACE_DOWN_MIN
    door = store_door(patch)
    (sky_top, mask_top), (sky_bottom, mask_bottom) = sky_and_roof(patch), sky_and_roof(turned)
    sky = mask_top
    if door < 0 or (door == 0 and sky_bottom >= C.ROOF_MIN and sky_bottom > sky_top):
        quad, patch = np.roll(quad, 2, axis=0), np.ascontiguousarray(turned)  # upside down
        sky = mask_bottom
    role = "store" if door != 0 else ("roof" if max(sky_top, sky_bottom) >= C.ROOF_MIN else "window")
    colour, _ = name_colour(field_colour(patch, sky if role == "roof" else None), parse_palette(None))
    grey = grey_field(photo, quad / scale, gains, CANON_H)
    pts, desc = features(grey, C.ORB_FEATURES_ENTRY)
    if desc is None or len(pts) < C.MIN_ENTRY_FEATURES:
        raise PhotoError("the card shows too little detail to recognise it later; take the photo "
                         "closer and in better light", status=422)
    side = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[2] - quad[3])) / 2
    tall = (np.linalg.norm(quad[3] - quad[0]) + np.linalg.norm(quad[2] - quad[1])) / 2
    entry = {"version": C.ENTRY_VERSION, "px_per_mm": C.CANON_PX_PER_MM, "size": [CANON_W, CANON_H],
             "count": len(pts), "points": _b64(pts), "descriptors": _b64(desc),
             "thumb": _b64(cv2.resize(grey, (THUMB_W, THUMB_H), interpolation=cv2.INTER_AREA)),
             "detail": _jpeg_b64(grey), "role_hint": role, "color_hint": colour, "field_aspect": round(float(tall / max(side, 1e-6)), 3),
             **({"looks_face_down": True} if back else {})}
    return entry, quad / scale


def catalog_entry_from_photo(data: bytes) -> dict[str, Any]:
    """Describe one card photographed alone (any turn, whole card in view)
    for the catalog: ORB keypoints and descriptors of its coloured field, plus
    a role and colour hint for the form where a person types its values.
    JSON-safe; store it as a blob."""
    photo, scale, gains, bal, whole = _prepare(data)
    if not whole:
        raise PhotoError("no whole card found; lay one card flat on the table and photograph it "
                         "from above, filling most of the picture", status=422)
    whole.sort(key=lambda f: -f.area)
    if len(whole) > 1 and whole[1].area > 0.5 * whole[0].area:
        raise PhotoError("the photo shows more than one card; photograph one card at a time, or "
                         "add them all from one photo of the cards laid out in a grid", status=422)
    return _describe(photo, scale, gains, bal, whole[0])[0]


def catalog_entries_from_grid(data: bytes) -> dict[str, Any]:
    """Describe every card of one photo of up to MAX_GRID_CARDS cards laid
    out apart in a grid, face up: for each, the catalog entry (as
    catalog_entry_from_photo), its outline in the photo and a small upright
    JPEG of it (data URL) to show while a person types its values. Cards
    that cannot be described are named in the warnings, never dropped
    silently; cards that look face down are kept, marked, with a note."""
    photo, scale, gains, bal, whole = _prepare(data)
    if not whole:
        raise PhotoError("no whole card found; lay the cards face up on the table, a little apart, "
                         "and photograph them from above", status=422)
    biggest = max(f.area for f in whole)
    cards = [f for f in whole if f.area >= C.GRID_MIN_AREA * biggest]
    warnings = []
    if len(cards) < len(whole):
        warnings.append(f"{len(whole) - len(cards)} much smaller card-like shape(s) left out; lay all the "
                        "cards at the same distance from the phone")
    if len(cards) > C.MAX_GRID_CARDS:
        raise PhotoError(f"the photo shows {len(cards)} cards; add at most {C.MAX_GRID_CARDS} at a time",
                         status=422)
    # Reading order: rows top to bottom, then left to right.
    height = float(np.median([max(f.size) for f in cards]))
    cards.sort(key=lambda f: (round(float(f.centre[1]) / (0.6 * height)), float(f.centre[0])))
    out = []
    for n, f in enumerate(cards, start=1):
        try:
            entry, quad = _describe(photo, scale, gains, bal, f)
        except PhotoError as exc:
            warnings.append(f"card {n} (row by row) was left out: {exc.message}")
            continue
        out.append({"vision": entry, "outline": [[round(float(x), 1), round(float(y), 1)] for x, y in quad],
                    "preview": _preview(photo, quad)})
    backs = sum(bool(c["vision"].get("looks_face_down")) for c in out)
    if backs:
        warnings.append(f"{backs} card{'s look' if backs > 1 else ' looks'} like the back of a card; "
                        "skip any that is face down")
    if not out:
        raise PhotoError("none of the cards could be described; " + "; ".join(warnings), status=422)
    return {"cards": out, "warnings": warnings, "size": [int(photo.shape[1]), int(photo.shape[0])]}


def _preview(photo: np.ndarray, quad: np.ndarray) -> str:
    """The card's field upright, small, as a JPEG data URL."""
    w = C.PREVIEW_W
    patch = rectify(photo, quad, w, int(round(w * C.INNER_H_MM / C.INNER_W_MM)))
    ok, buf = cv2.imencode(".jpg", patch, [cv2.IMWRITE_JPEG_QUALITY, 80])
    return "data:image/jpeg;base64," + base64.b64encode(buf.tobytes()).decode("ascii") if ok else ""
