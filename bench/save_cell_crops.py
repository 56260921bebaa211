"""Cut grid cells from kept bench photos of our own sheet with a faint pencil
into a fixture (fixtures/doodle-china-cells/NAME.npz), as
tests/support/cell_crops.py reads them back: per photo, each cell's pencil
map and modelled print as the reader's own-faint road rules see them
(cells.own_faint_paths' inputs), with a margin round the cell for the ghost
rules' cuts; its box and floor-box holes in the cut, the true path and the
photo's pencil level.

    .venv/bin/python bench/save_cell_crops.py NAME FOLDER[,FOLDER...] SEED:R,C[;R,C...] ...

FOLDERs are `bench/read_photo.py --keep` folders (faint style, any --size).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.photos.game_data import game_data  # noqa: E402
from vision.doodle_china import cells  # noqa: E402
from vision.doodle_china.reader import read_sheet  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "doodle-china-cells"
MARGIN = 0.28  # of the cell's side round each cut: the ghost rules look +-GHOST_SPAN (0.2) across


def own_faint_inputs(jpg: Path) -> dict[str, Any]:
    """cells.own_faint_paths' arguments for one photo (it must take them: a
    pencil under own_path_constants.OWN_FAINT_PATH_PENCIL)."""
    seen: dict[str, Any] = {}
    real = cells.own_faint_paths

    def spy(pencil_only, print_smooth, boxes, holes, pencil, setup):  # type: ignore[no-untyped-def]
        seen.update(ink=pencil_only, print=print_smooth, boxes=boxes, holes=holes, pencil=pencil)
        return real(pencil_only, print_smooth, boxes, holes, pencil, setup)

    cells.own_faint_paths = spy
    try:
        read_sheet(jpg.read_bytes(), **game_data("doodle-china"))
    finally:
        cells.own_faint_paths = real
    if not seen:
        raise SystemExit(f"{jpg.name}: not read by the own-faint road rules")
    return seen


def cut(jpg: Path, wanted: list[tuple[int, int]]) -> dict[str, np.ndarray]:
    """The fixture's arrays for one photo's `wanted` cells (row, column)."""
    seen = own_faint_inputs(jpg)
    truth = json.loads(jpg.with_suffix(".json").read_text())["proposal"]["grid"]
    drawable = [(r, c) for r, row in enumerate(truth) for c, cell in enumerate(row) if cell != "house"]
    boxes = seen["boxes"]
    side = max(float(boxes[0][2] - boxes[0][0]), float(boxes[0][3] - boxes[0][1]))
    m = int(np.ceil(MARGIN * side))
    size = int(np.ceil(side)) + 2 * m + 1
    inks, prints, cut_boxes, holes = [], [], [], []
    for rc in wanted:
        i = drawable.index(rc)
        x0, y0 = int(boxes[i][0]) - m, int(boxes[i][1]) - m
        inks.append(seen["ink"][y0:y0 + size, x0:x0 + size])
        prints.append(seen["print"][y0:y0 + size, x0:x0 + size])
        cut_boxes.append(boxes[i] - [x0, y0, x0, y0])
        holes.append([[h[0] - x0, h[1] - y0, h[2] - x0, h[3] - y0] for h in seen["holes"][i]])
    seed = jpg.name.split("-")[1]
    return {f"{seed}-ink": np.asarray(inks, np.float16), f"{seed}-print": np.asarray(prints, np.float16),
            f"{seed}-boxes": np.asarray(cut_boxes, np.float32), f"{seed}-holes": np.array(json.dumps(holes)),
            f"{seed}-truth": np.array([truth[r][c].split(":")[1] if ":" in truth[r][c] else "" for r, c in wanted]),
            f"{seed}-cells": np.array(wanted, np.int64), f"{seed}-pencil": np.float32(seen["pencil"])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("name", help="fixture name (no .npz)")
    parser.add_argument("folders", help="bench/read_photo.py --keep folders, comma separated")
    parser.add_argument("cells", nargs="+", help="SEED:R,C[;R,C...]")
    args = parser.parse_args()
    arrays: dict[str, np.ndarray] = {}
    for spec in args.cells:
        seed, where = spec.split(":")
        wanted = [tuple(int(v) for v in rc.split(",")) for rc in where.split(";")]
        jpg = next(p for f in args.folders.split(",") for p in Path(f).glob(f"case-{seed}-faint*.jpg"))
        arrays.update(cut(jpg, wanted))  # type: ignore[arg-type]
    out = FIXTURES / f"{args.name}.npz"
    np.savez_compressed(out, **arrays)
    print(f"{out}: {out.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
