"""The printable Doodle China sheet and its geometry (vision.md).

One function says where everything is (`sheet_geometry`), one draws it
(`render_sheet`); the reader and the photo generator use the same geometry, so
what is printed is what is read.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from . import constants as C
from .qr import make_payload, qr_modules

GAME = "doodle-china"
INK = (30, 30, 30)
GREY = (120, 120, 120)
LABELS = {"skyscraper": "SKY-\nSCRAPER"}
FONT_DIR = "/usr/share/fonts/truetype/dejavu/"


def _box(x0: float, y0: float, x1: float, y1: float) -> list[int]:
    return [round(x0), round(y0), round(x1), round(y1)]


def _centre_box(cx: float, cy: float, w: float, h: float) -> list[int]:
    return _box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def grid_origin(edition: str, cols: int) -> tuple[int, int, int]:
    """Left, top and cell size of the grid, centred across the page."""
    size = C.CELL_SIZE[edition]
    return (C.SHEET_SIZE[0] - cols * size) // 2, C.GRID_TOP, size


def sheet_geometry(layout: dict[str, Any]) -> dict[str, Any]:
    """Where every cell, house, score value, tree and floor box is (vision.md)."""
    edition = layout["edition"]
    x0, y0, s = grid_origin(edition, layout["cols"])
    cells = [[{"kind": kind, "box": _box(x0 + c * s, y0 + r * s, x0 + (c + 1) * s, y0 + (r + 1) * s)}
              for c, kind in enumerate(row)] for r, row in enumerate(layout["cells"])]
    houses = []
    for spec in layout.get("houses", []):
        r, c = spec["cell"]
        bx, by = x0 + c * s, y0 + r * s
        for index in range(spec["count"]):
            fx, fy = C.HOUSE_SLOTS[index]
            houses.append({"cell": [r, c], "index": index,
                           "box": _centre_box(bx + fx * s, by + fy * s, C.HOUSE_BOX * s, C.HOUSE_BOX * s),
                           "printed_crossed": index < spec["printed_crossed"]})
    tracks: dict[str, list[dict[str, Any]]] = {}
    row = 0
    for name, values in layout["tracks"].items():
        per_row = C.TRACK_PER_ROW[edition]
        tracks[name] = []
        for i, value in enumerate(values):
            cx = C.TRACK_FIRST_X + (i % per_row) * C.TRACK_PITCH_X[edition]
            cy = C.TRACK_TOP_CENTRE[edition] + (row + i // per_row) * C.TRACK_ROW_PITCH[edition]
            tracks[name].append({"value": value, "box": _centre_box(cx, cy, *C.TRACK_BOX)})
        row += -(-len(values) // per_row)
    n_trees = layout["trees"]
    pitch = (C.TREE_SPAN[1] - C.TREE_SPAN[0]) / n_trees
    side = C.TREE_BOX[edition]
    trees = [{"index": i, "box": _centre_box(C.TREE_SPAN[0] + (i + 0.5) * pitch, C.TREE_Y, side, side)}
             for i in range(n_trees)]
    floors = []
    if "skyscraper_floors" in layout:
        for r, row_kinds in enumerate(layout["cells"]):
            for c, kind in enumerate(row_kinds):
                if kind != "skyscraper":
                    continue
                right, bottom = x0 + (c + 1) * s, y0 + (r + 1) * s
                for index, (dx, dy) in enumerate(C.FLOOR_EXTRA[: layout["skyscraper_floors"]["extra"]]):
                    floors.append({"cell": [r, c], "index": index,
                                   "box": _centre_box(right - dx, bottom - dy, C.FLOOR_BOX, C.FLOOR_BOX)})
    return {"game": GAME, "edition": edition, "layout": layout["name"], "size": list(C.SHEET_SIZE),
            "cells": cells, "houses": houses, "tracks": tracks, "trees": trees, "floors": floors}


def marker_boxes(edition: str) -> dict[int, list[int]]:
    """ArUco id -> box, corners clockwise from top left."""
    w, h = C.SHEET_SIZE
    m, k = C.MARKER_MARGIN, C.MARKER_SIZE
    origins = [(m, m), (w - m - k, m), (w - m - k, h - m - k), (m, h - m - k)]
    return {mid: [x, y, x + k, y + k] for mid, (x, y) in zip(C.MARKER_IDS[edition], origins, strict=True)}


@functools.lru_cache(maxsize=16)
def _font(size: int, bold: bool = True, condensed: bool = False) -> ImageFont.ImageFont:
    name = "DejaVuSans" + ("Condensed" if condensed else "") + ("-Bold" if bold else "") + ".ttf"
    try:
        return ImageFont.truetype(FONT_DIR + name, size)
    except OSError:  # no DejaVu on this machine: Pillow's own scalable font
        return ImageFont.load_default(size)


def _icon(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, u: float, w: int) -> None:
    """A small line drawing of a square's kind, in the box (x, y)-(x+u, y+u)."""
    p = lambda fx, fy: (x + fx * u, y + fy * u)  # noqa: E731
    if kind == "boat":
        draw.polygon([p(0, .62), p(1, .62), p(.8, .92), p(.2, .92)], outline=INK, width=w)
        draw.line([p(.5, .62), p(.5, .05)], fill=INK, width=w)
        draw.polygon([p(.5, .1), p(.85, .55), p(.5, .55)], outline=INK, width=w)
    elif kind in ("hotel", "skyscraper_icon"):
        draw.rectangle([p(.15, .1), p(.85, .95)], outline=INK, width=w)
        for fy in (.28, .5, .72):
            draw.line([p(.3, fy), p(.45, fy)], fill=INK, width=w)
            draw.line([p(.55, fy), p(.7, fy)], fill=INK, width=w)
    elif kind == "shop":
        draw.polygon([p(0, .35), p(.5, .05), p(1, .35)], outline=INK, width=w)
        draw.rectangle([p(.12, .35), p(.88, .95)], outline=INK, width=w)
        draw.rectangle([p(.4, .6), p(.6, .95)], outline=INK, width=w)
    elif kind == "start":
        pts = [p(.5 + .48 * np.cos(a) * (1 if i % 2 == 0 else .45), .5 + .48 * np.sin(a) * (1 if i % 2 == 0 else .45))
               for i, a in enumerate(np.linspace(-np.pi / 2, 1.5 * np.pi, 10, endpoint=False))]
        draw.polygon(pts, outline=INK, width=w)
    elif kind == "park":
        draw.ellipse([p(.2, .05), p(.8, .65)], outline=INK, width=w)
        draw.line([p(.5, .65), p(.5, .95)], fill=INK, width=w)
    elif kind in ("taxi", "bus"):
        top = .3 if kind == "bus" else .45
        draw.rectangle([p(0, top), p(1, .8)], outline=INK, width=w)
        if kind == "taxi":
            draw.polygon([p(.2, .45), p(.35, .2), p(.65, .2), p(.8, .45)], outline=INK, width=w)
        draw.ellipse([p(.12, .72), p(.32, .95)], outline=INK, width=w)
        draw.ellipse([p(.68, .72), p(.88, .95)], outline=INK, width=w)


