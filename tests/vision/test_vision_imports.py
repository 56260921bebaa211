"""`vision/` is pure image work: it imports nothing from `companion`.

Game facts (Doodle China's layouts, the Canal Houses catalog) reach a reader as
data from its caller (`companion.photos.game_data`), so the readers can be
tested, benchmarked and reused without the app. Covers every module under
`vision/`, whichever game.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted((ROOT / "vision").rglob("*.py"))


def _imported(path: Path) -> list[str]:
    """Every module name an import statement in the file names (relative
    imports resolved against the file's package)."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            names.append(".".join(base + ([node.module] if node.module else [])))
    return names


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROOT)) for p in MODULES])
def test_no_vision_module_imports_companion(path: Path) -> None:
    bad = [name for name in _imported(path) if name == "companion" or name.startswith("companion.")]
    assert not bad, f"{path.relative_to(ROOT)} imports {bad}; pass the game's facts in as data instead"


def test_importing_all_of_vision_loads_no_companion_module() -> None:
    """The same at run time (an import hidden in a function or by importlib)."""
    names = [".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__") for p in MODULES]
    code = ("import importlib, sys\n"
            f"for name in {names!r}:\n"
            "    importlib.import_module(name)\n"
            "print(sorted(m for m in sys.modules if m == 'companion' or m.startswith('companion.')))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", f"importing vision loaded {done.stdout.strip()}"
