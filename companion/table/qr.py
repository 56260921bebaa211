"""QR codes of join links, as SVG text (no inline styles, so the page's CSP
allows it as an image)."""

from __future__ import annotations

import base64
import io

import qrcode
import qrcode.image.svg


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
