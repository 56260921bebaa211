"""The reader's steps one at a time: sheet geometry (vision.md), QR payloads,
path templates, marker homography, crosses and loops."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from doodle_pencil import Pencil

from companion.games.doodle_china.layouts import get_layout
from vision.doodle_china import cells, locate, marks
from vision.doodle_china import constants as C
from vision.doodle_china.qr import make_payload, parse_payload, qr_modules, read_qr
from vision.doodle_china.sheet import blank_ink, render_sheet, sheet_geometry

LAYOUTS = ["suzhou-v1", "shanghai-v1"]

# --- sheet geometry ---------------------------------------------------------


@pytest.mark.parametrize("name,size,houses,tracks,trees,floors", [
    ("suzhou-v1", 5, 18, {"hotels": 9, "shops": 10, "shop_bonuses": 4}, 10, 0),
    ("shanghai-v1", 6, 0, {"hotels": 18, "skyscrapers": 18}, 12, 12),
], ids=LAYOUTS)
def test_geometry_has_the_vision_md_shape(name, size, houses, tracks, trees, floors):
    layout = get_layout(name)
    geo = sheet_geometry(layout)
    assert list(geo) == ["game", "edition", "layout", "size", "cells", "houses", "tracks", "trees", "floors"]
    assert (geo["game"], geo["edition"], geo["layout"]) == ("doodle-china", layout["edition"], name)
    assert geo["size"] == [1240, 1754]
    assert [len(row) for row in geo["cells"]] == [size] * size
    assert [[c["kind"] for c in row] for row in geo["cells"]] == layout["cells"]
    assert len(geo["houses"]) == houses
    assert {k: len(v) for k, v in geo["tracks"].items()} == tracks
    assert {k: [e["value"] for e in v] for k, v in geo["tracks"].items()} == layout["tracks"]
    assert [t["index"] for t in geo["trees"]] == list(range(trees))
    assert len(geo["floors"]) == floors
    for house in geo["houses"]:
        assert set(house) == {"cell", "index", "box", "printed_crossed"}
        assert layout["cells"][house["cell"][0]][house["cell"][1]] == "house"
    for floor in geo["floors"]:
        assert set(floor) == {"cell", "index", "box"}
        assert layout["cells"][floor["cell"][0]][floor["cell"][1]] == "skyscraper"


@pytest.mark.parametrize("name", LAYOUTS, ids=LAYOUTS)
def test_every_box_is_on_the_page_and_nothing_overlaps(name):
    geo = sheet_geometry(get_layout(name))
    boxes = [h["box"] for h in geo["houses"]] + [t["box"] for t in geo["trees"]] + \
        [f["box"] for f in geo["floors"]] + [e["box"] for v in geo["tracks"].values() for e in v]
    for x0, y0, x1, y1 in boxes + [c["box"] for row in geo["cells"] for c in row]:
        assert 0 <= x0 < x1 <= 1240 and 0 <= y0 < y1 <= 1754
        assert all(isinstance(v, int) for v in (x0, y0, x1, y1))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


@pytest.mark.parametrize("name", LAYOUTS, ids=LAYOUTS)
def test_printed_sheet_is_a4_at_150_dpi_and_prints_crossed_houses(name):
    image = render_sheet(get_layout(name), player="Ana", match="7")
    assert image.shape == (1754, 1240, 3)
    ink = blank_ink(get_layout(name), 1.0)
    for house in sheet_geometry(get_layout(name))["houses"]:
        x0, y0, x1, y1 = house["box"]
        assert (ink[y0:y1, x0:x1].mean() > 0.2) == house["printed_crossed"]


# --- QR code ----------------------------------------------------------------

PAYLOADS = [
    ("bare", "suzhou", "suzhou-v1", None, None),
    ("player", "shanghai", "shanghai-v1", "Ana", None),
    ("both", "suzhou", "suzhou-v1", "Chen Wei", "m-12"),
    ("unicode-and-symbols", "shanghai", "shanghai-v1", "Émile & Zoë?/=", "42"),
]


@pytest.mark.parametrize("case", PAYLOADS, ids=[p[0] for p in PAYLOADS])
def test_qr_payload_round_trip(case):
    _, edition, layout, player, match = case
    text = make_payload("doodle-china", edition, layout, player=player, match=match)
    assert text.startswith("cc1:doodle-china/")
    assert parse_payload(text) == {"game": "doodle-china", "edition": edition, "layout": layout,
                                   "player": player, "match": match}
    modules = qr_modules(text)
    image = np.where(np.pad(modules, 4), 0, 255).astype(np.uint8)
    image = cv2.resize(image, None, fx=6, fy=6, interpolation=cv2.INTER_NEAREST)
    assert read_qr(image) == text


@pytest.mark.parametrize("text", ["", "hello", "cc1:doodle-china/suzhou", "https://example.org/x/y/z"],
                         ids=["empty", "word", "short-path", "foreign-url"])
def test_foreign_payloads_are_not_ours(text):
    assert parse_payload(text) is None


# --- path templates -----------------------------------------------------------

CELL = 96


def drawn_cell(path: str | None, seed: int, strength: float = 1.0) -> np.ndarray:
    """Ink map of one cell (with a margin) holding a hand-drawn path."""
    rng = np.random.default_rng(seed)
    pen = Pencil(rng, (CELL + 40, CELL + 40), 1.0)
    pen.width, pen.pressure = 2.0, 0.6 * strength
    if path:
        pen.path([20, 20, 20 + CELL, 20 + CELL], path)
    noise = rng.normal(0, 0.015, pen.alpha.shape).astype(np.float32)
    return np.clip(cv2.GaussianBlur(pen.alpha, (0, 0), 0.8) + noise, 0, 1)


TEMPLATE_CASES = [(p, s) for p in (*C.PATHS, None) for s in (1, 2, 3)]


@pytest.mark.parametrize("path,seed", TEMPLATE_CASES, ids=[f"{p or 'empty'}-{s}" for p, s in TEMPLATE_CASES])
def test_each_path_template_is_told_apart(path, seed):
    ink = cv2.blur(drawn_cell(path, seed), (3, 3))
    profiles = cells.path_profiles(ink, np.array([[20, 20, 20 + CELL, 20 + CELL]], np.float64))
    found, conf, notes = cells.classify(profiles, 0.15)
    assert found == [path]
    assert conf[0] >= 0.75 and notes == [""]


TURNS = [(p, bend, s) for p in ("NE", "NW", "SE", "SW") for bend in (0.0, 0.5) for s in (1, 2)]


@pytest.mark.parametrize("path,bend,seed", TURNS, ids=[f"{p}-bend{b}-{s}" for p, b, s in TURNS])
def test_a_turn_drawn_as_a_chord_or_flat_curve_is_read(path, bend, seed):
    """People draw a turn as a straight chord between the two side midpoints
    (its middle 0.15 of a cell from the arc's): read as that turn, not empty."""
    rng = np.random.default_rng(seed)
    ink = np.zeros((CELL + 40, CELL + 40), np.float32)
    uv, _ = cells.path_points(path, np.linspace(-0.02, 1.02, 40), bend=bend)
    pts = np.round((20 + uv * CELL) * 16).astype(np.int32)
    cv2.polylines(ink, [pts], False, 0.6, 2, cv2.LINE_AA, shift=4)
    ink = np.clip(ink + rng.normal(0, 0.015, ink.shape).astype(np.float32), 0, 1)
    profiles = cells.path_profiles(cv2.blur(ink, (3, 3)), np.array([[20, 20, 20 + CELL, 20 + CELL]], np.float64))
    found, conf, notes = cells.classify(profiles, 0.15)
    assert found == [path] and notes == [""] and conf[0] >= 0.75


def test_marks_in_a_hole_are_neither_road_nor_empty():
    """Template points inside a floor box (a hole) are left out of the count:
    a floor's X across a turn's chord does not make the chord drawn."""
    ink = np.zeros((CELL + 40, CELL + 40), np.float32)
    hole = [20 + 0.6 * CELL, 20 + 0.6 * CELL, 20 + CELL, 20 + CELL]
    cv2.line(ink, (int(hole[0]), int(hole[1])), (int(hole[2]), int(hole[3])), 0.6, 3)
    cv2.line(ink, (int(hole[0]), int(hole[3])), (int(hole[2]), int(hole[1])), 0.6, 3)
    box = np.array([[20, 20, 20 + CELL, 20 + CELL]], np.float64)
    found, _, _ = cells.classify(cells.path_profiles(cv2.blur(ink, (3, 3)), box, [[hole]]), 0.15)
    assert found == [None]


FAINT_SETUP = [(p, s) for p in C.PATHS for s in (1, 2)]


@pytest.mark.parametrize("path,seed", FAINT_SETUP, ids=[f"{p}-{s}" for p, s in FAINT_SETUP])
def test_a_starting_square_too_faint_for_the_threshold_is_read_along_its_darkest_path(path, seed):
    """Every player draws in the starting squares at setup, so one is never
    empty: a line below the threshold there is read (with a note), not dropped;
    an ordinary square with the same line is read as empty."""
    ink = cv2.blur(drawn_cell(path, seed, strength=0.12), (3, 3))
    profiles = cells.path_profiles(ink, np.array([[20, 20, 20 + CELL, 20 + CELL]] * 2, np.float64))
    found, conf, notes = cells.classify(profiles, 0.15, [True, False])
    assert found == [path, None]
    assert conf[0] < C.WARN_BELOW and "starting square" in notes[0]


@pytest.mark.parametrize("x_end,found,note", [(55, None, "faint mark"), (70, "EW", "broken line")],
                         ids=["third-of-a-line", "half-a-line"])
def test_part_of_a_line_is_doubtful(x_end, found, note):
    ink = np.zeros((CELL + 40, CELL + 40), np.float32)
    cv2.line(ink, (30, 68), (x_end, 68), 0.5, 2)  # part of EW only
    profiles = cells.path_profiles(cv2.blur(ink, (3, 3)), np.array([[20, 20, 20 + CELL, 20 + CELL]], np.float64))
    paths, conf, notes = cells.classify(profiles, 0.15)
    assert paths == [found] and conf[0] < C.WARN_BELOW and note in notes[0]


@pytest.mark.parametrize("path,start,end", [
    ("NS", (0.5, 0.0), (0.5, 1.0)), ("EW", (0.0, 0.5), (1.0, 0.5)), ("NE", (0.5, 0.0), (1.0, 0.5)),
    ("NW", (0.5, 0.0), (0.0, 0.5)), ("SE", (0.5, 1.0), (1.0, 0.5)), ("SW", (0.5, 1.0), (0.0, 0.5)),
], ids=list(C.PATHS))
def test_templates_join_the_named_sides(path, start, end):
    pts, normals = cells.path_points(path, np.array([0.0, 1.0]))
    np.testing.assert_allclose(pts, [start, end], atol=1e-9)
    np.testing.assert_allclose(np.linalg.norm(normals, axis=1), 1.0)


# --- homography -------------------------------------------------------------

POSES = [("straight", 0.0, 0.0), ("turned", 30.0, 0.0), ("upside-down", 180.0, 0.1), ("steep", 75.0, 0.25)]


@pytest.mark.parametrize("name,angle,skew", POSES, ids=[p[0] for p in POSES])
def test_markers_give_back_the_homography(name, angle, skew):
    sheet = render_sheet(get_layout("shanghai-v1"), scale=0.5)
    w, h = sheet.shape[1], sheet.shape[0]
    corners = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    rot = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 0.8)
    moved = cv2.transform(corners[None], rot)[0] + 300
    moved[2] += [skew * w, 0]
    true_h = cv2.getPerspectiveTransform(corners, moved.astype(np.float32)) @ np.diag([0.5, 0.5, 1])
    photo = cv2.warpPerspective(sheet, true_h @ np.diag([2, 2, 1.0]), (1600, 1600), borderValue=(90, 60, 40))
    found = locate.detect_markers(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY))
    assert sorted(found) == list(C.MARKER_IDS["shanghai"])
    H, edition, error = locate.marker_homography(found)
    assert edition == "shanghai" and error < 1.5
    probe = np.float64([[[100, 100], [1100, 300], [600, 1600]]])
    np.testing.assert_allclose(cv2.perspectiveTransform(probe, H), cv2.perspectiveTransform(probe, true_h),
                               atol=1.5)