def _house(draw: ImageDraw.ImageDraw, box: list[float], w: int) -> None:
    x0, y0, x1, y1 = box
    mx = (x0 + x1) / 2
    draw.polygon([(x0 + 4 * w, y0 + 0.45 * (y1 - y0)), (mx, y0 + 2 * w), (x1 - 4 * w, y0 + 0.45 * (y1 - y0)),
                  (x1 - 4 * w, y1 - 2 * w), (x0 + 4 * w, y1 - 2 * w)], outline=INK, width=w)


def _tree(draw: ImageDraw.ImageDraw, box: list[float], w: int) -> None:
    """A slim fir in the middle of its box: a cross over the box runs across
    its sides, not along them, so the pencil is seen on paper."""
    x0, y0, x1, y1 = box
    mx, h = (x0 + x1) / 2, y1 - y0
    draw.polygon([(mx, y0 + 0.14 * h), (mx + 0.17 * h, y0 + 0.7 * h), (mx - 0.17 * h, y0 + 0.7 * h)],
                 outline=INK, width=w)
    draw.line([(mx, y0 + 0.7 * h), (mx, y0 + 0.86 * h)], fill=INK, width=w)


def _cross(draw: ImageDraw.ImageDraw, box: list[float], w: int) -> None:
    x0, y0, x1, y1 = box
    draw.line([(x0, y0), (x1, y1)], fill=INK, width=w)
    draw.line([(x0, y1), (x1, y0)], fill=INK, width=w)


