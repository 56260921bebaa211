"""The phone pages: home, group home (QR join code, players, recent matches),
new match, the Canal Houses and Canal Grande score pages, history and the
match page. Pages render names as text; scripts live in static/groups/,
static/matches/ and static/play/. The history and match page move to
`companion.matches`, the score pages' routes to `companion.play`."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("pages", __name__)

from ..matches import deleted  # noqa: E402,F401
from ..play import houses_grande  # noqa: E402,F401
from . import pages  # noqa: E402,F401  (routes register on bp)
