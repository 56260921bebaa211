"""Game engines stay pure: importing them never pulls in Flask or SQLite."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

GAMES_DIR = Path(__file__).resolve().parents[1] / "companion" / "games"
FORBIDDEN = {"flask", "sqlite3", "sqlite_utils", "werkzeug", "requests", "socket"}
# pydantic itself loads `socket` (via the standard library); only the web and
# database layers must never be loaded by an engine.
RUNTIME_FORBIDDEN = FORBIDDEN - {"socket"}


def _modules():
    return sorted(GAMES_DIR.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_engine_source_imports_nothing_impure(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open":
            pytest.fail(f"{path.name} opens files: engines do no I/O")


def test_importing_every_engine_loads_no_flask():
    code = ("import sys, companion.games as g\n"
            "[g.engine(name) for name in g.GAMES]\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            f"{sorted(RUNTIME_FORBIDDEN)!r})\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