def test_outline_finds_a_sheet_without_markers():
    sheet = render_sheet(get_layout("suzhou-v1"), scale=0.5)
    x0, y0, x1, y1 = (round(v * 0.5) for v in C.QR_BOX)
    for (bx0, by0, bx1, by1) in [[0, 0, 80, 80], [540, 0, 620, 80], [0, 797, 80, 877], [540, 797, 620, 877]]:
        sheet[by0:by1, bx0:bx1] = 255  # markers torn off
    photo = np.full((1200, 1000, 3), (60, 70, 90), np.uint8)
    photo[150:150 + sheet.shape[0], 200:200 + sheet.shape[1]] = sheet
    quads = locate.outline_quads(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY))
    assert len(quads) == 2
    centres = [cv2.perspectiveTransform(np.float64([[[620, 877]]]), q)[0, 0] for q in quads]
    assert any(np.allclose(c, [200 + 310, 150 + 438.5], atol=4) for c in centres)


# --- crosses and loops ------------------------------------------------------

@pytest.mark.parametrize("excess,what,crossed,doubtful", [
    (0.0, "tree", False, False), (0.3, "tree", True, False), (0.095, "house", True, True),
    (0.08, "house", False, True), (0.1, "floor", False, False), (0.3, "floor", True, False),
], ids=["clean", "x", "just-over", "just-under", "floor-neighbour-spill", "floor-x"])
def test_cross_decisions(excess, what, crossed, doubtful):
    got, conf, doubt = marks.decide_crosses(np.array([excess * 0.5]), 0.5, what)
    assert got == [crossed] and doubt == [doubtful]
    assert 0.5 <= conf[0] <= 1.0


