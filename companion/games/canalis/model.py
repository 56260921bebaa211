"""The shape of a Canalis state (scoring.md, Canalis): the board's setup, the
players, the log of moves and the hand-entered end-of-game figures.

Everything a model can check on its own (types, unknown keys, counts, blank
names) is checked here; what depends on the board as it stands at a move
(squares on the board, free, contiguous, affordable) is checked by the replay,
so each error names the move that caused it."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, model_validator

from ..common import StrictModel

Cell = tuple[int, int]

# The build kinds, also passed to `parse` as union tags so they stay out of paths.
BUILD_KINDS = ("canal", "garden", "resource", "industrial", "specialty", "tenement", "locks")


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _cell(value: Any) -> Any:
    """A square is typed `[row, col]`; anything else is refused, with the form
    it should have (pydantic's own message would only speak of tuples)."""
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(type(v) is int for v in value)):
        return (value[0], value[1])
    raise ValueError(f"must be a square [row, col] (two integers), got {_show(value)}")


def _name(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


def _resource(value: str) -> str:
    _name(value)
    if value.strip().casefold() == "workers":
        raise ValueError('"workers" come from tenements, not resource tiles; '
                         "every industrial needs them without listing them")
    return value


def _distinct(values: list[str]) -> list[str]:
    for i, value in enumerate(values):
        if value in values[:i]:
            raise ValueError(f'lists "{value}" twice; each needed resource once')
    return values


# How much a state may hold (docs/readings.md, "Sizes"): the decks give at most
# 64 card plays; 500 moves leave room for house rules and hand-kept logs while
# keeping what one request may cost bounded.
MAX_MOVES = 500
MAX_TILE_SQUARES = 16
MAX_BOARD_FEATURES = 16
MAX_NOTE = 200

Square = Annotated[Cell, BeforeValidator(_cell)]
Squares = Annotated[list[Square], Field(min_length=1, max_length=MAX_TILE_SQUARES)]
Name = Annotated[str, AfterValidator(_name)]
Resource = Annotated[str, AfterValidator(_resource)]
Count = Annotated[int, Field(ge=0)]


class Gain(StrictModel):
    """A tile's own on-play text (e.g. +1 crown per adjacent opponent tile)."""

    points: int = 0
    crowns: int = 0


class _Build(StrictModel):
    cells: Squares
    gain: Gain | None = None


class CanalBuild(_Build):
    kind: Literal["canal"]
    owner: Name | None = None


class GardenBuild(_Build):
    kind: Literal["garden"]
    value: Count


class ResourceBuild(_Build):
    kind: Literal["resource"]
    resource: Resource


class IndustrialBuild(_Build):
    """`needs` is required: a forgotten list would otherwise read as "needs
    nothing" and score too early."""

    kind: Literal["industrial"]
    name: Name
    cost: Count
    points: Count
    needs: Annotated[list[Resource], Field(max_length=2), AfterValidator(_distinct)]


class SpecialtyBuild(_Build):
    kind: Literal["specialty"]
    name: Name
    cost: Count
    points: Count | None = None


class TenementBuild(_Build):
    kind: Literal["tenement"]


class LocksBuild(_Build):
    """`cells` is the building square, `water` the one water square."""

    kind: Literal["locks"]
    cells: Annotated[list[Square], Field(min_length=1, max_length=1)]
    water: Square


Build = Annotated[
    CanalBuild | GardenBuild | ResourceBuild | IndustrialBuild | SpecialtyBuild
    | TenementBuild | LocksBuild,
    Field(discriminator="kind"),
]

# Fixed costs of the kinds whose price is printed the same on every tile.
FIXED_COST = {"tenement": 3, "locks": 1}


class Scheme(StrictModel):
    """The card's bottom half: either figure may be negative."""

    points: int = 0
    crowns: int = 0
    note: Annotated[str, Field(max_length=MAX_NOTE)] = ""


class Move(StrictModel):
    player: Name
    build: Build | None = None
    scheme: Scheme | None = None

    @model_validator(mode="after")
    def _one_action(self) -> Move:
        if (self.build is None) == (self.scheme is None):
            raise ValueError('needs exactly one of "build" or "scheme" '
                             "(a card is used for its top or its bottom half)")
        return self


class BoardGarden(StrictModel):
    cells: Squares
    value: Count


class BoardResource(StrictModel):
    cells: Squares
    resource: Resource
    income: Count


class BoardSetup(StrictModel):
    rows: Annotated[int, Field(ge=1, le=100)]
    cols: Annotated[int, Field(ge=1, le=100)]
    harbors: Annotated[list[Square], Field(min_length=1, max_length=MAX_BOARD_FEATURES)]
    gardens: Annotated[list[BoardGarden], Field(max_length=MAX_BOARD_FEATURES)] = []
    resources: Annotated[list[BoardResource], Field(max_length=MAX_BOARD_FEATURES)] = []


class Player(StrictModel):
    name: Name


class FinalEntry(StrictModel):
    specialty: Count = 0
    missions: Count = 0


class CanalisState(StrictModel):
    game: Literal["canalis"]
    board: BoardSetup
    players: Annotated[list[Player], Field(min_length=2, max_length=4)]
    moves: Annotated[list[Move], Field(max_length=MAX_MOVES)] = []
    final: Annotated[dict[str, FinalEntry], Field(max_length=4)] = {}
