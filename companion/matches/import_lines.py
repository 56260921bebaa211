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
from ..web.bodies import parse_played_at
from .api import ID_PATTERN

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


# Up to this many matches an import is ONE transaction (about 10 s of writing on
# a small server): all or nothing. Bigger files commit every BATCH matches so the
# other phones can still save meanwhile; a failure then says exactly how far it
# got, and importing the same file again resumes (stored ids are skipped).
ATOMIC_LIMIT = 5_000
BATCH = 1_000


def store(db: Any, items: list[Item]) -> Iterator[tuple[int, int]]:
    """storage.import_steps with the file's size deciding atomic or batched."""
    return storage.import_steps(db, items, BATCH, atomic=len(items) <= ATOMIC_LIMIT)


def _cause(exc: BaseException) -> tuple[int, str, str]:
    from ..web.errors import is_busy, is_disk_full

    if is_disk_full(exc):
        return 507, "the server's disk is full", "there is free space again"
    if is_busy(exc):
        return 503, "the database stayed busy with another write", "in a minute"
    return 500, f"the database refused the write ({exc})", "the problem is fixed"


def stopped(exc: BaseException, numbers: list[int]) -> tuple[int, dict[str, Any]]:
    """(status, answer) for an import that failed while storing, true in each case."""
    if isinstance(exc, storage.ImportStopped):
        status, why, when = _cause(exc.cause)
        done = exc.added + exc.skipped
        line = numbers[done] if done < len(numbers) else numbers[-1]
        return status, {
            "error": f"stored {exc.added}, skipped {exc.skipped} already present, then stopped "
                     f"at line {line}: {why}. Import the same file again when {when}: the "
                     f"{exc.added + exc.skipped} matches before line {line} are skipped, the rest "
                     "are stored",
            "added": exc.added, "skipped": exc.skipped, "line": line, "stored": exc.added}
    status, why, when = _cause(exc)
    return status, {"error": f"nothing was stored: {why}. The import is one transaction, so "
                             f"the history is as it was; import the file again when {when}",
                    "added": 0, "skipped": 0, "stored": 0}
