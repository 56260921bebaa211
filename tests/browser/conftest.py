"""Browser fixtures: the app on a live port, one headless Chromium per session,
a phone-sized page per test (screenshot on failure), a group the phone holds
the key of, and `score_cli` to compare what a page shows with the CLI.

Debian's Chromium at /usr/bin/chromium is used; no browser is downloaded.
Without it the browser tests skip with a reason, except when CI is set: then
they fail, so a missing browser is never mistaken for a pass.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from browser_support import WAIT_MS, score_cli, served
from playwright.sync_api import expect

from companion.app import create_app

REPO = Path(__file__).resolve().parents[2]
__all__ = ["score_cli"]
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
IN_CI = bool(os.environ.get("CI"))
PHONE = {"width": 390, "height": 844}
expect.set_options(timeout=WAIT_MS)  # Playwright's own default is 5 s
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]


def _no_browser(reason: str) -> None:
    if IN_CI:
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item so `phone` knows a test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """The app on a free 127.0.0.1 port, served from a thread; yields the base URL."""
    db = tmp_path_factory.mktemp("live") / "live.sqlite"
    app = create_app({"DATABASE": str(db), "SECRET_KEY": "browser-test-secret",
                      "TESTING": True})
    with served(app) as url:
        app.config["PUBLIC_URL"] = url
        yield url


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the whole session."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _no_browser(f"{CHROMIUM} is not installed (apt-get install -y chromium); "
                    "set COMPANION_CHROMIUM to another Chromium binary")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - depends on the venv
        _no_browser(f"the playwright package is missing ({exc})")
    manager = sync_playwright().start()
    try:
        chromium = manager.chromium.launch(executable_path=CHROMIUM, headless=True,
                                           args=LAUNCH_ARGS)
    except Exception as exc:
        manager.stop()
        _no_browser(f"{CHROMIUM} did not start: {exc}")
    try:
        yield chromium
    finally:
        chromium.close()
        manager.stop()


def _artifact_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid.split("::", 1)[-1]).strip("_") or "test"


@pytest.fixture
def phone(browser, live_server, request):
    """A fresh phone (390x844, DPR 2, touch) page; its base URL is the live server.

    Console errors and uncaught page errors are collected on `page.errors`."""
    # A service worker that takes control mid-test hides the page's requests
    # from page.route (Playwright's documented limit), so routes would miss
    # them at random: only the tests about the service worker keep it.
    keep_worker = request.node.get_closest_marker("service_worker") is not None
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, base_url=live_server,
                                  service_workers="allow" if keep_worker else "block")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: errors.append(f"console.{msg.type}: {msg.text}")
            if msg.type == "error" else None)
    page.errors = errors  # type: ignore[attr-defined]
    try:
        yield page
    finally:
        failed = any(getattr(request.node, f"rep_{when}", None) is not None
                     and getattr(request.node, f"rep_{when}").failed
                     for when in ("setup", "call"))
        if failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            try:
                page.screenshot(path=str(ARTIFACTS / f"{_artifact_name(request.node.nodeid)}.png"),
                                full_page=True)
            except Exception:  # the page may be gone; the failure itself still reports
                pass
        context.close()


@pytest.fixture
def group_page(phone):
    """A group created from the phone's own context, so the phone holds its key
    in the session cookie. Returns (gid, key)."""
    answer = phone.request.post("/api/groups", data={"name": "Table friends"},
                                headers={"Content-Type": "application/json"})
    assert answer.status == 201, answer.text()
    body = answer.json()
    # The API answer sets the cookie on the request context, which the page shares.
    return body["id"], body["key"]


@pytest.fixture
def uploads_removed(live_server):
    """The live app keeps uploads in instance/uploads (live_server sets no folder
    of its own); every photo id a test appends here is removed again, and only
    those. The photo tests use it on every test (`usefixtures`)."""
    stored: list[str] = []
    yield stored
    folder = REPO / "instance" / "uploads"
    for pid in stored:
        for path in folder.glob(f"{pid}.*"):
            path.unlink(missing_ok=True)


@pytest.fixture
def cli_score():
    """`score_cli` as a fixture, for tests that prefer fixtures to imports."""
    return score_cli
