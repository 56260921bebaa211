"""The shared browser code lives once, in static/kit/: one `clone`, one icon
sprite, one Doodle China sheet renderer (its path drawings and square words
in one place), and no script past ~400 lines without a reason written here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted(ROOT.glob("static/**/*.js"))
MAX_LINES = 400
# Scripts allowed past MAX_LINES, with the reason.
LONG_SCRIPTS: dict[str, int] = {}


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_clone_is_written_once():
    copies = [_rel(p) for p in SCRIPTS if "JSON.parse(JSON.stringify(" in p.read_text(encoding="utf-8")]
    assert copies == ["static/kit/drafts.js"]


def test_one_icon_sprite():
    svg_sprites = [_rel(p) for p in ROOT.glob("static/**/*.svg") if "<symbol" in p.read_text(encoding="utf-8")]
    inline = [_rel(p) for p in ROOT.glob("templates/**/*.html")
              if re.search(r'<symbol id="i-', p.read_text(encoding="utf-8"))]
    assert (svg_sprites, inline) == ([], ["templates/kit/_icons.html"])


def test_one_doodle_china_sheet_renderer():
    """The quarter-arc path drawings (and so the square drawing) exist in one module."""
    drawers = [_rel(p) for p in SCRIPTS if "A50 50 0 0 0 100 50" in p.read_text(encoding="utf-8")]
    assert drawers == ["static/kit/doodle_sheet.js"]


def test_scripts_stay_small():
    long = {_rel(p): n for p in SCRIPTS
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert {k: v for k, v in long.items() if v > LONG_SCRIPTS.get(k, MAX_LINES)} == {}
