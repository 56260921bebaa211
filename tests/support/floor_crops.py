"""Floor boxes cut round one skyscraper square of a dev photo of our own
sheet (fixtures/doodle-china-floors: the floor pencil map, float16, with the
square's floor boxes, its road and the photo's pencil level):
floors.road_floor_excess on the cut gives what it gives on the whole map."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from vision.doodle_china import constants as C
from vision.doodle_china import floors

FLOORS = Path(__file__).resolve().parents[2] / "fixtures" / "doodle-china-floors"


def own_box_excess(fixture: str, photo: str, index: int, *stroke_min: float) -> tuple[float | None, float]:
    """The excess of box `index` of `photo` in `fixture` (None: left to the
    plain measure; 0.0: wiped as clean) and the photo's pencil level;
    `stroke_min`, given, is road_floor_excess' least darkest ink."""
    data = np.load(FLOORS / fixture)
    pencil = float(data[f"{photo}-pencil"])
    floor = [{"cell": [0, 0], "index": i, "box": list(b)} for i, b in enumerate(data[f"{photo}-boxes"])]
    cells = [[{"kind": "skyscraper", "box": list(data[f"{photo}-cell"])}]]
    path = str(data[f"{photo}-path"])
    grid = [["skyscraper" + (f":{path}" if path else "")]]
    got = floors.road_floor_excess(data[f"{photo}-map"].astype(np.float32), floor, grid, cells, C.WORK_SCALE,
                                   pencil, True, *stroke_min)[index]
    return got, pencil
