"""Floor boxes a road runs over (vision/doodle_china/floors.py): the road's
band is left out, so a road alone reads clean and a cross still reads."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import floors

CELL = [0, 0, 140, 140]
BOX = [110, 58, 130, 79]  # on the east side's midline, as on some pads


@pytest.mark.parametrize("path,box,want", [
    ("EW", BOX, True),
    ("NE", BOX, True),
    ("SW", BOX, None),  # its road ends on the other side
    ("NS", BOX, None),
    (None, BOX, None),
    ("EW", [110, 100, 130, 121], None),  # below the midline: the road misses it
    ("NS", [60, 5, 80, 26], False),  # on the north midline: crossed up and down
], ids=["straight", "turn", "other-side", "vertical-road", "no-road", "off-midline", "north"])
def test_road_axis(path, box, want):
    assert floors.road_axis(box, CELL, path) == want


def _sheet(road: bool, cross: str | None, road_y: float = 69.0) -> np.ndarray:
    ink = np.zeros((140, 150), np.float32)
    if road:
        cv2.line(ink, (0, int(road_y)), (149, int(road_y) + 1), 0.6, 3)
    _cross_over_box(ink, cross)
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


def _cross_over_box(ink: np.ndarray, mark: str | None) -> None:
    """An X, a slash (bottom-left to top-right) or nothing over BOX."""
    x0, y0, x1, y1 = BOX
    if mark in ("x", "slash"):
        cv2.line(ink, (x0 + 2, y1 - 2), (x1 - 2, y0 + 2), 0.6, 3)
    if mark == "x":
        cv2.line(ink, (x0 + 2, y0 + 2), (x1 - 2, y1 - 2), 0.6, 3)


@pytest.mark.parametrize("road,cross,road_y,crossed", [
    (True, None, 69, False),
    (True, None, 64, False),  # a little off the box's middle
    (True, "x", 69, True),
    (True, "slash", 69, True),
], ids=["road-only", "road-high", "road-and-x", "road-and-slash"])
def test_off_road_excess_leaves_the_road_out(road, cross, road_y, crossed):
    value = floors.off_road_excess(_sheet(road, cross, road_y), np.array(BOX, float), True, pencil=0.6)
    assert value is not None
    assert (value / 0.6 > 0.23) == crossed, value


def _road_and(mark: str) -> np.ndarray:
    """A road straight across BOX and, over it, a short slash from the box's
    top-left corner down into the road (its other half hidden by the road),
    or the road wobbling inside the box, or drawn heavy."""
    ink = np.zeros((140, 150), np.float32)
    x0, y0, _, _ = BOX
    if mark == "wobble":
        cv2.polylines(ink, [np.array([[0, 69], [112, 69], [118, 66], [124, 72], [149, 70]], np.int32)], False, 0.6, 3)
    else:
        cv2.line(ink, (0, 69), (149, 70), 0.6, 5 if mark == "heavy" else 3)
    if mark == "half-slash":
        cv2.line(ink, (x0 + 4, y0 + 4), (121, 70), 0.6, 2)
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


@pytest.mark.parametrize("mark,crossed", [
    ("half-slash", True),  # off the road's band only a thin share of the box: 0.17 of the pencil on average
    ("wobble", False),
    ("heavy", False),
], ids=["half-slash", "wobbling-road", "heavy-road"])
def test_a_slash_over_a_road_is_seen_along_its_line(mark, crossed):
    value = floors.off_road_excess(_road_and(mark), np.array(BOX, float), True, pencil=0.6)
    assert value is not None
    assert (value / 0.6 > 0.28 if crossed else value / 0.6 < 0.18), value


def _road_ending(mark: str | None) -> np.ndarray:
    """A road from the west that stops short of the square's edge, in BOX,
    with an X or a slash over the box, or nothing."""
    ink = np.zeros((140, 150), np.float32)
    cv2.line(ink, (0, 69), (121, 69), 0.6, 3)
    _cross_over_box(ink, mark)
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


@pytest.mark.parametrize("mark,crossed", [(None, False), ("x", True), ("slash", True)],
                         ids=["road-end", "road-end-and-x", "road-end-and-slash"])
def test_a_road_that_ends_in_a_floor_box_is_no_cross(mark, crossed):
    floor = [{"cell": [0, 0], "index": 1, "box": list(BOX)}]
    cells = [[{"kind": "skyscraper", "box": list(CELL)}]]
    got = floors.road_floor_excess(_road_ending(mark), floor, [["skyscraper:EW"]], cells, 1.0, pencil=0.6)[0]
    if crossed:  # the plain measure (None) or a cross off the road
        assert got is None or got / 0.6 > 0.28, got
    else:
        assert got is not None and got / 0.6 < 0.18, got


def test_no_road_seen_keeps_the_plain_measure():
    assert floors.off_road_excess(_sheet(False, "x"), np.array(BOX, float), True, pencil=0.6) is None


def _skyscrapers(boxes_in_second: int) -> tuple[np.ndarray, list[list[dict]]]:
    """Two skyscraper squares (140 px) with three floor boxes each, printed
    alike; in the second only `boxes_in_second` of them are printed clearly."""
    gray = np.full((160, 320), 235, np.uint8)
    cells = [[{"kind": "skyscraper", "box": [10, 10, 150, 150]}, {"kind": "skyscraper", "box": [170, 10, 310, 150]}]]
    for c, cell in enumerate(cells[0]):
        x0, y0, x1, y1 = cell["box"]
        cv2.rectangle(gray, (x0, y0), (x1, y1), 40, 2)
        for i in range(3 if c == 0 else boxes_in_second):
            bx1, by1 = x1 - 10, y1 - 10 - i * 25
            cv2.rectangle(gray, (bx1 - 21, by1 - 21), (bx1, by1), 40, 2)
    return gray, cells


@pytest.mark.parametrize("printed", [3, 1], ids=["all-found", "two-missed"])
def test_floor_boxes_missed_in_one_square_are_placed_as_in_the_others(printed):
    from vision.doodle_china.template_parts import find_floors

    gray, cells = _skyscrapers(printed)
    found, warnings = find_floors(gray, np.zeros(gray.shape, np.float32), cells, {"skyscraper_floors": {"extra": 3}})
    first = [f["box"] for f in found if f["cell"] == [0, 0]]
    second = [f["box"] for f in found if f["cell"] == [0, 1]]
    assert len(first) == len(second) == 3
    for a, b in zip(first, second, strict=True):
        assert np.abs(np.subtract(b, a) - [160, 0, 160, 0]).max() <= 2, (a, b)
    assert bool(warnings) == (printed < 3)


# A skyscraper square (work pixels) with a floor box in its south-east corner,
# where a turn from S to E drawn as a straight chord passes over it at a slant
SQUARE = np.array([0.0, 0.0, 70.0, 70.0])
CORNER_BOX = np.array([55.0, 39.0, 65.0, 49.0])  # on the chord x + y = 105


def _cross_in_corner_box(ink: np.ndarray, cross: str | None) -> None:
    """Draw an X or a single backslash in CORNER_BOX (None: nothing)."""
    x0, y0, x1, y1 = CORNER_BOX.astype(int)
    if cross in ("x", "backslash"):
        cv2.line(ink, (x0 + 1, y0 + 1), (x1 - 1, y1 - 1), 0.3, 2)
    if cross == "x":
        cv2.line(ink, (x0 + 1, y1 - 1), (x1 - 1, y0 + 1), 0.3, 2)


def _corner(road: str | None, cross: str | None) -> np.ndarray:
    ink = np.zeros((80, 80), np.float32)
    if road == "chord":
        cv2.line(ink, (35, 70), (70, 35), 0.3, 2)
    elif road == "arc":
        cv2.ellipse(ink, (70, 70), (35, 35), 0, 180, 270, 0.3, 2)
    _cross_in_corner_box(ink, cross)
    return cv2.GaussianBlur(ink, (0, 0), 0.6)


@pytest.mark.parametrize("road,cross,crossed", [
    ("chord", None, False),
    ("chord", "x", True),
    ("chord", "backslash", True),  # across the road's line
], ids=["chord-only", "chord-and-x", "chord-and-slash"])
def test_a_turns_chord_over_a_floor_box_is_left_out(road, cross, crossed):
    pencil = 0.3
    value = floors.turn_excess(_corner(road, cross), CORNER_BOX, SQUARE, "SE", pencil)
    assert value is not None
    assert (value / pencil > 0.23) == crossed, value


def test_a_turn_that_misses_the_box_keeps_the_plain_measure():
    assert floors.turn_excess(_corner(None, "x"), CORNER_BOX, SQUARE, "SE", 0.3) is None  # no road drawn
    assert floors.turn_excess(_corner("chord", None), CORNER_BOX, SQUARE, "NW", 0.3) is None  # another turn


def _heavy_chord(shift: int, cross: str | None) -> np.ndarray:
    """A heavy stroke's chord (6 px, as a firm hand's) over CORNER_BOX,
    `shift` pixels off the midpoints' chord along both axes, and a cross."""
    ink = np.zeros((80, 80), np.float32)
    cv2.line(ink, (35 + shift, 70 + shift), (70 + shift, 35 + shift), 0.3, 6)
    _cross_in_corner_box(ink, cross)
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


