"""Which of the six paths (or none) is drawn in each grid cell.

Each path is a template curve in the cell's unit square (straight lines
through the centre, turns around a corner). People draw a turn as a quarter
arc, as a straight chord between the two side midpoints, or anything between
(a chord's middle lies 0.15 of a cell from the arc's, twice the band searched),
so each turn has three templates (arc, halfway, chord) and counts by the one
its ink covers best. Along each template the
reader takes the darkest ink across a band (a hand is shaky), and counts how
much of the template is inked. The drawn path covers its own template almost
fully and the others only where they meet it, so the margin between the best
and second best is the confidence.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from . import constants as C
from . import ghost_constants as G
from . import own_path_constants as P


def path_points(path: str, t: np.ndarray, radius: float = 0.5,
                bend: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """Points (n, 2) in the unit cell along a path at parameters t in [0, 1], and
    unit normals; turns are quarter circles of `radius` around a corner
    (`bend` 1), straight chords between the two side midpoints (`bend` 0), or
    the curve between them."""
    t = np.asarray(t, dtype=np.float64)
    if path == "NS":
        return np.stack([np.full_like(t, 0.5), t], 1), np.tile([1.0, 0.0], (len(t), 1))
    if path == "EW":
        return np.stack([t, np.full_like(t, 0.5)], 1), np.tile([0.0, 1.0], (len(t), 1))
    phi = t * np.pi / 2
    centre, sx, sy = {"NE": ((1, 0), -1, 1), "NW": ((0, 0), 1, 1),
                      "SE": ((1, 1), -1, -1), "SW": ((0, 1), 1, -1)}[path]
    normal = np.stack([sx * np.cos(phi), sy * np.sin(phi)], 1)
    arc = np.asarray(centre, dtype=np.float64) + radius * normal
    if bend >= 1.0:
        return arc, normal
    a = np.asarray(centre, np.float64) + radius * np.array([sx, 0.0])
    b = np.asarray(centre, np.float64) + radius * np.array([0.0, sy])
    chord = a[None] + (b - a)[None] * t[:, None]
    chord_normal = np.tile(np.array([sx, sy]) / np.sqrt(2), (len(t), 1))
    pts = bend * arc + (1 - bend) * chord
    nrm = bend * normal + (1 - bend) * chord_normal
    return pts, nrm / np.linalg.norm(nrm, axis=1, keepdims=True)


@functools.lru_cache(maxsize=1)
def templates() -> tuple[tuple[str, float], ...]:
    """Every template searched: (path, bend); straight paths once, turns in
    each of C.TURN_BENDS."""
    return tuple((p, b) for p in C.PATHS for b in ((1.0,) if p in ("NS", "EW") else C.TURN_BENDS))


@functools.lru_cache(maxsize=1)
def template_grid() -> np.ndarray:
    """(templates, samples, band steps, 2) unit-cell points searched for ink."""
    t = np.linspace(C.PATH_TRIM, 1 - C.PATH_TRIM, C.PATH_SAMPLES)
    band = np.linspace(-C.PATH_BAND, C.PATH_BAND, C.PATH_BAND_STEPS)
    out = []
    for path, bend in templates():
        pts, normal = path_points(path, t, bend=bend)
        out.append(pts[:, None, :] + normal[:, None, :] * band[None, :, None])
    return np.asarray(out)


def path_cover(profiles: np.ndarray, threshold: float) -> np.ndarray:
    """Share of each path's template inked, the best of its shapes: (cells, 6)."""
    seen = ~np.isnan(profiles)
    cover = (profiles > threshold).sum(axis=2) / np.maximum(seen.sum(axis=2), 1)
    cover[seen.mean(axis=2) < C.PATH_MIN_SEEN] = 0.0  # too little left to judge this shape
    names = [p for p, _ in templates()]
    return np.stack([cover[:, [i for i, n in enumerate(names) if n == p]].max(axis=1) for p in C.PATHS], 1)


