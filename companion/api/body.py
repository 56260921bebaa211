"""Reading JSON bodies with answers a person can act on."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from flask import abort, jsonify, make_response, request

from ..games import StateError


def json_body() -> Any:
    """The request's JSON, or a 400 that says what is wrong with it."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        abort(make_response(jsonify({"error": "the request body is empty; send a JSON object"}), 400))
    try:
        return json.loads(raw)
    except UnicodeDecodeError:
        abort(make_response(jsonify({"error": "the request body is not UTF-8 text"}), 400))
    except json.JSONDecodeError as exc:
        abort(make_response(jsonify({
            "error": f"the request body is not valid JSON: {exc.msg} at line {exc.lineno} "
                     f"column {exc.colno}"}), 400))


def state_error(exc: StateError, prefix: str = ""):
    path = exc.path if not prefix else (prefix if exc.path == "(state)" else f"{prefix}.{exc.path}")
    return jsonify({"error": exc.message, "path": path}), 422


def unprocessable(path: str, message: str):
    return jsonify({"error": message, "path": path}), 422


def parse_played_at(value: Any) -> str:
    """ISO 8601 in, UTC `YYYY-MM-DDTHH:MM:SSZ` out (a date alone means noon UTC)."""
    if not isinstance(value, str):
        raise StateError("played_at", f"must be an ISO 8601 date-time string, got {value!r}")
    text = value.strip()
    try:
        if len(text) == 10:
            moment = datetime.fromisoformat(text + "T12:00:00+00:00")
        else:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise StateError("played_at", "must be an ISO 8601 date-time like "
                         f"2026-11-30T20:15:00Z, got {value!r}") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
