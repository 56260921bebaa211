"""Hostile uploads made on the fly: broken, lying, huge-on-paper files."""

from __future__ import annotations

import io
import random
import struct
import zlib

import numpy as np
from PIL import Image


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height but holds almost nothing."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 64)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")


def png_bomb(side: int = 20000) -> bytes:
    """A real decompression bomb: side x side zero pixels compress to little."""
    row = b"\x00" + b"\x00" * side  # filter byte + grey pixels
    compressor = zlib.compressobj(9)
    body = b"".join(compressor.compress(row) for _ in range(side)) + compressor.flush()
    ihdr = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", body) + png_chunk(b"IEND", b"")


def jpeg(width: int = 64, height: int = 48, seed: int = 0, exif: bytes | None = None) -> bytes:
    rng = np.random.default_rng(seed)
    img = Image.fromarray(rng.integers(0, 255, (height, width, 3), dtype=np.uint8))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=80, **({"exif": exif} if exif else {}))
    return buf.getvalue()


def huge_exif_jpeg() -> bytes:
    """A tiny image with ~60 KB of EXIF (the most a JPEG APP1 segment holds)."""
    exif = Image.Exif()
    exif[0x010E] = "x" * 60000  # ImageDescription
    return jpeg(exif=exif.tobytes())


def hostile_cases(count: int = 200, seed: int = 1) -> list[tuple[str, bytes, str]]:
    """(id, bytes, filename) for at least `count` hostile uploads, cycling kinds."""
    rng = random.Random(seed)
    good = jpeg(seed=seed)
    kinds = [
        ("empty", lambda i: (b"", "photo.jpg")),
        ("truncated", lambda i: (good[: rng.randint(20, len(good) - 10)], "photo.jpg")),
        ("wrong-magic", lambda i: (bytes(rng.getrandbits(8) for _ in range(200)), "photo.jpg")),
        ("text", lambda i: (b"hello, this is not a photo" * (i + 1), "photo.jpg")),
        ("svg", lambda i: (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "photo.jpg")),
        ("html", lambda i: (b"<!DOCTYPE html><html><body>hi</body></html>", "photo.jpg")),
        ("header-30000", lambda i: (png_header_only(30000, 30000), "photo.png")),
        ("header-wide", lambda i: (png_header_only(100000, 10), "photo.png")),
        ("gif", lambda i: (b"GIF89a" + b"\x00" * 100, "photo.jpg")),
        ("huge-exif", lambda i: (huge_exif_jpeg(), "photo.jpg")),
        ("noise-jpeg", lambda i: (jpeg(320, 240, seed=i), "photo.jpg")),
    ]
    out = []
    for i in range(count):
        name, make = kinds[i % len(kinds)]
        data, filename = make(i)
        out.append((f"{name}-{i}", data, filename))
    return out
