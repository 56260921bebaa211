"""The printed score values of a sheet the project did not print, read by
tesseract one box at a time (digits only, one thread, a CPU-time limit): each box
flattened from the photo itself, cleaned (black on white, the box's own
outline taken away), and read with its confidence; values that break a
track's rising order are flagged for the person to check.
"""

from __future__ import annotations

import re
from typing import Any

import cv2
import numpy as np

from . import constants as C
from . import locate, ocr
from . import template_constants as T

Box = list[float]


def _tesseract_tsv(gray: np.ndarray, psm: int) -> list[tuple[int, str, float]]:
    """Words tesseract reads (digits only): (top, text, confidence 0..1)."""
    if not ocr.available():
        return []
    ok, png = cv2.imencode(".png", gray)
    if not ok:
        return []
    out = ocr.run_tesseract(["stdin", "stdout", "--psm", str(psm), "-l", "eng",
                             "-c", "tessedit_char_whitelist=0123456789", "tsv"], png.tobytes())
    if out is None:
        return []
    words = []
    for line in out.decode("utf-8", "replace").splitlines()[1:]:
        parts = line.split("\t")
        if len(parts) == 12 and re.sub(r"\D", "", parts[11]):
            words.append((int(parts[7]) + int(parts[9]) // 2, re.sub(r"\D", "", parts[11]),
                          max(0.0, float(parts[10])) / 100.0))
    return words


