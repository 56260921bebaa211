"""Read a photo of a sheet the project did not print, through its template.

The photo registered to the template's blank (template_register.py: ORB +
RANSAC, the paper's outline, ECC), refused with what to do when it does not
fit; then the marks are read as on the project's own sheets, against the
template's blank instead of our print.
"""

from __future__ import annotations

import functools
from typing import Any

import cv2
import numpy as np

from ..errors import PhotoError
from . import constants as C
from . import locate, marks
from . import template_constants as T
from .colour import CHANNELS, Channel, balance_gains, balanced, channel_ink, plain_paper
from .exposure import clipped_share, flag_overexposed, overexposed
from .read_marks import Reading, read_marks
from .reader import _photo_homography, decode
from .taught_paper import taught_ink
from .template import template_ink
from .template_register import Photo, register_closer


def geometry(template: dict[str, Any]) -> dict[str, Any]:
    """The template's geometry in the shape of sheet_geometry's."""
    tracks = {name: [{"value": e["value"], "box": e["box"]} for e in entries]
              for name, entries in template["tracks"].items()}
    return {"game": "doodle-china", "edition": template["edition"], "layout": template["layout"],
            "size": template["size"], "cells": template["cells"], "houses": template["houses"],
            "tracks": tracks, "trees": template["trees"], "floors": template["floors"]}


def check_template(template: dict[str, Any]) -> None:
    """Refuse a template that cannot be read with (damaged, or values never filled in)."""
    need = ("size", "cells", "houses", "tracks", "trees", "floors", "image", "image_scale", "paper", "edition")
    missing = [k for k in need if k not in template]
    if missing:
        raise PhotoError(f"the template is incomplete (no {', '.join(missing)}); teach the sheet again",
                         status=422)
    for name, entries in template["tracks"].items():
        if not entries:  # taught from a photo where this track's boxes were not found
            raise PhotoError(f"the template has no value boxes on its {name} track, so its circled values "
                             "cannot be read; teach the sheet again (drag the corners onto the grid and find it "
                             "again) or score this sheet by tapping", status=422)
        if any(not isinstance(e.get("value"), int) for e in entries):
            raise PhotoError(f"the template's {name} track has a value nobody has filled in; open the "
                             "template and check its values", status=422)
    bgr = template.get("paper_bgr")  # optional
    if bgr is not None and not (isinstance(bgr, list) and len(bgr) == 3
                                and all(isinstance(v, (int, float)) and 0 < v <= 255 for v in bgr)):
        raise PhotoError("the template's paper colour is damaged; teach the sheet again", status=422)
    pale = template.get("image_pale")  # format 2, optional
    if pale is not None and not (isinstance(pale, dict) and pale.get("channel") in CHANNELS
                                 and isinstance(pale.get("png"), str)):
        raise PhotoError("the template's colour picture of the blank sheet is damaged; teach the sheet again",
                         status=422)


def read_with_template(data: bytes, template: dict[str, Any], template_id: Any = None,
                       **_: Any) -> Reading:
    """Read a photo of a sheet through its template (see module doc)."""
    check_template(template)
    image, reduce = decode(data)
    photo = Photo(image)
    if locate.percentile(photo.gray, 99) < C.MIN_BRIGHTNESS:
        raise PhotoError("the photo is far too dark; take it again with more light", status=422)
    k = C.WORK_SCALE
    w, h = template["size"]
    blank = template_ink(template["image"], template["image_scale"], (w, h), k)
    H, details, flat, ink, match = register_closer(photo, template, blank)
    if match < T.MIN_MATCH:
        raise PhotoError(f"this photo does not line up with the template {template.get('name', '')!r} "
                         f"(match {match:.2f}); hold the phone flat above the whole sheet, or check that it "
                         "is a sheet of that pad", status=422)
    fit = [tuple(int(v * k) for v in box) for box in template.get("fit_boxes", [])]
    gain, sigma = marks.fit_print(ink, blank, fit) if fit else (1.0, 0.0)
    gain = float(np.clip(gain, 0.5, 1.5))
    blurred, paper_mask, printed = _print_model(template["image"], template["image_scale"], (w, h), k, sigma)
    baseline = np.dstack([gain * blurred, paper_mask])
    smooth = cv2.blur(ink, (3, 3))
    # a pad prints a box around each value, and its neighbours' boxes lie where
    # a loop is looked for: the print is taken out first
    # the blank is known in grey only: the photo's darkest channel would read a
    # coloured pad's print as ink (a halo around each white value box that a
    # faint pencil's threshold takes for loops), so loops are looked for in
    # grey, against the blank's print in the same channel
    loops = smooth - cv2.blur(baseline[..., 0], (3, 3))
    # what is left of the print where it is strong (a pixel off, a faint
    # pencil's threshold is low) is not a loop: the outlines are left out
    loops = np.where(printed, 0.0, loops).astype(np.float32)
    sheet = {"game": "doodle-china", "edition": template["edition"], "layout": template["layout"],
             "player": None, "match": None, "template": template_id if template_id is not None
             else template.get("name")}
    warnings: list[str] = []
    clipped = clipped_share(cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY), paper_mask)
    details.update(match=round(match, 3), gain=round(gain, 3), sigma=sigma, clipped=round(clipped, 4))
    pale = template.get("image_pale")

    def seen() -> Channel:  # only when a house needs a second look
        return Channel(channel_ink(flat, pale["channel"]),
                       template_ink(pale["png"], template["image_scale"], (w, h), k), fit)

    floor_ink = None if not template["floors"] else taught_ink(
        cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY), template["image"], template["image_scale"], (w, h), k)
    reading = read_marks(geometry(template), sheet, (smooth, loops), ink, (baseline, blank, gain, sigma),
                         warnings, details, taught=True, pale=None if pale is None else seen, floor_ink=floor_ink,
                         house_ink=_house_ink(flat, template, ink))
    if overexposed(clipped, reading.details["pencil"]):
        flag_overexposed(reading.proposal, reading.confidence, reading.warnings)
    reading.homography, reading.size = _photo_homography(data, image, H, reduce)
    return reading