@pytest.mark.parametrize("kind,circled", [("loop", True), ("cross", False), ("nothing", False)],
                         ids=["loop", "crossed-out", "untouched"])
def test_loop_around_a_value_versus_a_cross_through_it(kind, circled):
    rng = np.random.default_rng(5)
    pen = Pencil(rng, (200, 200), 1.0)
    pen.width, pen.pressure = 2.5, 0.7
    box = [72, 78, 128, 122]
    if kind == "loop":
        pen.loop(box)
    elif kind == "cross":
        pen.cross(box)
    share = marks.ring_share(cv2.blur(pen.alpha, (3, 3)), np.array([box], np.float64), 0.15)
    assert marks.decide_loops(share)[0] == [circled]


def test_a_neighbours_loop_does_not_circle_a_value():
    """Printed values sit close: the ink of a loop around one value that lies
    in the next value's ring is explained by that loop, not counted for the
    next; and a clear loop never makes a value look more circled."""
    boxes = np.array([[40, 80, 72, 112], [78, 80, 110, 112]], np.float64)
    ink = np.zeros((200, 260), np.float32)
    cv2.ellipse(ink, (56, 96), (30, 22), 0, 0, 360, 0.7, 3)  # the loop around the first value
    cv2.ellipse(ink, (94, 96), (26, 22), 0, 120, 240, 0.7, 3)  # its overshoot, on the second's near side
    ink = cv2.blur(ink, (3, 3))
    alone = marks.ring_share(ink, boxes[1:], 0.15)[0]
    share = marks.ring_share(ink, boxes, 0.15)
    assert share[0] >= C.RING_YES and alone > 0.3
    assert share[1] < min(alone, C.RING_NO) - 0.2
    assert marks.decide_loops(share)[0] == [True, False]