@pytest.mark.parametrize("shift,cross,crossed", [
    (0, None, False),  # wider than the band: its edges read 0.32 before
    (-2, None, False),  # and a little off the searched lines: 0.37
    (0, "x", True),
    (-2, "x", True),
    (0, "backslash", True),
], ids=["heavy-chord", "heavy-chord-off-line", "heavy-chord-and-x", "off-line-and-x", "heavy-chord-and-slash"])
def test_a_heavy_turn_is_left_out_about_its_own_centre(shift, cross, crossed):
    pencil = 0.3
    value = floors.turn_excess(_heavy_chord(shift, cross), CORNER_BOX, SQUARE, "SE", pencil)
    assert value is not None
    assert (value / pencil > 0.23) == crossed, value


def test_road_floor_excess_turns_to_the_chord_when_no_road_runs_straight_across():
    pencil = 0.3
    floor = [{"cell": [0, 0], "index": 1, "box": list(CORNER_BOX)}]
    cells = [[{"kind": "skyscraper", "box": list(SQUARE)}]]
    clean = floors.road_floor_excess(_corner("chord", None), floor, [["skyscraper:SE"]], cells, 1.0, pencil)
    crossed = floors.road_floor_excess(_corner("chord", "x"), floor, [["skyscraper:SE"]], cells, 1.0, pencil)
    assert clean[0] is not None and clean[0] / pencil < 0.18
    assert crossed[0] is not None and crossed[0] / pencil > 0.28


