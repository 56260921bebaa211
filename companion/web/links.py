"""Links that leave this server (join links, QR codes) are built from the
configured public address, never from the request's Host header: a forged
Host must not turn a group's invite into a link to someone else's server.

The address comes from the `PUBLIC_URL` setting (`companion serve
--public-url`, or the environment's `COMPANION_PUBLIC_URL`); without one it
is this machine's address on the local network, port 5000. A join link's QR
code is SVG text (no inline styles, so the page's CSP allows it as an image)."""

from __future__ import annotations

import base64
import io
from functools import cache
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import current_app


@cache
def _lan_default(port: int) -> str:
    from ..cli.common import lan_address

    return f"http://{lan_address()}:{port}"


def check_public_url(url: str) -> str | None:
    """None when `url` can be a public address, else what is wrong with it."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return "must be an http:// or https:// address such as https://games.example.org"
    if parts.query or parts.fragment or "@" in parts.netloc:
        return "must be a plain address (no ?query, #fragment or user@)"
    return None


def public_base() -> str:
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured).rstrip("/")
    return _lan_default(int(current_app.config.get("PUBLIC_PORT") or 5000))


def is_https() -> bool:
    return public_base().startswith("https://")


def group_join_url(gid: str, key: str) -> str:
    return f"{public_base()}/g/{gid}/join?key={key}"


def room_join_url(gid: str, rid: str, token: str) -> str:
    return f"{public_base()}/g/{gid}/rooms/{rid}/join?token={token}"


def qr_svg(url: str) -> str:
    qr = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M,
                       image_factory=qrcode.image.svg.SvgPathImage)
    qr.add_data(url)
    qr.make(fit=True)
    buf = io.BytesIO()
    qr.make_image().save(buf)
    return buf.getvalue().decode("utf-8")


def qr_data_uri(url: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(qr_svg(url).encode("utf-8")).decode()
