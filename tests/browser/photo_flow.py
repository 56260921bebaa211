"""A photo's way through the photo pages, as the browser tests drive it: the
fixture photos (committed, else made the same way), the upload with its
progress phases, the page's state and totals, saving the match and reopening
it from the history, and the clean-up of every stored upload."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from browser_support import ARTIFACTS
from playwright.sync_api import Page, expect

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures" / "photos"
CYCLE = [None, "NS", "EW", "NE", "NW", "SE", "SW"]

# Records every phase of the upload status (the page navigates away right after),
# with whether the progress bar showed and whether it had a value (else: indeterminate).
PHASE_RECORDER = """
(() => {
  const log = () => JSON.parse(sessionStorage.getItem("phases") || "[]");
  new MutationObserver(() => {
    const status = document.getElementById("upload-status");
    const bar = document.getElementById("upload-progress");
    if (!status || !bar) return;
    const entry = {phase: status.dataset.phase, bar: !bar.hidden && !status.hidden,
                   value: bar.hasAttribute("value") ? bar.value : null};
    const all = log();
    const last = all[all.length - 1];
    if (!last || last.phase !== entry.phase || last.value !== entry.value) {
      all.push(entry);
      sessionStorage.setItem("phases", JSON.stringify(all));
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-phase", "value", "hidden"]});
})();
"""


def committed_photos(folder: str, pattern: str) -> list[Path]:
    """Fixture photos that are committed (not just lying in the working tree)."""
    try:
        out = subprocess.run(["git", "ls-files", f"fixtures/photos/{folder}"], cwd=REPO, capture_output=True,
                             text=True, timeout=120).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return []
    return sorted(REPO / p for p in out if re.fullmatch(pattern, Path(p).name))


def doodle_photo(tmp_path: Path) -> Path:
    """A committed Suzhou fixture photo (the 1600x1200 ones), else one made the same way."""
    found = committed_photos("doodle-china", r"suzhou-\d\d\.jpg")
    if found:
        return found[0]
    from doodle_photos import make_case

    data, _ = make_case(3, layout="suzhou-v1", out_size=(1600, 1200), quality=(60, 88))
    path = tmp_path / "suzhou.jpg"
    path.write_bytes(data)
    return path


def houses_photo(tmp_path: Path) -> Path:
    """The committed Canal Houses street fixture with the fewest cards, else a
    small generated street the reader reads (the generator is still changing, so
    the first seed that reads is taken)."""
    streets = []
    for jpg in committed_photos("canal-houses", r"street-.*\.jpg"):
        truth = json.loads(jpg.with_suffix(".expected.json").read_text(encoding="utf-8"))
        if truth.get("kind") == "street":
            streets.append((len(truth.get("cards") or []), jpg))
    if streets:
        return min(streets)[1]
    from street_photos import generate

    import vision

    for seed in (26, 27, 3, 10, 17, 2, 30, 31, 32, 33):
        photo = generate(seed, size=(1600, 1200), n_houses=2)
        try:
            cards = vision.read_photo(photo.data, game="canal-houses")["cards"]
        except vision.PhotoError:
            continue
        if 2 <= len(cards) <= 8:
            path = tmp_path / "street.jpg"
            path.write_bytes(photo.data)
            return path
    pytest.fail("no generated street photo could be read")


def wait_idle(page: Page) -> None:
    expect(page.locator("body[data-scoring=idle]")).to_have_count(1)


def photo_state(page: Page) -> dict:
    wait_idle(page)
    return json.loads(page.locator("#photo-app").get_attribute("data-state"))


def totals_shown(page: Page) -> dict[str, int]:
    return {row.get_attribute("data-player"): int(row.get_by_test_id("total").inner_text())
            for row in page.locator("#result .result-player").all()}


def no_page_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"photo_{name}.png"), full_page=True)


def send_photo(page: Page, gid: str, game: str, photo: Path, stored: list[str]) -> str:
    """Upload through the page; checks the progress phases; returns the photo's id."""
    page.add_init_script(PHASE_RECORDER)
    page.goto(f"/g/{gid}/photo/{game}")
    page.set_input_files("#photo-camera", str(photo))
    page.wait_for_url(re.compile(r"/photo/[0-9a-f-]{36}$"), timeout=60_000)
    pid = page.url.rsplit("/", 1)[-1]
    stored.append(pid)
    phases = page.evaluate("JSON.parse(sessionStorage.getItem('phases') || '[]')")
    names = [p["phase"] for p in phases]
    assert "uploading" in names and "reading" in names and names[-1] == "done", phases
    uploading = [p for p in phases if p["phase"] == "uploading"]
    assert all(p["bar"] and p["value"] is not None for p in uploading), phases  # a bar with a share
    reading = next(p for p in phases if p["phase"] == "reading")
    assert reading["bar"] and reading["value"] is None, phases  # then indeterminate
    return pid


def save_match(page: Page) -> str:
    """Save the match the photo page built; returns the saved match's id."""
    page.locator("#save-match").click()
    page.wait_for_url(re.compile(r"/matches/"))
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def reopen_from_history(page: Page, gid: str, mid: str, totals: dict[str, int]) -> None:
    """Open the saved match from the history: each player's total as scored."""
    page.goto(f"/g/{gid}/history")
    page.locator(f"a.match-row[href$='{mid}']").click()
    page.wait_for_url(re.compile(mid))
    for name, total in totals.items():
        expect(page.locator(f"[data-player='{name}'] [data-testid=total]")).to_have_text(str(total))
