"""Request bodies, from the wire to a checked model, with answers a person can
act on: every refusal is `{"error", "path"}` (the path into the body, or
"(body)" for the body itself).

- Read whole, under a size limit and a deadline, before the app sees them
  (`BodyGuard`, WSGI middleware): JSON and other small bodies up to
  `JSON_MAX_BYTES` (1 MB), multipart uploads up to `MAX_CONTENT_LENGTH`. A
  declared `Content-Length` over the limit is refused at once, without
  reading; a chunked body is counted as it arrives and refused as soon as it
  passes the limit (Werkzeug would otherwise cut it silently). A body that
  arrives slower than the deadline allows gets 408. The app then reads from
  memory (or a spooled file for big uploads), so no view ever waits on the
  network while holding a database connection.
- Parsed as JSON with limits on depth, numbers, strings and characters
  (`json_body`), then validated by a pydantic model (`parse_body`).
- The `version` an edit started from: the body's "version" or an If-Match
  header (`3`, `"3"` or `W/"3"`). A stale one is answered 409
  `{"error", "path": "version", "current": RECORD}` and nothing changes
  (`expected_version`, `conflict`).
"""

from __future__ import annotations

import json
import math
import os
import re
import tempfile
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any, TypeVar

from flask import Flask, abort, jsonify, request
from pydantic import BaseModel

from ..games import StateError
from ..games.common import format_path, parse
from .errors import refuse, unprocessable

# -- read whole, under a limit and a deadline -----------------------------------------

JSON_MAX_BYTES = 1024 * 1024
CHUNK = 64 * 1024
BASE_DEADLINE_SECONDS = 15.0
MIN_RATE_BYTES = 64 * 1024  # deadline grows with the size: 1 s per 64 KB beyond the base
SPOOL_IN_MEMORY = 1024 * 1024


class _BodyRefused(Exception):
    def __init__(self, status: str, message: str):
        self.status = status
        self.message = message


def _answer(start_response: Callable, status: str, message: str) -> Iterable[bytes]:
    body = json.dumps({"error": message, "path": "(body)"}).encode()
    start_response(status, [("Content-Type", "application/json"),
                            ("Content-Length", str(len(body))), ("Connection", "close")])
    return [body]


class BodyGuard:
    def __init__(self, app: Any, flask_app: Any):
        self.app = app
        self.flask_app = flask_app

    def _limit(self, environ: dict[str, Any]) -> tuple[int, str]:
        config = self.flask_app.config
        ctype = environ.get("CONTENT_TYPE", "").lower()
        if ctype.startswith("multipart/form-data"):
            limit = int(config.get("MAX_CONTENT_LENGTH") or 26 * 1024 * 1024)
            return limit, f"the upload is too large: at most {limit // (1024 * 1024)} MB"
        limit = int(config.get("JSON_MAX_BYTES") or JSON_MAX_BYTES)
        return limit, (f"the request body is too large: at most {limit // 1024} KB of JSON "
                       "(a whole game's state is far smaller)")

    def __call__(self, environ: dict[str, Any], start_response: Callable):
        length_text = environ.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if not length_text and not chunked:
            return self.app(environ, start_response)
        limit, too_large = self._limit(environ)
        declared: int | None = None
        if length_text:
            try:
                declared = int(length_text)
            except ValueError:
                return _answer(start_response, "400 Bad Request",
                               "Content-Length must be a whole number of bytes")
            if declared < 0:
                return _answer(start_response, "400 Bad Request",
                               "Content-Length must be a whole number of bytes")
            if declared > limit:
                return _answer(start_response, "413 Request Entity Too Large", too_large)
        try:
            body, size = self._read(environ["wsgi.input"], declared, limit)
        except _BodyRefused as exc:
            return _answer(start_response, exc.status,
                           too_large if exc.status.startswith("413") else exc.message)
        environ["wsgi.input"] = body
        environ["CONTENT_LENGTH"] = str(size)
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        environ["wsgi.input_terminated"] = False
        return self.app(environ, start_response)

    def _base_deadline(self) -> float:
        """Config BODY_DEADLINE_SECONDS, else COMPANION_BODY_DEADLINE_SECONDS, else 15 s."""
        value = self.flask_app.config.get("BODY_DEADLINE_SECONDS")
        if value is None:
            value = os.environ.get("COMPANION_BODY_DEADLINE_SECONDS") or None
        return float(value) if value is not None else BASE_DEADLINE_SECONDS

    def _read(self, stream: Any, declared: int | None, limit: int):
        expected = declared if declared is not None else limit
        deadline = time.monotonic() + self._base_deadline() + expected / MIN_RATE_BYTES
        spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_IN_MEMORY)
        size = 0
        while declared is None or size < declared:
            want = CHUNK if declared is None else min(CHUNK, declared - size)
            try:
                chunk = stream.read(want)
            except TimeoutError:
                spool.close()
                raise _BodyRefused("408 Request Timeout", "the request body stopped arriving; "
                                                      "send it again") from None
            except (OSError, ValueError) as exc:  # the client went away, or broken chunking
                spool.close()
                raise _BodyRefused("400 Bad Request",
                               f"the request body could not be read ({exc.__class__.__name__})"
                               ) from None
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                spool.close()
                raise _BodyRefused("413 Request Entity Too Large", "")
            if time.monotonic() > deadline:
                spool.close()
                raise _BodyRefused("408 Request Timeout", "the request body arrived too slowly; "
                                                      "send it again on a better connection")
            spool.write(chunk)
        if declared is not None and size < declared:
            spool.close()
            raise _BodyRefused("400 Bad Request", f"the request body ended after {size} of the "
                                              f"{declared} bytes announced")
        spool.seek(0)
        return spool, size


