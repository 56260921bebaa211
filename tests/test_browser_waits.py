"""A habit of the browser tests, checked on their source: `wait_for_function`
takes a function ("() => ..."), never a bare expression. The pages' CSP has no
'unsafe-eval', and Playwright evaluates an expression string with eval once it
has to poll: such a wait passes when the condition already holds and fails
(EvalError) when the page is slow, i.e. on a busy CI box."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"
FUNCTION = re.compile(r"^\s*(async\s+)?(\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>|^\s*(async\s+)?function\b")


def bare_expression_waits() -> list[str]:
    found = []
    for path in sorted(BROWSER_TESTS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "wait_for_function" and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)
                    and not FUNCTION.match(node.args[0].value)):
                found.append(f"{path.name}:{node.lineno}: {node.args[0].value[:60]}")
    return found


def test_wait_for_function_is_given_functions():
    assert bare_expression_waits() == []


def test_the_check_sees_a_bare_expression(tmp_path, monkeypatch):
    (tmp_path / "test_x.py").write_text(
        'page.wait_for_function("window.ready === true")\n'
        'page.wait_for_function("() => window.ready")\n'
        'page.wait_for_function("n => n > 1", arg=2)\n')
    monkeypatch.setattr(sys.modules[__name__], "BROWSER_TESTS", tmp_path)
    assert bare_expression_waits() == ["test_x.py:1: window.ready === true"]


# -- more habits, each learnt from a test that failed in CI or could have ----
# route.fetch() inside a route handler: the test of 3004cde never saw its request
# that way; a handler only holds, answers (fulfill) or lets go (continue_/fallback),
# and the test reads what it needs itself (requests, page.request).
# A Playwright timeout under WAIT_MS: it bounds a hang, and a busy CI box needs
# all of it (Playwright's ms; requests' seconds are small numbers and not checked).
# "Is the button under the finger still there?" polled by wait_for_function: the
# page lets a held redraw go 2 s after holding it, so a slow test process checks
# too late; the page notes it itself as the answer lands (test_score_hands_off).
# wait_for_timeout as synchronisation: allowed as the sampling step of a polling
# loop (inside for/while, which carries the deadline), or as a pause that no
# condition decides, said so on its line with "a pause, not a wait".
def _wait_ms() -> int:
    """WAIT_MS as browser_support.py sets it (read, not imported: tests/browser
    is on sys.path only once its conftest has been loaded)."""
    tree = ast.parse((BROWSER_TESTS / "browser_support.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["WAIT_MS"]:
            return ast.literal_eval(node.value)
    raise AssertionError("browser_support.py sets no WAIT_MS")


WAIT_MS = _wait_ms()
SET_TIMEOUTS = {"set_default_timeout", "set_default_navigation_timeout"}
PAUSE = "a pause, not a wait"


def _number(node) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float) \
            and not isinstance(node.value, bool):
        return node.value
    return None


def _with_parents(tree):
    for parent in ast.walk(tree):
        for child in ast.iter_child_nodes(parent):
            child.parent = parent  # type: ignore[attr-defined]
    return tree


def _in_loop(node) -> bool:
    while (node := getattr(node, "parent", None)) is not None:
        if isinstance(node, ast.For | ast.While | ast.AsyncFor):
            return True
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            return False
    return False


def race_prone_calls() -> list[str]:
    found = []
    for path in sorted(BROWSER_TESTS.glob("*.py")):
        source = path.read_text()
        lines = source.splitlines()
        for node in ast.walk(_with_parents(ast.parse(source, filename=str(path)))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            where, name = f"{path.name}:{node.lineno}", node.func.attr
            receiver = node.func.value
            if name == "fetch" and isinstance(receiver, ast.Name) and "route" in receiver.id:
                found.append(f"{where}: route.fetch() in a handler")
            if name in SET_TIMEOUTS and node.args and (n := _number(node.args[0])) is not None \
                    and n < WAIT_MS:
                found.append(f"{where}: {name}({n:g}) under WAIT_MS")
            for kw in node.keywords:
                if kw.arg == "timeout" and (n := _number(kw.value)) is not None \
                        and 1000 <= n < WAIT_MS:
                    found.append(f"{where}: timeout={n:g} ms under WAIT_MS")
            if name == "wait_for_function" and node.args and isinstance(node.args[0], ast.Constant) \
                    and "isConnected" in str(node.args[0].value):
                found.append(f"{where}: isConnected polled from the test, not noted in the page")
            if name == "wait_for_timeout" and not _in_loop(node) \
                    and PAUSE not in lines[node.lineno - 1]:
                found.append(f"{where}: wait_for_timeout outside a polling loop")
    return sorted(found, key=lambda f: (f.split(":")[0], int(f.split(":")[1])))


def test_no_race_prone_calls_in_browser_tests():
    assert race_prone_calls() == []


def test_the_check_sees_race_prone_calls(tmp_path, monkeypatch):
    (tmp_path / "test_y.py").write_text(
        "def fake(route):\n"
        "    body = route.fetch().json()\n"                        # 2: flagged
        "context.set_default_timeout(15_000)\n"                    # 3: flagged
        "context.set_default_timeout(WAIT_MS)\n"
        "expect(x).to_have_count(3, timeout=20_000)\n"             # 5: flagged
        "requests.get(url, timeout=10)\n"
        "page.wait_for_url(u, timeout=60_000)\n"
        "page.wait_for_timeout(4500)  # at least one more poll\n"  # 8: flagged
        "page.wait_for_timeout(300)  # a pause, not a wait: the shot\n"
        "while not held:\n"
        "    page.wait_for_timeout(50)\n"
        "page.request.fetch('/api')\n"
        "page.wait_for_function('n => window.n > n && {same: window.pressed.isConnected}')\n"
        "page.wait_for_function('() => window.atAnswer')\n")
    monkeypatch.setattr(sys.modules[__name__], "BROWSER_TESTS", tmp_path)
    assert race_prone_calls() == [
        "test_y.py:2: route.fetch() in a handler",
        "test_y.py:3: set_default_timeout(15000) under WAIT_MS",
        "test_y.py:5: timeout=20000 ms under WAIT_MS",
        "test_y.py:8: wait_for_timeout outside a polling loop",
        "test_y.py:13: isConnected polled from the test, not noted in the page"]
