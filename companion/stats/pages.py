"""Stats pages (issue 7): charts of a group's history, player housekeeping,
export and import. Views in `views`, charts in `figures`."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("stats", __name__, url_prefix="/g/<gid>")

from . import views  # noqa: E402,F401  (registers the routes)