def init_app(app: Flask) -> None:
    app.wsgi_app = BodyGuard(app.wsgi_app, app)  # type: ignore[method-assign]

    @app.before_request
    def _refuse_oversized_bodies() -> None:
        """413 from the declared length, before any view reads the body."""
        limit = app.config.get("MAX_CONTENT_LENGTH")
        if limit and request.content_length is not None and request.content_length > limit:
            abort(413)


# -- JSON, checked -------------------------------------------------------------------

# What a JSON body may hold (issue 15: hostile input is refused with its path,
# never parsed into something that breaks later). No state comes near these.
MAX_DEPTH = 32
MAX_STRING = 10_000  # characters; named fields have their own, smaller limits
MAX_INT_DIGITS = 15  # +-999,999,999,999,999: beyond any count, score or year
# Control characters (but tab and newlines) and the bidirectional overrides and
# isolates that can make a name display as something else.
FORBIDDEN_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u061c\u200e\u200f"
                             "\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


class _RefusedValue:
    """A JSON value the parser met but we refuse (reported with its path)."""

    def __init__(self, why: str):
        self.why = why


def _parse_int(text: str) -> Any:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        return _RefusedValue(f"is a {digits}-digit number; numbers here have at most "
                        f"{MAX_INT_DIGITS} digits")
    return int(text)


def _parse_float(text: str) -> Any:
    value = float(text)
    if math.isinf(value) or len(text) > 40:
        return _RefusedValue(f"is not a usable number ({text[:20]}...)")
    return value


def _parse_constant(name: str) -> Any:
    return _RefusedValue(f"{name} is not a number JSON allows; send a plain number")


def _bad_request(message: str, path: str = "(body)", status: int = 400):
    refuse(message, status, path)


def _shown_path(path: list) -> str:
    """The path as a person types it; under a key that no path can spell
    (empty, or with dots or brackets) the nearest object that holds it."""
    for i, part in enumerate(path):
        if isinstance(part, str) and (not part or any(c in part for c in ".[]")):
            return format_path(path[:i])
    return format_path(path)


def _check_string(text: str, path: list, what: str = "") -> None:
    lead = f"{what} " if what else ""
    if len(text) > MAX_STRING:
        _bad_request(f"{lead}is {len(text)} characters long; at most {MAX_STRING} are allowed",
                     _shown_path(path), 422)
    bad = FORBIDDEN_CHARS.search(text)
    if bad:
        code = ord(bad.group())
        kind = ("a lone surrogate (not a character)" if 0xD800 <= code <= 0xDFFF else
                "a bidirectional control character" if code > 0x7F else "a control character")
        _bad_request(f"{lead}contains {kind} (U+{code:04X} at position {bad.start()}); "
                     "send plain text", _shown_path(path), 422)


