"""A plausible finished sheet and a shaky pencil to draw it (for the photo
generator): the truth is chosen first, then drawn the way a hand would."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from companion.games.doodle_china.layouts import SETUP_KIND, get_layout
from vision.doodle_china import constants as C
from vision.doodle_china.cells import path_points

# Graphite colours (BGR): Suzhou is played with blue pencils, Shanghai with black.
PENCILS = {"suzhou": ((150, 85, 40), (170, 110, 60), (120, 70, 50)),
           "shanghai": ((60, 60, 62), (80, 78, 75), (45, 45, 50))}
NAMES = ("Ana", "Ben", "Chen Wei", "Dara", "Émile", "Fatima", "Gus", None, None)


def random_truth(rng: np.random.Generator, layout_name: str) -> dict[str, Any]:
    """A finished sheet a real player could have: proposal + the marks behind it."""
    layout = get_layout(layout_name)
    edition = layout["edition"]
    fill = rng.uniform(0.45, 0.95)
    grid = []
    for row in layout["cells"]:
        out = []
        for kind in row:
            if kind == "house" or (kind != SETUP_KIND[edition] and rng.random() > fill):
                out.append(kind)
            else:
                out.append(f"{kind}:{C.PATHS[rng.integers(6)]}")
        grid.append(out)
    houses = []
    for spec in layout["houses"]:
        free = list(range(spec["printed_crossed"], spec["count"]))
        for index in free[: rng.integers(0, len(free) + 1)]:
            houses.append([*spec["cell"], index])
    floors = []
    if "skyscraper_floors" in layout:
        for r, row in enumerate(layout["cells"]):
            for c, kind in enumerate(row):
                if kind == "skyscraper":
                    floors += [[r, c, i] for i in range(rng.integers(0, 4))]
    n_trees = int(min(layout["trees"], rng.geometric(0.25) - 1))
    trees = sorted(rng.choice(layout["trees"], size=n_trees, replace=False).tolist())

    def drawn(kind: str) -> int:
        return sum(cell.startswith(kind + ":") for row in grid for cell in row)

    def pick(values: list[int], most: int) -> list[int]:
        k = int(rng.integers(0, max(0, min(most, len(values))) + 1))
        return sorted(rng.choice(values, size=k, replace=False).tolist()) if k else []

    tracks = layout["tracks"]
    proposal: dict[str, Any] = {"grid": grid, "hotels": pick(tracks["hotels"], drawn("hotel"))}
    crossed: dict[str, list[int]] = {}
    if edition == "suzhou":
        proposal["shops"] = pick(tracks["shops"], drawn("shop"))
        proposal["shop_bonuses"] = pick(tracks["shop_bonuses"], 2)
        rest = [v for v in tracks["shop_bonuses"] if v not in proposal["shop_bonuses"]]
        crossed["shop_bonuses"] = pick(rest, 2)
    else:
        proposal["skyscrapers"] = pick(tracks["skyscrapers"], drawn("skyscraper"))
        for name in ("hotels", "skyscrapers"):
            rest = [v for v in tracks[name] if v not in proposal[name]]
            crossed[name] = pick(rest, 6)
    proposal["trees_crossed"] = n_trees
    return {"proposal": proposal,
            "marks": {"houses": houses, "floors": floors, "trees": trees, "crossed_values": crossed}}


class Pencil:
    """Draws strokes into an ink layer (0 paper .. 1 full graphite) at a scale."""

    def __init__(self, rng: np.random.Generator, shape: tuple[int, int], scale: float):
        self.rng, self.scale = rng, scale
        self.alpha = np.zeros(shape, np.float32)
        self.width = rng.uniform(2.2, 4.2)
        self.pressure = rng.uniform(0.55, 0.95)

    def stroke(self, pts: np.ndarray, strength: float = 1.0) -> None:
        """One pencil stroke through points given in sheet pixels (scale 1)."""
        layer = np.zeros_like(self.alpha)
        p = np.round(pts * self.scale * 16).astype(np.int32)
        thick = max(1, round(self.width * self.scale * self.rng.uniform(0.85, 1.15)))
        cv2.polylines(layer, [p], False, 1.0, thick, cv2.LINE_AA, shift=4)
        level = self.pressure * strength * self.rng.uniform(0.85, 1.1)
        np.maximum(self.alpha, layer * min(level, 1.0), out=self.alpha)

    def wobble(self, n: int, amplitude: float) -> np.ndarray:
        """A slow sideways drift of a hand along n points."""
        t = np.linspace(0, 1, n)
        out = np.zeros(n)
        for k in range(1, 4):
            out += self.rng.normal(0, amplitude / k) * np.sin(np.pi * k * t + self.rng.uniform(0, 2 * np.pi))
        return np.clip(out, -1.6 * amplitude, 1.6 * amplitude)

    def path(self, box: list[int], path: str) -> None:
        """A riverway/road joining two sides of a cell, by hand."""
        x0, y0, x1, y1 = box
        s = x1 - x0
        t = np.linspace(-self.rng.uniform(0.0, 0.04), 1 + self.rng.uniform(0.0, 0.04), 60)
        radius = 0.5 * (1 + self.rng.uniform(-0.08, 0.08))
        uv, normal = path_points(path, t, radius=radius)
        shift = self.wobble(len(t), 0.018) + self.rng.uniform(-0.025, 0.025)
        uv = uv + normal * shift[:, None]
        self.stroke(np.stack([x0 + uv[:, 0] * s, y0 + uv[:, 1] * s], axis=1))

    def cross(self, box: list[int], single: bool = False) -> None:
        """An X (or one stroke) over a house, tree, floor or value."""
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        j = lambda: self.rng.uniform(-0.12, 0.12)  # noqa: E731
        for k, (a, b) in enumerate((((0, 0), (1, 1)), ((0, 1), (1, 0)))):
            if single and k == 1:
                break
            start = np.array([x0 + (a[0] + j()) * w, y0 + (a[1] + j()) * h])
            end = np.array([x0 + (b[0] + j()) * w, y0 + (b[1] + j()) * h])
            t = np.linspace(0, 1, 12)[:, None]
            pts = start + (end - start) * t
            pts += self.wobble(12, 0.03 * w)[:, None] * np.array([[0.7, -0.7]])
            self.stroke(pts)

    def loop(self, box: list[int]) -> None:
        """A loop drawn around a printed value."""
        x0, y0, x1, y1 = box
        a, b = (x1 - x0) / 2, (y1 - y0) / 2
        cx = (x0 + x1) / 2 + self.rng.uniform(-0.1, 0.1) * a
        cy = (y0 + y1) / 2 + self.rng.uniform(-0.1, 0.1) * b
        ra, rb = a * self.rng.uniform(1.35, 1.6), b * self.rng.uniform(1.4, 1.68)
        start = self.rng.uniform(0, 2 * np.pi)
        th = start + np.linspace(0, 2 * np.pi * self.rng.uniform(0.96, 1.08), 60)
        rr = 1 + self.wobble(60, 0.035)
        self.stroke(np.stack([cx + ra * rr * np.cos(th), cy + rb * rr * np.sin(th)], axis=1))

    def smudge(self, box: list[int]) -> None:
        """A faint graphite smear (an erased stroke): must read as nothing."""
        x0, y0, x1, y1 = box
        pts = np.array([[self.rng.uniform(x0, x1), self.rng.uniform(y0, y1)] for _ in range(2)])
        self.stroke(pts, strength=0.12)


def draw_truth(rng: np.random.Generator, geo: dict[str, Any], truth: dict[str, Any], shape: tuple[int, int],
               scale: float) -> np.ndarray:
    """The pencil layer (0..1) of a finished sheet, at `scale` of the 150 dpi sheet."""
    pen = Pencil(rng, shape, scale)
    for r, row in enumerate(truth["proposal"]["grid"]):
        for c, cell in enumerate(row):
            if ":" in cell:
                pen.path(geo["cells"][r][c]["box"], cell.split(":")[1])
    boxes = {(h["cell"][0], h["cell"][1], h["index"]): h["box"] for h in geo["houses"]}
    for r, c, i in truth["marks"]["houses"]:
        pen.cross(boxes[(r, c, i)], single=rng.random() < 0.2)
    boxes = {(f["cell"][0], f["cell"][1], f["index"]): f["box"] for f in geo["floors"]}
    for r, c, i in truth["marks"]["floors"]:
        pen.cross(boxes[(r, c, i)], single=rng.random() < 0.3)
    for i in truth["marks"]["trees"]:
        pen.cross(geo["trees"][i]["box"], single=rng.random() < 0.2)
    for name, entries in geo["tracks"].items():
        by_value = {e["value"]: e["box"] for e in entries}
        for value in truth["proposal"].get(name, []):
            pen.loop(by_value[value])
        for value in truth["marks"]["crossed_values"].get(name, []):
            pen.cross(by_value[value], single=rng.random() < 0.3)
    for _ in range(rng.integers(0, 4)):
        row = geo["cells"][rng.integers(len(geo["cells"]))]
        pen.smudge(row[rng.integers(len(row))]["box"])
    return pen.alpha
