"""Helpers for browser tests that are not fixtures: import them as
`from browser_support import score_cli` (tests/browser is on sys.path)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"  # screenshots kept for a person to look at
# How long a browser test waits for a condition (actions, expect(), wait_for_*). It
# bounds a hang, not a speed: a condition met sooner ends the wait at once, and on
# a busy 2-core CI box a page's answer can take well over Playwright's 5 s expect().
WAIT_MS = 30_000
PHONE = {"width": 390, "height": 844}


def _cli_command() -> list[str]:
    script = Path(sys.executable).with_name("companion")
    if script.exists():
        return [str(script), "score", "-"]
    return [sys.executable, "-c", "from companion.cli import main; main()", "score", "-"]


@contextmanager
def served(app) -> Iterator[str]:
    """`app` on a free 127.0.0.1 port (the OS picks it), served from a thread
    until the block ends; yields the base URL."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


def score_cli(state: dict) -> dict:
    """Score `state` with the command line (`companion score -`); returns the result."""
    done = subprocess.run(_cli_command(), input=json.dumps(state), capture_output=True,
                          text=True, timeout=300, cwd=REPO)
    if done.returncode != 0:
        raise AssertionError(f"companion score failed ({done.returncode}): {done.stderr}")
    return json.loads(done.stdout)


# -- the dice table: a room made through the API, phones that join it ----------------

def table_room(live_server: str, group_name: str, players: list[str], *,
               edition: str = "suzhou", mode: str | None = None) -> dict:
    """A new group and a Doodle China room in it, made through the API (as a
    script would): {"group", "headers", "room" (the 201 answer: id, join_url),
    "api" (the room's API URL), "join_url"}. `mode` None: the API's default."""
    group = requests.post(f"{live_server}/api/groups", json={"name": group_name},
                          timeout=10).json()
    headers = {"X-Companion-Key": group["key"]}
    body = {"game": "doodle-china", "edition": edition, "players": players}
    if mode is not None:
        body["mode"] = mode
    made = requests.post(f"{live_server}/api/groups/{group['id']}/rooms", headers=headers,
                         timeout=10, json=body)
    assert made.status_code == 201, made.text
    room = made.json()
    return {"group": group, "headers": headers, "room": room, "join_url": room["join_url"],
            "api": f"{live_server}/api/groups/{group['id']}/rooms/{room['id']}"}


def table_phone(browser, live_server: str, contexts: list, join_url: str | None = None, *,
                console_errors: bool = True, before: Callable | None = None,
                service_workers: str = "allow"):
    """A phone at the table: its own browser context (its own cookies: a seat is
    a phone's), 390x844 at DPR 2 with touch, every wait bounded by WAIT_MS.
    The context joins `contexts`, which the caller closes. `page.errors` collects
    uncaught page errors ("pageerror: ...") and, with `console_errors`, console
    errors ("console: ..."; a test whose page logs a refused request on purpose
    leaves them out). `before(page)` runs before the page loads (routes, init
    scripts); then it opens `join_url`, if given."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, base_url=live_server,
                                  service_workers=service_workers)
    context.set_default_timeout(WAIT_MS)
    contexts.append(context)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(f"pageerror: {exc}"))
    if console_errors:
        page.on("console", lambda msg: page.errors.append(f"console: {msg.text}")
                if msg.type == "error" else None)
    if before is not None:
        before(page)
    if join_url is not None:
        page.goto(join_url)
    return page


def open_table_on_page(page, gid: str, players: tuple[str, str]) -> None:
    """Open a table from the phone's own new-table page (two players, the form's
    defaults otherwise); returns once the room is shown with its invite open."""
    page.goto(f"/g/{gid}/rooms/new")
    inputs = page.locator("#player-list input")
    for i, name in enumerate(players):
        inputs.nth(i).fill(name)
    page.click('#new-room button[type="submit"]')
    page.wait_for_url(f"**/g/{gid}/rooms/*#invite")


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


def start_doodle_scoring(page, gid: str, names: list[str], edition: str = "suzhou") -> None:
    """The Doodle China score page: pick the edition, add the players, start scoring."""
    page.goto(f"/g/{gid}/play/doodle-china")
    page.locator(f"[data-edition={edition}]").click()
    for name in names:
        page.fill("#new-player", name)
        page.get_by_role("button", name="Add", exact=True).click()
    page.locator("#start-scoring").click()


def read_draft(page, gid: str, game: str) -> dict:
    """The draft the page keeps in localStorage (the state it built)."""
    return page.evaluate("key => JSON.parse(localStorage.getItem(key))", f"draft:{gid}:{game}")


def shown_totals(page, scope: str = "#result") -> dict[str, int]:
    """Each player's total as the result panel shows it."""
    rows = page.locator(f"{scope} .result-player")
    return {rows.nth(i).get_attribute("data-player"):
            int(rows.nth(i).locator(".result-total").inner_text()) for i in range(rows.count())}


# -- a finger held down while an answer lands (the hands-off tests) ------------------
# The page notes what it shows in the task right after it took an answer whose URL path
# matches (json() resolves, the page's own continuation runs in the microtasks after
# it, the note in the next task). A check made from the test instead could come after
# the page lets a held redraw go (2 s after holding it, in case a pointerup was lost)
# when the test process is slow, i.e. on a busy CI box. For the same reason the pages
# these tests open wait 120 s, not 2 s, before taking a held finger for a lost one.
NOTE_ANSWERS = """(([path, name]) => {
  window.companionLostFingerMs = 120000;  // the finger is held on purpose: never "lost"
  const json = Response.prototype.json;
  Response.prototype.json = function () {
    const url = this.url;
    return json.call(this).then((data) => {
      if (new RegExp(path).test(new URL(url).pathname)) setTimeout(() => {
        window[name] = { scoring: document.body.dataset.scoring,
                         same: window.pressed ? window.pressed.isConnected : null };
      }, 0);
      return data;
    });
  };
})(%s);"""


def note_answers(page, path: str, name: str) -> None:
    """From the next page load on, window[name] notes each answer whose path matches
    the regular expression `path`: {scoring, same (the pressed element is still in
    the page)}."""
    page.add_init_script(NOTE_ANSWERS % json.dumps([path, name]))


def held_requests(page, url: str, method: str = "GET") -> list:
    """Hold the page's `method` requests to `url` (a glob): they wait in the list
    returned until the test lets each go; other methods pass."""
    held: list = []
    page.route(url, lambda route: held.append(route) if route.request.method == method
               else route.fallback())
    return held


def wait_held(page, held: list, what: str) -> None:
    """Wait until a request is held; `what` says which, if none comes."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while not held:
        assert time.monotonic() < deadline, f"no {what} was sent"
        page.wait_for_timeout(50)  # the sampling step, the deadline above bounds it


def press(page, target, name: str) -> None:
    """Put a finger (the mouse) down on `target` and keep it there; earlier notes
    `name` are forgotten, so the next one is the answer that lands meanwhile."""
    target.evaluate("(el, name) => { el.scrollIntoView({block: 'center'});"
                    " window.pressed = el; window[name] = null; }", name)
    box = target.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()


def noted(page, name: str) -> dict:
    """The note of the answer that landed since `press`."""
    return page.wait_for_function("name => window[name]", arg=name).json_value()