@pytest.mark.parametrize("seed", [3, 5, 6])
def test_a_clean_value_between_circled_neighbours_is_not_circled(seed):
    """A Shanghai pad's track is two rows of value boxes: a clean value whose
    neighbours left, right and below are circled has their loops in most of
    its ring (0.58-0.62 on mend-blank with these seeds: read circled). What
    is left of its ring holds no loop; circled, it still reads circled."""
    boxes = np.array([[40 + c * 42, 40 + r * 34, 68 + c * 42, 63 + r * 34] for r in (1, 2) for c in range(5)],
                     np.float64)  # 57x46 boxes 84x68 apart, at half scale
    for circled in (False, True):
        pen = Pencil(np.random.default_rng(seed), (220, 240), 1.0)
        pen.width, pen.pressure = 2.0, 0.7
        for i in (1, 3, 7, 2) if circled else (1, 3, 7):
            pen.loop(boxes[i].astype(int).tolist())
        share = marks.ring_share(cv2.blur(pen.alpha, (3, 3)), boxes, 0.15)
        assert [marks.decide_loops(share)[0][i] for i in (1, 2, 3, 7)] == [True, circled, True, True]
        assert circled or share[2] <= C.RING_NO


@pytest.mark.parametrize("edge", [2.0, 3.0, 6.0], ids=["sharp", "soft", "softer"])
def test_ink_map_divides_out_a_shadow(edge):
    """A shadow's edge (a few pixels wide in any real photo) is not ink; a
    stroke is, in the light and in the shadow alike."""
    paper = np.full((200, 200), 220, np.float32)
    paper[:, 100:] = 110
    paper = cv2.GaussianBlur(paper, (0, 0), edge).astype(np.uint8)
    cv2.line(paper, (20, 50), (180, 50), 60, 2)
    ink, _ = locate.ink_map(paper)
    assert ink[100:, 80:120].max() < 0.1
    assert ink[50, 40] > 0.6 and ink[50, 160] > 0.4


