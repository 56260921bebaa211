"""Who may do what, checked on every request: the one group check behind
every group route, for the JSON API (`group_required`) and for pages
(`group_page`), the rate limit on wrong keys, CSRF for calls riding on the
cookie, the session cookie itself and the headers on every answer. How a
phone gets in (join links, sealed keys, room tokens) is `keys`.

A phone is let in by its own server-side session, never by the group key: the
join link (or a room's) makes a membership row for the phone, found by the
hash of a random session id that only the phone's cookie holds. So "New
invite link" can change the key without logging anyone out, and one phone can
be removed from the group. Scripts send the key in `X-Companion-Key`.

Failures: no credential 401; a wrong key (or another group's) 404, never
saying which. Wrong keys count against the address (a small sliding window
per client address, kept per process: with N processes the ceiling is N
times the limit, still far below what guessing a 128-bit key would need),
but a right key or a joined phone is checked first and always let in, so
somebody guessing from the same Wi-Fi never locks the group out.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Flask,
    abort,
    current_app,
    g,
    has_request_context,
    render_template,
    request,
    session,
)
from flask.sessions import SecureCookieSessionInterface

from .. import storage
from . import pages
from .db import get_db

KEY_HEADER = "X-Companion-Key"
CSRF_HEADER = "X-CSRF-Token"
SESSION_ID = "sid"
TOUCH_SECONDS = 3600  # a membership's last use is written at most once an hour
LEGACY_KEYS = "keys"  # cookies before server-side sessions held {gid: key} ...
LEGACY_ROOMS = "rooms"  # ... and {rid: room token} (`keys.upgrade_legacy_cookie`)
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")


class Denied(Exception):
    def __init__(self, status: int):
        super().__init__(status)
        self.status = status


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


def me() -> dict[str, Any] | None:
    """This phone's own player in the current group ({"id", "name"}), if it said."""
    phone = g.get("phone")
    if phone and phone.get("player"):
        return {"id": phone["player_id"], "name": phone["player"]}
    return None


# -- the check ----------------------------------------------------------------------

