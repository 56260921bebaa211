"""The room token a join link carries. A room's join link lets a new phone
into the group too (it makes the phone's membership, web/access.py). The token
is 192 random bits; only its SHA-256 is kept for the check, compared in
constant time (and a copy sealed under the server's secret, so any phone at
the table can show the QR again: web/sealed.py). "New invite link" renews it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(("room:" + token).encode("utf-8")).hexdigest()


def token_matches(stored_hash: str, token: str) -> bool:
    return hmac.compare_digest(stored_hash, hash_token(token))
