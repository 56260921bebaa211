"""Realistic phone photos of finished Doodle China sheets, with the truth.

A case is made from one seed: a plausible finished sheet (doodle_pencil.py) on the
printed sheet, laid on a textured table, seen by a phone up to 35 degrees off
axis at any rotation, under a tinted lamp with a shadow across it, slightly
out of focus, with sensor noise, stored as a JPEG with an EXIF orientation tag
the reader must honour. Used by the fixtures, the tests and the benchmark
(test data: the product never imports it).
"""

from __future__ import annotations

import functools
import io
from typing import Any

import cv2
import numpy as np
from doodle_pencil import NAMES, PENCILS, draw_truth, random_truth
from PIL import Image

from companion.games.doodle_china.layouts import get_layout
from vision.doodle_china import constants as C
from vision.doodle_china.sheet import marker_boxes, render_sheet, sheet_geometry

RENDER_SCALE = 1.6  # the sheet is drawn at 240 dpi before it is photographed
FULL_SIZE = (4000, 3000)
EXIF_ORIENTATION = 0x0112
# Stored pixels for each EXIF orientation: the inverse of what a viewer does.
STORE = {1: None, 3: cv2.ROTATE_180, 6: cv2.ROTATE_90_COUNTERCLOCKWISE, 8: cv2.ROTATE_90_CLOCKWISE}


@functools.lru_cache(maxsize=8)
def _blank(layout: str, player: str | None, match: str | None) -> np.ndarray:
    return render_sheet(get_layout(layout), player=player, match=match, scale=RENDER_SCALE)


