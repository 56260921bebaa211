"""Printed text read with tesseract, for when the QR code cannot be read: the
title names the edition, and a row of score values confirms the layout.

tesseract runs one thread (OMP_THREAD_LIMIT=1: the server reads photos side by
side) with a timeout; any failure is "could not read", never a crash.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess

import cv2
import numpy as np

from . import constants as C

EDITIONS = ("suzhou", "shanghai")


def available() -> bool:
    return shutil.which("tesseract") is not None


def tesseract(gray: np.ndarray, psm: int = 6, allow: str | None = None) -> str | None:
    """Text tesseract reads in a grey image, or None when it cannot run."""
    if not available():
        return None
    ok, png = cv2.imencode(".png", gray)
    if not ok:
        return None
    cmd = ["tesseract", "stdin", "stdout", "--psm", str(psm), "-l", "eng"]
    if allow:
        cmd += ["-c", f"tessedit_char_whitelist={allow}"]
    try:
        done = subprocess.run(cmd, input=png.tobytes(), capture_output=True, timeout=C.TESSERACT_TIMEOUT,
                              env={**os.environ, **C.TESSERACT_ENV}, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    return done.stdout.decode("utf-8", "replace")


def ink(gray: np.ndarray) -> np.ndarray:
    """Ink (0 paper .. 1 black) with the lighting divided out: the paper
    level is a local maximum, smoothed."""
    paper = cv2.dilate(gray, np.ones((15, 15), np.uint8))
    paper = cv2.GaussianBlur(paper, (0, 0), 8).astype(np.float32)
    return 1.0 - gray.astype(np.float32) / np.maximum(paper, 1.0)


def clean(gray: np.ndarray) -> np.ndarray:
    """Black text on white: lighting divided out, then anything clearly darker
    than paper is text (grey print too, which Otsu would drop next to black)."""
    out = np.where(ink(gray) > C.OCR_INK, 0, 255).astype(np.uint8)
    return cv2.copyMakeBorder(out, 20, 20, 20, 20, cv2.BORDER_CONSTANT, value=255)


def read_title(gray: np.ndarray) -> dict[str, str | None]:
    """Edition, player and match from the flattened title block (title and the
    printed line under it); each None when it cannot be read."""
    text = tesseract(clean(gray), psm=6) or ""
    words = re.findall(r"[a-z]{4,}", text.lower())
    best, score = None, 0.0
    for word in words:
        for edition in EDITIONS:
            ratio = difflib.SequenceMatcher(None, word, edition).ratio()
            if ratio > score:
                best, score = edition, ratio
    player = re.search(r"player\s*[:;]\s*(.+?)(?:\s{2,}|\s+match\s*[:;]|$)", text, re.I | re.M)
    match = re.search(r"match\s*[:;]\s*(\S+)", text, re.I)
    return {"edition": best if score >= 0.7 else None,
            "player": player.group(1).strip() if player else None,
            "match": match.group(1).strip() if match else None}


def numbers(gray: np.ndarray) -> list[int]:
    """The integers tesseract reads in a row of printed values."""
    text = tesseract(clean(gray), psm=6, allow="0123456789 ")
    return [int(v) for v in re.findall(r"\d+", text or "")]
