"""The `version` an edit started from: the body's "version" or an If-Match
header (`3`, `"3"` or `W/"3"`). A stale one is answered 409
`{"error", "path": "version", "current": RECORD}` and nothing changes."""

from __future__ import annotations

from typing import Any

from flask import jsonify, request

from .errors import unprocessable


def expected_version(body: dict[str, Any]) -> tuple[int | None, Any]:
    """(version or None, None) or (None, error answer). Pops "version" from body."""
    raw = body.pop("version", None) if isinstance(body, dict) else None
    where = "version"
    if raw is None and request.headers.get("If-Match"):
        raw, where = request.headers["If-Match"].strip(), "If-Match"
        if raw.startswith("W/"):
            raw = raw[2:]
        raw = raw.strip('"')
        if raw.isdigit():
            raw = int(raw)
    if raw is None:
        return None, None
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        return None, unprocessable(where, "must be the whole number `version` from the record "
                                          f"you started editing (1 or more), got {raw!r}")
    return raw, None


def conflict(current: dict[str, Any], what: str = "match"):
    return jsonify({"error": f"this {what} was changed on another phone since you opened it "
                             f"(now version {current.get('version')}); look at their change, "
                             "then keep yours or take theirs",
                    "path": "version", "current": current}), 409
