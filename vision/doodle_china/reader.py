"""Read a photo of a finished Doodle China sheet into a scoring proposal.

decode (EXIF upright, at half size when the photo is large) -> markers on a
reduced copy (fallback: the paper's outline) -> the sheet flattened to its own
coordinates -> QR code names the layout (fallback: OCR of the title, then the
markers' ids) -> paths per cell, crosses, loops (read_marks.py) -> proposal
with per-field confidence and a warning for each doubtful field.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from ..decode import check_header
from ..errors import PhotoError
from . import constants as C
from . import locate, marks, ocr
from .exposure import clipped_share, flag_overexposed, overexposed
from .qr import parse_payload, read_qr
from .read_marks import Reading, read_marks
from .sheet import GAME, blank_ink, sheet_geometry

# The layouts a reader knows, by name, in the layouts API's shape (the caller's
# data: vision knows no game registry); the first of each edition is its default.
Layouts = Mapping[str, dict[str, Any]]

NO_SHEET = ("no Doodle China score sheet was found in the photo; take it closer, with the whole "
            "sheet and its four corner squares in view, flat on the table")


@dataclass
class Located:
    """Where the sheet is: sheet->image homography, and what the markers said."""

    H: np.ndarray
    edition: str | None
    method: str


def decode(data: bytes, full: bool = False) -> tuple[np.ndarray, int]:
    """BGR pixels, upright (EXIF), and the reduction: large photos come at half
    size, which libjpeg decodes far faster and is still finer than the reader needs."""
    _, width, height = check_header(data)
    reduce = 1 if full or min(width, height) < C.REDUCE_MIN_SIDE else 2
    flag = cv2.IMREAD_REDUCED_COLOR_2 if reduce == 2 else cv2.IMREAD_COLOR
    image = cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    if image is None:
        raise PhotoError("the photo could not be decoded; send it again as a JPEG or PNG", status=422)
    return image, reduce


def darkest_channel(bgr: np.ndarray) -> np.ndarray:
    """Each pixel's darkest colour channel: black print and grey graphite are
    dark in all three, a blue pencil is darkest in red, a red one in blue; so
    any pencil shows at its strongest (the paper level is divided out later)."""
    b, g, r = cv2.split(bgr)
    return cv2.min(cv2.min(b, g), r)  # as np.min(bgr, axis=2), a tenth of the time


def read_code(image: np.ndarray, H: np.ndarray) -> dict[str, Any] | None:
    """The sheet's QR payload, parsed, or None."""
    m = C.QR_MARGIN
    x0, y0, x1, y1 = C.QR_BOX
    crop = locate.flatten(image, H, C.QR_SCALE, box=(x0 - m, y0 - m, x1 + m, y1 + m))
    return parse_payload(read_qr(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)) or "")


def locate_sheet(gray: np.ndarray) -> Located:
    """The sheet in a grey photo, by markers (reduced copy first) or outline."""
    factor = min(1.0, C.DETECT_LONG_SIDE / max(gray.shape))
    small = cv2.resize(gray, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA) if factor < 1 else gray
    for image, f in ((small, factor), (gray, 1.0)):
        found = locate.detect_markers(image)
        hit = locate.marker_homography({k: v / f for k, v in found.items()})
        if hit is not None:
            return Located(hit[0], hit[1], f"markers:{len(found)}")
        if f == 1.0:
            break
    quads = locate.outline_quads(small)
    if not quads:
        raise PhotoError(NO_SHEET, status=422)
    up = np.diag([1 / factor, 1 / factor, 1.0])
    candidates = [up @ q for q in quads]
    # Which way up: the QR code's corner is full of ink, the opposite one is not.
    qx0, qy0, qx1, qy1 = (v * C.WORK_SCALE for v in C.QR_BOX)
    scores = []
    for H in candidates:
        ink, _ = locate.ink_map(locate.flatten(gray, H, C.WORK_SCALE))
        scores.append(float(ink[int(qy0):int(qy1), int(qx0):int(qx1)].mean()))
    return Located(candidates[int(np.argmax(scores))], None, "outline")


def default_layout(layouts: Layouts, edition: str) -> dict[str, Any] | None:
    """The edition's default layout: the first of that edition in `layouts`."""
    return next((lay for lay in layouts.values() if lay.get("edition") == edition), None)


def looks_like_sheet(ink: np.ndarray, layouts: Layouts) -> bool:
    """Does the flattened page carry our printed title where it should? (Only
    asked when the sheet was found by its outline: any paper has one.)"""
    x0, y0, x1, y1 = (int(v * C.WORK_SCALE) for v in C.FIT_BOX)
    seen = ink[y0:y1, x0:x1]
    printed = blank_ink(next(iter(layouts.values())), C.WORK_SCALE)[y0:y1, x0:x1]
    if seen.std() < 1e-3:
        return False
    return float(np.corrcoef(seen.ravel(), printed.ravel())[0, 1]) >= C.MIN_TITLE_MATCH


