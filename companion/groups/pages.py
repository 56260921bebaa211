"""Home, group home (with its QR join code), new match, history, match page."""

from __future__ import annotations

import functools
import io
import json
import re
from datetime import datetime
from typing import Any

import qrcode
import qrcode.image.svg
from flask import (
    Response,
    abort,
    current_app,
    g,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from markupsafe import Markup
from werkzeug.routing import BuildError

from .. import storage
from ..app import get_db
from ..games import registry
from ..storage import phones
from ..table.record import dice_record
from ..web import access
from ..web.page_access import GAME_NAMES, group_page, not_found
from . import bp
from .api import MAX_NAME, join_url, make_group

RECENT = 5
HISTORY_LIMIT = 200
# Games whose entry page another blueprint serves: game -> blueprint name.
OTHER_PAGES = {"doodle-china": "play_doodle", "canalis": "play_canalis"}
OWN_PAGES = {"canal-houses": "pages.play_houses", "canal-grande": "pages.play_grande"}
PLAYER_COUNTS = registry.PLAYER_COUNTS


@functools.cache
def _facts_json(games: str = "all") -> Markup:
    """The registry's facts as compact JSON, safe inside <script> (every page
    carries them, so every byte counts). `games`: "all", or the games (comma
    separated) whose every fact the page needs; base.html's `fact_games` block
    says which. Computed once per choice: the facts are the code's."""
    full = None if games.strip() == "all" else tuple(g.strip() for g in games.split(",") if g.strip())
    text = json.dumps(registry.page_facts(full), separators=(",", ":"), ensure_ascii=False)
    for raw, safe in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("'", "\\u0027")):
        text = text.replace(raw, safe)
    return Markup(text)


@bp.app_context_processor
def _limits() -> dict[str, Any]:
    """Every page's name fields and scripts read the limits and game facts from
    one place (the game registry)."""
    return {"limits": registry.limits(), "win_lose_games": registry.WIN_LOSE_GAMES,
            "game_facts_json": _facts_json, "game_names": registry.GAME_NAMES,
            "game_editions": registry.EDITIONS}


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


@bp.app_template_filter("human")
def human(text: str) -> str:
    """Engine detail lines say `moves[3]`; people read "move 4" (match.js humanLine)."""
    return _PATH_IN_TEXT.sub(lambda m: _human_path(m[0]), str(text))


@bp.app_template_filter("when")
def when(stamp: str | None, style: str = "date") -> Markup:
    """A date the phone rewrites in its own locale (kit/app.js localTimes); the
    server's `day` text until then."""
    if not stamp:
        return Markup("")
    return Markup('<time datetime="{}" data-local="{}">{}</time>').format(stamp, style, day(stamp))


@bp.app_template_filter("day")
def day(stamp: str | None) -> str:
    """`2026-11-30T20:15:00Z` -> `30 Nov 2026`."""
    if not stamp:
        return ""
    try:
        moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return f"{moment.day} {moment:%b %Y}"


def _url(endpoint: str, **values: Any) -> str | None:
    """url_for, or None when the endpoint is not there (yet)."""
    if endpoint not in current_app.view_functions:
        return None
    try:
        return url_for(endpoint, **values)
    except BuildError:
        return None


def start_links(gid: str) -> list[dict[str, Any]]:
    """One start button per game; games without a page show "coming soon"."""
    links = []
    for game, name in GAME_NAMES.items():
        if game in OWN_PAGES:
            url = url_for("pages.new_match", gid=gid, game=game)
        else:
            url = _url(f"{OTHER_PAGES[game]}.new", gid=gid)
        links.append({"game": game, "name": name, "url": url})
    return links


def open_tables(db: Any, gid: str) -> dict[str, Any]:
    """The Doodle China dice tables still in play, to rejoin, and where to open one."""
    if "rooms_pages.new_room" not in current_app.view_functions:
        return {"new": None, "open": []}
    rooms = [r for r in storage.list_rooms(db, gid, limit=10) if not r.get("finished_at")]
    return {"new": url_for("rooms_pages.new_room", gid=gid),
            "open": [{"url": url_for("rooms_pages.room", gid=gid, rid=r["id"]),
                      "edition": r["edition"].capitalize(), "mode": r["mode"],
                      "players": r["players"], "created_at": r["created_at"]} for r in rooms]}


