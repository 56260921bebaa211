"""A skyscraper square's SE turn drawn as a straight chord over its floor
boxes (skyse, session 25): on a template read the floor boxes (holes, grown
C.FLOOR_HOLE_GROW) and the points whose band touches their printed outline
(read_marks.off_print) leave under C.PATH_MIN_SEEN of the chord template, and
a chord drawn off the halfway template reads empty. chord_line.add_se_chords
judges the chord along its own line, off the boxes. Synthetic cells in the
boxed pad's Shanghai geometry (tests/support/pad_sheet.py: 130 px squares,
three extra floor boxes of 20 px up the right edge). Not reproduced here: the
templates alone read these synthetic chords SE too (their halfway template's
seen end, 0.36 of it, lies where the shapes meet); the chord-line cases fail
on the base 9782b77 only by its missing module."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.doodle_china import cells, chord_line, read_marks

S, M = 130, 30  # square side, margin round it
PENCIL = 0.3


def _floors() -> list[list[float]]:
    x1 = M + S - 9
    return [[x1 - 20, M + S - 9 - i * 24 - 20, x1, M + S - 9 - i * 24] for i in range(3)]


def _line(img: np.ndarray, a: tuple[float, float], b: tuple[float, float], level: float, width: int) -> None:
    p = np.round(np.array([a, b]) * 16).astype(np.int32)
    cv2.line(img, tuple(p[0]), tuple(p[1]), level, width, cv2.LINE_AA, shift=4)


def _square(mark: str, icon: bool) -> tuple[np.ndarray, np.ndarray]:
    """The pencil (print taken out) and the print of one skyscraper square."""
    ink = np.zeros((S + 2 * M, S + 2 * M), np.float32)
    printed = np.zeros_like(ink)
    for x0, y0, x1, y1 in _floors():
        cv2.rectangle(printed, (int(x0), int(y0)), (int(x1), int(y1)), 0.6, 2)
    cv2.rectangle(printed, (M, M), (M + S, M + S), 0.6, 3)
    at = lambda u, v: (M + u * S, M + v * S)  # noqa: E731
    if icon:  # a pad that prints the square's icon in its SE corner, under the floor boxes
        a, b = at(0.72, 0.72), at(0.94, 0.94)
        cv2.rectangle(printed, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), 0.6, 2)
    if mark == "chord":  # the chord 0.03 of the square off its ideal line, towards the centre
        d = 0.03 / np.sqrt(2)
        _line(ink, at(1 - d, 0.5 - d), at(0.5 - d, 1 - d), PENCIL, 3)
    elif mark == "NS":
        _line(ink, at(0.5, 0.0), at(0.5, 1.0), PENCIL, 3)
    elif mark == "floors":  # every floor crossed, with overshoot
        for x0, y0, x1, y1 in _floors():
            _line(ink, (x0 - 3, y0 - 3), (x1 + 3, y1 + 3), PENCIL, 3)
            _line(ink, (x0 - 3, y1 + 3), (x1 + 3, y0 - 3), PENCIL, 3)
    return cv2.blur(cv2.GaussianBlur(ink, (0, 0), 0.8), (3, 3)), printed


def _read(mark: str, chords: bool, icon: bool = True) -> str | None:
    pencil, printed = _square(mark, icon)
    boxes = np.array([[M, M, M + S, M + S]], np.float64)
    g = 20 * 0.3  # C.FLOOR_HOLE_GROW of a box's side
    holes = [[[x0 - g, y0 - g, x1 + g, y1 + g] for x0, y0, x1, y1 in _floors()]]
    profiles = read_marks.off_print(cells.path_profiles(pencil, boxes, holes), printed, boxes, holes)
    threshold = cells.road_threshold(PENCIL)
    paths, confs, notes = cells.classify(profiles, threshold, [False])
    if chords:
        chord_line.add_se_chords(pencil, printed >= 0.08, boxes, [_floors()], threshold, PENCIL, paths, confs,
                                 notes, [False])
    return paths[0]


@pytest.mark.parametrize("mark,path", [("chord", "SE"), ("NS", "NS"), ("floors", None), ("none", None)])
def test_the_se_chord_is_judged_along_its_own_line(mark, path):
    """A chord over the floor boxes reads SE; a road past them, crossed floor
    boxes and an empty square read as before."""
    assert _read(mark, chords=True) == path


def test_the_line_alone_reads_the_chord_past_the_boxes():
    """Read empty by the templates (as the base may, on a faint or held-out
    pad), the chord's own line off the boxes is enough for SE."""
    pencil, printed = _square("chord", True)
    boxes = np.array([[M, M, M + S, M + S]], np.float64)
    paths, confs, notes = [None], [0.6], [""]
    chord_line.add_se_chords(pencil, printed >= 0.08, boxes, [_floors()], cells.road_threshold(PENCIL), PENCIL,
                             paths, confs, notes, [False])
    assert paths == ["SE"] and notes == [chord_line.NOTE] and confs == [0.5]
