"""Who may open a group: the one check behind every group route, for the
JSON API (`group_required`) and for pages (`group_page`).

A phone is let in by its own server-side session, never by the group key: the
join link (or a room's) makes a membership row for the phone, found by the
hash of a random session id that only the phone's cookie holds. So "New
invite link" can change the key without logging anyone out, and one phone can
be removed from the group. Scripts send the key in `X-Companion-Key`.

Failures: no credential 401; a wrong key (or another group's) 404, never
saying which. Wrong keys count against the address (`ratelimit`), but a right
key or a joined phone is checked first and always let in, so somebody guessing
from the same Wi-Fi never locks the group out.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import wraps
from typing import Any, NoReturn

from flask import abort, current_app, g, make_response, render_template, request, session

from .. import storage
from ..storage import phones
from . import ratelimit, sealed
from .db import get_db
from .errors import wants_json

KEY_HEADER = "X-Companion-Key"
SESSION_ID = "sid"
TOUCH_SECONDS = 3600  # a membership's last use is written at most once an hour
LEGACY_KEYS = "keys"  # cookies before server-side sessions held {gid: key} ...
LEGACY_ROOMS = "rooms"  # ... and {rid: room token}


class Denied(Exception):
    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


def _db():
    return get_db()


def _secret() -> str:
    return str(current_app.config["SECRET_KEY"])


# -- the phone's session ------------------------------------------------------------

def lifetime() -> timedelta:
    return timedelta(days=int(current_app.config.get("SESSION_LIFETIME_DAYS") or 180))


def expired_before() -> str:
    return (datetime.now(UTC) - lifetime()).strftime("%Y-%m-%dT%H:%M:%SZ")


def hash_session(sid: str) -> str:
    return hashlib.sha256(("phone-session:" + sid).encode("utf-8")).hexdigest()


def session_hash(*, create: bool = False) -> str | None:
    """The hash of this phone's session id (made on first need)."""
    sid = session.get(SESSION_ID)
    if not isinstance(sid, str) or len(sid) < 32:
        if not create:
            return None
        sid = session[SESSION_ID] = secrets.token_urlsafe(32)
    session.permanent = True
    return hash_session(sid)


_DEVICES = [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android phone"),
            ("Windows", "Windows computer"), ("Macintosh", "Mac"), ("Linux", "Linux computer")]
_BROWSERS = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("FxiOS", "Firefox"),
             ("SamsungBrowser", "Samsung Internet"), ("CriOS", "Chrome"), ("Chrome/", "Chrome"),
             ("Safari/", "Safari")]


def phone_label(agent: str | None = None) -> str:
    """What the phones list calls a phone before it says who it is."""
    agent = agent if agent is not None else request.headers.get("User-Agent", "")
    device = next((name for mark, name in _DEVICES if mark in agent), "Phone or computer")
    browser = next((name for mark, name in _BROWSERS if mark in agent), None)
    return f"{device} · {browser}" if browser else device


def join(gid: str) -> dict[str, Any]:
    """Let this phone into the group (idempotent). The phone gets a fresh
    session id on every join, its other groups moved over to it, so a session
    id planted in a phone's cookie beforehand never gains the new group."""
    old = session_hash()
    sid = session[SESSION_ID] = secrets.token_urlsafe(32)
    session.permanent = True
    if old:
        phones.rekey_session(_db(), old, hash_session(sid))
    return phones.add_phone(_db(), gid, hash_session(sid), phone_label(),
                            expired_before=expired_before())


def is_member(gid: str) -> bool:
    digest = session_hash()
    return bool(digest) and phones.find_phone(_db(), gid, digest,
                                              expired_before=expired_before()) is not None


def from_another_site() -> bool:
    """Was this (join) link followed from another site? Fetch Metadata where the
    browser sends it; else a Referer from another origin."""
    from .security import _same_origin

    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site not in ("none", "same-origin")
    referer = request.headers.get("Referer")
    return bool(referer) and not _same_origin(referer)


def private(response):
    """A join answer: never cached, never telling the next site where it came from."""
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


def my_groups() -> list[dict[str, Any]]:
    digest = session_hash()
    if not digest:
        return []
    return phones.groups_of_session(_db(), digest, expired_before=expired_before())


# -- the current invite -------------------------------------------------------------

def seal_key(gid: str, key: str) -> str:
    return sealed.seal(_secret(), f"group-key:{gid}", key)


def seal_room_token(rid: str, token: str) -> str:
    return sealed.seal(_secret(), f"room-token:{rid}", token)


def current_key(group: dict[str, Any]) -> str | None:
    """The group's key as the invite shows it, or None when this server
    cannot tell (a group made before keys were sealed, or a new secret key)."""
    key = sealed.unseal(_secret(), f"group-key:{group['id']}",
                        phones.group_sealed_key(_db(), group["id"]))
    return key if key and storage.key_matches(group, key) else None


def keep_key(group: dict[str, Any], key: str) -> None:
    """A right key seen from a phone or script: seal it if the server lost it."""
    if current_key(group) is None:
        phones.set_group_sealed_key(_db(), group["id"], seal_key(group["id"], key))


