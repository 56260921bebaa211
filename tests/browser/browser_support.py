"""Helpers for browser tests that are not fixtures: import them as
`from browser_support import score_cli` (tests/browser is on sys.path)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"  # screenshots kept for a person to look at
# How long a browser test waits for a condition (actions, expect(), wait_for_*). It
# bounds a hang, not a speed: a condition met sooner ends the wait at once, and on
# a busy 2-core CI box a page's answer can take well over Playwright's 5 s expect().
WAIT_MS = 30_000


def _cli_command() -> list[str]:
    script = Path(sys.executable).with_name("companion")
    if script.exists():
        return [str(script), "score", "-"]
    return [sys.executable, "-c", "from companion.cli import main; main()", "score", "-"]


def score_cli(state: dict) -> dict:
    """Score `state` with the command line (`companion score -`); returns the result."""
    done = subprocess.run(_cli_command(), input=json.dumps(state), capture_output=True,
                          text=True, timeout=300, cwd=REPO)
    if done.returncode != 0:
        raise AssertionError(f"companion score failed ({done.returncode}): {done.stderr}")
    return json.loads(done.stdout)


def wait_scored(page, timeout: float = WAIT_MS) -> None:
    """Wait until the page's debounced POST /api/score has answered."""
    page.wait_for_selector("body[data-scoring='idle']", state="attached", timeout=timeout)


def start_match(page, gid: str, game: str, names: list[str]) -> None:
    """Open the new-match page, type the players in, start scoring."""
    page.goto(f"/g/{gid}/new/{game}")
    for name in names:
        page.fill("#new-name", name)
        page.click("#add-player button[type=submit]")
    page.click("#start-match")
    page.wait_for_url(f"**/g/{gid}/play/{game}")
    wait_scored(page)


def read_draft(page, gid: str, game: str) -> dict:
    """The draft the page keeps in localStorage (the state it built)."""
    return page.evaluate("key => JSON.parse(localStorage.getItem(key))", f"draft:{gid}:{game}")


def shown_totals(page, scope: str = "#result") -> dict[str, int]:
    """Each player's total as the result panel shows it."""
    rows = page.locator(f"{scope} .result-player")
    return {rows.nth(i).get_attribute("data-player"):
            int(rows.nth(i).locator(".result-total").inner_text()) for i in range(rows.count())}