def path_profiles(ink: np.ndarray, boxes: np.ndarray,
                  holes: list[list[list[float]]] | None = None) -> np.ndarray:
    """Darkest ink across the band at each template point: (cells, templates, samples).

    `ink` is the flattened sheet's ink map (lightly smoothed), `boxes` (cells, 4)
    the cells in its pixels. `holes`, per cell, boxes (same pixels) where other
    marks belong (a skyscraper's floor boxes, which a turn's chord crosses):
    template points in them are NaN, neither inked nor not; so is a point
    whose band lies wholly where `ink` is -inf.
    """
    grid = template_grid()
    x0, y0 = boxes[:, 0], boxes[:, 1]
    w, h = boxes[:, 2] - x0, boxes[:, 3] - y0
    xs = x0[:, None, None, None] + grid[None, ..., 0] * w[:, None, None, None]
    ys = y0[:, None, None, None] + grid[None, ..., 1] * h[:, None, None, None]
    xi = np.clip(np.rint(xs).astype(np.intp), 0, ink.shape[1] - 1)
    yi = np.clip(np.rint(ys).astype(np.intp), 0, ink.shape[0] - 1)
    out = ink[yi, xi].max(axis=-1)
    out[np.isneginf(out)] = np.nan  # the caller left those pixels out (-inf): as a hole
    if holes:
        cx, cy = xs.mean(axis=-1), ys.mean(axis=-1)
        for i, cell_holes in enumerate(holes):
            for hx0, hy0, hx1, hy1 in cell_holes:
                inside = (cx[i] >= hx0) & (cx[i] <= hx1) & (cy[i] >= hy0) & (cy[i] <= hy1)
                out[i][inside] = np.nan
    return out


def pencil_level(profiles: np.ndarray) -> float:
    """How dark this player's pencil looks in this photo: the typical ink along
    the best template of the clearly drawn cells (start cells always are)."""
    if len(profiles) == 0:
        return C.INK_DEFAULT_PENCIL
    # a shape wholly in holes leaves its cell out (np.nanmedian's NaN did)
    best = np.where(np.isnan(profiles).all(axis=2).any(axis=1), np.nan, nan_median(profiles).max(axis=1))
    strong = best[best > C.INK_FLOOR / 2]
    if len(strong) < 3:
        return C.INK_DEFAULT_PENCIL
    return float(np.percentile(strong, 75))


def road_threshold(pencil: float, faint: bool = False, own_faint: bool = False) -> float:
    """The least ink of a road: C.INK_SHARE of the sheet's pencil, never under
    C.INK_FLOOR; with a faint pencil on a template read (`faint`) under
    G.TAUGHT_PATH_FLOOR only, where faint roads sit at 0.03-0.04 of ink; on
    our own sheet (`own_faint`) under P.OWN_PATH_FLOOR only, where the
    faintest pencil's roads sit at 0.025-0.035."""
    floor = P.OWN_PATH_FLOOR if own_faint else G.TAUGHT_PATH_FLOOR if faint else C.INK_FLOOR
    return max(floor, C.INK_SHARE * pencil)


def own_faint_paths(pencil_only: np.ndarray, print_smooth: np.ndarray, boxes: np.ndarray,
                    holes: list[list[list[float]]], pencil: float, setup: list[bool]
                    ) -> tuple[list[str | None], list[float], list[str]]:
    """Paths on our own printed sheet with a faint pencil (under
    P.OWN_FAINT_PATH_PENCIL): counted from P.OWN_PATH_FLOOR, judged on the
    paper only (the print model's error over text and icons, at least
    C.OWN_FAINT_PRINT of `print_smooth`, is a large share of a faint pencil)
    and cleared of erased lines by the own-faint ghost rules. A faint or
    broken line (classify `broken`) is read as empty there: the threshold
    (INK_SHARE of the pencil) is so low that a drawn road covers its template,
    and what covers under C.PATH_COVER_YES of it is the print model's misfit
    by a cell's label or icon (one end of a turn's chord) or an erased smudge
    (figures in own_path_constants.py)."""
    threshold = road_threshold(pencil, own_faint=True)
    on_print = print_smooth >= C.OWN_FAINT_PRINT
    profiles = path_profiles(np.where(on_print, -np.inf, pencil_only), boxes, holes)
    paths, confs, notes = classify(profiles, threshold, setup, broken=False)
    drop_ghosts(pencil_only, boxes, profiles, pencil, threshold, paths, confs, notes, setup,
                **faint_ghost_rules(True, False))
    return paths, confs, notes


