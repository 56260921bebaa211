"""Canal Grande score page: the two players' districts entered and scored by
the engine through POST /api/score; the script is static/play/canal_grande/."""

from __future__ import annotations

from flask import Blueprint

from ..web.access import group_page
from .score_page import score_page

bp = Blueprint("canal_grande", __name__)


@bp.get("/g/<gid>/play/canal-grande")
@group_page
def play(gid: str):
    return score_page(gid, "canal-grande", "play/canal_grande.html", {})  # districts: the facts