def render_sheet(layout: dict[str, Any], *, player: str | None = None, match: str | None = None,
                 scale: float = 1.0) -> np.ndarray:
    """The printable sheet of a layout (the caller's data, in the layouts API's
    shape) as a BGR image (scale 1 = 150 dpi A4)."""
    geo = sheet_geometry(layout)
    edition = layout["edition"]
    size = (round(C.SHEET_SIZE[0] * scale), round(C.SHEET_SIZE[1] * scale))
    img = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(img)
    S = lambda box: [v * scale for v in box]  # noqa: E731
    w1, w2, w3 = (max(1, round(v * scale)) for v in (1, 2, 3))

    for mid, box in marker_boxes(edition).items():
        b = S(box)
        side = round(b[2] - b[0])
        marker = cv2.aruco.generateImageMarker(_aruco_dict(), mid, side)
        img.paste(Image.fromarray(marker).convert("RGB"), (round(b[0]), round(b[1])))
    tx, ty = C.TITLE_BOX[0] * scale, C.TITLE_BOX[1] * scale
    draw.text((tx, ty), "DOODLE CHINA", font=_font(round(50 * scale)), fill=INK)
    draw.text((tx, ty + 58 * scale), edition.upper(), font=_font(round(50 * scale)), fill=INK)
    who = "   ".join(f"{k}: {v}" for k, v in (("player", player), ("match", match)) if v)
    lines = ((f"Canal Companion score sheet   {layout['name']}", _font(round(20 * scale), bold=False), GREY),
             (who, _font(round(28 * scale), bold=False), INK))
    for (line, font, colour), y in zip(lines, (C.SUBTITLE_Y, C.SUBTITLE_Y + 24), strict=True):
        while line and draw.textlength(line, font=font) > (C.QR_BOX[0] - C.TITLE_BOX[0] - 20) * scale:
            line = line[:-2] + "…"
        draw.text((tx, y * scale), line, font=font, fill=colour)

    modules = qr_modules(make_payload(GAME, edition, layout["name"], player=player, match=match))
    qb = S(C.QR_BOX)
    side = round(qb[2] - qb[0])
    qr_img = Image.fromarray(np.where(modules, 0, 255).astype(np.uint8)).resize((side, side), Image.NEAREST)
    img.paste(qr_img.convert("RGB"), (round(qb[0]), round(qb[1])))

    s = geo["cells"][0][0]["box"][2] - geo["cells"][0][0]["box"][0]
    for row in geo["cells"]:
        for cell in row:
            x0, y0, x1, y1 = S(cell["box"])
            draw.rectangle([x0, y0, x1, y1], outline=GREY, width=w3)
            kind = cell["kind"]
            if kind == "plain":
                continue
            label = LABELS.get(kind, kind.upper())
            fsize = round((0.085 if "\n" not in label else 0.075) * s * scale)
            draw.multiline_text((x0 + 0.05 * s * scale, y0 + 0.045 * s * scale), label,
                                font=_font(fsize, condensed=True), fill=INK, spacing=0)
            if kind not in ("house", "skyscraper"):
                u = 0.2 * s * scale
                _icon(draw, kind, x1 - u - 0.05 * s * scale, y1 - u - 0.05 * s * scale, u, w2)
            if kind == "skyscraper":
                for dx, dy in C.FLOOR_PRINTED:
                    fb = S(_centre_box(cell["box"][2] - dx, cell["box"][1] + dy, C.FLOOR_PRINTED_BOX,
                                       C.FLOOR_PRINTED_BOX))
                    draw.rectangle(fb, fill=GREY, outline=INK, width=w1)
    for house in geo["houses"]:
        b = S(house["box"])
        _house(draw, b, w2)
        if house["printed_crossed"]:
            _cross(draw, b, max(1, round(5 * scale)))
    for floor in geo["floors"]:
        draw.rectangle(S(floor["box"]), outline=INK, width=w2)
    for name, entries in geo["tracks"].items():
        first = S(entries[0]["box"])
        draw.multiline_text((C.TRACK_LABEL_X * scale, first[1] - (12 if "\n" in C.TRACK_LABELS[name] else 0) * scale),
                            C.TRACK_LABELS[name], font=_font(round(22 * scale), condensed=True), fill=INK,
                            spacing=0)
        for entry in entries:
            x0, y0, x1, y1 = S(entry["box"])
            draw.text(((x0 + x1) / 2, (y0 + y1) / 2), str(entry["value"]), font=_font(round(30 * scale)),
                      fill=INK, anchor="mm")
    draw.text((C.TREE_SPAN[0] * scale, C.TREE_LABEL_Y * scale),
              "TREES  (cross one out when you pass or cannot draw)",
              font=_font(round(18 * scale), bold=False), fill=GREY)
    for tree in geo["trees"]:
        _tree(draw, S(tree["box"]), w2)
    return cv2.cvtColor(np.asarray(img), cv2.COLOR_RGB2BGR)


@functools.lru_cache(maxsize=1)
def _aruco_dict() -> Any:
    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, C.ARUCO_DICT))


def blank_ink(layout: dict[str, Any], scale: float) -> np.ndarray:
    """Printed ink (0 paper .. 1 black) of an empty sheet at a scale: the baseline
    a mark is measured against. Cached by the layout's content (read-only)."""
    return _blank_ink(json.dumps(layout, sort_keys=True), scale)


@functools.lru_cache(maxsize=8)
def _blank_ink(layout_json: str, scale: float) -> np.ndarray:
    fine = max(1.0, scale)  # drawn at 150 dpi or finer, then averaged down: exact edges
    gray = cv2.cvtColor(render_sheet(json.loads(layout_json), scale=fine), cv2.COLOR_BGR2GRAY)
    ink = 1.0 - gray.astype(np.float32) / 255.0
    if fine != scale:
        size = (round(C.SHEET_SIZE[0] * scale), round(C.SHEET_SIZE[1] * scale))
        ink = cv2.resize(ink, size, interpolation=cv2.INTER_AREA)
    ink.setflags(write=False)  # shared by every read of this layout
    return ink
