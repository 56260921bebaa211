"""A score pad that looks like one from a game box, for the template tests.

Test data only (the reader never imports this): no markers, no QR code; a
decorative title, cells coloured by kind with an icon, numbered track boxes,
tree icons. Two looks: "boxed" (tuning) and "ledger" (HELD_OUT_DESIGN: other
colours, fonts, icon places, tracks to the right of the grid, never used to
tune the template finder or reader). `render_pad(layout, look)` gives the
blank (BGR at 150 dpi units x scale) and its true geometry (vision.md shape,
in the pad's own pixels); `pad_case(...)` a photo of it, blank or filled in.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from companion.games.doodle_china.layouts import get_layout

FONTS = "/usr/share/fonts/truetype/dejavu/"


@dataclass(frozen=True)
class Look:
    size: tuple[int, int]  # paper (w, h) at 150 dpi
    grid_top: int
    cell: dict[str, int]  # by edition
    colours: dict[str, tuple[int, int, int]]  # cell fill by kind (RGB)
    line: tuple[int, int, int]
    line_width: int
    title_font: str
    digit_font: str
    icon_corner: str  # "tl" or "br"
    tracks: str  # "below" or "right"
    paper: tuple[int, int, int]
    accent: tuple[int, int, int]


LOOKS = {
    "boxed": Look(size=(1100, 1560), grid_top=250, cell={"suzhou": 170, "shanghai": 130},
                  colours={"plain": (255, 255, 255), "start": (190, 230, 190), "park": (190, 230, 190),
                           "house": (250, 215, 170), "hotel": (245, 195, 205), "shop": (250, 240, 170),
                           "boat": (185, 215, 245), "skyscraper": (205, 205, 225), "taxi": (250, 235, 150),
                           "bus": (240, 200, 185)},
                  line=(40, 40, 60), line_width=4, title_font="DejaVuSerif-BoldItalic.ttf",
                  digit_font="DejaVuSerif-Bold.ttf", icon_corner="tl", tracks="below",
                  paper=(252, 250, 244), accent=(190, 40, 40)),
    "ledger": Look(size=(1180, 1640), grid_top=300, cell={"suzhou": 150, "shanghai": 126},
                   colours={"plain": (250, 250, 250), "start": (170, 220, 200), "park": (170, 220, 200),
                            "house": (230, 200, 230), "hotel": (250, 210, 180), "shop": (200, 230, 250),
                            "boat": (170, 200, 240), "skyscraper": (220, 220, 200), "taxi": (250, 230, 120),
                            "bus": (230, 180, 180)},
                   line=(20, 60, 90), line_width=3, title_font="DejaVuSansCondensed-BoldOblique.ttf",
                   digit_font="DejaVuSansMono-Bold.ttf", icon_corner="br", tracks="right",
                   paper=(245, 248, 252), accent=(20, 90, 160)),
}
HELD_OUT_DESIGN = "ledger"


@functools.lru_cache(maxsize=32)
def _font(name: str, size: int) -> ImageFont.ImageFont:
    return ImageFont.truetype(FONTS + name, size)


def pad_geometry(layout_name: str, look_name: str = "boxed") -> dict[str, Any]:
    """Where everything is on the pad (vision.md shape, the pad's own pixels)."""
    layout = get_layout(layout_name)
    look = LOOKS[look_name]
    edition = layout["edition"]
    s, n = look.cell[edition], layout["cols"]
    w, h = look.size
    x0 = (w - n * s) // 2 if look.tracks == "below" else 60
    y0 = look.grid_top
    cells = [[{"kind": kind, "box": [x0 + c * s, y0 + r * s, x0 + (c + 1) * s, y0 + (r + 1) * s]}
              for c, kind in enumerate(row)] for r, row in enumerate(layout["cells"])]
    houses = []
    slots = ((0.62, 0.3), (0.62, 0.7), (0.28, 0.7), (0.28, 0.3)) if look.icon_corner == "tl" else \
        ((0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7))
    hb = 0.3 * s
    for spec in layout["houses"]:
        r, c = spec["cell"]
        for i in range(spec["count"]):
            fx, fy = slots[i]
            cx, cy = x0 + (c + fx) * s, y0 + (r + fy) * s
            houses.append({"cell": [r, c], "index": i, "box": [round(cx - hb / 2), round(cy - hb / 2),
                                                               round(cx + hb / 2), round(cy + hb / 2)],
                           "printed_crossed": i < spec["printed_crossed"]})
    tracks: dict[str, list[dict[str, Any]]] = {}
    bw, bh = (58, 48) if look.tracks == "below" else (50, 42)
    if look.tracks == "below":
        top, pitch_x, per_row, left = y0 + n * s + 60, 78, 10, x0 + 110
        pitch_y = 74 if edition == "suzhou" else 64
    else:
        top, pitch_x, pitch_y, per_row, left = y0 + 30, 60, 62, 3, x0 + n * s + 60
    line = 0
    for name, values in layout["tracks"].items():
        tracks[name] = []
        for i, v in enumerate(values):
            cx = left + (i % per_row) * pitch_x + bw / 2
            cy = top + (line + i // per_row) * pitch_y + bh / 2
            tracks[name].append({"value": v, "box": [round(cx - bw / 2), round(cy - bh / 2),
                                                     round(cx + bw / 2), round(cy + bh / 2)]})
        line += -(-len(values) // per_row) + (0.35 if look.tracks == "right" else 0)
        line = round(line, 2)
    n_trees = layout["trees"]
    tree_y = h - 130
    span = (90, w - 90)
    pitch = (span[1] - span[0]) / n_trees
    side = min(64, pitch * 0.7)
    trees = [{"index": i, "box": [round(span[0] + (i + 0.5) * pitch - side / 2), round(tree_y - side / 2),
                                  round(span[0] + (i + 0.5) * pitch + side / 2), round(tree_y + side / 2)]}
             for i in range(n_trees)]
    floors = []
    if "skyscraper_floors" in layout:
        fb = round(0.15 * s)
        for r, row in enumerate(layout["cells"]):
            for c, kind in enumerate(row):
                if kind != "skyscraper":
                    continue
                # the extra floors in a column at the cell's right edge, above its bottom
                for i in range(layout["skyscraper_floors"]["extra"]):
                    bx1 = x0 + (c + 1) * s - round(0.07 * s)
                    by1 = y0 + (r + 1) * s - round(0.07 * s) - i * (fb + 4)
                    floors.append({"cell": [r, c], "index": i, "box": [bx1 - fb, by1 - fb, bx1, by1]})
    return {"game": "doodle-china", "edition": edition, "layout": layout_name, "size": [w, h],
            "cells": cells, "houses": houses, "tracks": tracks, "trees": trees, "floors": floors}


def _icon(draw: ImageDraw.ImageDraw, kind: str, box: tuple[float, float, float, float], ink: Any) -> None:
    x0, y0, x1, y1 = box
    u = x1 - x0
    p = lambda fx, fy: (x0 + fx * u, y0 + fy * u)  # noqa: E731
    w = max(1, round(u / 14))
    if kind in ("start", "park"):
        draw.ellipse([p(.15, .05), p(.85, .7)], fill=(60, 140, 60), outline=ink, width=w)
        draw.rectangle([p(.44, .6), p(.56, .95)], fill=(110, 70, 30))
    elif kind == "hotel":
        draw.rectangle([p(.15, .1), p(.85, .95)], fill=(200, 80, 100), outline=ink, width=w)
        for fy in (.25, .45, .65):
            draw.rectangle([p(.28, fy), p(.42, fy + .1)], fill=(255, 255, 255))
            draw.rectangle([p(.58, fy), p(.72, fy + .1)], fill=(255, 255, 255))
    elif kind == "shop":
        draw.polygon([p(0, .4), p(.5, .05), p(1, .4)], fill=(200, 150, 40), outline=ink)
        draw.rectangle([p(.12, .4), p(.88, .95)], fill=(240, 220, 120), outline=ink, width=w)
    elif kind == "boat":
        draw.polygon([p(0, .6), p(1, .6), p(.8, .92), p(.2, .92)], fill=(90, 60, 30), outline=ink)
        draw.polygon([p(.5, .05), p(.9, .55), p(.5, .55)], fill=(240, 240, 240), outline=ink)
    elif kind == "skyscraper":
        draw.rectangle([p(.3, .05), p(.7, .95)], fill=(110, 110, 140), outline=ink, width=w)
    elif kind in ("taxi", "bus"):
        top = .3 if kind == "bus" else .45
        draw.rectangle([p(0, top), p(1, .8)], fill=(230, 190, 30) if kind == "taxi" else (200, 50, 40),
                       outline=ink, width=w)
        draw.ellipse([p(.12, .7), p(.34, .95)], fill=(30, 30, 30))
        draw.ellipse([p(.66, .7), p(.88, .95)], fill=(30, 30, 30))


def render_pad(layout_name: str, look_name: str = "boxed", scale: float = 1.0) -> np.ndarray:
    """The blank pad sheet (BGR) at `scale` of its 150 dpi pixels."""
    return _render(layout_name, look_name, scale).copy()


@functools.lru_cache(maxsize=8)
def _render(layout_name: str, look_name: str, scale: float) -> np.ndarray:
    look = LOOKS[look_name]
    geo = pad_geometry(layout_name, look_name)
    layout = get_layout(layout_name)
    w, h = look.size
    img = Image.new("RGB", (round(w * scale), round(h * scale)), look.paper)
    draw = ImageDraw.Draw(img)
    S = lambda v: [x * scale for x in v]  # noqa: E731
    ink = look.line
    # decorative border and title
    m = 28
    draw.rounded_rectangle(S([m, m, w - m, h - m]), radius=30 * scale, outline=look.accent, width=round(5 * scale))
    draw.rounded_rectangle(S([m + 12, m + 12, w - m - 12, h - m - 12]), radius=24 * scale, outline=look.accent,
                           width=max(1, round(2 * scale)))
    draw.text((w / 2 * scale, 105 * scale), "Doodle China", font=_font(look.title_font, round(78 * scale)),
              fill=look.accent, anchor="mm")
    draw.text((w / 2 * scale, 175 * scale), layout["edition"].upper(), font=_font("DejaVuSerif.ttf", round(40 * scale)),
              fill=ink, anchor="mm")
    for sx in (-1, 1):  # little lanterns either side of the title
        cx = w / 2 + sx * 390
        draw.ellipse(S([cx - 26, 80, cx + 26, 140]), fill=look.accent)
        draw.line(S([cx, 60, cx, 80]), fill=ink, width=round(3 * scale))
    s = geo["cells"][0][0]["box"][2] - geo["cells"][0][0]["box"][0]
    for row in geo["cells"]:
        for cell in row:
            x0, y0, x1, y1 = cell["box"]
            draw.rectangle(S([x0, y0, x1, y1]), fill=look.colours[cell["kind"]])
            if cell["kind"] in ("plain", "house"):
                continue
            u = 0.22 * s
            if look.icon_corner == "tl":
                ib = (x0 + 0.06 * s, y0 + 0.06 * s, x0 + 0.06 * s + u, y0 + 0.06 * s + u)
            else:
                ib = (x1 - 0.06 * s - u, y1 - 0.06 * s - u, x1 - 0.06 * s, y1 - 0.06 * s)
            _icon(draw, cell["kind"], tuple(v * scale for v in ib), ink)
    lw = round(look.line_width * scale)
    g0, g1 = geo["cells"][0][0]["box"], geo["cells"][-1][-1]["box"]
    n = len(geo["cells"])
    for i in range(n + 1):
        x = g0[0] + i * s
        y = g0[1] + i * s
        draw.line(S([x, g0[1], x, g1[3]]), fill=ink, width=lw)
        draw.line(S([g0[0], y, g1[2], y]), fill=ink, width=lw)
    for house in geo["houses"]:
        x0, y0, x1, y1 = house["box"]
        bw = x1 - x0
        draw.polygon(S([x0, y0 + 0.45 * bw, x0 + bw / 2, y0, x1, y0 + 0.45 * bw]), fill=(170, 60, 40), outline=ink)
        draw.rectangle(S([x0 + 0.12 * bw, y0 + 0.45 * bw, x1 - 0.12 * bw, y1]), fill=(250, 245, 235), outline=ink,
                       width=max(1, round(2 * scale)))
        if house["printed_crossed"]:
            draw.line(S([x0, y0, x1, y1]), fill=ink, width=round(5 * scale))
            draw.line(S([x0, y1, x1, y0]), fill=ink, width=round(5 * scale))
    for floor in geo["floors"]:
        draw.rectangle(S(floor["box"]), fill=(255, 255, 255), outline=ink, width=max(1, round(2 * scale)))
    labels = {"hotels": "hotel", "shops": "shop", "shop_bonuses": "boat", "skyscrapers": "skyscraper"}
    for name, entries in geo["tracks"].items():
        b = entries[0]["box"]
        side = b[3] - b[1]
        _icon(draw, labels[name] if name != "shop_bonuses" else "shop",
              tuple(v * scale for v in (b[0] - side - 22, b[1], b[0] - 22, b[3])), ink)
        if name == "shop_bonuses":
            draw.text(((b[0] - 12) * scale, b[1] * scale), "+", font=_font(look.digit_font, round(30 * scale)),
                      fill=ink, anchor="rt")
        for e in entries:
            x0, y0, x1, y1 = e["box"]
            draw.rounded_rectangle(S([x0, y0, x1, y1]), radius=6 * scale, fill=(255, 255, 255), outline=ink,
                                   width=max(1, round(3 * scale)))
            draw.text(((x0 + x1) / 2 * scale, (y0 + y1) / 2 * scale), str(e["value"]),
                      font=_font(look.digit_font, round(28 * scale)), fill=ink, anchor="mm")
    for tree in geo["trees"]:
        x0, y0, x1, y1 = tree["box"]
        t = x1 - x0
        draw.polygon(S([x0 + 0.1 * t, y0 + 0.75 * t, x0 + t / 2, y0, x1 - 0.1 * t, y0 + 0.75 * t]), fill=(50, 130, 60),
                     outline=ink)
        draw.rectangle(S([x0 + 0.42 * t, y0 + 0.75 * t, x1 - 0.42 * t, y1]), fill=(110, 70, 30))
    draw.text((w / 2 * scale, (h - 80) * scale), "Game design: a small press  -  pad of 100 sheets",
              font=_font("DejaVuSans.ttf", round(18 * scale)), fill=(120, 120, 120), anchor="mm")
    return cv2.cvtColor(np.asarray(img), cv2.COLOR_RGB2BGR)


def hand_over(sheet: np.ndarray, rng: np.random.Generator, share: float = 0.5) -> np.ndarray:
    """A hand (palm and fingers, skin coloured) lying over `share` of the sheet's width."""
    h, w = sheet.shape[:2]
    out = sheet.copy()
    skin = tuple(int(v) for v in rng.choice([(120, 150, 200), (90, 120, 170), (60, 85, 130)]))
    cx, cy = int(w * share * 0.5), int(h * rng.uniform(0.35, 0.6))
    cv2.ellipse(out, (cx, cy), (int(w * share * 0.55), int(h * 0.22)), rng.uniform(-20, 20), 0, 360, skin, -1)
    for k in range(4):
        x = int(cx + (k - 1.5) * w * share * 0.22)
        cv2.line(out, (x, cy), (x + int(w * 0.05), int(cy - h * 0.35)), skin, int(w * share * 0.16))
    return out


def pad_case(seed: int, layout: str, look: str = "boxed", *, style: str | None = "arc", blank: bool = False,
             out_size: tuple[int, int] | None = None, quality: tuple[int, int] = (70, 92),
             max_tilt: float = 30.0, noise: tuple[float, float] = (1.5, 4.0),
             frame: tuple[int, int] | None = None, hand: bool = False,
             min_tilt: float = 0.0) -> tuple[bytes, dict[str, Any]]:
    """A photo of the pad, blank or filled in with a stroke style, and its truth:
    the proposal and marks (as make_case's) and the pad's true geometry.
    `hand`: a hand lies over half the sheet; `min_tilt`: the first pose from
    the seed's stream at least this steep."""
    from doodle_pencil import random_truth
    from doodle_photos import FULL_SIZE, RENDER_SCALE, encode, photograph
    from doodle_styles import STYLES, draw_styled, ink_onto

    rng = np.random.default_rng([seed, 7 if blank else 8])
    geo = pad_geometry(layout, look)
    sheet = render_pad(layout, look, RENDER_SCALE)
    truth = None
    if not blank:
        truth = random_truth(rng, layout)
        st = STYLES[style or "arc"]
        alpha = draw_styled(rng, geo, truth, sheet.shape[:2], RENDER_SCALE, st)
        sheet = np.clip(ink_onto(rng, sheet, alpha, get_layout(layout)["edition"], st), 0, 255).astype(np.uint8)
    frame = frame or (FULL_SIZE if rng.random() < 0.5 else FULL_SIZE[::-1])
    if hand:
        sheet = hand_over(sheet, rng)
    for _ in range(200):
        state = rng.bit_generator.state
        img, info = photograph(rng, sheet, frame, max_tilt=max_tilt, noise=noise)
        if info["tilt"] >= min_tilt:
            break
        rng.bit_generator.state = state
        rng.random()  # the next pose
    if out_size is not None:
        target = out_size if frame[0] >= frame[1] else out_size[::-1]
        img = cv2.resize(img, target, interpolation=cv2.INTER_AREA)
    q = int(rng.integers(quality[0], quality[1] + 1))
    data = encode(img, 1, q)
    expected: dict[str, Any] = {"geometry": geo, "photo": {"seed": seed, "look": look, "style": style,
                                                            "blank": blank, "quality": q,
                                                            "size": list(img.shape[1::-1]), **info}}
    if truth is not None:
        expected["proposal"] = truth["proposal"]
        expected["marks"] = {k: v for k, v in truth["marks"].items() if k != "crossed_values"}
        expected["sheet"] = {"game": "doodle-china", "edition": geo["edition"], "layout": layout,
                             "player": None, "match": None}
    return data, expected
