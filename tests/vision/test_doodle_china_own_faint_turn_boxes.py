"""Floor boxes by a turning road on our own sheets with a faint pencil: the
floor pencil map (read_marks' floor_pencil, float16) cut round one
skyscraper square of a dev photo, with its floor boxes, its road and the
photo's pencil level (fixtures/doodle-china-floors; own faint dev
655000-655079, 655500-655579 at 12 MP). floors.road_floor_excess on the cut
gives what it gives on the whole map; None leaves a box to the plain
measure (no road through it), which reads these crosses."""

from __future__ import annotations

import pytest
from floor_crops import own_box_excess

from vision.doodle_china import constants as C


@pytest.mark.parametrize("photo,index,want", [
    ("655048-23", 2, "crossed"),  # fails on base (-0.00): its '\' slash taken for a way of the S-E arc
    ("655048-23", 0, "crossed"),
    ("655518-31", 0, "crossed"),  # a cross over an S-E turn through the box (0.59 of the pencil)
    ("655518-31", 2, "crossed"),
    ("655577-23", 2, "crossed"),  # 0.36
    ("655531-05", 2, "clean"),
], ids=["slash-off-the-arc", "x-off-the-arc", "x-over-turn-box0", "x-over-turn-box2", "faint-x-over-turn",
        "clean-by-turn"])
def test_own_faint_floor_boxes_by_a_turn(photo, index, want):
    got, pencil = own_box_excess("own-faint-turn-boxes.npz", photo, index)
    mid = (C.MARK_YES["floor"] + C.MARK_NO["floor"]) / 2  # where the reader's decision turns
    if want == "crossed":
        assert got is None or got / pencil >= mid, got
    else:
        assert got is not None and got / pencil < mid, got
