"""Who may do what: the group key (cookie or header, compared in constant
time), CSRF for calls riding on the cookie, and headers on every answer."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, abort, g, has_request_context, request, session
from flask.sessions import SecureCookieSessionInterface

from .. import storage
from . import ratelimit

KEY_HEADER = "X-Companion-Key"
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = {"GET", "HEAD", "OPTIONS"}

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")


def csrf_token() -> str:
    """The page's token, kept in the signed session cookie."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def remember_key(gid: str, key: str) -> None:
    keys = dict(session.get("keys", {}))
    keys[gid] = key
    session["keys"] = keys
    session.permanent = True


def known_groups() -> dict[str, str]:
    return dict(session.get("keys", {}))


def _presented_key(gid: str) -> tuple[str | None, str]:
    header = request.headers.get(KEY_HEADER)
    if header is not None:
        return header, "header"
    return session.get("keys", {}).get(gid), "cookie"


def _same_origin(origin: str) -> bool:
    parts = urlsplit(origin)
    return f"{parts.scheme}://{parts.netloc}" == request.host_url.rstrip("/")


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
    if origin and origin != "null" and not _same_origin(origin):
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


def group_required(view: Callable) -> Callable:
    """Resolve `gid` to the group, or answer 401 (no key) / 404 (wrong key
    or no such group: never reveal which)."""

    @wraps(view)
    def wrapper(gid: str, *args: Any, **kwargs: Any):
        key, _how = _presented_key(gid)
        if not key:
            abort(401, description="this group's key is missing: open the group's join link "
                                   "or QR code on this phone (scripts send X-Companion-Key)")
        from ..app import get_db

        ratelimit.check_allowed()
        group = storage.get_group(get_db(), gid)
        if group is None or not storage.key_matches(group, key):
            ratelimit.note_failure()
            abort(404, description="no such group for this key")
        g.group = group
        return view(gid, *args, **kwargs)

    return wrapper


class SessionInterface(SecureCookieSessionInterface):
    """Cookies get `Secure` whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")
                    or (has_request_context() and request.is_secure))


def init_app(app: Flask) -> None:
    app.session_interface = SessionInterface()

    @app.before_request
    def _csrf() -> None:
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

    @app.context_processor
    def _template_globals() -> dict[str, Any]:
        return {"csrf_token": csrf_token}