def path_strength(profile: np.ndarray) -> np.ndarray:
    """Mean ink along each path (its best shape) of one cell: (6,)."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a shape wholly in holes
        mean = np.nan_to_num(np.nanmean(profile, axis=1), nan=-1.0)
    names = [p for p, _ in templates()]
    return np.array([mean[[k for k, n in enumerate(names) if n == p]].max() for p in C.PATHS])


def classify(profiles: np.ndarray, threshold: float, always: list[bool] | None = None,
             broken: bool = True) -> tuple[list[str | None], list[float], list[str]]:
    """Per cell: the path drawn (None for nothing), a confidence, and a note
    when the reading is doubtful ('' otherwise). `always`: cells that are never
    empty (the setup squares every player draws in before the first round):
    there a faint line is read as the best-fitting path, with a note.
    `broken`: a path covered from halfway between C.PATH_COVER_NO and
    C.PATH_COVER_YES is read, with a note, as a faint or broken line (else as
    empty, with a note: own_faint_paths)."""
    cover = path_cover(profiles, threshold)
    paths: list[str | None] = []
    confs: list[float] = []
    notes: list[str] = []
    for i, row in enumerate(cover):
        order = np.argsort(row)[::-1]
        best, second = float(row[order[0]]), float(row[order[1]])
        path = C.PATHS[order[0]]
        if best >= C.PATH_COVER_YES and best - second >= C.PATH_MARGIN:
            conf = min(1.0, 0.5 + (best - second) * 0.8 + (best - C.PATH_COVER_YES) * 0.5)
            paths.append(path), confs.append(round(conf, 3)), notes.append("")
        elif always is not None and always[i] and best < C.PATH_COVER_YES:
            # too faint for the threshold: the path along which the ink is darkest
            path = C.PATHS[int(np.argmax(path_strength(profiles[i])))]
            paths.append(path), confs.append(0.5 if best >= C.PATH_COVER_NO else 0.3)
            notes.append(f"faint line in a starting square, read as {path}")
        elif best < C.PATH_COVER_NO:
            conf = min(1.0, 0.6 + (C.PATH_COVER_NO - best) / C.PATH_COVER_NO * 0.4)
            paths.append(None), confs.append(round(conf, 3)), notes.append("")
        elif best >= C.PATH_COVER_YES:
            paths.append(path), confs.append(round(0.35 + (best - second), 3))
            notes.append(f"{path} and {C.PATHS[order[1]]} both look drawn, read as {path}")
        elif best >= (C.PATH_COVER_YES + C.PATH_COVER_NO) / 2 and broken:
            paths.append(path), confs.append(0.5)
            notes.append(f"faint or broken line, read as {path}")
        elif best >= (C.PATH_COVER_YES + C.PATH_COVER_NO) / 2:
            paths.append(None), confs.append(0.5)
            notes.append(f"faint or broken mark along {path}, read as empty")
        else:
            paths.append(None), confs.append(0.5)
            notes.append("faint mark, read as empty")
    return paths, confs, notes


def nan_median(a: np.ndarray) -> np.ndarray:
    """np.nanmedian along the last axis, -1 where all is NaN; sorted once for
    every row (np.nanmedian goes row by row when NaNs are present)."""
    s = np.sort(a, axis=-1)  # NaNs last
    n = (~np.isnan(a)).sum(axis=-1)
    lo = np.take_along_axis(s, np.maximum((n - 1) // 2, 0)[..., None], -1)[..., 0]
    hi = np.take_along_axis(s, np.maximum(n // 2, 0)[..., None], -1)[..., 0]
    return np.where(n > 0, (lo + hi) / 2, -1.0)


def _across(ink: np.ndarray, box: np.ndarray, path: str, bend: float, t: np.ndarray,
            step: float = G.GHOST_STEP) -> np.ndarray:
    """Ink across a path's shape at parameters `t`, +-G.GHOST_SPAN of the cell
    in `step` steps: (len(t), steps)."""
    pts, normal = path_points(path, t, bend=bend)
    steps = int(round(2 * G.GHOST_SPAN / step)) + 1
    across = np.linspace(-G.GHOST_SPAN, G.GHOST_SPAN, steps)
    p = pts[:, None, :] + normal[:, None, :] * across[None, :, None]
    x0, y0, x1, y1 = box
    xi = np.clip(np.rint(x0 + p[..., 0] * (x1 - x0)).astype(np.intp), 0, ink.shape[1] - 1)
    yi = np.clip(np.rint(y0 + p[..., 1] * (y1 - y0)).astype(np.intp), 0, ink.shape[0] - 1)
    return ink[yi, xi]


def ghost_width(ink: np.ndarray, box: np.ndarray, path: str, bend: float, threshold: float,
                step: float = G.GHOST_STEP, seen: np.ndarray | None = None, run: bool = False) -> float:
    """How wide (share of the cell) the ink along a path's shape is at half
    its peak, measured in `step` steps across, the median over the points
    where it passes `threshold` (and, given `seen`, (C.PATH_SAMPLES,), where
    that is True: the path's profile left out the holes); 0 when too few do.
    `run`: only the unbroken run over half the peak that holds the peak is
    counted, not other ink further along the cut (a chord's cut near its
    ends crosses the grid line and the neighbour's road at a slant)."""
    cut = _across(ink, box, path, bend, np.linspace(C.PATH_TRIM, 1 - C.PATH_TRIM, C.PATH_SAMPLES), step)
    peak = cut.max(axis=1)
    inked = peak > threshold if seen is None else (peak > threshold) & seen
    if inked.sum() < 3:
        return 0.0
    above = cut[inked] >= peak[inked, None] / 2
    if not run:
        return float(np.median(above.sum(axis=1))) * step
    # a gap under G.GHOST_RUN_GAP of the cell (noise in a smudge) does not break it
    gap = int(round(G.GHOST_RUN_GAP / step))
    above = cv2.morphologyEx(above.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((1, gap + 1), np.uint8)) > 0
    top = np.argmax(cut[inked], axis=1)[:, None]
    cols = np.arange(above.shape[1])[None]
    left = np.where(~above & (cols < top), cols, -1).max(axis=1)
    right = np.where(~above & (cols > top), cols, above.shape[1]).min(axis=1)
    return float(np.median(right - left - 1)) * step


def end_share(ink: np.ndarray, box: np.ndarray, path: str, bend: float, level: float,
              own_background: bool = False) -> float:
    """The ink at a path's fainter end (the outer G.GHOST_END of the cell at
    each end, which the profiles leave out; the median of its darkest ink
    across +-C.PATH_BAND) as a share of `level`, the ink along its middle: a
    drawn line runs on to the cell's edge, an erased one fades before it.
    `own_background`: each sample's darkest ink over its own background, the
    G.END_BACKGROUND percentile of its cut (+-G.GHOST_SPAN), not over the
    sheet's one paper level: at the cell's edge the cut runs along the grid
    line, whose print residual raises or lowers all of it, not a stroke."""
    band = int(round(C.PATH_BAND / G.GHOST_STEP))
    mid = int(round(G.GHOST_SPAN / G.GHOST_STEP))
    ends = []
    for a, b in ((0.0, G.GHOST_END), (1 - G.GHOST_END, 1.0)):
        cut = _across(ink, box, path, bend, np.linspace(a, b, G.GHOST_END_SAMPLES))
        peak = cut[:, mid - band:mid + band + 1].max(axis=1)
        ends.append(float(np.median(peak - np.percentile(cut, G.END_BACKGROUND, axis=1) if own_background
                                    else peak)))
    return min(ends) / level if level > 0 else 0.0


def faint_ghost_rules(own_faint: bool, taught_faint: bool) -> dict[str, Any]:
    """drop_ghosts' rules for a faint pencil: on our own sheet (`own_faint`)
    and on a template read (`taught_faint`) a ghost under G.GHOST_LEVEL is one
    G.GHOST_WIDER times as wide as the sheet's own strokes (a faint ghost is
    narrower than G.GHOST_WIDTH); on a template read also one under
    G.TAUGHT_GHOST_LEVEL and G.TAUGHT_GHOST_WIDER times as wide, as its
    roads are counted from the lower G.TAUGHT_PATH_FLOOR. On our own sheet a
    path under G.FADED_LEVEL whose ink fades before the cell's edge is one
    too (drop_ghosts `faded`), and so is one under G.FADED_LEVEL
    G.GHOST_FINE_WIDER times as wide as the sheet's strokes measured finely
    (drop_ghosts `fine`), and one under G.FADED_WIDE_LEVEL both that wide
    and faded (drop_ghosts `faded_wide`). On a template read a path under
    G.TAUGHT_FADED_LEVEL whose ends, each over its own background, fade
    under G.TAUGHT_FADED_END of its middle is one too (`faded_own`). On our
    own sheet `faded` spares a path under G.FADED_NARROW times as wide as the
    sheet's strokes whose ends over their own background do not fade
    (`faded_narrow`)."""
    return {"own_width": own_faint or taught_faint,
            "wide": (G.TAUGHT_GHOST_WIDER, G.TAUGHT_GHOST_LEVEL) if taught_faint else None,
            "faded": (G.FADED_LEVEL, G.FADED_END) if own_faint else None,
            "fine": (G.GHOST_FINE_WIDER, G.FADED_LEVEL) if own_faint else None,
            "faded_wide": (G.FADED_WIDE_LEVEL, G.GHOST_FINE_WIDER, G.FADED_END) if own_faint else None,
            "faded_own": (G.TAUGHT_FADED_LEVEL, G.TAUGHT_FADED_END, G.TAUGHT_FADED_BEND) if taught_faint else None,
            "faded_narrow": G.FADED_NARROW if own_faint else None}


def drop_ghosts(ink: np.ndarray, boxes: np.ndarray, profiles: np.ndarray, pencil: float, threshold: float,
                paths: list[str | None], confs: list[float], notes: list[str],
                always: list[bool] | None = None, own_width: bool = False,
                wide: tuple[float, float] | None = None, faded: tuple[float, float] | None = None,
                fine: tuple[float, float] | None = None,
                faded_wide: tuple[float, float, float] | None = None,
                faded_own: tuple[float, float, float] | None = None,
                faded_narrow: float | None = None) -> None:
    """An erased line leaves a ghost: wide and well under the pencil's level
    along its path, where a drawn line, however faint, reaches about the
    pencil's level in a narrow stroke. A path read from such a ghost is read
    as nothing, with a note (in place; never in a setup square).
    `own_width`: a ghost is also one wider than G.GHOST_WIDER times the
    sheet's own drawn strokes (the median width of its paths at the pencil's
    level, when G.GHOST_OWN_MIN of them show it): a thin pencil's ghost is
    narrower than G.GHOST_WIDTH, yet still wider than its strokes.
    `wide` (times, level): a path under `level` of the pencil (above
    G.GHOST_LEVEL) is a ghost too when at least `times` as wide as those
    strokes: a template read's faint pencil, whose lower road threshold lets
    an erased smudge's darker middle through.
    `faded` (level, share): a path under `level` of the pencil whose fainter
    end (end_share) carries under `share` of its middle's ink is a ghost: an
    erased line fades before the cell's edge, a drawn one runs on to it.
    `fine` (times, level): a path under `level` of the pencil at least `times`
    as wide as those strokes, both measured in G.GHOST_FINE_STEP steps (a
    thin pencil's strokes are 3-4 of G.GHOST_STEP wide), is a ghost.
    `faded_wide` (level, times, share): a path under `level` of the pencil
    at least `times` as wide as those strokes (finely) whose end_share, each
    sample over its own background, is under `share` is a ghost: a darker
    smudge, over `faded`'s and `fine`'s levels, must show both.
    `faded_own` (level, share, bend): a path under `level` of the pencil, fit with
    a bend over `bend` (not a chord), whose end_share over own backgrounds is under `share`.
    `faded_narrow` (times): `faded` spares a path under `times` as wide as
    the sheet's strokes (finely) whose ends, each over its own background,
    carry `share` of its middle: the one paper level read the grid line's
    print residual, not a fading stroke."""
    todo = [i for i, path in enumerate(paths) if path is not None and not (always is not None and always[i])]
    if not todo:
        return
    levels = nan_median(profiles[todo])  # (cells, templates), at once: a read has dozens of paths
    shapes = templates()
    best = [max((float(levels[row, k]), b) for k, (n, b) in enumerate(shapes) if n == paths[i])
            for row, i in enumerate(todo)]
    drawn = [(i, bend) for i, (level, bend) in zip(todo, best, strict=True) if level >= G.GHOST_LEVEL * pencil]

    @functools.cache
    def fine_width(i: int, bend: float) -> float:
        """A path's width in G.GHOST_FINE_STEP steps, off the holes (a floor
        box's cross or print beside a skyscraper's road widens it); kept, as
        a drawn path under FADED_LEVEL is measured for the own strokes too."""
        return ghost_width(ink, boxes[i], paths[i], bend, threshold, G.GHOST_FINE_STEP,
                           ~np.isnan(profiles[i, shapes.index((paths[i], bend))]), run=True)

    def own_strokes(width: Callable[[int, float], float]) -> float | None:
        """The median width of the sheet's drawn strokes, None with too few."""
        if len(drawn) < G.GHOST_OWN_MIN:
            return None
        return float(np.median([width(i, bend) for i, bend in drawn]))

    widest = G.GHOST_WIDTH
    own = (own_strokes(lambda i, bend: ghost_width(ink, boxes[i], paths[i], bend, threshold))
           if own_width or wide is not None else None)
    own_fine = own_strokes(fine_width) if any(r is not None for r in (fine, faded_wide, faded_narrow)) else None
    if own_width and own is not None:
        widest = min(widest, G.GHOST_WIDER * own)
    top = max(G.GHOST_LEVEL, wide[1]) if wide is not None and own is not None else G.GHOST_LEVEL
    top = max(top, faded[0]) if faded is not None else top
    top = max(top, fine[1]) if fine is not None and own_fine is not None else top
    top = max(top, faded_wide[0]) if faded_wide is not None and own_fine is not None else top
    top = max(top, faded_own[0]) if faded_own is not None else top
    for i, (level, bend) in zip(todo, best, strict=True):
        path = paths[i]
        if level >= top * pencil:
            continue
        width = ghost_width(ink, boxes[i], path, bend, threshold)
        ghost = level < G.GHOST_LEVEL * pencil and width >= widest - 1e-9
        if wide is not None and own is not None and level < wide[1] * pencil:
            ghost = ghost or width >= wide[0] * own - 1e-9
        if faded is not None and level < faded[0] * pencil and not ghost:
            ghost = end_share(ink, boxes[i], path, bend, level) < faded[1]
            if ghost and faded_narrow is not None and own_fine is not None:
                ghost = not (fine_width(i, bend) < faded_narrow * own_fine
                             and end_share(ink, boxes[i], path, bend, level, own_background=True) >= faded[1])
        if fine is not None and own_fine is not None and level < fine[1] * pencil and not ghost:
            ghost = fine_width(i, bend) >= fine[0] * own_fine - 1e-9
        if faded_wide is not None and own_fine is not None and level < faded_wide[0] * pencil and not ghost:
            ghost = (fine_width(i, bend) >= faded_wide[1] * own_fine - 1e-9
                     and end_share(ink, boxes[i], path, bend, level, own_background=True) < faded_wide[2])
        if faded_own is not None and level < faded_own[0] * pencil and not ghost:
            ghost = bend > faded_own[2] and end_share(ink, boxes[i], path, bend, level, True) < faded_own[1]
        if ghost:
            paths[i], confs[i] = None, G.GHOST_CONFIDENCE
            notes[i] = f"a faint, wide mark along {path} (an erased line?), read as empty"
