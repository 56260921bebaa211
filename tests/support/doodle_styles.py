"""Every way people draw on a Doodle China sheet, for the photo generator.

Test data only (the reader never imports this): a stroke style says how a
hand draws turns (quarter arcs, straight chords between the side midpoints),
where strokes end (short of the cell's edge, over it), whether they are
retraced, how dark the pencil is (faint, heavy, ballpoint ink), how crosses
(X or one slash) and loops (ovals, partial circles, scribbles) look, and how
many erased smudges are left. `styled_case(seed, style)` is `make_case` with
that style; the truth is chosen before anything is drawn.

HELD_OUT is kept out of all tuning of the reader and reported apart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np
from doodle_pencil import NAMES, PENCILS, Pencil, random_truth
from doodle_photos import FULL_SIZE, _blank, encode, photograph

from vision.doodle_china import constants as C
from vision.doodle_china.cells import path_points
from vision.doodle_china.sheet import sheet_geometry


@dataclass(frozen=True)
class Style:
    """How one hand draws (shares are per stroke)."""

    chord: float = 0.0  # share of turns drawn as a straight chord (else an arc)
    flat: float = 0.0  # share of turns drawn as a flattened arc (between the two)
    short: float = 0.0  # share of strokes stopping short of the cell's edge
    over: float = 0.0  # share of strokes running over the edge into the neighbour
    retrace: float = 0.0  # share of strokes drawn twice (a little apart)
    pressure: tuple[float, float] = (0.55, 0.95)
    width: tuple[float, float] = (2.2, 4.2)  # sheet pixels at 150 dpi
    grain: tuple[float, float] = (0.55, 1.0)  # paper tooth breaking the graphite
    slash: float = 0.2  # share of crosses drawn as one slash (else an X)
    loops: tuple[str, ...] = ("round",)  # loop shapes, chosen per loop
    smudges: tuple[int, int] = (0, 3)  # erased marks on the sheet (min, max)
    colours: str = "pencil"  # "pencil": the edition's graphite; "ink": ballpoint


STYLES: dict[str, Style] = {
    "arc": Style(),
    "chord": Style(chord=0.75, flat=0.25, slash=0.5),
    "short-over": Style(short=0.45, over=0.45, chord=0.3),
    "retraced": Style(retrace=0.8, chord=0.3, loops=("round", "scribble")),
    "faint": Style(pressure=(0.22, 0.34), width=(1.6, 2.6), smudges=(2, 6), chord=0.3),
    "heavy": Style(pressure=(0.95, 1.0), width=(4.5, 6.5), grain=(0.85, 1.0), retrace=0.3, chord=0.3),
    "loops": Style(slash=1.0, loops=("oval", "partial", "scribble"), smudges=(1, 4), chord=0.3),
    "ink": Style(pressure=(0.9, 1.0), width=(1.4, 2.2), grain=(0.95, 1.0), colours="ink", chord=0.5,
                 flat=0.2, over=0.2, retrace=0.2, slash=0.5, loops=("oval", "partial", "round")),
}
HELD_OUT = "ink"
TUNING = tuple(s for s in STYLES if s != HELD_OUT)
INKS = ((140, 60, 20), (40, 35, 30), (120, 40, 40))  # ballpoint blue, black, navy (BGR)


class StyledPencil(Pencil):
    """A Pencil that draws in a Style."""

    def __init__(self, rng: np.random.Generator, shape: tuple[int, int], scale: float, style: Style):
        super().__init__(rng, shape, scale)
        self.style = style
        self.width = rng.uniform(*style.width)
        self.pressure = rng.uniform(*style.pressure)

    def _maybe_retrace(self, pts: np.ndarray, size: float) -> None:
        self.stroke(pts)
        if self.rng.random() < self.style.retrace:
            drift = self.rng.normal(0, 0.02 * size, 2)
            self.stroke(pts + drift + self.wobble(len(pts), 0.01 * size)[:, None])

    def path(self, box: list[int], path: str) -> None:
        x0, y0, x1, y1 = box
        s = x1 - x0
        st, rng = self.style, self.rng
        ends = rng.random()
        if ends < st.short:
            lo, hi = rng.uniform(0.06, 0.14), 1 - rng.uniform(0.06, 0.14)
        elif ends < st.short + st.over:
            lo, hi = -rng.uniform(0.06, 0.14), 1 + rng.uniform(0.06, 0.14)
        else:
            lo, hi = -rng.uniform(0.0, 0.04), 1 + rng.uniform(0.0, 0.04)
        t = np.linspace(lo, hi, 60)
        bend = 1.0
        if path not in ("NS", "EW"):
            shape = rng.random()
            bend = 0.0 if shape < st.chord else rng.uniform(0.35, 0.7) if shape < st.chord + st.flat else 1.0
        radius = 0.5 * (1 + rng.uniform(-0.08, 0.08))
        uv, normal = path_points(path, t, radius=radius, bend=bend)
        shift = self.wobble(len(t), 0.018 if bend > 0 else 0.012) + rng.uniform(-0.025, 0.025)
        uv = uv + normal * shift[:, None]
        self._maybe_retrace(np.stack([x0 + uv[:, 0] * s, y0 + uv[:, 1] * s], axis=1), s)

    def cross(self, box: list[int], single: bool = False) -> None:
        single = single or self.rng.random() < self.style.slash
        if not single or self.rng.random() < 0.5:
            return super().cross(box, single=single)
        # the other slash direction: bottom left to top right
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        j = lambda: self.rng.uniform(-0.12, 0.12)  # noqa: E731
        start = np.array([x0 + j() * w, y1 + j() * h])
        end = np.array([x1 + j() * w, y0 + j() * h])
        pts = start + (end - start) * np.linspace(0, 1, 12)[:, None]
        pts += self.wobble(12, 0.03 * w)[:, None] * np.array([[0.7, 0.7]])
        self.stroke(pts)

    def loop(self, box: list[int]) -> None:
        kind = self.style.loops[self.rng.integers(len(self.style.loops))]
        if kind == "round":
            return super().loop(box)
        x0, y0, x1, y1 = box
        a, b = (x1 - x0) / 2, (y1 - y0) / 2
        rng = self.rng
        cx = (x0 + x1) / 2 + rng.uniform(-0.12, 0.12) * a
        cy = (y0 + y1) / 2 + rng.uniform(-0.12, 0.12) * b
        start = rng.uniform(0, 2 * np.pi)
        if kind == "oval":  # wide and flat, or narrow and tall
            ra, rb = a * rng.uniform(1.3, 1.8), b * rng.uniform(1.3, 1.85)
            turn, n = rng.uniform(0.97, 1.1), 60
        elif kind == "partial":  # a circle left open
            ra, rb = a * rng.uniform(1.35, 1.6), b * rng.uniform(1.4, 1.7)
            turn, n = rng.uniform(0.8, 0.9), 50
        else:  # scribble: two turns, radius wandering
            ra, rb = a * rng.uniform(1.3, 1.55), b * rng.uniform(1.35, 1.6)
            turn, n = rng.uniform(1.7, 2.2), 120
        th = start + np.linspace(0, 2 * np.pi * turn, n)
        rr = 1 + self.wobble(n, 0.05 if kind == "scribble" else 0.035)
        pts = np.stack([cx + ra * rr * np.cos(th), cy + rb * rr * np.sin(th)], axis=1)
        self._maybe_retrace(pts, 2 * a)

    def smudge(self, box: list[int]) -> None:
        """An erased stroke: the ghost of a path, wide and faint."""
        x0, y0, x1, y1 = box
        s = x1 - x0
        path = C.PATHS[self.rng.integers(6)]
        uv, _ = path_points(path, np.linspace(0.1, 0.9, 30))
        pts = np.stack([x0 + uv[:, 0] * s, y0 + uv[:, 1] * s], axis=1)
        layer = np.zeros_like(self.alpha)
        p = np.round(pts * self.scale * 16).astype(np.int32)
        cv2.polylines(layer, [p], False, 1.0, max(1, round(self.width * 2.5 * self.scale)), cv2.LINE_AA, shift=4)
        layer = cv2.GaussianBlur(layer, (0, 0), 2.0 * self.scale)
        level = self.rng.uniform(0.05, 0.1)
        np.maximum(self.alpha, layer * level, out=self.alpha)


def draw_styled(rng: np.random.Generator, geo: dict[str, Any], truth: dict[str, Any], shape: tuple[int, int],
                scale: float, style: Style) -> np.ndarray:
    """The pencil layer (0..1) of a finished sheet drawn in a style."""
    pen = StyledPencil(rng, shape, scale, style)
    for r, row in enumerate(truth["proposal"]["grid"]):
        for c, cell in enumerate(row):
            if ":" in cell:
                pen.path(geo["cells"][r][c]["box"], cell.split(":")[1])
    boxes = {(h["cell"][0], h["cell"][1], h["index"]): h["box"] for h in geo["houses"]}
    for r, c, i in truth["marks"]["houses"]:
        pen.cross(boxes[(r, c, i)])
    boxes = {(f["cell"][0], f["cell"][1], f["index"]): f["box"] for f in geo["floors"]}
    for r, c, i in truth["marks"]["floors"]:
        pen.cross(boxes[(r, c, i)])
    for i in truth["marks"]["trees"]:
        pen.cross(geo["trees"][i]["box"])
    for name, entries in geo["tracks"].items():
        by_value = {e["value"]: e["box"] for e in entries}
        for value in truth["proposal"].get(name, []):
            pen.loop(by_value[value])
        for value in truth["marks"]["crossed_values"].get(name, []):
            pen.cross(by_value[value])
    # erased marks only where nothing is drawn: a ghost under a line is no test
    empty = [geo["cells"][r][c]["box"] for r, row in enumerate(truth["proposal"]["grid"])
             for c, cell in enumerate(row) if ":" not in cell and cell != "house"]
    for _ in range(rng.integers(style.smudges[0], style.smudges[1] + 1)):
        if empty:
            pen.smudge(empty[rng.integers(len(empty))])
    return pen.alpha


def ink_onto(rng: np.random.Generator, blank: np.ndarray, alpha: np.ndarray, edition: str,
             style: Style) -> np.ndarray:
    """The blank with the stroke layer laid on it in the style's colour (float BGR)."""
    small = (blank.shape[1] // 2, blank.shape[0] // 2)
    grain = cv2.resize(rng.uniform(*style.grain, small[::-1]).astype(np.float32), (blank.shape[1], blank.shape[0]),
                       interpolation=cv2.INTER_NEAREST)
    alpha = alpha * grain
    palette = INKS if style.colours == "ink" else PENCILS[edition]
    colour = np.array(palette[rng.integers(len(palette))], np.float32)
    out = blank.astype(np.float32)
    return out * (1 - alpha[..., None]) + colour * alpha[..., None]


def styled_case(seed: int, style: str, *, layout: str | None = None, out_size: tuple[int, int] | None = None,
                quality: tuple[int, int] = (60, 95), noise: tuple[float, float] = (1.5, 5.0),
                frame: tuple[int, int] = FULL_SIZE) -> tuple[bytes, dict[str, Any]]:
    """One photo of one of the project's sheets drawn in `style`, and its truth
    (the same shape as doodle_photos.make_case's)."""
    from companion.games.doodle_china.layouts import get_layout

    rng = np.random.default_rng([seed, list(STYLES).index(style)])
    layout = layout or ("suzhou-v1" if rng.random() < 0.5 else "shanghai-v1")
    player = NAMES[rng.integers(len(NAMES))]
    match = str(rng.integers(1, 500)) if rng.random() < 0.5 else None
    truth = random_truth(rng, layout)
    blank = _blank(layout, player, match)
    edition = layout.split("-")[0]
    geo = sheet_geometry(get_layout(layout))
    from doodle_photos import RENDER_SCALE

    alpha = draw_styled(rng, geo, truth, blank.shape[:2], RENDER_SCALE, STYLES[style])
    sheet = ink_onto(rng, blank, alpha, edition, STYLES[style])
    sheet = np.clip(sheet * (rng.uniform(232, 252) / 255.0), 0, 255).astype(np.uint8)
    if rng.random() < 0.4:
        frame = frame[::-1]
    img, info = photograph(rng, sheet, frame, noise=noise)
    if out_size is not None:
        target = out_size if frame[0] >= frame[1] else out_size[::-1]
        img = cv2.resize(img, target, interpolation=cv2.INTER_AREA)
    orientation = int(rng.choice([1, 3, 6, 8]))
    q = int(rng.integers(quality[0], quality[1] + 1))
    data = encode(img, orientation, q)
    expected = {"proposal": truth["proposal"],
                "sheet": {"game": "doodle-china", "edition": edition, "layout": layout,
                          "player": player, "match": match},
                "marks": {k: v for k, v in truth["marks"].items() if k != "crossed_values"},
                "photo": {"seed": seed, "style": style, "orientation": orientation, "quality": q,
                          "size": list(img.shape[1::-1]), **info}}
    return data, expected


def with_style(style: str, **changes: Any) -> Style:
    """A named style with some fields changed (tests)."""
    return replace(STYLES[style], **changes)
