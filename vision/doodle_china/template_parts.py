"""What is printed around and inside the grid of a taught sheet: track boxes
(their values are read in template_values.py), trees, houses, floors.

Each finder works on the rectified blank (template pixels) and answers what it
found plus warnings saying what it could not find.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from . import template_constants as T

Box = list[float]


def _inside(pt: tuple[float, float], quad: np.ndarray) -> bool:
    return cv2.pointPolygonTest(quad.astype(np.float32).reshape(-1, 1, 2), (float(pt[0]), float(pt[1])), False) >= 0


def _overlaps(box: Box, other: Box, grow: float = 0.0) -> bool:
    return not (box[2] < other[0] - grow or box[0] > other[2] + grow or
                box[3] < other[1] - grow or box[1] > other[3] + grow)


def closed_boxes(gray: np.ndarray, cell: float) -> list[Box]:
    """Closed, nearly rectangular outlines the size of a value box."""
    binary = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                   max(15, int(cell * 0.3) | 1), 10)
    contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    area_lo, area_hi = T.BOX_AREA[0] * cell * cell, T.BOX_AREA[1] * cell * cell
    found: list[Box] = []
    for cnt in contours:
        x, y, w, h = cv2.boundingRect(cnt)
        if not area_lo <= w * h <= area_hi or not T.BOX_ASPECT[0] <= w / h <= T.BOX_ASPECT[1]:
            continue
        if cv2.contourArea(cnt) < T.BOX_FILL * w * h:
            continue
        found.append([float(x), float(y), float(x + w), float(y + h)])
    # a thick outline gives an outer and an inner contour: keep the inner one
    found.sort(key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
    kept: list[Box] = []
    for b in found:
        if not any(_overlaps(b, k, -2) and _iou(b, k) > 0.5 for k in kept):
            kept.append(b)
    return kept


def _iou(a: Box, b: Box) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def _rows(boxes: list[Box], tolerance: float) -> list[list[Box]]:
    """Boxes in reading order, as rows (top to bottom, each left to right)."""
    rows: list[list[Box]] = []
    for b in sorted(boxes, key=lambda b: (b[1] + b[3]) / 2):
        cy = (b[1] + b[3]) / 2
        if rows and abs(cy - np.mean([(r[1] + r[3]) / 2 for r in rows[-1]])) <= tolerance:
            rows[-1].append(b)
        else:
            rows.append([b])
    return [sorted(r, key=lambda b: b[0]) for r in rows]


def find_track_boxes(gray: np.ndarray, ink: np.ndarray, printed: np.ndarray, grid: Box, layout: dict[str, Any],
                     cell: float, hints: dict[str, np.ndarray]) -> tuple[dict[str, list[Box]], list[str]]:
    """Each track's value boxes, in reading order. Without hints, the boxes
    outside the grid are read row by row and dealt to the tracks in the
    layout's order, each taking as many as the layout has values."""
    warnings: list[str] = []
    boxes = [b for b in closed_boxes(gray, cell) if not _overlaps(b, grid, cell * 0.05)]
    # printed digits inside, on paper (an icon in a box is filled): `printed`
    # has the lighting divided out, a shadow across the boxes is no filling
    boxes = [b for b in boxes if _mean(ink, b, 0.15) >= T.BOX_MIN_INK and _median(printed, b, 0.1) <= T.BOX_FILLED]
    if boxes:
        areas = np.array([(b[2] - b[0]) * (b[3] - b[1]) for b in boxes])
        typical = float(np.median(areas))
        boxes = [b for b, a in zip(boxes, areas, strict=True) if abs(a - typical) <= T.BOX_SIZE_SPREAD * typical]
    out: dict[str, list[Box]] = {}
    if hints:
        # each box to the hinted quadrilateral it lies deepest in (or nearest
        # outside: a tap may be ~3% of the sheet's width off)
        slack = T.HINT_TAP * gray.shape[1]
        mine_by: dict[str, list[Box]] = {name: [] for name in hints}
        for b in boxes:
            centre = (float((b[0] + b[2]) / 2), float((b[1] + b[3]) / 2))
            depth = {name: cv2.pointPolygonTest(q.astype(np.float32).reshape(-1, 1, 2), centre, True)
                     for name, q in hints.items()}
            name, d = max(depth.items(), key=lambda kv: kv[1])
            if d >= -slack:
                mine_by[name].append(b)
        for name, mine in mine_by.items():
            out[name] = [b for row in _rows(mine, _row_tol(mine)) for b in row]
    rest = [b for b in boxes if not any(b in v for v in out.values())]
    ordered = [b for row in _rows(rest, _row_tol(rest)) for b in row]
    rows = _rows(rest, _row_tol(rest))
    want = {name: len(values) for name, values in layout["tracks"].items() if name not in out}
    if sum(want.values()) != len(ordered) and want:
        warnings.append(f"found {len(ordered)} printed score boxes outside the grid, expected "
                        f"{sum(want.values())} ({', '.join(f'{k} {v}' for k, v in want.items())}); "
                        "check the tracks, or mark them on the photo")
    # deal whole rows to each track until it has its count
    queue = [list(r) for r in rows]
    for name, count in want.items():
        got: list[Box] = []
        while queue and len(got) < count:
            row = queue[0]
            take = row[: count - len(got)]
            got += take
            del row[: len(take)]
            if not row:
                queue.pop(0)
            elif len(got) >= count:
                break
        out[name] = got
        if len(got) < count:
            warnings.append(f"{name}: found {len(got)} of {count} printed values")
    return {name: out.get(name, []) for name in layout["tracks"]}, warnings


