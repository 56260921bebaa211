"""The room token a join link carries, and the group key sealed under it.

A room's join link must let a new phone into the group too (it sets the group
cookie), but only a hash of the group key is stored. So when a room is made,
the creator's key is sealed with a keystream derived from the room token:
the database alone reveals neither; the link (token) opens both. The token is
192 random bits; only its SHA-256 is kept and it is compared in constant time.
"""

from __future__ import annotations

import base64
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


def _stream(token: str, rid: str, length: int) -> bytes:
    out = b""
    block = 0
    while len(out) < length:
        out += hmac.new(token.encode("utf-8"), f"group-key:{rid}:{block}".encode(),
                        hashlib.sha256).digest()
        block += 1
    return out[:length]


def seal(key: str, token: str, rid: str) -> str:
    data = key.encode("utf-8")
    mixed = bytes(a ^ b for a, b in zip(data, _stream(token, rid, len(data)), strict=True))
    return base64.urlsafe_b64encode(mixed).decode("ascii")


def unseal(sealed: str, token: str, rid: str) -> str:
    data = base64.urlsafe_b64decode(sealed.encode("ascii"))
    plain = bytes(a ^ b for a, b in zip(data, _stream(token, rid, len(data)), strict=True))
    return plain.decode("utf-8")
