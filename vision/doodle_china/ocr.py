"""Printed text read with tesseract, for when the QR code cannot be read: the
title names the edition, and a row of score values confirms the layout.

tesseract runs one thread (OMP_THREAD_LIMIT=1: the server reads photos side by
side) under a limit of CPU time, not of wall-clock time: a busy machine makes
tesseract wait for a core, and a wall-clock limit then cut reads that an idle
machine finished, so what was read depended on the load. A generous
wall-clock limit stays, only to end a tesseract that hangs without working.
Any failure is "could not read", never a crash; `CALLS` counts the calls and
how each limit ended them (benchmarks print it).
"""

from __future__ import annotations

import difflib
import math
import os
import re
import resource
import shutil
import signal
import subprocess
from collections import Counter

import cv2
import numpy as np

from . import constants as C

EDITIONS = ("suzhou", "shanghai")

# tesseract calls in this process: "calls", and those ended by "cpu limit",
# "wall limit" or "failed" (any other exit without an answer)
CALLS: Counter[str] = Counter()


def available() -> bool:
    return shutil.which("tesseract") is not None


def cpu_limits(seconds: float, inherited: tuple[int, int]) -> tuple[int, int]:
    """RLIMIT_CPU (soft, hard) for a tesseract child: `seconds` rounded up
    (the kernel counts whole seconds; SIGXCPU at the soft limit, SIGKILL a
    second later), never above a hard limit the process already has (a photo
    worker's own CPU limit), which an unprivileged process cannot raise."""
    soft = max(1, math.ceil(seconds))
    hard = soft + 1
    if inherited[1] != resource.RLIM_INFINITY:
        hard = min(hard, inherited[1])
        soft = min(soft, hard)
    return soft, hard


def _limit_child(seconds: float) -> None:
    """In the forked child before tesseract starts: its CPU-time limit, and
    no core file when that limit ends it."""
    resource.setrlimit(resource.RLIMIT_CPU, cpu_limits(seconds, resource.getrlimit(resource.RLIMIT_CPU)))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def run_tesseract(args: list[str], data: bytes) -> bytes | None:
    """tesseract's standard output for `data` (an encoded image on its
    standard input) and `args`, or None when it cannot run, fails, or uses
    up C.TESSERACT_CPU_SECONDS of CPU (or, hung, C.TESSERACT_WALL_SECONDS of
    wall clock)."""
    exe = shutil.which("tesseract")
    if exe is None:
        return None
    CALLS["calls"] += 1
    limit = C.TESSERACT_CPU_SECONDS
    try:
        done = subprocess.run([exe, *args], input=data, capture_output=True, timeout=C.TESSERACT_WALL_SECONDS,
                              env={**os.environ, **C.TESSERACT_ENV}, check=False,
                              preexec_fn=lambda: _limit_child(limit))
    except subprocess.TimeoutExpired:
        CALLS["wall limit"] += 1
        return None
    except OSError:
        CALLS["failed"] += 1
        return None
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        CALLS["cpu limit"] += 1
        return None
    if done.returncode != 0:
        CALLS["failed"] += 1
        return None
    return done.stdout


def tesseract(gray: np.ndarray, psm: int = 6, allow: str | None = None) -> str | None:
    """Text tesseract reads in a grey image, or None when it cannot run."""
    if not available():
        return None
    ok, png = cv2.imencode(".png", gray)
    if not ok:
        return None
    args = ["stdin", "stdout", "--psm", str(psm), "-l", "eng"]
    if allow:
        args += ["-c", f"tessedit_char_whitelist={allow}"]
    out = run_tesseract(args, png.tobytes())
    return None if out is None else out.decode("utf-8", "replace")


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