def tesseract_boxes(crops: list[np.ndarray]) -> list[tuple[str, float]]:
    """Digits and confidence for each box crop (black on white, same height):
    one tesseract run over the crops stacked one above the other, far apart,
    each crop its own line; a crop read as nothing is tried again alone."""
    if not crops:
        return []
    gap = T.OCR_BOX_HEIGHT
    width = max(c.shape[1] for c in crops) + 2 * gap
    rows, centres, y = [], [], gap
    for c in crops:
        pad = np.full((c.shape[0] + gap, width), 255, np.uint8)
        pad[:c.shape[0], gap:gap + c.shape[1]] = c
        rows.append(pad)
        centres.append(y + c.shape[0] / 2)
        y += c.shape[0] + gap
    sheet = np.vstack([np.full((gap, width), 255, np.uint8), *rows])
    out: list[tuple[str, list[float]]] = [("", []) for _ in crops]
    for top, text, conf in _tesseract_tsv(sheet, 6):
        i = int(np.argmin([abs(top - c) for c in centres]))
        out[i] = (out[i][0] + text, out[i][1] + [conf])
    answers = []
    for crop, (text, confs) in zip(crops, out, strict=True):
        if not text:
            alone = _tesseract_tsv(np.pad(crop, gap // 2, constant_values=255), T.OCR_PSM)
            text, confs = "".join(w[1] for w in alone), [w[2] for w in alone]
        answers.append((text, min(confs) if confs and text else 0.0))
    return answers


def digits_only(binary: np.ndarray) -> np.ndarray:
    """A box's cleaned crop (black on white) with what is not a digit taken
    away: pieces of the box's own outline (thin strokes along the crop's edge,
    which tesseract reads as a 1 or that join a digit) and specks; the digits
    then centred with an even white margin, as tesseract reads best."""
    h, w = binary.shape
    n, labels, stats, _ = cv2.connectedComponentsWithStats((binary < 128).astype(np.uint8), connectivity=8)
    keep = np.zeros(n, bool)
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        edge = x == 0 or y == 0 or x + bw >= w or y + bh >= h
        thin = min(bw, bh) <= T.OCR_LINE_THIN * h
        if area < T.OCR_SPECK * h * h or (edge and thin):
            continue
        # an outline piece joined to a digit: the digit is what lies off the edge
        keep[i] = True
    mask = keep[labels]
    if not mask.any():
        return np.full_like(binary, 255)
    ys, xs = np.nonzero(mask)
    part = np.where(mask[ys.min():ys.max() + 1, xs.min():xs.max() + 1], 0, 255).astype(np.uint8)
    margin = int(T.OCR_MARGIN * h)
    return cv2.copyMakeBorder(part, margin, margin, margin, margin, cv2.BORDER_CONSTANT, value=255)


def _entry(text: str, conf: float) -> dict[str, Any]:
    """A box's reading: its value (None unless 1-3 digits) and confidence."""
    value = int(text) if text and len(text) <= 3 else None
    return {"value": value, "confidence": round(conf if value is not None else 0.0, 3), "read": text}


def _doubtful(got: list[dict[str, Any]]) -> set[int]:
    """Boxes read with low confidence, or not at all, or out of the track's
    rising order."""
    values = [g["value"] for g in got]
    out = set()
    for i, g in enumerate(got):
        v = g["value"]
        before = [x for x in values[:i] if x is not None]
        after = [x for x in values[i + 1:] if x is not None]
        if v is None or g["confidence"] < T.OCR_MIN_CONFIDENCE or (before and v <= before[-1]) or (
                after and v >= after[0]):
            out.add(i)
    return out


def _binary(gray: np.ndarray, relative: bool) -> np.ndarray:
    """A box's grey crop as black digits on white: ink above OCR_INK, or
    (`relative`) above a share of the crop's own darkest ink as well, which
    keeps a blurred bold digit's counters open (a 5 that would close into
    a 3)."""
    ink = ocr.ink(gray)
    threshold = C.OCR_INK
    if relative:
        threshold = max(threshold, T.OCR_RELATIVE_INK * float(np.percentile(ink, 99)))
    return np.where(ink > threshold, 0, 255).astype(np.uint8)


def _read_track(crops: list[np.ndarray], first: list[tuple[str, float]]) -> list[dict[str, Any]]:
    """One reading of a track's boxes: `first`, tesseract's answers over the
    stacked crops; tesseract over stacked boxes sometimes drops a digit
    ("15" as "5"), so a doubtful box is read again on its own, and the second
    answer taken when it fits the track better."""
    got = [_entry(text, conf) for text, conf in first]
    for i in _doubtful(got):
        tries = []
        for scale in T.OCR_RETRY_SCALES:  # tesseract's answer on one box changes with its size
            big = cv2.resize(crops[i], None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
            alone = _tesseract_tsv(big, T.OCR_PSM)
            tries.append(_entry("".join(w[1] for w in alone), min((w[2] for w in alone), default=0.0)))
        again = max(tries, key=lambda e: (e["value"] is not None, e["confidence"]))
        trial = [*got[:i], {**got[i], **again}, *got[i + 1:]]
        if again["value"] is not None and (i not in _doubtful(trial) or again["confidence"] > got[i]["confidence"]):
            got = trial
    return got


def vote(readings: list[dict[str, Any]]) -> dict[str, Any]:
    """One box's value from its readings (one per way of cutting and
    binarising it): the value most of them read, a tie to the surest; its
    confidence the agreeing readings' mean, scaled by their share, so a
    value not all readings agree on is shown to be checked."""
    values = [r["value"] for r in readings if r["value"] is not None]
    if not values:
        return max(readings, key=lambda r: len(r["read"]))
    counts = {v: values.count(v) for v in values}
    most = max(counts.values())
    tied = [r for r in readings if r["value"] is not None and counts[r["value"]] == most]
    best = max(tied, key=lambda r: r["confidence"])
    agree = [r["confidence"] for r in readings if r["value"] == best["value"]]
    return {**best, "confidence": round(float(np.mean(agree)) * len(agree) / len(readings), 3)}


def read_values(image: np.ndarray, H: np.ndarray, boxes: dict[str, list[Box]],
                layout: dict[str, Any]) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    """Each box's printed value by tesseract, from the photo itself (sharper
    than the stored blank), with confidence; values that break the track's
    rising order or cannot be read are flagged.

    Tesseract's answer on a blurred digit turns on a pixel's worth of
    binarisation or size (a 5 as 3, 11 as 1), and rarely the same way twice:
    each box is read three ways (T.OCR_WAYS: box height, relative
    threshold) in one tesseract run, and the ways vote."""
    warnings: list[str] = []
    out: dict[str, list[dict[str, Any]]] = {}
    for name, entries in boxes.items():
        expected = layout["tracks"].get(name, [])
        ways = []
        for height, relative in T.OCR_WAYS:
            crops = []
            for b in entries:
                x0, y0, x1, y1 = b
                scale = height / max(1.0, y1 - y0)
                inset = 0.12 * (y1 - y0)
                crop = locate.flatten(image, H, scale, box=(x0 + inset, y0 + inset, x1 - inset, y1 - inset))
                crops.append(digits_only(_binary(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY), relative)))
            ways.append(crops)
        first = tesseract_boxes([c for crops in ways for c in crops])  # one tesseract run for every way
        n = len(entries)
        readings = [_read_track(crops, first[k * n:(k + 1) * n]) for k, crops in enumerate(ways)]
        got = [{"box": [round(v) for v in b], **vote([r[i] for r in readings]),
                "layout_value": expected[i] if i < len(expected) else None} for i, b in enumerate(entries)]
        bad = _doubtful(got)
        for i, g in enumerate(got):
            v = g["value"]
            if i in bad:
                g["confidence"] = min(g["confidence"], 0.4)
            if g["confidence"] < T.OCR_MIN_CONFIDENCE:
                warnings.append(f"{name} value {i + 1}: read as {v if v is not None else 'nothing'}"
                                " - check it")
        out[name] = got
    return out, warnings
