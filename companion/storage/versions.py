"""Optimistic concurrency: every editable record carries a `version` (1 when
created, +1 on each change). An edit that names the version it started from
is refused when another phone has saved since, so no save is silently lost."""

from __future__ import annotations

from typing import Any


class VersionConflict(Exception):
    """The record changed since the caller read it; `current` is what is stored now."""

    def __init__(self, current: dict[str, Any]):
        super().__init__(f"stale version (stored version is {current.get('version')})")
        self.current = current


def check_version(current: dict[str, Any], expected: int | None) -> None:
    """Raise VersionConflict when `expected` is given and is not the stored version."""
    if expected is not None and current.get("version") != expected:
        raise VersionConflict(current)