@pytest.mark.parametrize("fade", [0.4, 0.3], ids=["fades-to-0.4", "fades-to-0.3"])
def test_a_road_that_fades_on_one_side_is_still_a_road(fade):
    ink = np.zeros((140, 150), np.float32)
    cv2.line(ink, (0, 69), (75, 69), 0.6, 3)
    cv2.line(ink, (75, 69), (149, 70), 0.6 * fade, 3)  # the hand lifts: a share of the pencil
    value = floors.off_road_excess(cv2.GaussianBlur(ink, (0, 0), 0.8), np.array(BOX, float), True, pencil=0.6)
    assert value is not None and value / 0.6 < 0.18, value


def _bending_road(cross: str | None) -> np.ndarray:
    """A heavy road (9 px) coming up from the lower left and bending level
    through BOX's upper half, thinner (5 px) where it runs on past the box
    (a firm hand's stroke easing off), and a slash or an X over BOX."""
    ink = np.zeros((140, 150), np.float32)
    cv2.polylines(ink, [np.array([(70, 104), (95, 78), (108, 68), (118, 64)], np.int32)], False, 0.6, 9)
    cv2.line(ink, (118, 64), (149, 64), 0.6, 5)
    if cross in ("slash", "x"):
        cv2.line(ink, (112, 77), (128, 60), 0.6, 3)
    if cross == "x":
        cv2.line(ink, (112, 60), (128, 77), 0.6, 3)
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


