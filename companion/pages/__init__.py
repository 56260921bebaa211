"""The phone pages: home, group home (QR join code, players, recent matches),
new match, the Canal Houses and Canal Grande score pages, history and the
match page. Pages render names as text; scripts live in static/pages/."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("pages", __name__)

from . import deleted, play, views  # noqa: E402,F401  (routes register on bp)
