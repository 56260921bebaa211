"""What every page shares, built once: the template filters `human` (engine
paths in words), `when` and `day` (dates); the game registry's facts, limits
and names, computed when the app starts and handed to every template as
ready values (the facts are the code's: no request recomputes them); links
that leave this server (join links and their QR codes); and the installable
app's manifest and service worker, served from the site root so the
worker's scope is the whole app.

Links that leave this server are built from the configured public address,
never from the request's Host header: a forged Host must not turn a group's
invite into a link to someone else's server. The address comes from the
`PUBLIC_URL` setting (`companion serve --public-url`, or the environment's
`COMPANION_PUBLIC_URL`); without one it is this machine's address on the
local network, port 5000. A join link's QR code is SVG text (no inline
styles, so the page's CSP allows it as an image)."""

from __future__ import annotations

import base64
import io
import json
import re
from datetime import datetime
from functools import cache
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import Blueprint, Flask, current_app, send_from_directory
from markupsafe import Markup

from ..games import registry

# -- filters ---------------------------------------------------------------------------

_PATH_IN_TEXT = re.compile(r"\b[a-z_]+(?:\[\d+\])+(?:\.[a-z_]+(?:\[\d+\])*)*")
_PART = re.compile(r"([A-Za-z_]+)|\[(\d+)\]")
_PATH_WORDS = registry.path_words()


def _human_path(path: str) -> str:
    parts: list[str] = []
    last, raw = "", False
    for key, index in _PART.findall(path):
        if key:
            last, raw = key, key not in _PATH_WORDS
            if raw:
                parts.append(key.replace("_", " "))
            continue
        if raw:
            parts.pop()
        raw = False
        word = _PATH_WORDS.get(last) or last.replace("_", " ").removesuffix("s")
        parts.append(f"{word} {int(index) + 1}")
    return " · ".join(parts)


def human(text: str) -> str:
    """Engine detail lines say `moves[3]`; people read "move 4" (match.js humanLine)."""
    return _PATH_IN_TEXT.sub(lambda m: _human_path(m[0]), str(text))


def when(stamp: str | None, style: str = "date") -> Markup:
    """A date the phone rewrites in its own locale (kit/app.js localTimes); the
    server's `day` text until then."""
    if not stamp:
        return Markup("")
    return Markup('<time datetime="{}" data-local="{}">{}</time>').format(stamp, style, day(stamp))


def day(stamp: str | None) -> str:
    """`2026-11-30T20:15:00Z` -> `30 Nov 2026`."""
    if not stamp:
        return ""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return f"{moment.day} {moment:%b %Y}"


# -- game facts, once -------------------------------------------------------------------

def facts_json(games: str = "all") -> Markup:
    """The registry's facts as compact JSON, safe inside <script> (every page
    carries them, so every byte counts). `games`: "all", or the games (comma
    separated) whose every fact the page needs; base.html's `fact_games` block
    says which."""
    full = None if games.strip() == "all" else tuple(g.strip() for g in games.split(",") if g.strip())
    text = json.dumps(registry.page_facts(full), separators=(",", ":"), ensure_ascii=False)
    for raw, safe in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027")):
        text = text.replace(raw, safe)
    return Markup(text)


class FactsJson(dict):
    """`facts_json` for every choice a page makes ("all" and each game), made
    when the app starts; another choice is made on first use and kept."""

    def __init__(self) -> None:
        super().__init__({choice: facts_json(choice) for choice in ("all", *registry.GAME_NAMES)})

    def __missing__(self, games: str) -> Markup:
        self[games] = value = facts_json(games)
        return value


# -- links that leave this server -------------------------------------------------------

@cache
def _lan_default(port: int) -> str:
    from ..cli.common import lan_address

    return f"http://{lan_address()}:{port}"


def check_public_url(url: str) -> str | None:
    """None when `url` can be a public address, else what is wrong with it."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return "must be an http:// or https:// address such as https://games.example.org"
    if parts.query or parts.fragment or "@" in parts.netloc:
        return "must be a plain address (no ?query, #fragment or user@)"
    return None


def public_base() -> str:
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured).rstrip("/")
    return _lan_default(int(current_app.config.get("PUBLIC_PORT") or 5000))


def is_https() -> bool:
    return public_base().startswith("https://")


def group_join_url(gid: str, key: str) -> str:
    return f"{public_base()}/g/{gid}/join?key={key}"


def room_join_url(gid: str, rid: str, token: str) -> str:
    return f"{public_base()}/g/{gid}/rooms/{rid}/join?token={token}"


def qr_svg(url: str) -> str:
    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M,
                       image_factory=qrcode.image.svg.SvgPathImage)
    qr.add_data(url)
    qr.make(fit=True)
    buf = io.BytesIO()
    qr.make_image().save(buf)
    return buf.getvalue().decode("utf-8")


def qr_data_uri(url: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url).encode("utf-8")).decode()


# -- the installable app ----------------------------------------------------------------

bp = Blueprint("pwa", __name__)


@bp.get("/manifest.webmanifest")
def manifest():
    response = send_from_directory(current_app.static_folder, "manifest.webmanifest",
                                   mimetype="application/manifest+json", max_age=3600)
    return response


@bp.get("/sw.js")
def service_worker():
    """Never cached by the browser's HTTP cache, so a new worker is picked up."""
    response = send_from_directory(current_app.static_folder, "sw.js",
                                   mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


def init_app(app: Flask) -> None:
    app.add_template_filter(human, "human")
    app.add_template_filter(when, "when")
    app.add_template_filter(day, "day")
    # Every page's name fields and scripts read the limits and game facts from
    # one place (the game registry), computed here once.
    app.jinja_env.globals.update(
        limits=registry.limits(), win_lose_games=registry.WIN_LOSE_GAMES,
        game_facts_json=FactsJson(), game_names=registry.GAME_NAMES,
        game_editions=registry.EDITIONS)
