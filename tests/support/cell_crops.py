"""Grid cells cut from dev photos of our own sheet with a faint pencil
(fixtures/doodle-china-cells: per photo, each cell's pencil map and modelled
print, float16, with a margin round the cell; its box and floor-box holes in
the cut, the true path and the photo's pencil level), laid side by side:
the path rules read the cut cells as they read them on the whole sheet."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from vision.doodle_china import cells
from vision.doodle_china import constants as C

CELLS = Path(__file__).resolve().parents[2] / "fixtures" / "doodle-china-cells"


@dataclass
class Mosaic:
    """The photo's cut cells side by side, in the reader's work pixels."""

    ink: np.ndarray  # pencil map (the print taken out)
    print: np.ndarray  # the modelled print, lightly blurred
    boxes: np.ndarray  # (cells, 4)
    holes: list[list[list[float]]]
    truth: list[str | None]
    where: list[tuple[int, int]]  # each cell's row and column on the sheet
    pencil: float

    def profiles(self) -> np.ndarray:
        """The own-faint profiles: judged on the paper only (cells.own_faint_paths)."""
        return cells.path_profiles(np.where(self.print >= C.OWN_FAINT_PRINT, -np.inf, self.ink), self.boxes,
                                   self.holes)

    def index(self, cell: tuple[int, int]) -> int:
        return self.where.index(cell)


def mosaic(fixture: str, photo: str) -> Mosaic:
    """`photo`'s cells in `fixture`, laid left to right."""
    data = np.load(CELLS / fixture)
    ink, printed = data[f"{photo}-ink"].astype(np.float32), data[f"{photo}-print"].astype(np.float32)
    n, h, w = ink.shape
    boxes = data[f"{photo}-boxes"].astype(np.float64) + np.array([[w, 0, w, 0]]) * np.arange(n)[:, None]
    holes = [[[x0 + k * w, y0, x1 + k * w, y1] for x0, y0, x1, y1 in cell]
             for k, cell in enumerate(json.loads(str(data[f"{photo}-holes"])))]
    return Mosaic(np.concatenate(list(ink), axis=1), np.concatenate(list(printed), axis=1), boxes, holes,
                  [str(t) or None for t in data[f"{photo}-truth"]],
                  [(int(r), int(c)) for r, c in data[f"{photo}-cells"]], float(data[f"{photo}-pencil"]))
