"""Shared pieces of the pure game engines: state errors with paths, pydantic
conversion, and ranking helpers. No Flask, no SQLite, no I/O here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

PathPart = str | int
M = TypeVar("M", bound=BaseModel)


class StateError(ValueError):
    """A state that cannot be scored. `path` is how a person would type the
    location (`players[1].street[0].windows[2].cats`), `message` says what is
    wrong and what is allowed."""

    def __init__(self, path: str | Sequence[PathPart], message: str):
        self.path = path if isinstance(path, str) else format_path(path)
        self.message = message
        super().__init__(f"{self.path}: {message}")

    def to_json(self) -> dict[str, str]:
        return {"error": self.message, "path": self.path}


class StrictModel(BaseModel):
    """Base for state models: strict JSON types, unknown keys are errors
    (a typo must not be ignored), models are immutable once validated."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def format_path(parts: Iterable[PathPart]) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(state)"


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f'"{text}"'
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return repr(value)


_TYPE_WORDS = {
    "int_type": "an integer",
    "int_parsing": "an integer",
    "int_from_float": "a whole number",
    "string_type": "a string",
    "bool_type": "true or false",
    "list_type": "a list",
    "tuple_type": "a list",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "float_type": "a number",
}


def _friendly(err: dict[str, Any]) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    got = _describe(err.get("input"))
    if kind == "missing":
        return "is required but missing"
    if kind == "extra_forbidden":
        return "is not a known key here (check the spelling; unknown keys are refused)"
    if kind in _TYPE_WORDS:
        return f"must be {_TYPE_WORDS[kind]}, got {got}"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}, got {got}"
    if kind == "greater_than":
        return f"must be more than {ctx.get('gt')}, got {got}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}, got {got}"
    if kind == "less_than":
        return f"must be less than {ctx.get('lt')}, got {got}"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')}, got {got}"
    if kind == "enum":
        return f"must be one of {ctx.get('expected')}, got {got}"
    if kind in ("too_short", "too_long"):
        lo, hi = ctx.get("min_length"), ctx.get("max_length")
        actual = ctx.get("actual_length")
        bound = f"at least {lo}" if kind == "too_short" else f"at most {hi}"
        return f"must have {bound} items, got {actual}"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length')} characters"
    if kind == "union_tag_invalid":
        return f"must be one of {ctx.get('expected_tags')}, got {_describe(ctx.get('tag'))}"
    if kind == "union_tag_not_found":
        return f"needs the key {ctx.get('discriminator')}"
    if kind in ("value_error", "assertion_error"):
        msg = str(ctx.get("error", err.get("msg", "")))
        return msg
    return f"{err.get('msg', 'is not valid')}, got {got}"


def _clean_loc(loc: Sequence[Any], tags: frozenset[str]) -> list[PathPart]:
    """Pydantic puts union tags and wrapper names into `loc`; a person only
    wants the keys and indexes they typed."""
    out: list[PathPart] = []
    for part in loc:
        if isinstance(part, str) and (part in tags or part.startswith(("function-", "tagged-union"))):
            continue
        out.append(part)
    return out


def parse(model: type[M], data: Any, *, root: Sequence[PathPart] = (),
          tags: Iterable[str] = ()) -> M:
    """Validate `data` into `model`, turning the first pydantic error into a
    StateError with a readable path and message."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = _clean_loc(err["loc"], frozenset(tags))
        raise StateError([*root, *loc], _friendly(err)) from None


def require_object(state: Any) -> dict[str, Any]:
    if not isinstance(state, dict):
        raise StateError("(state)", f"must be a JSON object with a \"game\" key, got {_describe(state)}")
    return state


def rank(names: Sequence[str], keys: Callable[[int], tuple]) -> tuple[list[str], list[str]]:
    """Order players best first by `keys(index)` (larger is better, compared
    as tuples: total first, then tie-breaks). Winners: all still tied first."""
    order = sorted(range(len(names)), key=lambda i: keys(i), reverse=True)
    ranking = [names[i] for i in order]
    if not order:
        return ranking, []
    best = keys(order[0])
    winners = [names[i] for i in order if keys(i) == best]
    return ranking, winners


def check_unique_names(names: Sequence[str], root: str = "players") -> None:
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name.strip().casefold()
        if not key:
            raise StateError(f"{root}[{i}].name", "must not be empty")
        if key in seen:
            raise StateError(f"{root}[{i}].name",
                             f'"{name}" is already the name of {root}[{seen[key]}]; names must differ')
        seen[key] = i


# A detail line's structured twin: always "kind" (what happened) and "part"
# (the result part it counts toward, or None), then the kind's own fields
# (house, cells, values, move index, points). Results carry them in a top-level
# "reasons" list parallel to "players" (scoring.md lets a game add top-level
# keys; the player objects keep exactly their contract keys).
Reason = dict[str, Any]


def player_result(name: str, parts: dict[str, int], details: list[str], **extra: Any) -> dict[str, Any]:
    """One entry of `result.players`: total is the sum of parts."""
    return {"name": name, "total": sum(parts.values()), "parts": parts, "details": details, **extra}