def identify(image: np.ndarray, where: Located, edition: str | None, layout: dict[str, Any] | None,
             warnings: list[str], layouts: Layouts, finer: Any = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """The sheet's description (game, edition, layout, player, match) and its layout.

    `finer()`, when given, returns the photo at full size and the homography
    into it: tried when the QR code is too small to read at half size."""
    payload = read_code(image, where.H)
    if payload is None and finer is not None:
        payload = read_code(*finer())
    if payload is not None and payload["game"] != GAME:
        raise PhotoError(f"this is a {payload['game']} sheet, not a Doodle China one; "
                         "choose the right game", status=422)
    if payload is None:
        printed: dict[str, str | None] = {"edition": None, "player": None, "match": None}
        if ocr.available():
            title = locate.flatten(image, where.H, C.OCR_SCALE, box=C.TITLE_OCR_BOX)
            printed = ocr.read_title(cv2.cvtColor(title, cv2.COLOR_BGR2GRAY))
        found = printed["edition"] or where.edition or edition
        how = "title" if printed["edition"] else "corner markers" if where.edition else "edition given"
        if found is None:
            raise PhotoError("the sheet's QR code and title cannot be read; take the photo again "
                             "with the top of the sheet in focus, or say which edition it is", status=422)
        who = ", ".join(f"{k} {printed[k]!r}" for k in ("player", "match") if printed[k])
        warnings.append(f"QR code unreadable: edition {found} read from the {how}"
                        + (f"; {who} read from the printed line, check them" if who else
                           "; player not known"))
        default = default_layout(layouts, found)
        if default is None:
            raise PhotoError(f"this app has no {found} layout to read the sheet with", status=422)
        payload = {"game": GAME, "edition": found, "layout": default["name"],
                   "player": printed["player"], "match": printed["match"]}
        if ocr.available() and layout is None:
            confirm_values(image, where.H, default, warnings)
    if edition and edition != payload["edition"]:
        warnings.append(f"the sheet is a {payload['edition']} sheet, not {edition}; read as {payload['edition']}")
    if layout is None:
        if payload["layout"] not in layouts:
            raise PhotoError(f"the sheet uses layout {payload['layout']!r}, which this app does not know; "
                             "print a sheet from the app or add the layout", status=422)
        layout = layouts[payload["layout"]]
    return payload, layout


def confirm_values(image: np.ndarray, H: np.ndarray, layout: dict[str, Any], warnings: list[str]) -> bool:
    """With no QR code to go by, read the first row of printed score values and
    check they are the layout's; warn when they are not."""
    first = next(iter(sheet_geometry(layout)["tracks"].values()))
    row = [e for e in first if e["box"][1] == first[0]["box"][1]]
    x0, y0 = row[0]["box"][0] - 12, row[0]["box"][1] - 8
    x1, y1 = row[-1]["box"][2] + 12, row[-1]["box"][3] + 8
    strip = locate.flatten(image, H, C.OCR_SCALE, box=(x0, y0, x1, y1))
    seen = ocr.numbers(cv2.cvtColor(strip, cv2.COLOR_BGR2GRAY))
    expected = "".join(str(e["value"]) for e in row)
    # digits only: tesseract often runs two close values together ("2 3" -> "23")
    agree = difflib.SequenceMatcher(None, "".join(map(str, seen)), expected).ratio() >= C.OCR_VALUES_AGREE
    if not agree:
        warnings.append(f"the printed score values ({' '.join(map(str, seen)) or 'unreadable'}) do not look "
                        f"like layout {layout['name']}'s; check the edition")
    return agree


def read_sheet(data: bytes, edition: str | None = None, layout: dict[str, Any] | None = None, *,
               layouts: Layouts, **_: Any) -> Reading:
    """Read everything on the sheet in a photo (see module doc). `layouts`: the
    layouts the app knows (a QR code names one); `layout` overrides it."""
    image, reduce = decode(data)
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if float(np.percentile(gray, 99)) < C.MIN_BRIGHTNESS:
        raise PhotoError("the photo is far too dark; take it again with more light", status=422)
    where = locate_sheet(gray)
    warnings: list[str] = []
    flat = locate.flatten(image, where.H, C.WORK_SCALE)
    ink, paper = locate.ink_map(cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY))
    if float(np.median(paper)) < C.MIN_BRIGHTNESS:
        raise PhotoError("the sheet is far too dark in the photo; take it again with more light", status=422)

    def finer() -> tuple[np.ndarray, np.ndarray]:
        return decode(data, full=True)[0], np.diag([reduce, reduce, 1.0]) @ where.H

    if where.edition is None and not looks_like_sheet(ink, layouts):
        raise PhotoError(NO_SHEET, status=422)
    sheet, layout = identify(image, where, edition, layout, warnings, layouts,
                            finer if reduce > 1 else None)
    geo = sheet_geometry(layout)
    k = C.WORK_SCALE
    if where.edition is None:  # found by its outline: align it to the print first
        where.H = locate.refine(image, where.H, lambda scale: blank_ink(layout, scale))
        flat = locate.flatten(image, where.H, k)
        ink, paper = locate.ink_map(cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY))
    blank = blank_ink(layout, k)
    gain, sigma = marks.fit_print(ink, blank, [tuple(int(v * k) for v in box) for box in C.FIT_BOXES])
    if gain < C.MIN_SHARPNESS or sigma >= marks.BLUR_STEPS[-1]:
        raise PhotoError("the photo is too blurred or too dark to read the pencil marks; hold the phone "
                         "still, closer and flatter above the sheet, with more light", status=422)
    baseline = gain * (blank if sigma <= 0 else cv2.GaussianBlur(blank, (0, 0), sigma))
    baseline = np.dstack([baseline, marks.paper_mask(blank, sigma)])
    smooth = cv2.blur(ink, (3, 3))
    loops = cv2.blur(locate.ink_map(darkest_channel(flat))[0], (3, 3))
    clipped = clipped_share(cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY), baseline[..., 1] > 0)
    reading = read_marks(geo, sheet, (smooth, loops), ink, (baseline, blank, gain, sigma), warnings,
                         {"method": where.method, "gain": round(gain, 3), "sigma": sigma,
                          "clipped": round(clipped, 4)})
    if overexposed(clipped, reading.details["pencil"]):
        flag_overexposed(reading.proposal, reading.confidence, reading.warnings)
    reading.homography, reading.size = _photo_homography(data, image, where.H, reduce)
    return reading


