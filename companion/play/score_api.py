"""`POST /api/score`: score a state, store nothing.

The body is the state itself (scoring.md, api.md). Its envelope -- a JSON
object naming one of our games -- is read by a pydantic model through
`parse_body` (422 `{"error", "path"}` like every other body); everything else
in it is the game's, checked by the game's engine, whose refusals carry the
JSON path into the state (`players[1].street[0].windows[2].cats`), unknown
keys included (engines forbid them)."""

from __future__ import annotations

from typing import Annotated, Any

from flask import Blueprint, jsonify
from pydantic import AfterValidator, BaseModel, ConfigDict

from ..games import GAMES, StateError, check_player_names, score
from ..web.access import public_write
from ..web.bodies import parse_body
from ..web.errors import state_error

bp = Blueprint("api_score", __name__, url_prefix="/api")


def _known_game(value: Any) -> str:
    if value is None:
        raise ValueError(f"is required: one of {', '.join(GAMES)}")
    if not isinstance(value, str):
        raise ValueError(f"must be a string, one of {', '.join(GAMES)}, got {value!r}")
    if value not in GAMES:
        raise ValueError(f"must be one of {', '.join(GAMES)}, got {value!r}")
    return value


class ScoreBody(BaseModel):
    """A state's envelope: `game` names the engine; the other keys are the
    game's (kept as sent, for its engine to check)."""
    model_config = ConfigDict(extra="allow", validate_default=True)  # a missing game is refused
    game: Annotated[Any, AfterValidator(_known_game)] = None


@bp.post("/score")
@public_write
def score_state():
    body = parse_body(ScoreBody)
    state = {"game": body.game, **(body.model_extra or {})}
    try:
        check_player_names(state)  # new input: the registry's one name limit
        return jsonify(score(state))
    except StateError as exc:
        return state_error(exc)
