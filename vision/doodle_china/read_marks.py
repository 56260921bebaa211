"""The marks on a flattened Doodle China sheet: paths per cell, crosses and loops.

One reading of the marks for both ways a sheet is found: the project's own
printed sheets (reader.py: markers and QR code) and sheets read through a
taught template (template_read.py: the template's blank is the print).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from . import (
    cells,
    chord_line,
    colour,
    floor_keep,
    floors,
    lined_marks,
    local_print,
    loop_floor,
    marks,
    narrow_ghosts,
)
from . import constants as C
from . import slash_line_constants as L
from . import taught_path_constants as TP
from .faint_house_lines import judge_faint_houses, segment_lines
from .floor_keep_constants import FLOOR_KEEP_PENCIL
from .floor_lines import diagonal_lines, judge_floor_lines
from .house_constants import TAUGHT_FEW_CLEAN, TAUGHT_FEW_CLEAN_MAX
from .own_floor_constants import (
    OWN_FAINT_FLOOR_PLAIN,
    OWN_FAINT_FLOOR_PLAIN_LINE,
    OWN_FAINT_FLOOR_STROKE_MIN,
    OWN_FLOOR_NO,
    OWN_FLOOR_STROKE_MIN,
    OWN_FLOOR_YES,
)
from .own_path_constants import OWN_FAINT_PATH_PENCIL
from .tree_constants import (
    OWN_FAINT_HOUSE_LEVELS,
    OWN_FAINT_TREE_LEAST,
    OWN_FAINT_TREE_LINE_SHRINK,
    OWN_FAINT_TREE_PENCIL,
    TAUGHT_TREE_LINE_ADD,
)

OWN_FLOOR_LEVELS = (OWN_FLOOR_YES, OWN_FLOOR_NO)


@dataclass
class Reading:
    """Everything read from one photo; `answer()` is the read-photo contract."""

    proposal: dict[str, Any]
    confidence: dict[str, Any]
    sheet: dict[str, Any]
    warnings: list[str]
    details: dict[str, Any] = field(default_factory=dict)
    # Where the sheet is, for a page that draws the proposal over the photo:
    # sheet-geometry pixels -> upright photo pixels (3x3), and the photo's size.
    homography: list[list[float]] | None = None
    size: list[int] | None = None

    def answer(self) -> dict[str, Any]:
        out = {"proposal": self.proposal, "confidence": self.confidence, "sheet": self.sheet,
               "warnings": self.warnings}
        if self.homography is not None:
            out["homography"] = self.homography
            out["size"] = self.size
        return out


def read_marks(geo: dict[str, Any], sheet: dict[str, Any], smoothed: tuple[np.ndarray, np.ndarray],
               ink: np.ndarray,
               printed: tuple[np.ndarray, np.ndarray, float, float], warnings: list[str],
               details: dict[str, Any], taught: bool = False,
               pale: Callable[[], colour.Channel] | None = None,
               floor_ink: np.ndarray | None = None, house_ink: np.ndarray | None = None) -> Reading:
    """Paths, crosses and loops on the flattened sheet. `smoothed`: the grey
    ink map and the darkest-channel one (loops: a blue pencil shows best
    there; the crosses' thresholds were set on grey), lightly smoothed.
    `printed`: the expected print (baseline ink and paper mask), the blank
    sheet, and the fitted gain and blur. `taught`: the print is a photo of the
    sheet (a template's blank): the least ink of a cross is set per photo (marks.noise_floor),
    and a house or tree is measured nearer its edges. `pale`: the template's colour channel,
    where a house's cross may be seen too (colour.py), made when first needed. `floor_ink`:
    the floor boxes' ink, when not `ink` (taught_paper.taught_ink); `house_ink`: the houses', when
    not `ink` (in the blank's white balance, colour.balanced_grey)."""
    baseline, blank, gain, sigma = printed
    smooth, loops = smoothed
    k = C.WORK_SCALE
    grid_cells = [(r, c, cell) for r, row in enumerate(geo["cells"]) for c, cell in enumerate(row)]
    drawable = [(r, c, cell) for r, c, cell in grid_cells if cell["kind"] != "house"]
    boxes = np.array([cell["box"] for _, _, cell in drawable], np.float64) * k
    holes = _path_holes(geo, [(r, c) for r, c, _ in drawable], k)
    path_boxes = boxes
    # the print taken out: a turn's chord passes over a taxi's or boat's icon
    print_smooth = cv2.blur(baseline[..., 0], (3, 3))
    pencil_only = smooth - print_smooth
    profiles = cells.path_profiles(pencil_only, boxes, holes)
    pencil = cells.pencil_level(profiles)
    taught_faint = taught and pencil < C.NOISE_BELOW_PENCIL  # a template read, a faint pencil
    own_faint = not taught and pencil < C.OWN_FAINT_PENCIL  # our own printed sheet, a faint pencil
    # our own sheet, a pencil not faint: a floor's single slash judged by own_floor_constants
    plain_own = not taught and not own_faint
    stroke_min = floor_stroke_min(taught, own_faint)
    setup = [cell["kind"] in C.SETUP_KINDS for _, _, cell in drawable]
    if not taught and pencil < OWN_FAINT_PATH_PENCIL:  # our own sheet's roads, a faint pencil's rules
        paths, confs, notes = cells.own_faint_paths(pencil_only, print_smooth, boxes, holes, pencil, setup)
        threshold = cells.road_threshold(pencil, own_faint=True)
    else:
        threshold = cells.road_threshold(pencil, taught_faint)
        if taught:  # the blank's print misfits round its icons (taught_path_constants)
            profiles = off_print(profiles, print_smooth, boxes, holes)
        paths, confs, notes = cells.classify(profiles, threshold, setup)
        read = list(paths)
        cells.drop_ghosts(pencil_only, boxes, profiles, pencil, threshold, paths, confs, notes, setup,
                          **cells.faint_ghost_rules(False, taught_faint))
        if taught_faint:  # a faint road one coarse step wider than the strokes is no ghost
            narrow_ghosts.keep_narrow(pencil_only, boxes, profiles, pencil, threshold, read, paths, confs, notes,
                                      setup)
    # a skyscraper's SE chord over its floor boxes, judged along its own line
    chord_line.add_se_chords(pencil_only, print_smooth >= C.PRINT_FREE, boxes,
                             chord_line.floor_boxes(geo, [(r, c) for r, c, _ in drawable], k),
                             threshold, pencil, paths, confs, notes, setup)
    grid = [[cell["kind"] for cell in row] for row in geo["cells"]]
    grid_conf = [[1.0 for _ in row] for row in geo["cells"]]
    for (r, c, cell), path, conf, note in zip(drawable, paths, confs, notes, strict=True):
        grid[r][c] = f"{cell['kind']}:{path}" if path else cell["kind"]
        grid_conf[r][c] = conf
        if note or conf < C.WARN_BELOW:
            warnings.append(f"cell [{r},{c}]: {note or 'unclear line'}")

    def crosses(items: list[dict[str, Any]], what: str, instead: list[float | None] | None = None,
                ink: np.ndarray = ink, cap: list[float | None] | None = None,
                more: Callable[[list[bool], list[bool]], tuple[list[bool], list[bool]]] | None = None
                ) -> tuple[list[bool], float]:
        if not items:
            return [], 1.0
        boxes = np.array([i["box"] for i in items], np.float64) * k
        levels = np.array([marks.surround_level(ink, baseline[..., 0], zero, b) for b in boxes])
        excess = marks.box_excess(ink, blank, boxes, gain, sigma, levels, pencil, learn=C.CLASS_CLEAN_MAX.get(what),
                                  shrink=C.FLOOR_SHRINK if what == "floor" else
                                  C.TAUGHT_HOUSE_SHRINK if taught and what == "house" else
                                  C.TAUGHT_TREE_SHRINK if taught and what == "tree" else C.MARK_SHRINK,
                                  few=(TAUGHT_FEW_CLEAN, TAUGHT_FEW_CLEAN_MAX) if taught and what == "house" else None)
        if instead is not None:  # boxes a road runs over: their ink off the road
            excess = np.array([e if v is None else v for e, v in zip(excess, instead, strict=True)])
        if cap is not None:  # boxes a stray road runs into: at most their ink off it
            excess = np.array([e if v is None else min(e, v) for e, v in zip(excess, cap, strict=True)])
        least = least_ink(excess, pencil, what, taught, own_faint)
        crossed, conf, doubt = marks.decide_crosses(excess, pencil, what, least, taught,
                                                    mark_levels(what, plain_own, own_faint))
        if own_faint and what == "house":  # our own faint sheet: a cross shows a line across the box
            crossed, doubt = lined_marks.judge_houses(crossed, doubt, excess, pencil, functools.cache(
                lambda: marks.slash_lines(ink, blank, boxes, gain, sigma, OWN_FAINT_TREE_LINE_SHRINK)))
        if what == "tree" and not taught and pencil < OWN_FAINT_TREE_PENCIL:  # our own sheet, a faint pencil
            crossed, doubt = lined_marks.judge_trees(crossed, doubt, excess, pencil, functools.cache(
                lambda: marks.slash_lines(ink, blank, boxes, gain, sigma, OWN_FAINT_TREE_LINE_SHRINK)))
        rel = excess / max(pencil, C.MARK_PENCIL_FLOOR)
        if what == "house" and taught:  # a lone slash over the icon, along its line
            def lines() -> np.ndarray:
                return marks.slash_lines(ink, blank, boxes, gain, sigma, C.TAUGHT_HOUSE_SHRINK)
            crossed, doubt = marks.add_slashes(crossed, doubt, rel, pencil, lines)
            crossed, doubt = marks.add_grown_slashes(crossed, doubt, pencil, lambda: marks.slash_lines(
                ink, blank, boxes, gain, sigma, L.HOUSE_GROWN_SHRINK))
            before = crossed
            crossed, doubt = marks.add_faint_slashes(crossed, doubt, excess, pencil, lines)
            crossed, doubt = judge_faint_houses(before, crossed, doubt, pencil, lambda: segment_lines(
                ink, blank, boxes, gain, sigma))
        if what == "tree" and taught:  # a slash over the dark icon, along its line
            def tree_lines() -> np.ndarray:
                return marks.slash_lines(ink, blank, boxes, gain, sigma, L.TREE_LINE_SHRINK)
            if taught_faint:
                crossed, doubt = marks.line_trees(crossed, doubt, excess, pencil, tree_lines)
            else:
                crossed, doubt = lined_marks.add_lined(crossed, doubt, pencil, TAUGHT_TREE_LINE_ADD, tree_lines)
        if more is not None:
            crossed, doubt = more(crossed, doubt)
        grey_min = colour.grey_min_rel(pencil)
        if what == "house" and pale is not None and (~np.array(crossed) & (rel >= grey_min)).any():
            # a slash over a coloured icon, where grey half sees one: doubtful, read as crossed
            added = colour.add_crosses(pale(), boxes, zero, rel, path_boxes, holes, what,
                                       grey_min) & ~np.array(crossed, bool)
            crossed = [bool(c or a) for c, a in zip(crossed, added, strict=True)]
            doubt = [bool(d or a) for d, a in zip(doubt, added, strict=True)]
        for item, yes, d in zip(items, crossed, doubt, strict=True):
            if d:
                where = f"{what} {item['index'] + 1}" + (f" in [{item['cell'][0]},{item['cell'][1]}]"
                                                        if "cell" in item else "")
                warnings.append(f"{where}: unclear cross, read as {'crossed' if yes else 'not crossed'}")
        return crossed, min(conf)

    free_houses = [h for h in geo["houses"] if not h["printed_crossed"]]
    every = np.array([i["box"] for i in (*free_houses, *geo["trees"], *geo["floors"])], np.float64) * k
    zero = marks.reference_paper(baseline[..., 1] > 0, every)
    house_marks, _ = crosses(free_houses, "house", ink=ink if house_ink is None else house_ink)
    if floor_ink is None and own_faint and geo["floors"]:
        # the sheet's blur fitted far from the floors may hide a faint cross in them
        floor_boxes = np.array([f["box"] for f in geo["floors"]], np.float64) * k
        floor_ink = local_print.refit_boxes(ink, blank, floor_boxes, gain, sigma)
    floor_pencil = pencil_only if floor_ink is None else cv2.blur(floor_ink, (3, 3)) - print_smooth
    floor_caps = floors.stray_road_caps(floor_pencil, geo["floors"], grid, geo["cells"], k, pencil, stroke_min)
    plain_floors = None
    if own_faint and geo["floors"]:  # our own faint sheet: the plain sheets' measure has a say too
        def plain_floors(crossed: list[bool], doubt: list[bool]) -> tuple[list[bool], list[bool]]:
            crossed, doubt = add_plain_floors(crossed, doubt, pencil, lambda: plain_floor_excess(
                ink, (baseline, blank, gain, sigma), zero, pencil_only, pencil, geo, grid))
            # then the X's strokes have the last say where they are clear (floor_lines)
            return judge_floor_lines(crossed, doubt, pencil, lambda: floor_x_lines(
                ink if floor_ink is None else floor_ink, (blank, gain, sigma), geo["floors"]))
    if plain_own and pencil < FLOOR_KEEP_PENCIL and geo["floors"]:  # a pencil just over faint's
        plain_floors = kept_floors(pencil, ink if floor_ink is None else floor_ink, (blank, gain, sigma), geo["floors"])
    floor_marks, _ = crosses(geo["floors"], "floor",
                             floors.road_floor_excess(floor_pencil, geo["floors"], grid, geo["cells"], k, pencil,
                                                      own_faint, stroke_min),
                             ink if floor_ink is None else floor_ink, floor_caps, plain_floors)
    tree_marks, tree_conf = crosses(geo["trees"], "tree")
    proposal: dict[str, Any] = {"grid": grid}
    confidence: dict[str, Any] = {"grid": grid_conf}
    loop_pencil = cells.pencil_level(cells.path_profiles(loops, boxes, holes))
    track_boxes = {name: np.array([e["box"] for e in entries], np.float64) * k for name, entries in geo["tracks"].items()}
    tracks = list(track_boxes.values())
    if taught:
        loop_threshold = loop_floor.taught_loop_threshold(loops, tracks, loop_pencil)
    else:  # our own sheet: a faint pencil's floor is the lowest its rings stay quiet at
        loop_threshold = loop_floor.own_loop_threshold(loop_pencil, *((loops, tracks) if own_faint else ()))
    for name, entries in geo["tracks"].items():
        share = marks.ring_share(loops, track_boxes[name], loop_threshold)
        circled, conf, doubt = marks.decide_loops(share)
        proposal[name] = [e["value"] for e, yes in zip(entries, circled, strict=True) if yes]
        confidence[name] = min(conf)
        for e, yes, d in zip(entries, circled, doubt, strict=True):
            if d:
                warnings.append(f"{name} {e['value']}: unclear loop, read as {'circled' if yes else 'not circled'}")
    proposal["trees_crossed"] = sum(tree_marks)
    confidence["trees_crossed"] = tree_conf
    details.update(pencil=round(pencil, 3),
                   houses=[[*h["cell"], h["index"]] for h, yes in zip(free_houses, house_marks, strict=True) if yes],
                   floors=[[*f["cell"], f["index"]] for f, yes in zip(geo["floors"], floor_marks, strict=True) if yes],
                   trees=[t["index"] for t, yes in zip(geo["trees"], tree_marks, strict=True) if yes])
    return Reading(proposal, confidence, sheet, warnings, details)


def kept_floors(pencil: float, ink: np.ndarray, printed: tuple[np.ndarray, float, float],
                items: list[dict[str, Any]]) -> Callable[[list[bool], list[bool]], tuple[list[bool], list[bool]]]:
    """floor_keep.keep_floors' second look at the floor boxes read crossed
    (`ink`: the floors' ink map, `printed`: the blank, gain and blur)."""
    boxes = np.array([f["box"] for f in items], np.float64) * C.WORK_SCALE

    def judge(crossed: list[bool], doubt: list[bool]) -> tuple[list[bool], list[bool]]:
        return floor_keep.keep_floors(crossed, doubt, pencil, boxes, floor_keep.residual_crops(ink, *printed, boxes))
    return judge


def floor_x_lines(ink: np.ndarray, printed: tuple[np.ndarray, float, float], items: list[dict[str, Any]]
                  ) -> np.ndarray:
    """floor_lines.diagonal_lines of the floor boxes `items` (`ink`: the
    floors' ink map, `printed`: the blank, gain and blur), in ink."""
    boxes = np.array([f["box"] for f in items], np.float64) * C.WORK_SCALE
    crops = floor_keep.residual_crops(ink, *printed, boxes)
    return diagonal_lines(crops, float(np.median(boxes[:, 2] - boxes[:, 0])), float(np.median(boxes[:, 3] - boxes[:, 1])))


def least_ink(excess: np.ndarray, pencil: float, what: str, taught: bool, own_faint: bool) -> float | None:
    """The least ink of a cross (marks.decide_crosses' `min_ink`; None: the
    fixed C.MARK_MIN_INK). On a template read and on our own faint sheet the
    sheet's noise floor (marks.noise_floor): a faint pencil's cross carries
    less ink than the fixed floor. There a tree's at most OWN_FAINT_TREE_LEAST:
    each weak one must show a line anyway (lined_marks.keep_lined)."""
    if not (taught or own_faint):
        return None
    least = marks.noise_floor(excess, pencil, what)
    return min(least, OWN_FAINT_TREE_LEAST) if own_faint and what == "tree" else least


def mark_levels(what: str, plain_own: bool, own_faint: bool) -> tuple[float, float] | None:
    """decide_crosses' (yes, no) levels of the pencil, where not C.MARK_YES/NO's:
    our own sheet's floors with a pencil not faint (own_floor_constants),
    its houses with a faint pencil (tree_constants)."""
    if what == "floor" and plain_own:
        return OWN_FLOOR_LEVELS
    if what == "house" and own_faint:
        return OWN_FAINT_HOUSE_LEVELS
    return None


def off_print(profiles: np.ndarray, print_smooth: np.ndarray, boxes: np.ndarray,
              holes: list[list[list[float]]]) -> np.ndarray:
    """`profiles` (cells.path_profiles) with every template point whose band
    touches the modelled print (at least TP.TAUGHT_PATH_PRINT, grown by
    TP.TAUGHT_PATH_PRINT_GROW work pixels) left out as a hole (NaN): a
    template read's print model misfits round small icons and lines by as
    much ink as a faint road (taught_path_constants). A point whose ink
    reaches TP.TAUGHT_PATH_HALO, over any halo, is a stroke and stays."""
    grow = 2 * TP.TAUGHT_PATH_PRINT_GROW + 1
    near = cv2.dilate((print_smooth >= TP.TAUGHT_PATH_PRINT).astype(np.uint8),
                      cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (grow, grow)))
    touched = cells.path_profiles(near.astype(np.float32), boxes, holes) > 0
    return np.where(touched & ~(profiles >= TP.TAUGHT_PATH_HALO), np.nan, profiles)


def plain_floor_excess(ink: np.ndarray, printed: tuple[np.ndarray, np.ndarray, float, float], zero: np.ndarray,
                       pencil_only: np.ndarray, pencil: float, geo: dict[str, Any], grid: list[list[str]]
                       ) -> np.ndarray:
    """Each floor box's ink as our own sheet with a pencil not faint measures
    it: the sheet-wide print fit (no refit per box), a road over it or run
    into it judged with OWN_FLOOR_STROKE_MIN. (n,), in ink."""
    baseline, blank, gain, sigma = printed
    k = C.WORK_SCALE
    boxes = np.array([f["box"] for f in geo["floors"]], np.float64) * k
    levels = np.array([marks.surround_level(ink, baseline[..., 0], zero, b) for b in boxes])
    excess = marks.box_excess(ink, blank, boxes, gain, sigma, levels, pencil, shrink=C.FLOOR_SHRINK)
    instead = floors.road_floor_excess(pencil_only, geo["floors"], grid, geo["cells"], k, pencil,
                                       stroke_min=OWN_FLOOR_STROKE_MIN)
    caps = floors.stray_road_caps(pencil_only, geo["floors"], grid, geo["cells"], k, pencil, OWN_FLOOR_STROKE_MIN)
    out = np.array([(e if v is None else v) if c is None else min(e if v is None else v, c)
                    for e, v, c in zip(excess, instead, caps, strict=True)])
    return np.where(plain_lined(pencil_only, boxes, pencil), out, 0.0)


def plain_lined(pencil_map: np.ndarray, boxes: np.ndarray, pencil: float) -> np.ndarray:
    """Floor boxes (work pixels) with a dark line in their middle that stands
    above its haze (floors.stroke_peak and stroke_rise at least
    OWN_FAINT_FLOOR_PLAIN_LINE of the pencil): (n,) bool. A faint sheet's
    print drift, unfitted, lifts a clean box's plain measure as a cross does."""
    peak_min, rise_min = (v * pencil for v in OWN_FAINT_FLOOR_PLAIN_LINE)
    peaks = [floors.stroke_peak(pencil_map, b) for b in boxes]
    return np.array([p >= peak_min and floors.stroke_rise(pencil_map, b, p) >= rise_min
                     for p, b in zip(peaks, boxes, strict=True)], bool)


def add_plain_floors(crossed: list[bool], doubt: list[bool], pencil: float,
                     plain: Callable[[], np.ndarray]) -> tuple[list[bool], list[bool]]:
    """Our own faint sheet: a floor box whose plain measure (`plain()`:
    plain_floor_excess) reaches OWN_FAINT_FLOOR_PLAIN of the pencil is
    crossed too, doubtful. The box-by-box refit that keeps a faint sheet's
    print drift out of its boxes also takes in part of a faint cross's line."""
    return lined_marks.add_lined(crossed, doubt, pencil, OWN_FAINT_FLOOR_PLAIN, plain)


def floor_stroke_min(taught: bool, own_faint: bool) -> float:
    """The least darkest ink (of the pencil) of a floor box judged further
    (floors.stroke_peak): on our own sheet own_floor_constants' (a faint
    pencil's own), on a template read C.FLOOR_STROKE_MIN."""
    if taught:
        return C.FLOOR_STROKE_MIN
    return OWN_FAINT_FLOOR_STROKE_MIN if own_faint else OWN_FLOOR_STROKE_MIN


def _path_holes(geo: dict[str, Any], where: list[tuple[int, int]], k: float) -> list[list[list[float]]]:
    """Per drawable cell, the floor boxes in it (grown for strokes that
    overshoot), at work scale: a cross there is a floor, not part of a road."""
    out: dict[tuple[int, int], list[list[float]]] = {}
    for f in geo["floors"]:
        x0, y0, x1, y1 = f["box"]
        g = (x1 - x0) * C.FLOOR_HOLE_GROW
        out.setdefault(tuple(f["cell"]), []).append([(x0 - g) * k, (y0 - g) * k, (x1 + g) * k, (y1 + g) * k])
    return [out.get(rc, []) for rc in where]
