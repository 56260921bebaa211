"""The Canal Houses state: pydantic models plus the checks pydantic cannot
express, and error messages that say what a card or window should hold.

Missing values (null where the contract needs a number or name) are looked
for first and all at once, because the photo reader proposes states with
null wherever it could not read a card, and the person fixing them wants the
whole list, not one error per attempt.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, ValidationError

from ..common import PathPart, StateError, StrictModel, check_unique_names, format_path

FEATURES: tuple[str, ...] = ("cats", "birds", "flags", "flowerpots")
Feature = Literal["cats", "birds", "flags", "flowerpots"]
Side = Literal["left", "right", "both"]
Count = Annotated[int, Field(ge=0)]
AtLeastOne = Annotated[int, Field(ge=1)]
# Colours are compared ignoring case and surrounding spaces (scoring.md): the
# spaces go here, once, at validation; `color_key` folds the case.
Color = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


def color_key(color: str) -> str:
    """What two colours must share to be one colour ("Orange" is "orange ")."""
    return color.casefold()


class AtLeast(StrictModel):
    """`{"cats": 1, "birds": 2}`: the least number of each listed feature."""

    cats: AtLeastOne | None = None
    birds: AtLeastOne | None = None
    flags: AtLeastOne | None = None
    flowerpots: AtLeastOne | None = None

    def items(self) -> list[tuple[str, int]]:
        return [(f, n) for f in FEATURES if (n := getattr(self, f)) is not None]


class Height(StrictModel):
    """The plain-house icon: a height in cards, exactly / at least / at most."""

    exactly: AtLeastOne | None = None
    at_least: AtLeastOne | None = None
    at_most: AtLeastOne | None = None

    def items(self) -> list[tuple[str, int]]:
        keys = ("exactly", "at_least", "at_most")
        return [(k, n) for k in keys if (n := getattr(self, k)) is not None]


class Condition(StrictModel):
    """Every key present must hold; `{}` always holds."""

    at_least: AtLeast | None = None
    none: list[Feature] | None = None
    height: Height | None = None
    taller_than: Side | None = None
    shorter_than: Side | None = None


class Card(StrictModel):
    """A store or roof card."""

    points: Count
    color: Color | None
    condition: Condition


class Window(StrictModel):
    cats: Count
    birds: Count
    flags: Count
    flowerpots: Count
    color: Color | None


class House(StrictModel):
    """Store at the bottom, windows bottom to top, roof (None while unroofed)."""

    store: Card
    windows: list[Window]
    roof: Card | None = None


class Player(StrictModel):
    name: str
    street: Annotated[list[House], Field(min_length=1)]


class State(StrictModel):
    game: Literal["canal-houses"]
    players: Annotated[list[Player], Field(min_length=1)]


# --- where each value sits, so errors can say what belongs there -------------

_CARD_KEYS = ("points", "color", "condition")
# (kind of container, key or None for a list index) -> kind of the value there
_CHILD: dict[tuple[str, str | None], str] = {
    ("state", "game"): "game", ("state", "players"): "players",
    ("players", None): "player",
    ("player", "name"): "name", ("player", "street"): "street",
    ("street", None): "house",
    ("house", "store"): "store", ("house", "roof"): "roof", ("house", "windows"): "windows",
    ("windows", None): "window",
    **{("window", f): "count" for f in FEATURES}, ("window", "color"): "color",
    **{(card, key): key for card in ("store", "roof") for key in _CARD_KEYS},
    ("condition", "at_least"): "at_least", ("condition", "none"): "none",
    ("condition", "height"): "height",
    ("condition", "taller_than"): "side", ("condition", "shorter_than"): "side",
    **{("at_least", f): "need" for f in FEATURES},
    ("none", None): "feature",
    **{("height", k): "height_value" for k in ("exactly", "at_least", "at_most")},
}
# What each kind of value must be: the second half of "must be ..., got X".
_ALLOWED: dict[str, str] = {
    "state": 'an object with "game" and "players"',
    "game": '"canal-houses"',
    "players": "a list of players (at least 1)",
    "player": 'an object with "name" and "street"',
    "name": "the player's name (a string)",
    "street": "a list of houses from left to right (at least 1: every street starts with a store)",
    "house": 'an object with "store", "windows" and (once roofed) "roof"',
    "store": 'a store card: an object with "points", "color" and "condition"',
    "roof": 'a roof card (an object with "points", "color" and "condition") or null while unroofed',
    "windows": "a list of window cards from bottom to top (may be empty)",
    "window": 'a window card: an object with "cats", "birds", "flags", "flowerpots" and "color"',
    "count": "an integer of 0 or more (how many the window shows)",
    "points": "an integer of 0 or more (the points printed on the card)",
    "color": "a colour name (a non-empty string), or null for a card without colour",
    "condition": "an object (use {} for a card without condition)",
    "at_least": 'an object of feature to least number, e.g. {"cats": 1, "birds": 2}',
    "none": 'a list of features, e.g. ["flags"]',
    "feature": 'one of "cats", "birds", "flags", "flowerpots"',
    "need": "an integer of 1 or more",
    "height": 'an object with "exactly", "at_least" and/or "at_most"',
    "height_value": "an integer of 1 or more (a height in cards)",
    "side": '"left", "right" or "both"',
}
_KEYS: dict[str, tuple[str, ...]] = {
    "state": ("game", "players"), "player": ("name", "street"),
    "house": ("store", "windows", "roof"), "store": _CARD_KEYS, "roof": _CARD_KEYS,
    "window": (*FEATURES, "color"),
    "condition": ("at_least", "none", "height", "taller_than", "shorter_than"),
    "at_least": FEATURES, "height": ("exactly", "at_least", "at_most"),
}
# Null is a value here (no colour; not roofed yet), not a missing one.
_NULLABLE = frozenset({"color", "roof"})


def required_values() -> dict[str, list[str]]:
    """Per card kind, the values a state must give (null is refused) — the
    same tables `missing_values` walks, for pages that mark what is still to
    fill in without a round trip."""
    def needed(kind: str) -> list[str]:
        return [key for (parent, key), _ in _CHILD.items()
                if parent == kind and key is not None and key not in _NULLABLE]
    return {"store": needed("store"), "roof": needed("roof"), "window": needed("window")}


def kind_at(loc: Sequence[PathPart]) -> str | None:
    """The kind of value at `loc` (e.g. "need" for an at_least count)."""
    kind: str | None = "state"
    for part in loc:
        if kind is None:
            return None
        kind = _CHILD.get((kind, None if isinstance(part, int) else part))
    return kind


def _describe(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _hint(kind: str) -> str:
    if kind == "name":
        return "type the player's name"
    if kind in ("game", "players", "street", "windows", "house", "player"):
        return "fill it in"
    return "read it from the card and fill it in"


def missing_values(data: Any) -> list[str]:
    """Paths of every null where a value is required, in document order
    (for a page that highlights every field still to fill in)."""
    return [format_path(loc) for loc in _missing_locs(data)]


def _missing_locs(data: Any) -> list[list[PathPart]]:
    """Only known keys are followed; unknown ones are left to be refused."""
    found: list[list[PathPart]] = []

    def walk(value: Any, loc: list[PathPart], kind: str) -> None:
        if isinstance(value, dict):
            items: list[tuple[PathPart, Any]] = list(value.items())
        elif isinstance(value, list):
            items = list(enumerate(value))
        else:
            return
        for key, child in items:
            child_kind = _CHILD.get((kind, None if isinstance(key, int) else key))
            if child_kind is None:
                continue
            if child is None:
                if not (isinstance(key, str) and key in _NULLABLE):
                    found.append([*loc, key])
            else:
                walk(child, [*loc, key], child_kind)

    walk(data, [], "state")
    return found


def _missing_error(locs: list[list[PathPart]]) -> StateError:
    first = locs[0]
    message = f"is missing (null): {_hint(kind_at(first) or 'points')}"
    rest = [format_path(loc) for loc in locs[1:]]
    if rest:
        shown = ", ".join(rest[:5]) + (", ..." if len(rest) > 5 else "")
        message += f" ({len(rest)} more missing: {shown})"
    return StateError(first, message)


def _message(err: dict[str, Any]) -> str:
    loc = list(err["loc"])
    kind_here = kind_at(loc)
    got = _describe(err.get("input"))
    if err["type"] == "extra_forbidden":
        parent = kind_at(loc[:-1]) or ""
        if parent == "at_least":
            return f'is not a feature: use {", ".join(FEATURES)}'
        allowed = ", ".join(_KEYS.get(parent, ()))
        return f"is not a known key here (unknown keys are refused); allowed: {allowed}"
    if kind_here is None:
        return f"{err.get('msg', 'is not valid')}, got {got}"
    if err["type"] == "missing":
        return f"is required: {_ALLOWED[kind_here]}"
    if err["type"] == "too_short":
        got = "an empty list"
    return f"must be {_ALLOWED[kind_here]}, got {got}"


def _check_condition(cond: Condition, root: list[PathPart]) -> None:
    """Sub-conditions that name nothing are refused: a card always shows
    something, so an empty one means a value was lost while reading it."""
    if cond.at_least is not None and not cond.at_least.items():
        raise StateError([*root, "at_least"],
                         'names no feature: give at least one, e.g. {"cats": 1}, or leave the key out')
    if cond.height is not None and not cond.height.items():
        raise StateError([*root, "height"],
                         'names no height: give "exactly", "at_least" or "at_most", or leave the key out')
    if cond.none is not None:
        if not cond.none:
            raise StateError([*root, "none"],
                             'names no feature: give at least one, e.g. ["flags"], or leave the key out')
        for i, feature in enumerate(cond.none):
            first = cond.none.index(feature)
            if first < i:
                raise StateError([*root, "none", i],
                                 f'"{feature}" is already listed at none[{first}]; list each feature once')


# The box (rulebook, "Contents"): no table holds more cards of a kind than this.
DECK = {"store": 30, "window": 52, "roof": 27}


def _check_deck(state: State) -> None:
    """All streets together hold no more store, window and roof cards than the box."""
    seen = dict.fromkeys(DECK, 0)
    for i, player in enumerate(state.players):
        for j, house in enumerate(player.street):
            cards = [("store", ["players", i, "street", j, "store"])]
            cards += [("window", ["players", i, "street", j, "windows", k])
                      for k in range(len(house.windows))]
            if house.roof is not None:
                cards.append(("roof", ["players", i, "street", j, "roof"]))
            for kind, path in cards:
                seen[kind] += 1
                if seen[kind] > DECK[kind]:
                    raise StateError(path, f"is {kind} card number {seen[kind]} on the table; "
                                           f"the box has {DECK[kind]} {kind} cards")


def read_state(data: Any) -> State:
    """Validate a raw Canal Houses state or raise the first StateError."""
    missing = _missing_locs(data)
    if missing:
        raise _missing_error(missing)
    try:
        state = State.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        raise StateError(list(err["loc"]), _message(err)) from None
    check_unique_names([p.name for p in state.players])
    _check_deck(state)
    for i, player in enumerate(state.players):
        for j, house in enumerate(player.street):
            for part in ("store", "roof"):
                card = getattr(house, part)
                if card is not None:
                    _check_condition(card.condition, ["players", i, "street", j, part, "condition"])
    return state
