"""The table and the camera of a generated photo: patterned tables drawn at
random and the camera that photographs them (a nudge of the corners, or a
pinhole model tilted up to 30 degrees), for tests and the benchmark only."""

from __future__ import annotations

import cv2
import numpy as np

TABLES = ("wood", "checks", "tiles", "stripes", "speckle")  # drawn at random
MORE_TABLES = ("dark", "rug")  # with the pinhole camera, drawn among TABLES
PALE_TABLES = ("pale", "white-grid")  # only when asked for: white paper is no longer the only white


def draw_table(rng: np.random.Generator, w: int, h: int, kind: str | None = None) -> np.ndarray:
    """A patterned table top (wood, checked cloth, tiles, stripes, speckle;
    or, when asked, a pale one or a white cutting mat with a grey grid)."""
    sw, sh = w // 4, h // 4
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    a = rng.uniform(0, np.pi)
    u = xx * np.cos(a) + yy * np.sin(a)
    v = -xx * np.sin(a) + yy * np.cos(a)
    drawn = rng.choice(list(TABLES))
    kind = kind or str(drawn)
    noise = cv2.GaussianBlur(rng.normal(0, 1, (sh, sw)).astype(np.float32), (0, 0), 3)
    if kind == "dark":  # slate or black felt: darker than every card colour
        base = rng.uniform(14, 38) + rng.uniform(-5, 5, 3).astype(np.float32)
        img = base * (0.9 + 0.15 * noise[..., None])
    elif kind == "rug":  # a busy woven pattern in strong colours
        cols = np.array([rng.uniform(20, 200, 3) for _ in range(4)], np.float32)
        size = rng.uniform(10, 30)
        pick = ((np.floor(u / size) % 2) * 2 + (np.floor((u + v) / (1.5 * size)) % 2)).astype(int)
        img = cols[pick] * (0.85 + 0.15 * noise[..., None])
    elif kind == "pale":
        base = rng.uniform(195, 235) + rng.uniform(-8, 8, 3).astype(np.float32)
        img = base * (0.97 + 0.03 * noise[..., None])
    elif kind == "white-grid":
        size = rng.uniform(15, 45)
        base = np.float32(rng.uniform(225, 245))
        img = np.full((sh, sw, 3), base, np.float32) * (0.98 + 0.02 * noise[..., None])
        img[((u % size) < 1.0) | ((v % size) < 1.0)] = rng.uniform(90, 150, 3).astype(np.float32)
        img[((u % (5 * size)) < 1.6) | ((v % (5 * size)) < 1.6)] *= 0.7
    elif kind == "wood":
        base = np.array(rng.choice([[40, 75, 120], [30, 55, 95], [60, 100, 150]]), np.float32)
        grain = np.sin(v / rng.uniform(3, 8) + 2.5 * noise) * 0.5 + 0.5
        img = base * (0.75 + 0.35 * grain[..., None])
    elif kind == "checks":
        cols = np.array(rng.choice([[[60, 60, 150], [110, 150, 190]], [[90, 120, 60], [60, 70, 40]],
                                    [[140, 90, 50], [80, 50, 30]]]), np.float32)
        size = rng.uniform(25, 70)
        pick = ((np.floor(u / size) + np.floor(v / size)) % 2).astype(int)
        img = cols[pick] * (0.9 + 0.1 * noise[..., None])
    elif kind == "tiles":
        size = rng.uniform(40, 90)
        base = np.array(rng.choice([[70, 110, 160], [120, 120, 110], [50, 80, 110]]), np.float32)
        grout = ((u % size) < 2.5) | ((v % size) < 2.5)
        img = base * (0.92 + 0.08 * noise[..., None])
        img[grout] = base * 0.45
    elif kind == "stripes":
        cols = np.array([rng.uniform(30, 150, 3) for _ in range(3)], np.float32)
        pick = (np.floor(u / rng.uniform(8, 30)) % 3).astype(int)
        img = cols[pick] * (0.85 + 0.15 * noise[..., None])
    else:
        base = rng.uniform(45, 110, 3).astype(np.float32)
        speck = rng.random((sh, sw)) < 0.04
        img = base * (0.85 + 0.2 * noise[..., None])
        img[speck] *= rng.uniform(0.4, 1.5)
    img = cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)
    return np.clip(img, 0, 255).astype(np.float32)


