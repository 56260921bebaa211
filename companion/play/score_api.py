"""`POST /api/score`: score a state, store nothing."""

from __future__ import annotations

from flask import Blueprint, jsonify

from ..games import StateError, check_player_names, score
from ..web.access import public_write
from ..web.bodies import json_body
from ..web.errors import state_error

bp = Blueprint("api_score", __name__, url_prefix="/api")


@bp.post("/score")
@public_write
def score_state():
    try:
        state = json_body()
        if isinstance(state, dict):
            check_player_names(state)  # new input: the registry's one name limit
        return jsonify(score(state))
    except StateError as exc:
        return state_error(exc)
