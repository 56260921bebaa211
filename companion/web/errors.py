"""The one error answer of the JSON API: `{"error": what was wrong and what is
allowed, "path": where in the request}` with its status. Views return
`error(...)`; helpers deep inside a view `refuse(...)`, which ends the request
with the same answer; `found_or_404(...)` is the one "get it or 404" (a JSON
call gets `{"error", "path"}`, a page the error page with the same words)."""

from __future__ import annotations

from typing import Any, NoReturn, TypeVar

from flask import abort, jsonify, make_response, request

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


def wants_json() -> bool:
    """An API call (or a client asking for JSON) gets JSON errors; a page, a page."""
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


T = TypeVar("T")


def found_or_404(value: T | None, missing: str, path: str = "(url)") -> T:
    """`value` when the store found it (a row, a filename, True); `None` or
    `False` end the request 404 with `missing` as its words, `path` naming what
    was not found ("(url)": the id in the address)."""
    if value is None or value is False:
        if wants_json():
            refuse(missing, 404, path)
        abort(404, description=missing)
    return value