def _house_ink(flat: np.ndarray, template: dict[str, Any], ink: np.ndarray) -> np.ndarray | None:
    """The ink the houses are measured on: the flattened photo's grey in the
    blank's white balance (colour.balance_gains), when the template keeps its
    paper colour and the photo shows that paper; else None (grey's ink).
    Worked out round the houses only (_house_regions: the ink map of that
    grey over the whole sheet has the same figures there), `ink` elsewhere."""
    houses = [x for x in template["houses"] if not x["printed_crossed"]]  # as read_marks measures
    if template.get("paper_bgr") is None or not houses:
        return None
    w, h = template["size"]
    mask = _plain_paper(template["image"], template["image_scale"], (w, h), C.WORK_SCALE,
                        tuple(template["grid"]), tuple(map(tuple, template["paper"])))
    gains = balance_gains(flat, mask, template["paper_bgr"])
    if gains is None:
        return None
    return locate.ink_map_within(lambda rows, cols: balanced(flat[rows, cols], gains), ink.shape,
                                 _house_regions(np.array([x["box"] for x in houses], np.float64) * C.WORK_SCALE),
                                 ink)


def _house_regions(boxes: np.ndarray) -> list[tuple[int, int, int, int]]:
    """The pixels a house's measures read (x0, y0, x1, y1 at work scale): the
    paper round it that sets its zero (marks.surround_level, C.MARK_SURROUND
    of its side) and its crop with C.CLASS_MARGIN (marks.box_excess and
    slash_lines, interpolated: a pixel more), with a pixel or two to spare."""
    out = []
    for x0, y0, x1, y1 in boxes:
        side = max(x1 - x0, y1 - y0)
        grow = max(C.MARK_SURROUND * side, C.CLASS_MARGIN_MIN, C.CLASS_MARGIN * side) + 3
        out.append((int(np.floor(x0 - grow)), int(np.floor(y0 - grow)),
                    int(np.ceil(x1 + grow)) + 1, int(np.ceil(y1 + grow)) + 1))
    return out


@functools.lru_cache(maxsize=32)
def _print_model(image: str, image_scale: float, size: tuple[int, int], scale: float, sigma: float
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A template's print as a photo shows it, once per template and blur
    step (marks.BLUR_STEPS), not per photo (read only): its blank's ink
    blurred by `sigma` (before the photo's gain), where the paper is clear of
    it (marks.paper_mask), and its strong outlines, grown a pixel (no loop
    is looked for there)."""
    blank = template_ink(image, image_scale, size, scale)
    blurred = blank if sigma <= 0 else cv2.GaussianBlur(blank, (0, 0), sigma)
    printed = cv2.dilate((blank > T.RING_PRINT).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    out = (blurred, marks.paper_mask(blank, sigma), printed)
    for a in out:
        a.flags.writeable = False
    return out


@functools.lru_cache(maxsize=8)
def _plain_paper(image: str, image_scale: float, size: tuple[int, int], scale: float, grid: tuple,
                 paper: tuple) -> np.ndarray:
    """colour.plain_paper of a template's blank, once per template (read only)."""
    mask = plain_paper(template_ink(image, image_scale, size, scale), list(grid), [list(p) for p in paper], scale)
    mask.flags.writeable = False
    return mask


def read(data: bytes, template: dict[str, Any], template_id: Any = None, **options: Any) -> dict[str, Any]:
    """The read-photo answer (vision.md) through a template."""
    return read_with_template(data, template, template_id).answer()
