"""The one error answer of the JSON API: `{"error": what was wrong and what is
allowed, "path": where in the request}` with its status. Views return
`error(...)`; helpers deep inside a view `refuse(...)`, which ends the request
with the same answer."""

from __future__ import annotations

from typing import Any, NoReturn

from flask import abort, jsonify, make_response

from ..games import StateError


def error(message: str, status: int, path: str | None = None, **extra: Any):
    """`({"error", "path"?, **extra}, status)`: a view's refusal."""
    body: dict[str, Any] = {"error": message}
    if path:
        body["path"] = path
    body.update(extra)
    return jsonify(body), status


def unprocessable(path: str, message: str):
    return error(message, 422, path)


def state_error(exc: StateError, prefix: str = ""):
    """A game engine's refusal, its JSON path under `prefix` (where the state sits in the body)."""
    path = exc.path if not prefix else (prefix if exc.path == "(state)" else f"{prefix}.{exc.path}")
    return error(exc.message, 422, path)


def refuse(message: str, status: int, path: str | None = None, **extra: Any) -> NoReturn:
    """End the request with `error(...)` from anywhere below a view."""
    body, code = error(message, status, path, **extra)
    abort(make_response(body, code))
