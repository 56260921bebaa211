"""tesseract is limited in CPU time, not wall-clock time (vision/doodle_china/ocr.py
run_tesseract): on a loaded machine tesseract waits for a core, and the old
8 s wall-clock limit then cut the stacked read of a template's track boxes,
so each box was read alone and the template came out otherwise than on an
idle machine. A fake `tesseract` on PATH stands in for the real one: one
that waits without working (sleep: what a loaded machine looks like from
inside) is read in full; one that works past its CPU seconds is stopped by
the kernel's RLIMIT_CPU; one hung for good is ended by the wall-clock limit.
None of these depends on how fast or how loaded the machine is.
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

import numpy as np
import pytest

from vision.doodle_china import constants as C
from vision.doodle_china import ocr
from vision.doodle_china.template_values import tesseract_boxes

INF = resource.RLIM_INFINITY
TSV_HEADER = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"


@pytest.fixture
def fake_tesseract(tmp_path, monkeypatch):
    """Put a shell script named `tesseract` first on PATH; return a function
    that sets its body (stdin is read first, as tesseract does)."""
    script = tmp_path / "tesseract"
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")

    def body(text: str) -> Path:
        script.write_text("#!/bin/sh\ncat > /dev/null\n" + text + "\n")
        script.chmod(0o755)
        return script

    ocr.CALLS.clear()
    return body


def _limits(monkeypatch, cpu: float, wall: float) -> None:
    monkeypatch.setattr(C, "TESSERACT_CPU_SECONDS", cpu, raising=False)
    monkeypatch.setattr(C, "TESSERACT_WALL_SECONDS", wall, raising=False)
    # the old wall-clock limit, where it still exists, as short as the CPU one
    monkeypatch.setattr(C, "TESSERACT_TIMEOUT", cpu, raising=False)


@pytest.mark.parametrize(("seconds", "inherited", "limits"), [
    (8, (INF, INF), (8, 9)),
    (2.5, (INF, INF), (3, 4)),
    (0.2, (INF, INF), (1, 2)),
    (8, (30, 35), (8, 9)),  # inside a photo worker (its own limit, 30 s + 5)
    (8, (4, 5), (5, 5)),  # a lower hard limit cannot be raised
], ids=["plain", "rounded-up", "at-least-one-second", "in-a-worker", "lower-hard-limit"])
def test_cpu_limits(seconds, inherited, limits):
    assert ocr.cpu_limits(seconds, inherited) == limits


def test_the_child_runs_under_the_cpu_limit(fake_tesseract, monkeypatch):
    fake_tesseract("ulimit -t")
    _limits(monkeypatch, 3, 60)
    assert ocr.tesseract(np.full((20, 20), 255, np.uint8)) == "3\n"
    assert ocr.CALLS == {"calls": 1}


def test_a_tesseract_waiting_for_a_core_is_read_in_full(fake_tesseract, monkeypatch):
    """Two seconds of wall clock without work under a one-second CPU limit:
    read (a wall-clock limit of one second gave nothing)."""
    fake_tesseract("sleep 2\necho 12")
    _limits(monkeypatch, 1, 60)
    assert ocr.tesseract(np.full((20, 20), 255, np.uint8)) == "12\n"
    assert ocr.CALLS == {"calls": 1}


def test_a_stacked_read_of_track_boxes_is_not_redone_box_by_box_under_load(fake_tesseract, monkeypatch):
    """The case that made templates depend on the load: the stacked read of
    the boxes came back empty when the wall clock ran out, and each box was
    read again alone (other confidences, sometimes other values). A slow
    tesseract now answers the stacked read; one call, its confidence kept."""
    line = "\t".join(["5", "1", "1", "1", "1", "1", "30", "40", "20", "30", "96.0", "12"])
    fake_tesseract(f"sleep 2\nprintf '%s\\n' '{TSV_HEADER}' '{line}'")
    _limits(monkeypatch, 1, 60)
    crop = np.full((40, 60), 255, np.uint8)
    assert tesseract_boxes([crop]) == [("12", 0.96)]
    assert ocr.CALLS == {"calls": 1}


def test_a_tesseract_working_too_long_is_stopped_by_its_cpu_limit(fake_tesseract, monkeypatch):
    fake_tesseract("while :; do :; done")
    _limits(monkeypatch, 1, 600)  # the wall clock far off: only the CPU limit can end it
    assert ocr.tesseract(np.full((20, 20), 255, np.uint8)) is None
    assert ocr.CALLS == {"calls": 1, "cpu limit": 1}


def test_a_hung_tesseract_is_ended_by_the_wall_clock(fake_tesseract, monkeypatch):
    fake_tesseract("exec sleep 600")
    _limits(monkeypatch, 1, 0.5)
    assert ocr.tesseract(np.full((20, 20), 255, np.uint8)) is None
    assert ocr.CALLS == {"calls": 1, "wall limit": 1}


def test_a_failing_tesseract_reads_nothing(fake_tesseract, monkeypatch):
    fake_tesseract("echo 12; exit 1")
    _limits(monkeypatch, 1, 60)
    assert ocr.tesseract(np.full((20, 20), 255, np.uint8)) is None
    assert tesseract_boxes([np.full((40, 60), 255, np.uint8)]) == [("", 0.0)]
    assert ocr.CALLS["failed"] == 3  # the stacked read, then the box alone
