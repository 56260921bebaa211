"""Who may do what: CSRF for calls riding on the cookie, the session cookie
itself, and headers on every answer. The group check lives in `access`
(re-exported here: `group_required`)."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, abort, g, has_request_context, request, session
from flask.sessions import SecureCookieSessionInterface

from . import access, links
from .access import KEY_HEADER, group_required

__all__ = ["KEY_HEADER", "csrf_token", "group_required", "public_write", "check_csrf"]
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


def _same_origin(origin: str) -> bool:
    parts = urlsplit(origin)
    seen = f"{parts.scheme}://{parts.netloc}"
    public = urlsplit(links.public_base())
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


class SessionInterface(SecureCookieSessionInterface):
    """The signed cookie holds only the page's CSRF token and the phone's
    session id (`access`: the server keeps its hash). It gets `Secure` whenever
    the request came over HTTPS or the public address is https://."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")
                    or (has_request_context() and (request.is_secure or links.is_https())))


def init_app(app: Flask) -> None:
    app.session_interface = SessionInterface()
    access.init_app(app)

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

