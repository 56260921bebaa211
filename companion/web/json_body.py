"""Reading JSON bodies with answers a person can act on."""

from __future__ import annotations

import json
import math
import re
from datetime import UTC, datetime
from typing import Any, TypeVar

from flask import request
from pydantic import BaseModel

from ..games import StateError
from ..games.common import format_path, parse
from .errors import refuse

# What a JSON body may hold (issue 15: hostile input is refused with its path,
# never parsed into something that breaks later). No state comes near these.
MAX_DEPTH = 32
MAX_STRING = 10_000  # characters; named fields have their own, smaller limits
MAX_INT_DIGITS = 15  # +-999,999,999,999,999: beyond any count, score or year
# Control characters (but tab and newlines) and the bidirectional overrides and
# isolates that can make a name display as something else.
FORBIDDEN_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u061c\u200e\u200f"
                             "\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


class _Refused:
    """A JSON value the parser met but we refuse (reported with its path)."""

    def __init__(self, why: str):
        self.why = why


def _parse_int(text: str) -> Any:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        return _Refused(f"is a {digits}-digit number; numbers here have at most "
                        f"{MAX_INT_DIGITS} digits")
    return int(text)


def _parse_float(text: str) -> Any:
    value = float(text)
    if math.isinf(value) or len(text) > 40:
        return _Refused(f"is not a usable number ({text[:20]}...)")
    return value


def _parse_constant(name: str) -> Any:
    return _Refused(f"{name} is not a number JSON allows; send a plain number")


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
        if isinstance(item, _Refused):
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
        refuse(f"must be a JSON object with the keys {', '.join(fields)}, got {kind}", 422, "(body)")
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
