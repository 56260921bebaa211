"""Faint pencil on our own printed sheets (markers and QR code): the least ink
of a house's or tree's cross comes from the sheet's clearly clean boxes
(marks.noise_floor), as on a taught sheet, not the fixed MARK_MIN_INK, which
a faint pencil's cross (0.012-0.015 over a house, 0.006-0.0075 over a tree)
does not reach. And paths are judged on the paper only (template points over
the print are holes): the printed model's error over a skyscraper's labels
passed a faint pencil's ink threshold and read as a turn. Generated 12 MP
photos, faint style, dev seeds."""

from __future__ import annotations

import pytest
from doodle_compare import compare
from doodle_styles import styled_case

from companion.photos.game_data import game_data
from vision.doodle_china.reader import read_sheet


@pytest.mark.parametrize(("seed", "fields"), [
    pytest.param(640000, ("houses", "trees"), id="faint-house-cross-640000"),
    pytest.param(640008, ("houses", "trees"), id="faint-house-and-two-trees-640008"),
    pytest.param(640011, ("cells",), id="no-turn-from-a-skyscrapers-print-640011"),
])
def test_a_faint_pencil_on_our_own_sheet_is_read(seed: int, fields: tuple[str, ...]) -> None:
    data, expected = styled_case(seed, "faint")
    counts = compare(read_sheet(data, **game_data("doodle-china")), expected)
    assert {f: counts[f] for f in fields} == {f: (counts[f][1], counts[f][1]) for f in fields}
