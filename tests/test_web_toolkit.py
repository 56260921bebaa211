"""The web toolkit's promises that no other test states: the game registry's
facts are built when the app starts (a page hands out the ready JSON and
never calls into the games' facts), and the toolkit is wired once by
`web.init_app` (its package holds no request code of its own)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.games import registry

ROOT = Path(__file__).resolve().parent.parent


def _facts_of(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="game-facts">(.*?)</script>', html, re.S)
    assert found, "the page carries no game facts"
    return json.loads(found.group(1))


@pytest.mark.parametrize("path, full", [
    ("/g/{gid}", None),  # every game's facts
    ("/g/{gid}/play/canal-houses", ("canal-houses",)),  # only Canal Houses' in full
], ids=["all-games", "canal-houses-page"])
def test_pages_carry_the_facts_built_at_start_without_asking_the_registry(
        app, client, group, monkeypatch, path, full):
    def asked(*_args, **_kwargs):
        raise AssertionError("a request recomputed the game facts")

    for name in ("page_facts", "game_facts", "limits", "path_words"):
        monkeypatch.setattr(registry, name, asked)
    client.get(f"/g/{group['id']}/join?key={group['key']}")
    page = client.get(path.format(gid=group["id"]))
    assert page.status_code == 200
    monkeypatch.undo()
    assert _facts_of(page.get_data(as_text=True)) == json.loads(json.dumps(
        registry.page_facts(full)))


def test_the_toolkit_package_only_wires_its_modules():
    """Request code lives in the module of its concern (access, bodies, errors,
    pages), so a newcomer finds it by name; web/__init__.py only calls their
    init_app."""
    text = (ROOT / "companion" / "web" / "__init__.py").read_text()
    body = text.split("def init_app", 1)[1]
    assert "@app." not in text and re.findall(r"^\s+(\w+)\.init_app\(app\)$", body, re.M) == [
        "db", "pages", "access", "bodies", "errors"]
