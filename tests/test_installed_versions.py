"""The packages the photo readers depend on are the versions CI pins.

A new OpenCV release (5.1.0.95) changed one photo's answer while the pinned
5.0.0.93 reads it right; a venv that drifted from scripts/constraints.txt
would make the vision tests fail (or pass) for reasons unrelated to the code.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

CONSTRAINTS = Path(__file__).resolve().parent.parent / "scripts" / "constraints.txt"
# The ones whose numbers reach a photo's answer.
READER_PACKAGES = ("opencv-python-headless", "numpy", "pillow", "pytesseract")


def pinned() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in CONSTRAINTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, ver = line.partition("==")
            pins[name.strip().lower().replace("_", "-")] = ver.strip()
    return pins


def test_every_reader_package_is_pinned() -> None:
    pins = pinned()
    assert [p for p in READER_PACKAGES if p not in pins] == []


@pytest.mark.parametrize("package", READER_PACKAGES, ids=READER_PACKAGES)
def test_the_installed_version_is_the_pinned_one(package: str) -> None:
    try:
        installed = version(package)
    except PackageNotFoundError:  # pragma: no cover - setup.sh installs them all
        pytest.fail(f"{package} is not installed: run scripts/setup.sh")
    assert installed == pinned()[package], (
        f"{package} {installed} is installed but scripts/constraints.txt pins "
        f"{pinned()[package]}: run scripts/setup.sh (or rm -r .venv first)"
    )
