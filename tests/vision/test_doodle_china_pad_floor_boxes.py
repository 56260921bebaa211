"""Floor boxes of Shanghai pad photos read through a template: the floor
pencil map (read_marks' floor_pencil, the print taken out, float16) cut
round one skyscraper square of a dev photo, with its three floor boxes,
its road and the photo's pencil level (fixtures/doodle-china-floors; dev
template reads 717001-717840, and 741001-747040 through templates taught
from other blanks (741501-741504), the marks drawn by the photo generator).
floors.road_floor_excess on the cut gives what it gives on the whole map."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import floors

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "doodle-china-floors" / "pad-floor-boxes.npz"
K = C.WORK_SCALE


@pytest.mark.parametrize("photo,index,want", [
    ("717439-23", 2, "crossed"),  # fails on base (0.07): a '/' slash along an S-E arc's E end
    ("717007-31", 1, "crossed"),  # fails on base (0.09): a '/' slash along an S-E turn
    ("717814-05", 2, "clean"),  # fails on base (0.37): a heavy S-E road bending through the box
    ("717834-23", 2, "clean"),  # an N-E chord grazing the box's corner (its band 0.43 of the pencil)
    ("717234-05", 2, "crossed"),  # an X over an E-W road
    ("717622-54", 1, "clean"),  # a heavy S-E turn over the middle box (its band 0.35)
    ("717622-54", 2, "clean"),
    ("741071-54", 1, "crossed"),  # fails on base (0.02): a '/' along an S-E chord, its band 0.39 of the pencil
    ("741074-23", 1, "crossed"),  # fails on base (-0.06): the same, its band 0.37
    ("747026-05", 1, "clean"),  # an S-E chord over the middle box (its band 0.31)
    ("741046-54", 2, "clean"),  # a heavy S-E turn (its band 0.29)
], ids=["slash-along-arc", "slash-along-turn", "heavy-bend", "chord-grazing-corner", "x-over-road",
        "heavy-turn-middle", "heavy-turn-top", "slash-along-chord-template-2", "slash-along-chord-template-3",
        "chord-over-middle", "heavy-turn-bottom"])
def test_pad_floor_boxes_under_roads(photo, index, want):
    data = np.load(FIXTURE)
    boxes = data[f"{photo}-boxes"]
    path = str(data[f"{photo}-path"])
    pencil = float(data[f"{photo}-pencil"])
    floor = [{"cell": [0, 0], "index": i, "box": list(b)} for i, b in enumerate(boxes)]
    cells = [[{"kind": "skyscraper", "box": list(data[f"{photo}-cell"])}]]
    got = floors.road_floor_excess(data[f"{photo}-map"].astype(np.float32), floor, [[f"skyscraper:{path}"]],
                                   cells, K, pencil)[index]
    assert got is not None
    mid = (C.MARK_YES["floor"] + C.MARK_NO["floor"]) / 2  # where the reader's decision turns
    rel = got / pencil
    assert (rel >= mid) == (want == "crossed"), rel
