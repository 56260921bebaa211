"""Secrets the server must be able to show again (the current group key in
the invite QR, a room's token in the table's QR) are kept sealed under the
install's secret key: the database alone reveals neither, and a value sealed
under another secret (or tampered with) opens to None, never to garbage.

The seal is an HMAC-SHA256 keystream with a random nonce and an HMAC tag
(encrypt-then-MAC), labelled by what it is for, so a sealed room token cannot
be passed off as a group key."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

NONCE_BYTES = 16
TAG_BYTES = 16


def _keys(secret: str) -> tuple[bytes, bytes]:
    root = hashlib.sha256(("companion-seal:" + secret).encode("utf-8")).digest()
    return (hmac.new(root, b"stream", hashlib.sha256).digest(),
            hmac.new(root, b"tag", hashlib.sha256).digest())


def _stream(key: bytes, nonce: bytes, label: str, length: int) -> bytes:
    out = b""
    block = 0
    while len(out) < length:
        out += hmac.new(key, nonce + f"{label}:{block}".encode(), hashlib.sha256).digest()
        block += 1
    return out[:length]


def seal(secret: str, label: str, text: str) -> str:
    stream_key, tag_key = _keys(secret)
    nonce = secrets.token_bytes(NONCE_BYTES)
    data = text.encode("utf-8")
    mixed = bytes(a ^ b for a, b in zip(data, _stream(stream_key, nonce, label, len(data)),
                                        strict=True))
    tag = hmac.new(tag_key, label.encode() + b"\0" + nonce + mixed,
                   hashlib.sha256).digest()[:TAG_BYTES]
    return base64.urlsafe_b64encode(nonce + mixed + tag).decode("ascii")


def unseal(secret: str, label: str, sealed: str | None) -> str | None:
    if not sealed:
        return None
    try:
        raw = base64.urlsafe_b64decode(sealed.encode("ascii"))
    except (ValueError, UnicodeEncodeError):
        return None
    if len(raw) < NONCE_BYTES + TAG_BYTES:
        return None
    stream_key, tag_key = _keys(secret)
    nonce, mixed, tag = raw[:NONCE_BYTES], raw[NONCE_BYTES:-TAG_BYTES], raw[-TAG_BYTES:]
    expected = hmac.new(tag_key, label.encode() + b"\0" + nonce + mixed,
                        hashlib.sha256).digest()[:TAG_BYTES]
    if not hmac.compare_digest(tag, expected):
        return None
    plain = bytes(a ^ b for a, b in zip(mixed, _stream(stream_key, nonce, label, len(mixed)),
                                        strict=True))
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        return None
