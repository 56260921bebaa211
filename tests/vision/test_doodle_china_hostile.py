"""Photos the reader must refuse quickly, with a 4xx and a message that says
what to do; and the command line's `error: ...` line with exit 2."""

from __future__ import annotations

import io
import struct
import time
import zlib

import cv2
import numpy as np
import pytest
from click.testing import CliRunner
from doodle_photos import table
from PIL import Image

from companion.cli import main as cli
from companion.photos.game_data import game_data
from vision import PhotoError, read_photo


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height, with one tiny IDAT."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + \
        chunk(b"IEND", b"")


def jpeg(image: np.ndarray, quality: int = 85) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(cv2.cvtColor(image, cv2.COLOR_BGR2RGB)).save(buf, "JPEG", quality=quality)
    return buf.getvalue()


def table_photo() -> bytes:
    return jpeg(table(np.random.default_rng(3), (1600, 1200)))


def white_page() -> bytes:
    """Blank paper on a table: an outline, but no sheet on it."""
    img = table(np.random.default_rng(4), (1600, 1200))
    img[200:1000, 500:1100] = 235
    return jpeg(img)


def dark_photo() -> bytes:
    return jpeg(np.full((1200, 1600, 3), 8, np.uint8))


def truncated() -> bytes:
    return table_photo()[:5000]


HOSTILE = [
    ("empty", lambda: b"", 400, "empty"),
    ("text-file", lambda: b"hello, this is not a photo at all\n" * 10, 415, "not a JPEG or PNG"),
    ("svg", lambda: b"<svg xmlns='http://www.w3.org/2000/svg'></svg>", 415, "SVG"),
    ("truncated-jpeg", truncated, 422, "cut short"),
    ("header-30000x30000-png", lambda: png_header(30000, 30000), 413, "megapixels"),
    ("table-without-sheet", table_photo, 422, "closer"),
    ("blank-paper", white_page, 422, "sheet"),
    ("far-too-dark", dark_photo, 422, "more light"),
]


@pytest.mark.parametrize("make,status,words", [c[1:] for c in HOSTILE], ids=[c[0] for c in HOSTILE])
def test_refused_quickly_with_what_to_do(make, status, words):
    data = make()
    # CPU seconds of this process, not the wall clock: the refusal must cost little
    # work (no 900-megapixel decode), and a busy box must not make it fail.
    started = time.process_time()
    with pytest.raises(PhotoError) as caught:
        read_photo(data, game="doodle-china", **game_data("doodle-china"))
    assert time.process_time() - started < 5
    assert caught.value.status == status
    assert 400 <= caught.value.status < 500
    assert words.lower() in caught.value.message.lower()
    assert len(caught.value.message) > 25


def test_too_blurred_sheet_is_refused():
    from doodle_photos import make_case

    data, _ = make_case(11, out_size=(800, 600), quality=(80, 80))
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    blurred = jpeg(cv2.GaussianBlur(image, (0, 0), 9))
    with pytest.raises(PhotoError) as caught:
        read_photo(blurred, **game_data("doodle-china"))
    assert caught.value.status == 422
    assert any(w in caught.value.message for w in ("blurred", "closer", "focus"))


@pytest.mark.parametrize("args,message", [
    (["read-photo", "{missing}"], "cannot read the file"),
    (["read-photo", "{text}"], "not a JPEG or PNG"),
    (["read-photo", "{text}", "--game", "chess"], "not 'chess'"),
], ids=["missing-file", "not-a-photo", "unknown-game"])
def test_command_line_says_error_and_exits_2(tmp_path, args, message):
    text = tmp_path / "note.txt"
    text.write_text("not a photo")
    paths = {"missing": str(tmp_path / "nope.jpg"), "text": str(text)}
    result = CliRunner().invoke(cli, [a.format(**paths) for a in args])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines() if hasattr(result, "stderr") else result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]


def test_command_line_prints_a_sheet_and_its_geometry(tmp_path):
    import json

    out, geo = tmp_path / "sheet.png", tmp_path / "sheet.json"
    result = CliRunner().invoke(cli, ["sheet", "doodle-china", "--edition", "shanghai", "--out", str(out),
                                      "--geometry", str(geo), "--player", "Ana", "--match", "12"])
    assert result.exit_code == 0, result.output
    image = cv2.imread(str(out))
    assert image.shape == (1754, 1240, 3)
    geometry = json.loads(geo.read_text())
    assert geometry["layout"] == "shanghai-v1" and len(geometry["cells"]) == 6
    from vision.doodle_china.constants import QR_BOX
    from vision.doodle_china.qr import read_qr

    x0, y0, x1, y1 = QR_BOX
    crop = cv2.cvtColor(image[y0 - 20:y1 + 20, x0 - 20:x1 + 20], cv2.COLOR_BGR2GRAY)
    assert read_qr(crop) == "cc1:doodle-china/shanghai/shanghai-v1?player=Ana&match=12"
