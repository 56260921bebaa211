"""Checking an import file line by line (the web upload and `companion
import` share it): every line is parsed, checked and scored before anything
is stored, so an import either stores every match or none, and a refusal
names the line and what is wrong with it."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from .. import storage
from ..games import StateError, score
from .body import parse_played_at
from .matches import ID_PATTERN

KEYS = ("id", "group", "played_at", "state")

Item = tuple[str | None, str, str, dict[str, Any], dict[str, Any]]


class LineError(ValueError):
    """Line `line` cannot be imported: `message` (at `path` in the line, if any)."""

    def __init__(self, line: int, message: str, path: str | None = None):
        self.line, self.message, self.path = line, message, path
        super().__init__(f"line {line}: {path + ': ' if path else ''}{message}")


def check_lines(lines: Iterable[str], *, group: str | None = None) -> Iterator[tuple[int, Item]]:
    """Yield (line number, (group, id, played_at, state, result)) for each
    non-blank line; raise LineError at the first bad one. `group` (the
    --group option or the group of the upload) wins over each line's."""
    seen: set[tuple[str | None, str]] = set()
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise LineError(number, f"not valid JSON ({exc.msg} at column {exc.colno})") from None
        if not isinstance(item, dict) or "state" not in item:
            raise LineError(number, 'must be an object with "id", "played_at" and "state"')
        unknown = sorted(set(item) - set(KEYS))
        if unknown:
            raise LineError(number, f"is not a known key (allowed: {', '.join(KEYS)})", unknown[0])
        target = group or item.get("group")
        mid = item.get("id")
        if not isinstance(mid, str) or not ID_PATTERN.match(mid):
            raise LineError(number, "must be a string of 1 to 64 letters, digits, '.', '_' or "
                                    "'-' (the match's id)", "id")
        if (target, mid) in seen:
            raise LineError(number, f"{mid!r} appears twice in the file", "id")
        seen.add((target, mid))
        try:
            played_at = parse_played_at(item.get("played_at") or storage.now_iso())
            result = score(item["state"])
        except StateError as exc:
            path = exc.path if exc.path == "played_at" else f"state.{exc.path}"
            raise LineError(number, exc.message, path) from None
        yield number, (target, mid, played_at, item["state"], result)