def finished_sheet(rng: np.random.Generator, layout: str, player: str | None, match: str | None,
                   truth: dict[str, Any], damage_qr: bool = False, cover_markers: bool = False) -> np.ndarray:
    """The printed sheet with the truth drawn on it in pencil (BGR, RENDER_SCALE)."""
    blank = _blank(layout, player, match)
    edition = layout.split("-")[0]
    geo = sheet_geometry(get_layout(layout))
    alpha = draw_truth(rng, geo, truth, blank.shape[:2], RENDER_SCALE)
    grain = cv2.resize(rng.uniform(0.55, 1.0, (blank.shape[0] // 2, blank.shape[1] // 2)).astype(np.float32),
                       (blank.shape[1], blank.shape[0]), interpolation=cv2.INTER_NEAREST)
    alpha *= grain
    colour = np.array(PENCILS[edition][rng.integers(3)], np.float32)
    out = blank.astype(np.float32)
    out = out * (1 - alpha[..., None]) + colour * alpha[..., None]
    if damage_qr:  # a coffee ring and a scribble over the code
        x0, y0, x1, y1 = (v * RENDER_SCALE for v in C.QR_BOX)
        stain = np.zeros(blank.shape[:2], np.float32)
        cx, cy = int((x0 + x1) / 2), int((y0 + y1) / 2)
        cv2.circle(stain, (cx, cy), int((x1 - x0) * 0.42), 1.0, -1, cv2.LINE_AA)
        stain = cv2.GaussianBlur(stain, (0, 0), 6)
        out = out * (1 - 0.55 * stain[..., None]) + np.array([40, 90, 140], np.float32) * 0.55 * stain[..., None]
        pts = np.stack([rng.uniform(x0, x1, 14), rng.uniform(y0, y1, 14)], 1).astype(np.int32)
        cv2.polylines(out, [pts], False, (30, 30, 30), int(9 * RENDER_SCALE), cv2.LINE_AA)
    if cover_markers:  # stickers over the corner squares: only the outline is left
        for box in marker_boxes(edition).values():
            x0, y0, x1, y1 = (round(v * RENDER_SCALE) for v in box)
            out[y0 - 4:y1 + 4, x0 - 4:x1 + 4] = 250
    paper = rng.uniform(232, 252)
    return np.clip(out * (paper / 255.0), 0, 255).astype(np.uint8)


def table(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A wooden, stone or cloth table top (BGR) of size (w, h)."""
    w, h = size
    small = (w // 8, h // 8)
    base = np.array(rng.choice([(40, 80, 130), (60, 110, 160), (90, 90, 95), (50, 50, 55),
                                (120, 140, 150), (30, 60, 90), (100, 70, 60)]), np.float32)
    noise = rng.normal(0, 1, (small[1], small[0])).astype(np.float32)
    angle = rng.uniform(0, np.pi)
    yy, xx = np.mgrid[0:small[1], 0:small[0]].astype(np.float32)
    along = xx * np.cos(angle) + yy * np.sin(angle)
    grain = np.sin(along / rng.uniform(2, 9) + 3 * cv2.GaussianBlur(noise, (0, 0), 6) * 6)
    tex = 1 + 0.12 * grain + 0.06 * cv2.GaussianBlur(noise, (0, 0), 1.5)
    img = base[None, None, :] * tex[..., None]
    return cv2.resize(np.clip(img, 0, 255).astype(np.uint8), size, interpolation=cv2.INTER_LINEAR)


def camera_homography(rng: np.random.Generator, frame: tuple[int, int], max_tilt: float = 35.0,
                      fill: tuple[float, float] = (0.62, 0.92)) -> tuple[np.ndarray, dict[str, float]]:
    """Sheet pixels (150 dpi) -> frame pixels for a random phone pose."""
    w, h = C.SHEET_SIZE
    theta = rng.uniform(0, 2 * np.pi)
    tilt = np.radians(rng.uniform(0, max_tilt))
    axis = rng.uniform(0, 2 * np.pi)
    rz = np.array([[np.cos(theta), -np.sin(theta), 0], [np.sin(theta), np.cos(theta), 0], [0, 0, 1]])
    k = np.array([np.cos(axis), np.sin(axis), 0.0])
    kx = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    rt = np.eye(3) + np.sin(tilt) * kx + (1 - np.cos(tilt)) * kx @ kx
    rot = rt @ rz
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float64)
    plane = np.c_[corners - [w / 2, h / 2], np.zeros(4)] @ rot.T
    focal = 1.1 * max(w, h)
    z = plane[:, 2] + 1.6 * max(w, h)
    proj = focal * plane[:, :2] / z[:, None]
    lo, hi = proj.min(0), proj.max(0)
    share = rng.uniform(*fill)
    scale = share * min(frame[0] / (hi - lo)[0], frame[1] / (hi - lo)[1])
    proj = (proj - lo) * scale
    span = proj.max(0)
    offset = np.array([rng.uniform(0, frame[0] - span[0]), rng.uniform(0, frame[1] - span[1])])
    dst = (proj + offset).astype(np.float32)
    H = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    return H, {"rotation": round(float(np.degrees(theta)), 1), "tilt": round(float(np.degrees(tilt)), 1),
               "fill": round(float(share), 3)}


def lighting(rng: np.random.Generator, size: tuple[int, int]) -> tuple[np.ndarray, dict[str, Any]]:
    """Per-pixel light (h, w, 3): lamp tint, falloff and a shadow across the frame."""
    w, h = size
    sw, sh = w // 8, h // 8
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    gx, gy = rng.normal(0, 0.25, 2)
    light = 1 + gx * (xx / sw - 0.5) + gy * (yy / sh - 0.5)
    light -= 0.25 * rng.uniform(0, 1) * (((xx / sw - 0.5) ** 2 + (yy / sh - 0.5) ** 2) * 2)
    shadow = rng.random() < 0.85
    depth = rng.uniform(0.45, 0.8) if shadow else 1.0
    if shadow:
        a = rng.uniform(0, 2 * np.pi)
        px, py = rng.uniform(0.25, 0.75) * sw, rng.uniform(0.25, 0.75) * sh
        side = ((xx - px) * np.cos(a) + (yy - py) * np.sin(a)) > 0
        soft = cv2.GaussianBlur(side.astype(np.float32), (0, 0), rng.uniform(2, 10))
        light *= 1 - (1 - depth) * soft
    brightness = rng.uniform(0.7, 1.08)
    tint = np.array(rng.choice([(0.72, 0.88, 1.0), (0.8, 0.92, 1.0), (1.0, 0.97, 0.9), (0.9, 0.95, 1.0),
                                (1.0, 1.0, 1.0)]), np.float32)
    field = light[..., None] * tint[None, None, :] * brightness
    field = cv2.resize(field.astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    return field, {"shadow": round(float(depth), 2), "brightness": round(float(brightness), 2)}


def photograph(rng: np.random.Generator, sheet: np.ndarray, frame: tuple[int, int] = FULL_SIZE,
               max_tilt: float = 35.0, noise: tuple[float, float] = (1.5, 5.0)) -> tuple[np.ndarray, dict[str, Any]]:
    """The displayed photo (BGR, frame size) of a sheet drawn at RENDER_SCALE."""
    H, info = camera_homography(rng, frame, max_tilt)
    H = H @ np.diag([1 / RENDER_SCALE, 1 / RENDER_SCALE, 1])
    img = table(rng, frame)
    cv2.warpPerspective(sheet, H, frame, dst=img, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)
    field, light = lighting(rng, frame)
    img = cv2.multiply(img.astype(np.float32), field)
    sigma = rng.uniform(0.5, 2.0) * frame[0] / FULL_SIZE[0]
    img = cv2.GaussianBlur(img, (0, 0), sigma)
    grain = np.empty(img.shape, np.float32)
    level = rng.uniform(*noise)
    cv2.setRNGSeed(int(rng.integers(2**31)))  # cv2's own generator: same seed, same photo
    cv2.randn(grain, 0, level)
    img = np.clip(img + grain, 0, 255).astype(np.uint8)
    info.update(light, blur=round(float(sigma), 2), noise=round(float(level), 1))
    return img, info


def encode(img: np.ndarray, orientation: int, quality: int) -> bytes:
    """JPEG bytes whose pixels are stored rotated, undone by the EXIF tag."""
    stored = img if STORE[orientation] is None else cv2.rotate(img, STORE[orientation])
    pil = Image.fromarray(cv2.cvtColor(stored, cv2.COLOR_BGR2RGB))
    exif = Image.Exif()
    exif[EXIF_ORIENTATION] = orientation
    buf = io.BytesIO()
    pil.save(buf, "JPEG", quality=quality, exif=exif.tobytes())
    return buf.getvalue()


def make_case(seed: int, *, out_size: tuple[int, int] | None = None, quality: tuple[int, int] = (60, 95),
              layout: str | None = None, damage_qr: bool = False, cover_markers: bool = False,
              noise: tuple[float, float] = (1.5, 5.0)) -> tuple[bytes, dict[str, Any]]:
    """One photo (JPEG bytes) and its truth (the expected read-photo answer).

    The photo is taken at 12 megapixels; `out_size` downscales it before it is
    stored (small fixtures)."""
    rng = np.random.default_rng(seed)
    layout = layout or ("suzhou-v1" if rng.random() < 0.5 else "shanghai-v1")
    player = NAMES[rng.integers(len(NAMES))]
    match = str(rng.integers(1, 500)) if rng.random() < 0.5 else None
    truth = random_truth(rng, layout)
    sheet = finished_sheet(rng, layout, player, match, truth, damage_qr=damage_qr, cover_markers=cover_markers)
    frame = FULL_SIZE if rng.random() < 0.6 else FULL_SIZE[::-1]
    img, info = photograph(rng, sheet, frame, noise=noise)
    if out_size is not None:
        target = out_size if frame[0] >= frame[1] else out_size[::-1]
        img = cv2.resize(img, target, interpolation=cv2.INTER_AREA)
    orientation = int(rng.choice([1, 3, 6, 8]))
    q = int(rng.integers(quality[0], quality[1] + 1))
    data = encode(img, orientation, q)
    edition = layout.split("-")[0]
    expected = {"proposal": truth["proposal"],
                "sheet": {"game": "doodle-china", "edition": edition, "layout": layout,
                          "player": player, "match": match},
                "marks": {k: v for k, v in truth["marks"].items() if k != "crossed_values"},
                "photo": {"seed": seed, "orientation": orientation, "quality": q,
                          "size": list(img.shape[1::-1]), "damaged_qr": damage_qr,
                          "covered_markers": cover_markers, **info}}
    return data, expected