@pytest.mark.parametrize("cross,crossed", [
    (None, False),  # its bend's lower edge in the box read 0.46 along a slash's line
    ("slash", True),
    ("x", True),
], ids=["bending-road", "bending-road-and-slash", "bending-road-and-x"])
def test_a_road_bending_into_the_box_takes_its_wider_sides_wings(cross, crossed):
    value = floors.off_road_excess(_bending_road(cross), np.array(BOX, float), True, pencil=0.6)
    assert value is not None
    assert (value / 0.6 > 0.23) == crossed, value


def _smudged(mark: str | None) -> np.ndarray:
    """A skyscraper square with no road: over its floor box an erased mark's
    wide, faint ghost (0.35 of the pencil), or a faint pencil's X (its lines
    at the pencil's level, thin), or nothing."""
    ink = np.zeros((140, 150), np.float32)
    x0, y0, x1, y1 = BOX
    if mark == "smudge":  # the ghost of a road, wide and blurred, across the box
        cv2.line(ink, (60, 68), (149, 70), 0.35 * 0.08, 9)
        ink = cv2.GaussianBlur(ink, (0, 0), 2.0)
    if mark == "x":
        cv2.line(ink, (x0 + 2, y1 - 2), (x1 - 2, y0 + 2), 0.08, 2)
        cv2.line(ink, (x0 + 2, y0 + 2), (x1 - 2, y1 - 2), 0.08, 2)
        ink = cv2.GaussianBlur(ink, (0, 0), 0.6)
    return ink


@pytest.mark.parametrize("mark,want", [
    ("smudge", 0.0),  # no pencil line in it: clean, whatever its mean ink
    ("x", None),  # a line as dark as the roads: the plain measure judges it
    (None, 0.0),
], ids=["erased-smudge", "faint-x", "clean"])
def test_a_floor_box_without_a_pencil_line_is_clean(mark, want):
    floor = [{"cell": [0, 0], "index": 1, "box": list(BOX)}]
    cells = [[{"kind": "skyscraper", "box": list(CELL)}]]
    got = floors.road_floor_excess(_smudged(mark), floor, [["skyscraper"]], cells, 1.0, pencil=0.08)
    assert got == [want]


def _grazed(grey: float) -> np.ndarray:
    """A road along BOX's bottom edge (outside its middle) and the box's
    inside `grey` of the pencil darker than the print model (a faint sheet's
    print drift in a small white box), no line in it."""
    ink = np.zeros((140, 150), np.float32)
    cv2.line(ink, (0, 79), (149, 79), 0.6, 3)
    x0, y0, x1, y1 = BOX
    ink[y0:y1, x0:x1] += grey * 0.6
    return cv2.GaussianBlur(ink, (0, 0), 0.8)


@pytest.mark.parametrize("grey", [0.0, 0.3], ids=["plain", "print-drift"])
def test_a_road_grazing_a_floor_box_with_no_line_in_its_middle_is_clean(grey):
    # mend-blank judged the drift off the road's band: 0.30 of the pencil, crossed
    floor = [{"cell": [0, 0], "index": 1, "box": list(BOX)}]
    cells = [[{"kind": "skyscraper", "box": list(CELL)}]]
    got = floors.road_floor_excess(_grazed(grey), floor, [["skyscraper:EW"]], cells, 1.0, pencil=0.6)
    assert got == [0.0]