def _centroid(img: np.ndarray) -> np.ndarray:
    ys, xs = np.mgrid[0:img.shape[0], 0:img.shape[1]]
    w = np.clip(img.astype(np.float64), 0, None)
    return np.array([(xs * w).sum() / w.sum(), (ys * w).sum() / w.sum()])


@pytest.mark.parametrize("factor", [0.5, 0.25, 0.125, 0.3], ids=["half", "quarter", "eighth", "0.3"])
def test_a_shrunk_print_lies_where_the_photo_flattened_at_that_scale_lies(factor):
    """The template reader aligns the photo to its blank (ECC) at small
    scales: the blank shrunk must land where `flatten` puts the same print at
    that scale, or the homography comes out a pixel or more off."""
    ys, xs = np.mgrid[0:400, 0:560]
    img = np.exp(-((xs - 233.3) ** 2 + (ys - 171.6) ** 2) / (2 * 12.0 ** 2)).astype(np.float32)  # a smooth blot
    size = (round(560 * factor), round(400 * factor))
    flat = locate.flatten(img, np.eye(3), factor, box=(0, 0, 560, 400))
    shrunk = locate.shrink(img, factor, size)
    assert shrunk.shape == flat.shape
    # where the print is, in the source's pixels: within a tenth of a pixel
    assert np.abs(_centroid(shrunk) - _centroid(flat)).max() / factor < 0.1
    # (cv2.resize's area averaging centres output pixels half a source pixel
    # less half an output pixel away: what shrink exists to avoid)
    area = cv2.resize(img, size, interpolation=cv2.INTER_AREA)
    assert np.abs(_centroid(area) - _centroid(flat)).max() / factor > 0.4 * (1 / factor - 1)


@pytest.mark.parametrize("sigma", [0.0, 0.6, 0.9, 1.3], ids=["sharp", "0.6", "0.9", "1.3"])
def test_a_cross_over_an_icon_counts_alike_however_blurred_the_photo(sigma):
    """A pad's house is a filled icon with little paper around it in its box:
    the paper a cross is measured on must not shrink below the share that
    switches to measuring the whole box (icon included) when the photo's
    fitted blur rises one step, or a crossed house reads as clean."""
    n, size, icon = 6, 40, 20
    blank = np.zeros((60, 60 * n), np.float32)
    boxes = []
    for i in range(n):
        x0 = 60 * i + 10
        boxes.append([x0, 10, x0 + size, 10 + size])
        m = (size - icon) // 2
        cv2.rectangle(blank, (x0 + m, 10 + m), (x0 + size - m, 10 + size - m), 0.7, -1)
    ink = cv2.GaussianBlur(blank, (0, 0), sigma) if sigma else blank.copy()
    x0 = boxes[0][0]
    cv2.line(ink, (x0 + 4, 14), (x0 + size - 4, 10 + size - 4), 0.5, 2)
    cv2.line(ink, (x0 + size - 4, 14), (x0 + 4, 10 + size - 4), 0.5, 2)
    excess = marks.box_excess(ink, blank, np.array(boxes, np.float64), 1.0, sigma, np.zeros(n), 0.5) / 0.5
    assert excess[0] > 0.15, excess
    assert np.abs(excess[1:]).max() < 0.03, excess