def _row_tol(boxes: list[Box]) -> float:
    if not boxes:
        return 1.0
    return T.ROW_TOLERANCE * float(np.median([b[3] - b[1] for b in boxes]))


def _mean(ink: np.ndarray, box: Box, inset: float) -> float:
    x0, y0, x1, y1 = box
    dx, dy = (x1 - x0) * inset, (y1 - y0) * inset
    part = ink[int(y0 + dy):int(y1 - dy), int(x0 + dx):int(x1 - dx)]
    return float(part.mean()) if part.size else 0.0


def _median(gray: np.ndarray, box: Box, inset: float) -> float:
    x0, y0, x1, y1 = box
    dx, dy = (x1 - x0) * inset, (y1 - y0) * inset
    part = gray[int(y0 + dy):int(y1 - dy), int(x0 + dx):int(x1 - dx)]
    return float(np.median(part)) if part.size else 0.0


def _components(ink: np.ndarray, threshold: float, close: int = 5) -> tuple[np.ndarray, np.ndarray]:
    binary = (ink > threshold).astype(np.uint8)
    if close > 1:
        binary = cv2.morphologyEx(binary, cv2.MORPH_CLOSE, np.ones((close, close), np.uint8))
    n, labels, stats, centroids = cv2.connectedComponentsWithStats(binary, connectivity=8)
    return stats[1:], centroids[1:]


def find_trees(ink: np.ndarray, grid: Box, taken: list[Box], count: int, cell: float,
               hint: np.ndarray | None) -> tuple[list[dict[str, Any]], list[str]]:
    """The row of `count` repeated icons outside the grid and the track boxes
    (the lowest such row if there are several)."""
    stats, centroids = _components(ink, T.TREE_INK)
    lo, hi = T.TREE_SIZE[0] * cell, T.TREE_SIZE[1] * cell
    cands = []
    for (x, y, w, h, _), (cx, cy) in zip(stats, centroids, strict=True):
        if not (lo <= max(w, h) <= hi and lo * 0.5 <= min(w, h)):
            continue
        box = [float(x), float(y), float(x + w), float(y + h)]
        if _overlaps(box, grid, 2) or any(_overlaps(box, t, 4) for t in taken):
            continue
        if hint is not None and not _inside((cx, cy), hint):
            continue
        cands.append(box)
    rows: list[list[Box]] = []
    for b in sorted(cands, key=lambda b: (b[1] + b[3]) / 2):
        cy = (b[1] + b[3]) / 2
        if rows and abs(cy - np.mean([(r[1] + r[3]) / 2 for r in rows[-1]])) <= T.TREE_ROW * cell:
            rows[-1].append(b)
        else:
            rows.append([b])
    best: list[Box] = []
    for row in rows:
        heights = np.array([b[3] - b[1] for b in row])
        similar = [b for b, hh in zip(row, heights, strict=True)
                   if abs(hh - np.median(heights)) <= T.TREE_SIZE_SPREAD * np.median(heights)]
        if len(similar) == count or (len(best) != count and abs(len(similar) - count) < abs(len(best) - count)):
            best = similar
    warnings = []
    if len(best) != count:
        warnings.append(f"trees: found {len(best)} tree icons in a row, expected {count}; "
                        "mark the row of trees on the photo")
    best.sort(key=lambda b: b[0])
    trees = []
    for i, b in enumerate(best[:count]):
        side = max(b[2] - b[0], b[3] - b[1])
        cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        trees.append({"index": i, "box": [round(cx - side / 2), round(cy - side / 2),
                                          round(cx + side / 2), round(cy + side / 2)]})
    return trees, warnings


def _cell_inner(box: list[int]) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    d = (x1 - x0) * T.CELL_INSET
    return int(x0 + d), int(y0 + d), int(x1 - d), int(y1 - d)