def check_value(value: Any, root: list | None = None) -> None:
    """Walk a parsed body without recursion: depth, numbers, strings, keys."""
    stack: list[tuple[Any, list, int]] = [(value, list(root or []), 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, _RefusedValue):
            _bad_request(item.why, _shown_path(path), 422)
        if isinstance(item, str):
            _check_string(item, path)
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                _bad_request(f"is nested more than {MAX_DEPTH} levels deep; no state is",
                             _shown_path(path), 422)
            if isinstance(item, dict):
                for key, child in item.items():
                    _check_string(key, path, "a key here")  # reported at its object
                    stack.append((child, [*path, key], depth + 1))
            else:
                for i, child in enumerate(item):
                    stack.append((child, [*path, i], depth + 1))


def json_body() -> Any:
    """The request's JSON, or a 4xx that says what is wrong with it and where."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        _bad_request("the request body is empty; send a JSON object")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        _bad_request("the request body is not UTF-8 text")
    try:
        body = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        _bad_request(f"the request body is not valid JSON: {exc.msg} at line {exc.lineno} "
                     f"column {exc.colno}")
    except RecursionError:
        _bad_request(f"the request body is nested too deeply (at most {MAX_DEPTH} levels)",
                     status=422)
    except ValueError as exc:  # e.g. Python's own limit on digits in a number
        _bad_request(f"the request body holds a value JSON parsing refused: {exc}", status=422)
    check_value(body)
    return body


M = TypeVar("M", bound=BaseModel)


def parse_body(model: type[M], *, optional: bool = False) -> M:
    """The request's JSON body validated by a pydantic model (the engines' own
    `parse`, so the words are the same); a refusal ends the request with 422
    `{"error", "path"}`, the path into the body ("(body)" for the body itself).

    What a person needs beside pydantic's words: an unknown key names the keys
    allowed (when the model forbids extras), and a missing or mistyped field
    says what it is (its `Field(description=...)`). `optional`: an empty body
    means `{}` (every field left out)."""
    body = {} if optional and not request.get_data(cache=True).strip() else json_body()
    fields = model.model_fields
    if not isinstance(body, dict):
        kind = "a list" if isinstance(body, list) else type(body).__name__.replace("NoneType", "null")
        wanted = (f"a JSON object with the keys {', '.join(fields)}" if fields else
                  "no body or {}")  # a model with no fields takes nothing
        refuse(f"must be {wanted}, got {kind}", 422, "(body)")
    if model.model_config.get("extra") == "forbid":
        unknown = sorted(set(body) - set(fields))
        if unknown:
            refuse(f"is not a known key (allowed: {', '.join(sorted(fields))})", 422, unknown[0])
    try:
        return parse(model, body)
    except StateError as exc:
        path = exc.path if exc.path not in ("", "(state)") else "(body)"
        field = fields.get(path)
        message = exc.message
        if field is not None and field.description:
            if message == "is required but missing":
                message = f"is required: {field.description}"
            elif ", got " in message:  # a type or range refusal: say what the field is
                message = f"{message} ({field.description})"
        refuse(message, 422, path)


EARLIEST_YEAR, LATEST_YEAR = 1900, 2200


def parse_played_at(value: Any) -> str:
    """ISO 8601 in, UTC `YYYY-MM-DDTHH:MM:SSZ` out (a date alone means noon UTC)."""
    if not isinstance(value, str):
        raise StateError("played_at", f"must be an ISO 8601 date-time string, got {value!r}")
    text = value.strip()
    if len(text) > 40:
        raise StateError("played_at", "must be an ISO 8601 date-time like 2026-11-30T20:15:00Z")
    try:
        if len(text) == 10:
            moment = datetime.fromisoformat(text + "T12:00:00+00:00")
        else:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        moment = moment.astimezone(UTC)
    except (ValueError, OverflowError):
        raise StateError("played_at", "must be an ISO 8601 date-time like "
                         f"2026-11-30T20:15:00Z, got {value[:40]!r}") from None
    if not EARLIEST_YEAR <= moment.year <= LATEST_YEAR:
        raise StateError("played_at", f"must be a date from {EARLIEST_YEAR} to {LATEST_YEAR}, "
                                      f"got {moment.year}")
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


# -- the version an edit started from ------------------------------------------------

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