# paper (template frame, clockwise from top left) and the photo's outline of it
PORTRAIT = np.array([[0, 0], [100, 0], [100, 141], [0, 141]], np.float64)
TURN_CASES = [
    ("upright", np.array([[10, 10], [110, 12], [112, 150], [8, 152]], np.float64), {0, 2}),
    ("on-its-side", np.array([[10, 10], [150, 12], [152, 112], [8, 110]], np.float64), {1, 3}),
    ("steep-upright", np.array([[30, 10], [90, 10], [130, 150], [-10, 150]], np.float64), {0, 2}),
]


@pytest.mark.parametrize("outline,first", [c[1:] for c in TURN_CASES], ids=[c[0] for c in TURN_CASES])
def test_the_template_is_laid_on_the_outline_long_side_to_long_side_first(outline, first):
    """Reading through a template matches features once on the photo flattened
    by the paper's outline: the turns that put the paper's long sides on the
    outline's long sides are tried first (ORB copes with the half turn)."""
    from vision.doodle_china.template_register import _turns_by_shape

    order = _turns_by_shape(PORTRAIT, outline)
    assert sorted(order) == [0, 1, 2, 3]
    assert set(order[:2]) == first


def _fit_print_whole(ink, blank, boxes):
    """fit_print as it was: the whole sheet blurred at every step."""
    seen = np.concatenate([ink[y0:y1, x0:x1].ravel() for x0, y0, x1, y1 in boxes]).astype(np.float64)
    best = (np.inf, 1.0, 0.0)
    for sigma in marks.BLUR_STEPS:
        blurred = blank if sigma <= 0 else cv2.GaussianBlur(blank, (0, 0), sigma)
        model = np.concatenate([blurred[y0:y1, x0:x1].ravel() for x0, y0, x1, y1 in boxes]).astype(np.float64)
        norm = float((model * model).sum())
        if norm <= 0:
            continue
        gain = float((seen * model).sum() / norm)
        residual = float(((seen - gain * model) ** 2).sum())
        if residual < best[0]:
            best = (residual, gain, sigma)
    return best[1], best[2]


@pytest.mark.parametrize("blur,boxes", [
    (0.0, [(40, 30, 200, 60)]),
    (1.1, [(40, 30, 200, 60), (50, 330, 260, 370)]),
    (2.5, [(0, 0, 120, 25)]),  # at the sheet's corner: the blur's border is the sheet's
    (3.7, [(150, 370, 300, 400), (0, 100, 30, 300)]),
], ids=["sharp", "two-boxes", "corner", "edges"])
def test_fitting_the_print_on_its_boxes_alone_gives_the_whole_sheets_figures(blur, boxes):
    rng = np.random.default_rng(5)
    text = np.zeros((400, 300), np.uint8)
    for _ in range(60):
        x, y = (int(v) for v in rng.integers(0, 300, 2))
        cv2.putText(text, "7", (x, y + 50), cv2.FONT_HERSHEY_SIMPLEX, 0.6, 200, 1)
    cv2.putText(text, "15", (1, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.7, 200, 2)  # print at the corner
    blank = text.astype(np.float32) / 255
    ink = (0.9 * (cv2.GaussianBlur(blank, (0, 0), blur) if blur else blank)
           + rng.normal(0, 0.01, blank.shape)).astype(np.float32)
    gain, sigma = marks.fit_print(ink, blank, boxes)
    want_gain, want_sigma = _fit_print_whole(ink, blank, boxes)
    assert sigma == want_sigma
    assert gain == pytest.approx(want_gain, rel=1e-6)
