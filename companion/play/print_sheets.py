"""Printable Doodle China score sheets from the app: a PNG per player, or
one PDF with a page per player. Each sheet carries a QR code naming the game,
edition, layout, and the player and match it was printed for, so a photo of
it later joins the right match without any typing."""

from __future__ import annotations

import io
import re
import uuid

from flask import Blueprint, Response, abort, g, render_template, request

from ..games.registry import PLAYER_NAME_MAX
from ..web.access import group_page

bp = Blueprint("print_sheets", __name__)

EDITIONS = {"suzhou": "suzhou-v1", "shanghai": "shanghai-v1"}
MAX_PLAYERS = 8
MAX_NAME = PLAYER_NAME_MAX
MATCH_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def _choices() -> tuple[str, list[str], str | None]:
    """Edition, player names and match id from the query, or a 400 that says
    what is allowed."""
    edition = request.args.get("edition", "suzhou")
    if edition not in EDITIONS:
        abort(400, description=f"edition must be one of {', '.join(EDITIONS)}")
    names = [n.strip() for n in request.args.getlist("player") for n in n.splitlines()]
    names = [n for n in names if n]
    if len(names) > MAX_PLAYERS:
        abort(400, description=f"at most {MAX_PLAYERS} players per print, got {len(names)}")
    for name in names:
        if len(name) > MAX_NAME:
            abort(400, description=f"a player name is at most {MAX_NAME} characters: {name[:20]}…")
    match = request.args.get("match") or None
    if match is not None and not MATCH_ID.match(match):
        abort(400, description="match must be 1 to 64 letters, digits, '.', '_' or '-'")
    return edition, names, match


def _render(edition: str, player: str | None, match: str | None):
    from PIL import Image

    from companion.games.doodle_china.layouts import get_layout
    from vision.doodle_china.sheet import render_sheet

    bgr = render_sheet(get_layout(EDITIONS[edition]), player=player, match=match)
    return Image.fromarray(bgr[:, :, ::-1])


@bp.get("/g/<gid>/print")
@group_page
def index(gid: str):
    from ..storage import list_players
    from ..web.db import get_db

    return render_template("play/print_sheets.html", group=g.group, gid=gid,
                           players=list_players(get_db(), gid), editions=list(EDITIONS),
                           match=str(uuid.uuid4()))


@bp.get("/g/<gid>/print/sheet.png")
@group_page
def sheet_png(gid: str):
    edition, names, match = _choices()
    image = _render(edition, names[0] if names else None, match)
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(150, 150))
    filename = f"doodle-china-{edition}{'-' + names[0] if names else ''}.png"
    return Response(out.getvalue(), mimetype="image/png", headers={
        "Content-Disposition": f'inline; filename="{_safe(filename)}"'})


@bp.get("/g/<gid>/print/sheets.pdf")
@group_page
def sheets_pdf(gid: str):
    edition, names, match = _choices()
    pages = [_render(edition, name, match) for name in (names or [None])]
    out = io.BytesIO()
    pages[0].save(out, "PDF", resolution=150.0, save_all=True, append_images=pages[1:])
    return Response(out.getvalue(), mimetype="application/pdf", headers={
        "Content-Disposition": f'inline; filename="doodle-china-{edition}-sheets.pdf"'})


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name)
