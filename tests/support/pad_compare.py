"""Score a reading through a template against a pad photo's truth (tests and
bench/read_pad.py). The template's houses, floors and values are its own
(found, not given), so they are matched to the truth by place and value."""

from __future__ import annotations

from typing import Any


def _centre(box: list[float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _nearest(box: list[float], items: list[dict[str, Any]]) -> dict[str, Any] | None:
    cx, cy = _centre(box)
    best, dist = None, float("inf")
    for it in items:
        x, y = _centre(it["box"])
        d = (x - cx) ** 2 + (y - cy) ** 2
        if d < dist:
            best, dist = it, d
    return best


def template_values(template: dict[str, Any], truth_geo: dict[str, Any]) -> tuple[int, int]:
    """Printed values the template read right (the pad's own, in order)."""
    right = total = 0
    for name, entries in truth_geo["tracks"].items():
        got = [e["value"] for e in template["tracks"].get(name, [])]
        want = [e["value"] for e in entries]
        total += len(want)
        right += sum(g == w for g, w in zip(got, want, strict=False))
    return right, total


def compare_pad(reading: Any | None, expected: dict[str, Any], template: dict[str, Any],
                scale: float) -> dict[str, tuple[int, int]]:
    """(right, total) per field. `scale`: template pixels per pad pixel (the
    template's grid over the pad's), to match houses and floors by place."""
    geo = expected["geometry"]
    truth = expected["proposal"]
    marks = expected["marks"]
    n = len(geo["cells"])
    out: dict[str, tuple[int, int]] = {}
    got = reading.proposal if reading is not None else None
    details = reading.details if reading is not None else {}
    out["cells"] = (sum(got is not None and got["grid"][r][c] == truth["grid"][r][c]
                        for r in range(n) for c in range(n)), n * n)
    g0 = template["grid"][:2]
    p0 = geo["cells"][0][0]["box"][:2]

    def to_pad(box: list[float]) -> list[float]:
        return [(box[0] - g0[0]) / scale + p0[0], (box[1] - g0[1]) / scale + p0[1],
                (box[2] - g0[0]) / scale + p0[0], (box[3] - g0[1]) / scale + p0[1]]

    def by_place(kind: str, found_key: str, truth_set: set) -> tuple[int, int]:
        items = [i for i in geo[kind] if not i.get("printed_crossed")]
        if reading is None:
            return 0, len(items)
        found = {tuple(x) for x in details.get(found_key, [])}
        tmpl = {(i["cell"][0], i["cell"][1], i["index"]): i for i in template[kind]}
        crossed_places = []
        for key in found:
            if key in tmpl:
                crossed_places.append(_nearest(to_pad(tmpl[key]["box"]), items))
        right = 0
        for it in items:
            yes = any(c is it for c in crossed_places)
            right += yes == ((it["cell"][0], it["cell"][1], it["index"]) in truth_set)
        return right, len(items)

    out["houses"] = by_place("houses", "houses", {tuple(x) for x in marks["houses"]})
    out["floors"] = by_place("floors", "floors", {tuple(x) for x in marks["floors"]})
    trees = set(marks["trees"])
    found_trees = set(details.get("trees", [])) if reading is not None else set()
    out["trees"] = (sum((i in trees) == (i in found_trees) for i in range(len(geo["trees"])))
                    if reading is not None else 0, len(geo["trees"]))
    right = total = 0
    for name, entries in geo["tracks"].items():
        for e in entries:
            total += 1
            right += got is not None and ((e["value"] in truth[name]) == (e["value"] in got.get(name, [])))
    out["values"] = (right, total)
    return out