def _photo_homography(data: bytes, image: np.ndarray, H: np.ndarray, reduce: int
                      ) -> tuple[list[list[float]], list[int]]:
    """Sheet -> upright photo pixels (the decoded copy was `reduce` times smaller)
    and the upright photo's [width, height]."""
    height, width = image.shape[:2]
    if reduce > 1:
        _, w, h = check_header(data)  # stored size; EXIF may turn it
        turned = (width >= height) != (w >= h) and w != h
        width, height = (h, w) if turned else (w, h)
    shift = (reduce - 1) / 2  # a reduced pixel's centre sits between the full ones it averages
    full = np.array([[reduce, 0, shift], [0, reduce, shift], [0, 0, 1.0]]) @ H
    full = full / full[2, 2]
    return [[float(v) for v in row] for row in full], [int(width), int(height)]


def read(data: bytes, edition: str | None = None, *, layouts: Layouts, **options: Any) -> dict[str, Any]:
    """The read-photo answer (vision.md): proposal, confidence, sheet, warnings.
    `layouts`: the layouts the app knows, by name (see `Layouts`).
    With `template` (a taught sheet, vision.md "templates"), the photo is read
    through it instead of looking for our markers and QR code."""
    template = options.pop("template", None)
    if template is not None:
        from .template_read import read_with_template

        if edition and edition != template.get("edition"):
            raise PhotoError(f"the template is for {template.get('edition')}, not {edition}", status=400)
        return read_with_template(data, template, options.pop("template_id", None)).answer()
    templates = options.pop("templates", None) or []
    try:
        return read_sheet(data, edition=edition, layouts=layouts, **options).answer()
    except PhotoError as first:
        if not templates or first.status != 422:
            raise
        return _read_by_templates(data, edition, templates, first)


def _read_by_templates(data: bytes, edition: str | None, templates: list[dict[str, Any]],
                       first: PhotoError) -> dict[str, Any]:
    """Not one of our sheets: the first of the group's templates (of that
    edition) the photo fits. `templates`: [{"id", "template"}]."""
    from .template_read import read_with_template

    tried = []
    for item in templates:
        template = item["template"]
        if edition and template.get("edition") != edition:
            continue
        try:
            return read_with_template(data, template, item.get("id")).answer()
        except PhotoError as exc:
            tried.append(f"{template.get('name', 'template')!r}: {exc.message}")
    if not tried:
        raise first
    raise PhotoError(first.message + "; nor does it fit the group's taught sheets ("
                     + "; ".join(tried) + ")", status=422)