def edit_url(gid: str, match: dict[str, Any]) -> str | None:
    game = match["game"]
    if game in OWN_PAGES:
        return url_for(OWN_PAGES[game], gid=gid, match=match["id"])
    return _url(f"{OTHER_PAGES.get(game, '-')}.edit", gid=gid, mid=match["id"])


def with_current_names(match: dict[str, Any], seats: dict[int, str]) -> dict[str, Any]:
    """The match's result with each seat's name as the player is called today
    (after a rename or a merge); the stored state keeps the names as played."""
    result = match.get("result") or {}
    renamed = {p.get("name"): seats[i] for i, p in enumerate(result.get("players", []))
               if i in seats and seats[i] != p.get("name")}
    if not renamed:
        return match
    result = {**result,
              "players": [{**p, "name": renamed.get(p.get("name"), p.get("name"))}
                          for p in result.get("players", [])],
              "winners": [renamed.get(n, n) for n in result.get("winners", [])],
              "ranking": [renamed.get(n, n) for n in result.get("ranking", [])]}
    return {**match, "result": result}


def summaries(db: Any, gid: str, matches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    names = storage.current_names(db, gid, [m["id"] for m in matches])
    return [summary(with_current_names(m, names.get(m["id"], {}))) for m in matches]


def summary(match: dict[str, Any]) -> dict[str, Any]:
    """What a list row shows: game and edition, date, winners, each player's
    total (or won/lost in a game without points), where and how long."""
    result = match.get("result") or {}
    winners = result.get("winners", [])
    win_lose = match["game"] in registry.WIN_LOSE_GAMES
    players = [{"name": p.get("name", ""), "total": p.get("total"),
                "outcome": ("won" if p.get("name") in winners else "lost") if win_lose else None}
               for p in result.get("players", [])]
    return {"id": match["id"], "game": match["game"],
            "game_name": GAME_NAMES.get(match["game"], match["game"]),
            "edition": registry.edition_label(match.get("state")),
            "played_at": match["played_at"], "winners": winners,
            "players": players, "win_lose": win_lose,
            "duration_min": match.get("duration_min"), "location": match.get("location"),
            "notes": match.get("notes")}


@bp.route("/", methods=["GET", "POST"])
def home():
    error, typed = None, ""
    if request.method == "POST":
        typed = request.form.get("name", "")
        name = " ".join(typed.split())
        if not name:
            error = "Type a name for the group (for example “Thursday club”)."
        elif len(name) > MAX_NAME:
            error = f"The name is {len(name)} characters long; at most {MAX_NAME} are allowed."
        else:
            group = make_group(name)
            return redirect(url_for("pages.group_home", gid=group["id"]), code=303)
    groups = access.my_groups()
    status = 422 if error else 200
    return render_template("groups/home.html", groups=groups, error=error, typed=typed,
                           max_name=MAX_NAME), status


@bp.get("/g/<gid>")
@group_page
def group_home(gid: str):
    db = get_db()
    recent = summaries(db, gid, storage.list_matches(db, gid, limit=RECENT))
    key = access.current_key(g.group)
    mine = g.phone["id"] if g.phone else None
    joined = [{**p, "this_phone": p["id"] == mine}
              for p in phones.list_phones(db, gid, expired_before=access.expired_before())]
    page = render_template("groups/group.html", group=g.group, gid=gid,
                           join_url=join_url(gid, key) if key else None,
                           phone=g.phone, phones=joined, ask_who=request.args.get("who") == "1",
                           players=storage.list_players(db, gid),
                           recent=recent, total=storage.count_matches(db, gid),
                           starts=start_links(gid), tables=open_tables(db, gid),
                           photo_usage=_photo_usage(gid))
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"  # the page shows the group's key
    return response


def _photo_usage(gid: str) -> dict[str, Any]:
    """What the group's photos take of its quota, for the group page."""
    from ..photos.api import photo_usage

    usage = photo_usage(gid)
    return {"count": len(usage["photos"]), "used_mb": f"{usage['used_bytes'] / 2**20:.1f}",
            "quota_mb": f"{usage['quota_bytes'] / 2**20:.0f}"}


@bp.get("/g/<gid>/qr.svg")
@group_page
def group_qr(gid: str):
    """The join link as a QR code (SVG paths; it holds the key, so never cached)."""
    key = access.current_key(g.group)
    if key is None:
        abort(404, description="this server no longer knows the group's invite: make a new "
                               "invite link on the group page")
    image = qrcode.make(join_url(gid, key), box_size=10, border=2,
                        image_factory=qrcode.image.svg.SvgPathImage)
    out = io.BytesIO()
    image.save(out)
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/g/<gid>/new/<game>")
@group_page
def new_match(gid: str, game: str):
    if game not in OWN_PAGES:
        url = _url(f"{OTHER_PAGES[game]}.new", gid=gid) if game in OTHER_PAGES else None
        if url:
            return redirect(url)
        return not_found(f"There is no match page for “{game}” here: choose one of "
                         f"{', '.join(GAME_NAMES[x] for x in OWN_PAGES)}.")
    low, high = PLAYER_COUNTS[game]
    return render_template("play/new_match.html", group=g.group, gid=gid, game=game,
                           game_name=GAME_NAMES[game], low=low, high=high,
                           play_url=url_for(OWN_PAGES[game], gid=gid),
                           players=storage.list_players(get_db(), gid))


@bp.get("/g/<gid>/history")
@group_page
def history(gid: str):
    db = get_db()
    game = request.args.get("game") or None
    if game not in GAME_NAMES:
        game = None
    player = (request.args.get("player") or "").strip() or None
    location = " ".join((request.args.get("location") or "").split()) or None
    matches = storage.list_matches(db, gid, game=game, player=player, limit=HISTORY_LIMIT,
                                   location=location)
    return render_template("matches/history.html", group=g.group, gid=gid, game=game,
                           player=player, location=location, games=GAME_NAMES,
                           players=storage.list_players(db, gid),
                           locations=storage.list_locations(db, gid),
                           matches=summaries(db, gid, matches), limit=HISTORY_LIMIT)


@bp.get("/g/<gid>/matches/<mid>")
@group_page
def match_page(gid: str, mid: str):
    db = get_db()
    match = storage.get_match(db, gid, mid)
    if not match:
        return not_found("This match is not in this group's history (it may have been "
                         "deleted). Open the history to see the group's matches.")
    record = dice_record(db, gid, mid) if match["game"] == "doodle-china" else None
    if record is not None:
        record["url"] = _url("rooms_pages.room", gid=gid, rid=record["room"]["id"])
    shown = with_current_names(match, storage.current_names(db, gid, [mid]).get(mid, {}))
    return render_template("matches/match.html", group=g.group, gid=gid, match=shown,
                           row=summary(shown), game_name=GAME_NAMES.get(match["game"], match["game"]),
                           edit_url=edit_url(gid, match), record=record,
                           again_url=play_again_url(gid, shown),
                           locations=storage.list_locations(db, gid))


def play_again_url(gid: str, match: dict[str, Any]) -> str | None:
    """A new match of the same game with the same players in the same seats
    (and the same edition), by today's names."""
    game = match["game"]
    names = [p.get("name", "") for p in (match.get("result") or {}).get("players", [])]
    query: list[tuple[str, str]] = [("player", n) for n in names if n]
    edition = (match.get("state") or {}).get("edition")
    if isinstance(edition, str):
        query.append(("edition", edition))
    if game in OWN_PAGES:  # through the seat list, which warns about an unsaved draft
        base = url_for("pages.new_match", gid=gid, game=game)
    else:
        base = _url(f"{OTHER_PAGES.get(game, '-')}.new", gid=gid)
    if not base:
        return None
    from urllib.parse import urlencode

    return f"{base}?{urlencode(query)}"
