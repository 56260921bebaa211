"""Helpers for browser tests that are not fixtures: import them as
`from browser_support import score_cli` (tests/browser is on sys.path)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _cli_command() -> list[str]:
    script = Path(sys.executable).with_name("companion")
    if script.exists():
        return [str(script), "score", "-"]
    return [sys.executable, "-c", "from companion.cli import main; main()", "score", "-"]


def score_cli(state: dict) -> dict:
    """Score `state` with the command line (`companion score -`); returns the result."""
    done = subprocess.run(_cli_command(), input=json.dumps(state), capture_output=True,
                          text=True, timeout=60, cwd=REPO)
    if done.returncode != 0:
        raise AssertionError(f"companion score failed ({done.returncode}): {done.stderr}")
    return json.loads(done.stdout)
