"""`GET /api/groups/<gid>/stats` (api.md "Stats") and the rating history."""

from __future__ import annotations

from flask import Blueprint, jsonify, request

from ..web.access import group_required
from ..web.db import get_db
from . import report
from .filters import FilterError, read_filters

bp = Blueprint("api_stats", __name__, url_prefix="/api/groups/<gid>/stats")


@bp.get("")
@group_required
def stats(gid: str):
    """Plays, wins, scores, streaks, head-to-head, ratings and per-game
    figures; optional ?game=, ?player=, ?from=, ?to= (dates, inclusive), and
    ?location= (every figure from the matches at one place only, the
    ratings rated over those matches alone)."""
    db = get_db()
    try:
        f = read_filters(db, gid, request.args)
    except FilterError as exc:
        return jsonify({"error": exc.message, "path": exc.path}), 400
    answer = report.build(db, f.scope(gid), include_hidden=f.include_hidden)
    if f.location:
        answer["location"] = f.location
    return jsonify(answer)


@bp.get("/ratings")
@group_required
def ratings(gid: str):
    """Each player's rating after every finished match of one game:
    ?game= (required), optional ?player=, ?from=, ?to=, and ?per=month,
    quarter or year for the rating at the end of each (long histories)."""
    db = get_db()
    try:
        f = read_filters(db, gid, request.args, game_required=True)
    except FilterError as exc:
        return jsonify({"error": exc.message, "path": exc.path}), 400
    per = request.args.get("per") or "match"
    if per not in report.PERS:
        return jsonify({"error": f"per must be one of {', '.join(report.PERS)}, got {per!r}",
                        "path": "per"}), 400
    return jsonify(report.rating_history(db, f.scope(gid), include_hidden=f.include_hidden,
                                         per=per))