@pytest.mark.parametrize("drift", [0.3, -0.3], ids=["darker", "lighter"])
@pytest.mark.parametrize("mark,crossed", [(None, False), ("half-slash", True)], ids=["road", "road-and-half-slash"])
def test_the_off_road_ink_is_measured_from_the_paper_beside_the_box(drift, mark, crossed):
    """The print model drifts by a share of the pencil around the box (either
    way): a road alone reads clean, a half slash over it crossed (mend-blank:
    the darker road 0.30, the lighter half slash -0.13)."""
    ink = (_road_and(mark) if mark else _sheet(True, None)) + drift * 0.6
    value = floors.off_road_excess(ink, np.array(BOX, float), True, pencil=0.6)
    assert value is not None
    assert (value / 0.6 > 0.28 if crossed else value / 0.6 < 0.18), value


@pytest.mark.parametrize("width,blur", [(7, 2.0), (9, 2.0)], ids=["heavy", "heavier"])
def test_a_wide_roads_wings_beyond_the_band_are_no_cross(width, blur):
    # a heavy, blurred road spreads past the road's band: its ink by distance
    # from its line, seen beside the box, is taken out (mend-blank: 0.12, 0.23)
    ink = np.zeros((140, 150), np.float32)
    cv2.line(ink, (0, 69), (149, 70), 0.6, width)
    value = floors.off_road_excess(cv2.GaussianBlur(ink, (0, 0), blur), np.array(BOX, float), True, pencil=0.6)
    assert value is not None and value / 0.6 < 0.1, value


# -- a retraced road's edges along a slash's line (pad-floors, session 9) ---------------
# At a photo's own scale: a Shanghai pad's floor box is 9.5 work pixels, a
# road drawn twice a little apart covers half of it.
SMALL_BOX = [60.0, 30.5, 69.5, 40.0]


def _retraced(gap: float, width: float, blur: float, mark: str | None) -> np.ndarray:
    """A road drawn twice across SMALL_BOX, `gap` work pixels apart, each
    stroke `width` wide (drawn at 4x and shrunk), with an X or a slash from
    corner to corner over the box, or nothing."""
    s = 4
    ink = np.zeros((75 * s, 75 * s), np.float32)
    for dy in (-gap / 2, gap / 2):
        cv2.line(ink, (0, int((35.25 + dy) * s)), (75 * s, int((35.75 + dy) * s)), 0.45, int(width * s))
    x0, y0, x1, y1 = SMALL_BOX
    corners = [((x0 + 1, y1 - 1), (x1 - 1, y0 + 1)), ((x0 + 1, y0 + 1), (x1 - 1, y1 - 1))]
    for (ax, ay), (bx, by) in corners[:{"slash": 1, "x": 2}.get(mark or "", 0)]:
        cv2.line(ink, (int(ax * s), int(ay * s)), (int(bx * s), int(by * s)), 0.45, int(2 * s))
    return cv2.GaussianBlur(cv2.resize(ink, (75, 75), interpolation=cv2.INTER_AREA), (0, 0), blur)


@pytest.mark.parametrize("gap,width,blur", [(2.5, 2.0, 0.6), (2.5, 2.5, 1.0), (3.0, 2.0, 1.0)],
                         ids=["retraced", "retraced-heavy", "retraced-apart"])
def test_a_retraced_roads_edges_along_a_slashs_line_are_no_cross(gap, width, blur):
    """Each line through the box crossed the wide road's edges off its band
    (dev photos 0.51-0.56 of the pencil, read crossed); the road's wings,
    seen beside the box, are taken out along the line as over the box."""
    value = floors.off_road_excess(_retraced(gap, width, blur, None), np.array(SMALL_BOX), True, pencil=0.45)
    assert value is not None and value / 0.45 < 0.18, value


@pytest.mark.parametrize("mark", ["slash", "x"])
@pytest.mark.parametrize("gap,width,blur", [(1.5, 1.6, 0.6), (2.5, 2.0, 0.6)], ids=["retraced-close", "retraced"])
def test_a_cross_over_a_retraced_road_is_still_seen(gap, width, blur, mark):
    value = floors.off_road_excess(_retraced(gap, width, blur, mark), np.array(SMALL_BOX), True, pencil=0.45)
    assert value is not None and value / 0.45 > 0.28, value