def room_token(gid: str, room: dict[str, Any]) -> str | None:
    from ..table import tokens

    token = sealed.unseal(_secret(), f"room-token:{room['id']}",
                          phones.room_sealed_token(_db(), gid, room["id"]))
    return token if token and tokens.token_matches(room["token_hash"], token) else None


# -- the check ----------------------------------------------------------------------

def resolve(gid: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """(group, this phone's membership or None for a script), or Denied."""
    db = _db()
    key = request.headers.get(KEY_HEADER)
    if key is not None:
        group = storage.get_group(db, gid) if key else None
        if group is not None and storage.key_matches(group, key):
            if phones.group_sealed_key(db, gid) is None:  # a group from before sealed keys
                keep_key(group, key)
            return group, None
        if not key:
            raise Denied(401)
        wrong_secret()
        raise Denied(404)
    digest = session_hash()
    phone = phones.find_phone(db, gid, digest, expired_before=expired_before()) if digest else None
    if phone is None:
        raise Denied(401)
    group = storage.get_group(db, gid)
    if group is None:  # pragma: no cover - memberships go with their group
        raise Denied(404)
    seen = datetime.fromisoformat(phone["last_seen_at"].replace("Z", "+00:00"))
    if (datetime.now(UTC) - seen).total_seconds() > TOUCH_SECONDS:
        phones.touch_phone(db, phone["id"])
    return group, phone


MISSING = ("this group's key is missing: open the group's join link or QR code on this phone "
           "(scripts send X-Companion-Key)")


def group_required(view: Callable) -> Callable:
    """JSON routes: g.group and g.phone, or 401 (no key) / 404 (wrong key)."""

    @wraps(view)
    def wrapper(gid: str, *args: Any, **kwargs: Any):
        try:
            g.group, g.phone = resolve(gid)
        except Denied as denied:
            abort(denied.status, description=MISSING if denied.status == 401
                  else "no such group for this key")
        return view(gid, *args, **kwargs)

    return wrapper


def page_access(need_key_template: str, wrong_key_message: str) -> Callable:
    """Pages: like `group_required`, but a phone that is not in the group gets
    a page saying how to get in (401) and a wrong key a "not here" page (404)."""

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(gid: str, *args: Any, **kwargs: Any):
            try:
                g.group, g.phone = resolve(gid)
            except Denied as denied:
                if denied.status == 401:
                    return render_template(need_key_template), 401
                return render_template("errors/error.html", code=404, title="Not here",
                                       message=wrong_key_message), 404
            return view(gid, *args, **kwargs)

        return wrapper

    return decorator


def wrong_secret() -> None:
    """A wrong group key or link token: it counts against the address (429 once
    too many came from it). The one place where failures are counted; a right
    key or a joined phone is always checked first and let in."""
    ratelimit.check_allowed()
    ratelimit.note_failure()


def wrong_link(message: str) -> NoReturn:
    """A join link (the group's or a table's) whose key or token is wrong:
    counted like any wrong key, then the styled "link does not work" page."""
    wrong_secret()
    broken_link(message)


def broken_link(message: str) -> NoReturn:
    """A join link that does not work: a styled page that says so and what to
    do (JSON for a script that asked for JSON)."""
    if wants_json():
        abort(404, description=message)
    page = render_template("errors/error.html", code=404, title="This link does not work",
                           message=message)
    abort(make_response(page, 404))
    raise AssertionError("abort answers")  # pragma: no cover - for the type checker


def me() -> dict[str, Any] | None:
    """This phone's own player in the current group ({"id", "name"}), if it said."""
    phone = g.get("phone")
    if phone and phone.get("player"):
        return {"id": phone["player_id"], "name": phone["player"]}
    return None


# -- cookies from before server-side sessions ---------------------------------------

def upgrade_legacy_cookie() -> None:
    """A cookie that still holds group keys (and room tokens) in readable form is
    turned, once, into memberships of this phone: people keep their groups
    without scanning again, and the keys leave the cookie for good. A key that
    no longer opens its group (the invite was renewed) is simply dropped."""
    from ..table import tokens

    keys = session.pop(LEGACY_KEYS, None)
    rooms = session.pop(LEGACY_ROOMS, None)
    if not keys and not rooms:
        return
    db = _db()
    for gid, key in (keys or {}).items() if isinstance(keys, dict) else ():
        group = storage.get_group(db, str(gid))
        if group is not None and isinstance(key, str) and storage.key_matches(group, key):
            join(group["id"])
            keep_key(group, key)
    for rid, token in (rooms or {}).items() if isinstance(rooms, dict) else ():
        owner = phones.room_group_id(db, str(rid))
        room = storage.get_room(db, owner, str(rid)) if owner else None
        if room is not None and owner and isinstance(token, str) \
                and tokens.token_matches(room["token_hash"], token) \
                and room_token(owner, room) is None:
            phones.set_room_sealed_token(db, owner, room["id"], seal_room_token(room["id"], token))


_STATIC = re.compile(r"^/static/")


def init_app(app) -> None:
    @app.before_request
    def _upgrade() -> None:
        if not _STATIC.match(request.path) and (LEGACY_KEYS in session or LEGACY_ROOMS in session):
            upgrade_legacy_cookie()

    @app.context_processor
    def _me() -> dict[str, Any]:
        return {"me": me}
