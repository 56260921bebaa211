"""Secrets the server must be able to show again (the current group key in
the invite QR, a room's token in the table's QR) are kept sealed under the
install's secret key: the database alone reveals neither, and a value sealed
under another secret (or tampered with) opens to None, never to garbage.

Sealing is `cryptography`'s Fernet (AES-128-CBC with an HMAC-SHA256 tag and a
random IV), with a key derived from the install's secret *and* what the value
is for, so a sealed room token cannot be passed off as a group key."""

from __future__ import annotations

import base64
import hashlib
import hmac

from cryptography.fernet import Fernet, InvalidToken


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
