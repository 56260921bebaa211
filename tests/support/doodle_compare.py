"""Compare a reading with a case's truth, field by field (tests and benchmark)."""

from __future__ import annotations

from typing import Any

from companion.games.doodle_china.layouts import get_layout
from vision.doodle_china.sheet import sheet_geometry

FIELDS = ("cells", "houses", "floors", "trees", "values", "sheet")


def compare(reading: Any | None, expected: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """(right, total) per field; a reading of None (an error) gets nothing right.

    cells: every grid square; houses / floors / trees: every box a player may
    cross (crossed or not); values: every printed score value (circled or not);
    sheet: the QR identity (game, edition, layout, player, match) as one.
    """
    layout = get_layout(expected["sheet"]["layout"])
    geo = sheet_geometry(layout)
    truth = expected["proposal"]
    marks = expected["marks"]
    out: dict[str, tuple[int, int]] = {}
    got = reading.proposal if reading is not None else None
    details = reading.details if reading is not None else {}

    cells = [(r, c) for r in range(layout["rows"]) for c in range(layout["cols"])]
    out["cells"] = (sum(got is not None and got["grid"][r][c] == truth["grid"][r][c] for r, c in cells),
                    len(cells))

    def boxes(items: list[dict[str, Any]], key: Any, truth_set: set, found: set) -> tuple[int, int]:
        if reading is None:
            return 0, len(items)
        return sum((key(i) in truth_set) == (key(i) in found) for i in items), len(items)

    free = [h for h in geo["houses"] if not h["printed_crossed"]]
    cell_key = lambda i: (i["cell"][0], i["cell"][1], i["index"])  # noqa: E731
    out["houses"] = boxes(free, cell_key, {tuple(x) for x in marks["houses"]},
                          {tuple(x) for x in details.get("houses", [])})
    out["floors"] = boxes(geo["floors"], cell_key, {tuple(x) for x in marks["floors"]},
                          {tuple(x) for x in details.get("floors", [])})
    out["trees"] = boxes(geo["trees"], lambda i: i["index"], set(marks["trees"]), set(details.get("trees", [])))
    right = total = 0
    for name, entries in geo["tracks"].items():
        for e in entries:
            total += 1
            right += got is not None and ((e["value"] in truth[name]) == (e["value"] in got.get(name, [])))
    out["values"] = (right, total)
    out["sheet"] = (int(reading is not None and reading.sheet == expected["sheet"]), 1)
    return out


def all_right(counts: dict[str, tuple[int, int]]) -> bool:
    """Every field of the sheet read right."""
    return all(r == t for r, t in counts.values())