def resolve(gid: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """(group, this phone's membership or None for a script), or Denied."""
    db = get_db()
    key = request.headers.get(KEY_HEADER)
    if key is not None:
        group = storage.get_group(db, gid) if key else None
        if group is not None and storage.key_matches(group, key):
            if storage.group_sealed_key(db, gid) is None:  # a group from before sealed keys
                from .keys import keep_key

                keep_key(group, key)
            return group, None
        if not key:
            raise Denied(401)
        wrong_secret()
        raise Denied(404)
    digest = session_hash()
    phone = storage.find_phone(db, gid, digest, expired_before=expired_before()) if digest else None
    if phone is None:
        raise Denied(401)
    group = storage.get_group(db, gid)
    if group is None:  # pragma: no cover - memberships go with their group
        raise Denied(404)
    seen = datetime.fromisoformat(phone["last_seen_at"].replace("Z", "+00:00"))
    if (datetime.now(UTC) - seen).total_seconds() > TOUCH_SECONDS:
        storage.touch_phone(db, phone["id"])
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
    a page saying how to get in (401) and a wrong key a "not here" page (404),
    never telling which. Features' pages use `group_page`; the live table's
    pages make their own with the table's words (table/pages.py)."""

    def decorator(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(gid: str, *args: Any, **kwargs: Any):
            try:
                g.group, g.phone = resolve(gid)
            except Denied as denied:
                if denied.status == 401:
                    return render_template(need_key_template), 401
                return not_found(wrong_key_message)
            return view(gid, *args, **kwargs)

        return wrapper

    return decorator


def not_found(message: str = "There is nothing here for this phone."):
    return render_template("errors/error.html", code=404, title="Not here", message=message), 404


group_page = page_access(
    "kit/need_key.html",
    "This group is not open on this phone: the link or key does not match. Ask someone in "
    "the group to show the group's QR code again.")


# -- wrong keys, counted per address ------------------------------------------------

WINDOW_SECONDS = 600
MAX_FAILURES = 30

_lock = threading.Lock()
_failures: dict[str, deque[float]] = defaultdict(deque)


def _client() -> str:
    return request.remote_addr or "unknown"


def _recent(address: str, now: float) -> deque[float]:
    bucket = _failures[address]
    while bucket and now - bucket[0] > WINDOW_SECONDS:
        bucket.popleft()
    return bucket


def check_allowed() -> None:
    """429 when this address has failed too often lately."""
    now = time.monotonic()
    with _lock:
        bucket = _recent(_client(), now)
        if len(bucket) >= MAX_FAILURES:
            retry = int(WINDOW_SECONDS - (now - bucket[0])) + 1
            abort(429, description=f"too many wrong keys from this device; wait {retry // 60 + 1} "
                                   "minutes, or scan the group's QR code again")


def note_failure() -> None:
    with _lock:
        _recent(_client(), time.monotonic()).append(time.monotonic())


def reset_failures() -> None:
    """Forget every failure (tests)."""
    with _lock:
        _failures.clear()


def wrong_secret() -> None:
    """A wrong group key or link token: it counts against the address (429 once
    too many came from it). The one place where failures are counted; a right
    key or a joined phone is always checked first and let in."""
    check_allowed()
    note_failure()


# -- CSRF, the cookie, headers --------------------------------------------------------

def csrf_token() -> str:
    """The page's token, kept in the signed session cookie."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def same_origin(origin: str) -> bool:
    parts = urlsplit(origin)
    seen = f"{parts.scheme}://{parts.netloc}"
    public = urlsplit(pages.public_base())
    return seen in (request.host_url.rstrip("/"), f"{public.scheme}://{public.netloc}")


def public_write(view: Callable) -> Callable:
    """Mark a POST that needs no group (scoring, creating a group): it is
    still refused from a foreign Origin, and from a page without the token
    unless it sends JSON (which a foreign site cannot do without CORS)."""
    view.public_write = True  # type: ignore[attr-defined]
    return view


def check_csrf() -> None:
    if request.method in SAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    if origin and origin != "null" and not same_origin(origin):
        abort(403, description=f"requests from another site ({origin}) are refused")
    if request.headers.get(KEY_HEADER) is not None:
        return  # a script with the key in a header: no cookie rides along
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and request.mimetype in ("multipart/form-data",
                                             "application/x-www-form-urlencoded"):
        sent = request.form.get("csrf_token")
    expected = session.get("csrf")
    if sent and expected and hmac.compare_digest(sent, expected):
        return
    view = request.endpoint and g.get("_view")
    if view is not None and getattr(view, "public_write", False) and request.is_json:
        return
    abort(403, description="this request lacks the page's CSRF token: reload the page and "
                           "try again (scripts send the X-Companion-Key header)")


class SessionInterface(SecureCookieSessionInterface):
    """The signed cookie holds only the page's CSRF token and the phone's
    session id (the server keeps its hash). It gets `Secure` whenever the
    request came over HTTPS or the public address is https://."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")
                    or (has_request_context() and (request.is_secure or pages.is_https())))


def init_app(app: Flask) -> None:
    app.session_interface = SessionInterface()

    @app.before_request
    def _before() -> None:
        """A cookie from before server-side sessions is turned, once, into
        memberships (static files aside); then CSRF."""
        if (LEGACY_KEYS in session or LEGACY_ROOMS in session) \
                and not request.path.startswith("/static/"):
            from .keys import upgrade_legacy_cookie

            upgrade_legacy_cookie()
        g._view = app.view_functions.get(request.endpoint) if request.endpoint else None
        check_csrf()

    @app.after_request
    def _headers(response):
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Permissions-Policy", "camera=(self), geolocation=()")
        return response

    app.jinja_env.globals.update(csrf_token=csrf_token, me=me)
