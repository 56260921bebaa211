"""Tests that read printed values need Debian's tesseract: on a developer
machine without it they skip, in CI (CI set) its absence is a failure, never
a silent skip."""

from __future__ import annotations

import os

import pytest

from vision.doodle_china import ocr


def need_tesseract(
        reason: str = "templates read the printed values with tesseract, which is not installed here") -> None:
    if ocr.available():
        return
    if os.environ.get("CI"):
        pytest.fail("tesseract is missing in CI (scripts/setup.sh installs it)")
    pytest.skip(reason)
