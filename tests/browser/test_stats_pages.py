"""Stats pages in headless Chromium at 390x844 with a seeded history: every
chart's SVG is visible, fits the width (no horizontal scroll), carries
labelled axes and a legend; pages stay light; screenshots are saved under
tests/artifacts/ to look at. Also the players and export/import pages work
from the phone (rename, merge, upload)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
sys.path.insert(0, str(REPO / "bench"))

from stats_history import history  # noqa: E402

pytestmark = pytest.mark.browser
MAX_PAGE_BYTES = 150 * 1024
CHART_PAGES = ["stats", "stats/scores", "stats/ratings", "stats/games", "stats/rivals",
               "stats/scores?game=canal-grande", "stats/ratings?game=canal-houses&from=2019-01-01",
               "stats/rivals?player=Ana"]


def seed(phone, gid: str, key: str, matches: int = 90) -> None:
    """A few years of a small group's matches, through the import upload."""
    lines = "\n".join(json.dumps(m, ensure_ascii=False) for m in history(matches, 6, seed=6))
    answer = phone.request.post(f"/api/groups/{gid}/import", headers={"X-Companion-Key": key},
                                multipart={"file": {"name": "m.jsonl", "mimeType": "text/plain",
                                                    "buffer": lines.encode()}})
    assert answer.status == 200, answer.text()
    assert answer.json()["added"] == matches


def shot(phone, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / f"stats-{name}.png"), full_page=True)


def fits_the_phone(phone) -> None:
    widths = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"page scrolls sideways: {widths}"


@pytest.fixture
def seeded(phone, group_page):
    gid, key = group_page
    seed(phone, gid, key)
    return gid


@pytest.mark.parametrize("path", CHART_PAGES)
def test_chart_pages_fit_and_label_their_charts(phone, seeded, path):
    answer = phone.goto(f"/g/{seeded}/{path}")
    assert answer.status == 200
    assert len(answer.body()) < MAX_PAGE_BYTES
    charts = phone.locator("svg.chart")
    assert charts.count() >= 1, "no chart on the page"
    for i in range(charts.count()):
        chart = charts.nth(i)
        chart.scroll_into_view_if_needed()
        assert chart.is_visible()
        box = chart.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5, box
        assert box["height"] > 80
        labels = chart.locator("text.axis-label").all_text_contents()
        assert labels and all(t.strip() for t in labels), "an axis without a label"
        legend = chart.locator("g.legend text").all_text_contents()
        ticks = chart.locator("text").count()
        assert ticks >= 4
        if chart.locator("polyline, polygon").count():  # lines: say whose they are
            assert legend, "a line chart without a legend"
    fits_the_phone(phone)
    assert phone.errors == []  # no CSP violation, no script error
    shot(phone, path.replace("/", "-").replace("?", "-").replace("&", "-").replace("=", "_"))


def test_tap_targets_and_filters(phone, seeded):
    phone.goto(f"/g/{seeded}/stats")
    for selector in (".stats-tabs a", ".stats-filters button", ".stats-filters select"):
        for box in (el.bounding_box() for el in phone.locator(selector).all()):
            assert box["height"] >= 44, (selector, box)
    phone.select_option("select[name=game]", "doodle-china")
    phone.fill("input[name=from]", "2018-01-01")
    phone.click(".stats-filters button[type=submit]")
    phone.wait_for_url("**game=doodle-china**")
    assert "Doodle China" in phone.locator("main").inner_text()
    phone.click(".stats-tabs a:has-text('Games')")
    phone.wait_for_url("**/stats/games?**game=doodle-china**")
    assert phone.locator("h2:has-text('Doodle China')").count() == 1
    assert phone.locator("h2:has-text('Canal Houses')").count() == 0


def test_players_page_rename_and_merge(phone, group_page):
    gid, key = group_page
    headers = {"X-Companion-Key": key}
    for mid, names in (("a", ["Ana", "Ben"]), ("b", ["Anna", "Cy"])):
        state = {"game": "canal-grande", "players": [{"name": names[0], "won": {"San Marco": 4}},
                                                     {"name": names[1], "won": {}}]}
        assert phone.request.post(f"/api/groups/{gid}/matches", headers=headers,
                                  data={"id": mid, "state": state}).status == 201
    phone.goto(f"/g/{gid}/players")
    fits_the_phone(phone)
    shot(phone, "players")
    ben = phone.locator("li.player[data-name='Ben']")
    ben.locator("summary").click()
    ben.locator("input[name=name]").fill("Benedikt")
    ben.locator("form.rename button").click()
    phone.wait_for_selector("li.player[data-name='Benedikt']")
    phone.select_option("#merge-from", label="Anna (1)")
    phone.select_option("#merge-into", label="Ana (1)")
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.click("#merge-form button[type=submit]")
    phone.wait_for_selector("li.player[data-name='Anna']", state="detached")
    assert phone.locator("li.player[data-name='Ana'] .player-head").inner_text().count("2") >= 1
    assert phone.errors == []


def test_export_and_import_from_the_data_page(phone, seeded, tmp_path):
    phone.goto(f"/g/{seeded}/data")
    fits_the_phone(phone)
    shot(phone, "data")
    with phone.expect_download() as csv_download:
        phone.click("a:has-text('CSV')")
    text = Path(csv_download.value.path()).read_text(encoding="utf-8-sig")
    assert text.splitlines()[0].startswith("date,time,game,edition,match,player,seat,score")
    with phone.expect_download() as jsonl_download:
        phone.click("a:has-text('JSON lines')")
    lines = Path(jsonl_download.value.path()).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 90
    again = tmp_path / "again.jsonl"
    again.write_text("\n".join(lines[:5]), encoding="utf-8")
    phone.set_input_files("#import-file", str(again))
    phone.click("#import-form button[type=submit]")
    phone.wait_for_selector("#import-result.ok")
    assert phone.inner_text("#import-result") == "Stored 0 matches; skipped 5 already here."
    assert phone.errors == []
