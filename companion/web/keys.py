"""How a phone gets into a group, and the secrets behind it: joining (a
membership for this phone, `access` checks it on every request), the group
key and each room's token sealed so the invite can show them again, the room
token of a table's join link, a join link that does not work, and cookies
from before server-side sessions.

Secrets the server must be able to show again (the current group key in the
invite QR, a room's token in the table's QR) are kept sealed under the
install's secret key: the database alone reveals neither, and a value sealed
under another secret (or tampered with) opens to None, never to garbage.
Sealing is `cryptography`'s Fernet (AES-128-CBC with an HMAC-SHA256 tag and a
random IV), with a key derived from the install's secret *and* what the value
is for, so a sealed room token cannot be passed off as a group key.

A room's token is 192 random bits; only its SHA-256 is kept for the check,
compared in constant time. "New invite link" renews keys and tokens.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Any, NoReturn

from cryptography.fernet import Fernet, InvalidToken
from flask import abort, current_app, make_response, render_template, request, session

from .. import storage
from .access import (
    LEGACY_KEYS,
    LEGACY_ROOMS,
    SESSION_ID,
    expired_before,
    hash_session,
    same_origin,
    session_hash,
    wrong_secret,
)
from .db import get_db
from .errors import wants_json

TOKEN_BYTES = 24  # 192 bits


# -- sealed secrets -------------------------------------------------------------------

def _fernet(secret: str, label: str) -> Fernet:
    key = hmac.new(("companion-seal:" + secret).encode("utf-8"), label.encode("utf-8"),
                   hashlib.sha256).digest()
    return Fernet(base64.urlsafe_b64encode(key))


def seal(secret: str, label: str, text: str) -> str:
    return _fernet(secret, label).encrypt(text.encode("utf-8")).decode("ascii")


def unseal(secret: str, label: str, sealed: str | None) -> str | None:
    if not sealed:
        return None
    try:
        return _fernet(secret, label).decrypt(sealed.encode("ascii")).decode("utf-8")
    except (InvalidToken, UnicodeError, ValueError):
        return None


def _secret() -> str:
    return str(current_app.config["SECRET_KEY"])


def seal_key(gid: str, key: str) -> str:
    return seal(_secret(), f"group-key:{gid}", key)


def seal_room_token(rid: str, token: str) -> str:
    return seal(_secret(), f"room-token:{rid}", token)


def current_key(group: dict[str, Any]) -> str | None:
    """The group's key as the invite shows it, or None when this server
    cannot tell (a group made before keys were sealed, or a new secret key)."""
    key = unseal(_secret(), f"group-key:{group['id']}",
                 storage.group_sealed_key(get_db(), group["id"]))
    return key if key and storage.key_matches(group, key) else None


def keep_key(group: dict[str, Any], key: str) -> None:
    """A right key seen from a phone or script: seal it if the server lost it."""
    if current_key(group) is None:
        storage.set_group_sealed_key(get_db(), group["id"], seal_key(group["id"], key))


# -- room tokens ----------------------------------------------------------------------

def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(("room:" + token).encode("utf-8")).hexdigest()


def token_matches(stored_hash: str, token: str) -> bool:
    return hmac.compare_digest(stored_hash, hash_token(token))


def room_token(gid: str, room: dict[str, Any]) -> str | None:
    """The room's token as its QR shows it, or None when this server cannot tell."""
    token = unseal(_secret(), f"room-token:{room['id']}",
                   storage.room_sealed_token(get_db(), gid, room["id"]))
    return token if token and token_matches(room["token_hash"], token) else None


# -- joining --------------------------------------------------------------------------

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
        storage.rekey_session(get_db(), old, hash_session(sid))
    return storage.add_phone(get_db(), gid, hash_session(sid), phone_label(),
                            expired_before=expired_before())


def is_member(gid: str) -> bool:
    digest = session_hash()
    return bool(digest) and storage.find_phone(get_db(), gid, digest,
                                              expired_before=expired_before()) is not None


def my_groups() -> list[dict[str, Any]]:
    digest = session_hash()
    if not digest:
        return []
    return storage.groups_of_session(get_db(), digest, expired_before=expired_before())


def from_another_site() -> bool:
    """Was this (join) link followed from another site? Fetch Metadata where the
    browser sends it; else a Referer from another origin."""
    site = request.headers.get("Sec-Fetch-Site")
    if site is not None:
        return site not in ("none", "same-origin")
    referer = request.headers.get("Referer")
    return bool(referer) and not same_origin(referer)


def private(response):
    """A join answer: never cached, never telling the next site where it came from."""
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


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


# -- cookies from before server-side sessions ---------------------------------------

def upgrade_legacy_cookie() -> None:
    """A cookie that still holds group keys (and room tokens) in readable form is
    turned, once, into memberships of this phone: people keep their groups
    without scanning again, and the keys leave the cookie for good. A key that
    no longer opens its group (the invite was renewed) is simply dropped."""
    keys = session.pop(LEGACY_KEYS, None)
    rooms = session.pop(LEGACY_ROOMS, None)
    if not keys and not rooms:
        return
    db = get_db()
    for gid, key in (keys or {}).items() if isinstance(keys, dict) else ():
        group = storage.get_group(db, str(gid))
        if group is not None and isinstance(key, str) and storage.key_matches(group, key):
            join(group["id"])
            keep_key(group, key)
    for rid, token in (rooms or {}).items() if isinstance(rooms, dict) else ():
        owner = storage.room_group_id(db, str(rid))
        room = storage.get_room(db, owner, str(rid)) if owner else None
        if room is not None and owner and isinstance(token, str) \
                and token_matches(room["token_hash"], token) \
                and room_token(owner, room) is None:
            storage.set_room_sealed_token(db, owner, room["id"], seal_room_token(room["id"], token))