def nudge_camera(rng: np.random.Generator, box: np.ndarray, size: tuple[int, int],
            fill: float, tilt: float) -> np.ndarray:
    """Homography from table mm to upright photo pixels: any turn, the street
    filling part of the frame, the corners nudged for a tilted phone."""
    w, h = size
    theta = rng.uniform(0, 2 * np.pi)
    centre = box.mean(axis=0)
    c, s = np.cos(theta), np.sin(theta)
    rot = (box - centre) @ np.array([[c, s], [-s, c]])
    span = rot.max(axis=0) - rot.min(axis=0)
    k = fill * min(w / span[0], h / span[1])
    room = np.array([w, h]) - k * span
    offset = np.array([w / 2, h / 2]) + rng.uniform(-0.4, 0.4, 2) * room
    dst = rot * k + offset
    extent = k * span.max()
    dst = dst + rng.uniform(-tilt, tilt, (4, 2)) * extent
    return cv2.getPerspectiveTransform(box.astype(np.float32), dst.astype(np.float32))


def pinhole(rng: np.random.Generator, box: np.ndarray, size: tuple[int, int], fill: float,
            max_tilt_deg: float) -> tuple[np.ndarray, dict[str, float]]:
    """Homography from table mm to photo pixels of a real camera: a pinhole
    with a phone's field of view (about 65-75 degrees across), its axis
    tilted from straight down by up to max_tilt_deg toward any side, turned
    any way about its axis, at the distance where the scene's box fills
    `fill` of the frame."""
    w, h = size
    f = max(w, h) / (2 * np.tan(np.radians(rng.uniform(32, 37))))
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    tilt = np.radians(rng.uniform(0, max_tilt_deg))
    toward = rng.uniform(0, 2 * np.pi)
    roll = rng.uniform(0, 2 * np.pi)
    centre = np.append(box.mean(axis=0), 0.0)
    # Table mm have y down as seen from above, so "above" is -z (x, y, z right-handed).
    back = np.array([np.sin(tilt) * np.cos(toward), np.sin(tilt) * np.sin(toward), -np.cos(tilt)])
    fwd = -back
    helper = np.array([np.cos(roll), np.sin(roll), 0.0])
    right = np.cross(fwd, helper)
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    R = np.stack([right, down, fwd])
    dist = 500.0
    shift = rng.uniform(-0.35, 0.35, 2)
    for _ in range(8):
        C3 = centre + dist * back
        H = K @ np.column_stack([R[:, 0], R[:, 1], -R @ C3])
        H = H / H[2, 2]
        pts = cv2.perspectiveTransform(box[None].astype(np.float64), H)[0]
        span = pts.max(axis=0) - pts.min(axis=0)
        dist *= max(span[0] / w, span[1] / h) / fill
    # place the scene off centre within the room left, in pixels
    room = np.array([w, h]) - span
    move = np.array([w / 2, h / 2]) + shift * room - (pts.max(axis=0) + pts.min(axis=0)) / 2
    H = np.array([[1, 0, move[0]], [0, 1, move[1]], [0, 0, 1]]) @ H
    return H, {"tilt_deg": round(float(np.degrees(tilt)), 1)}


def local_scale(H: np.ndarray, pt: np.ndarray) -> float:
    """Photo px per table mm around a table point (perspective changes it)."""
    e = np.array([[pt, pt + [1, 0], pt + [0, 1]]], np.float64)
    q = cv2.perspectiveTransform(e, H)[0]
    a, b = q[1] - q[0], q[2] - q[0]
    return float(np.sqrt(abs(a[0] * b[1] - a[1] * b[0])))
