"""Canal Houses score page: each player's street of houses (store, windows,
roof) tapped in and scored by the engine through POST /api/score; the script
is static/play/canal_houses/."""

from __future__ import annotations

from flask import Blueprint

from ..web.access import group_page
from .score_page import score_page

bp = Blueprint("canal_houses", __name__)


@bp.get("/g/<gid>/play/canal-houses")
@group_page
def play(gid: str):
    # Colours and condition words reach the page with every game fact (base.html).
    return score_page(gid, "canal-houses", "play/canal_houses.html", {})