def find_houses(ink: np.ndarray, cells: list[list[dict[str, Any]]],
                layout: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    """The printed houses in each house cell (the layout says how many and how
    many come crossed out: the inkiest are those)."""
    warnings: list[str] = []
    out: list[dict[str, Any]] = []
    for spec in layout.get("houses", []):
        r, c = spec["cell"]
        box = cells[r][c]["box"]
        side = box[2] - box[0]
        x0, y0, x1, y1 = _cell_inner(box)
        stats, _ = _components(ink[y0:y1, x0:x1], T.TREE_INK, close=1)
        found = []
        for x, y, w, h, _area in stats:
            if T.HOUSE_SIZE[0] * side <= max(w, h) <= T.HOUSE_SIZE[1] * side:
                found.append([float(x0 + x), float(y0 + y), float(x0 + x + w), float(y0 + y + h)])
        found.sort(key=lambda b: -(b[2] - b[0]) * (b[3] - b[1]))
        found = found[: spec["count"]]
        if len(found) < spec["count"]:
            warnings.append(f"house square [{r},{c}]: found {len(found)} of {spec['count']} houses")
        density = [_mean(ink, b, 0.1) for b in found]
        order = np.argsort(density)[::-1]
        crossed = set(order[: spec["printed_crossed"]].tolist())
        ranked = sorted(range(len(found)), key=lambda i: (i not in crossed, found[i][1] // (side * 0.25),
                                                          found[i][0]))
        for index, i in enumerate(ranked):
            b = found[i]
            s = max(b[2] - b[0], b[3] - b[1])
            cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
            out.append({"cell": [r, c], "index": index, "printed_crossed": i in crossed,
                        "box": [round(cx - s / 2), round(cy - s / 2), round(cx + s / 2), round(cy + s / 2)]})
    return out, warnings


def _grown(box: list[int], margin: float, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    m = int(round(margin))
    return (max(0, box[0] - m), max(0, box[1] - m), min(shape[1], box[2] + m), min(shape[0], box[3] + m))


def _floor_boxes(sub: np.ndarray, origin: tuple[int, int], side: float, square: np.ndarray, ink: np.ndarray,
                 offset: float) -> list[Box]:
    """Empty, square, closed outlines the size of a floor box whose centres
    lie in the square, bottom first (the order players fill them)."""
    x0, y0 = origin
    binary = cv2.adaptiveThreshold(sub, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                   max(11, int(side * 0.15) | 1), offset)
    contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    found = []
    for cnt in contours:
        x, y, w, h = cv2.boundingRect(cnt)
        if not (T.FLOOR_SIZE[0] * side <= min(w, h) and max(w, h) <= T.FLOOR_SIZE[1] * side):
            continue
        if abs(w - h) > 0.3 * max(w, h) or cv2.contourArea(cnt) < 0.7 * w * h:
            continue
        b = [float(x0 + x), float(y0 + y), float(x0 + x + w), float(y0 + y + h)]
        if not _inside(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), square):
            continue  # a neighbour's, seen through the margin
        if _mean(ink, b, 0.25) > T.FLOOR_EMPTY:
            continue
        found.append(b)
    found.sort(key=lambda b: (b[2] - b[0]) * (b[3] - b[1]))
    kept: list[Box] = []
    for b in found:
        if not any(_iou(b, k) > 0.3 for k in kept):
            kept.append(b)
    kept.sort(key=lambda b: (-b[3], -b[2]))
    return kept


def find_floors(gray: np.ndarray, ink: np.ndarray, cells: list[list[dict[str, Any]]],
                layout: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    """The empty floor boxes (a player adds floors there) in skyscraper cells."""
    if "skyscraper_floors" not in layout:
        return [], []
    extra = layout["skyscraper_floors"]["extra"]
    warnings: list[str] = []
    out: list[dict[str, Any]] = []
    per_cell: list[tuple[tuple[int, int], list[int], list[Box]]] = []
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            if cell["kind"] != "skyscraper":
                continue
            side = cell["box"][2] - cell["box"][0]
            x0, y0, x1, y1 = _grown(cell["box"], T.FLOOR_SEARCH_MARGIN * side, gray.shape)
            sub = gray[y0:y1, x0:x1]
            sx0, sy0, sx1, sy1 = cell["box"]
            square = np.array([[sx0, sy0], [sx1, sy0], [sx1, sy1], [sx0, sy1]], np.float32)
            # a dim square (coloured print, a shadow) leaves the outlines
            # faint and open: looked at again with a lower threshold
            for offset in T.FLOOR_THRESHOLDS:
                kept = _floor_boxes(sub, (x0, y0), side, square, ink, offset)
                if len(kept) >= extra:
                    break
            per_cell.append(((r, c), cell["box"], kept[:extra]))
    # every skyscraper square is printed alike: boxes missed in one (a shadow,
    # a smudge) are placed where the squares with all of theirs have them
    whole = [[[b[i] - box[i % 2] for i in range(4)] for b in kept] for _, box, kept in per_cell
             if len(kept) == extra]
    pattern = np.median(np.asarray(whole, np.float64), axis=0) if whole else None
    for (r, c), box, kept in per_cell:
        if len(kept) < extra:
            if pattern is None:
                warnings.append(f"skyscraper [{r},{c}]: found {len(kept)} of {extra} floor boxes")
            else:
                warnings.append(f"skyscraper [{r},{c}]: found {len(kept)} of {extra} floor boxes; the others "
                                "are placed as in the other skyscraper squares")
                placed = [[float(p[i] + box[i % 2]) for i in range(4)] for p in pattern]
                kept = [next((k for k in kept if _iou(k, p) > 0.3), p) for p in placed]
                kept.sort(key=lambda b: (-b[3], -b[2]))
        for i, b in enumerate(kept):
            out.append({"cell": [r, c], "index": i, "box": [round(v) for v in b]})
    return out, warnings
