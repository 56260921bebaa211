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
