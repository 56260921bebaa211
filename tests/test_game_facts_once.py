"""Game facts are defined once, by the engines through the game registry, and
reach pages as data (base.html's `game-facts` JSON, Jinja's `game_names` and
`game_editions`). This test fails when a script or a template writes one of
them itself: a game or edition name, the card palette (names or colours), a
name-length limit, or a path's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games import registry
from companion.games.doodle_china import facts as doodle_facts

ROOT = Path(__file__).resolve().parent.parent

NAMES = [*registry.GAME_NAMES.values(),
         *(name for editions in registry.EDITIONS.values() for name in editions.values())]
LIMIT_KEYS = [key for key in registry.limits() if key.endswith("_name")]


def _js_code(text: str) -> str:
    """Script text without comments (a name in a comment is prose, not a fact)."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"(?<![:\\])//[^\n]*", " ", text)


def _template_code(text: str) -> str:
    return re.sub(r"\{#.*?#\}", " ", text, flags=re.S)


def offences(text: str) -> list[str]:
    """Every game fact written out in a script's or template's code."""
    found = [f"game name {name!r}" for name in NAMES if re.search(rf"\b{re.escape(name)}\b", text)]
    colours = "|".join(map(re.escape, registry.PALETTE))
    if re.search(rf"""["']({colours})["']\s*,\s*["']({colours})["']""", text):
        found.append("the card palette's colour names")  # a list of them, not one "blue" die
    found += [f"palette colour {hexa}" for hexa in registry.PALETTE.values()
              if hexa.lower() in text.lower()]
    found += [f"limit {m.group(0)!r}" for m in
              re.finditer(rf"\b({'|'.join(LIMIT_KEYS)})\s*:\s*\d+", text)]
    found += [f"maxlength {m.group(1)}" for m in re.finditer(r'maxlength(?:=|:\s*)"(\d+)"', text)]
    found += [f"path words {words!r}" for words in doodle_facts.LINE_WORDS.values() if words in text]
    return found


def _files():
    for path in sorted(ROOT.glob("static/**/*.js")):
        yield pytest.param(path, _js_code, id=str(path.relative_to(ROOT)))
    for path in sorted(ROOT.glob("templates/**/*.html")):
        yield pytest.param(path, _template_code, id=str(path.relative_to(ROOT)))


@pytest.mark.parametrize("path,code", list(_files()))
def test_no_script_stylesheet_or_template_repeats_a_game_fact(path, code):
    assert offences(code(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize("snippet,expected", [
    ('h("h1", {}, "New Doodle China match")', "game name 'Doodle China'"),
    ('const EDITIONS = { suzhou: "Suzhou" };', "game name 'Suzhou'"),
    ('const COLORS = ["red", "orange"];', "the card palette's colour names"),
    (f"--c-red: {registry.PALETTE['red']};", f"palette colour {registry.PALETTE['red']}"),
    ("let limits = { player_name: 40 };", "limit 'player_name: 40'"),
    ('<input maxlength="40">', "maxlength 40"),
    ('const W = { NS: "straight, top to bottom" };', "path words 'straight, top to bottom'"),
], ids=["name", "edition", "palette", "hex", "limit", "maxlength", "path-words"])
def test_the_check_catches_each_kind_of_fact(snippet, expected):
    """The sweep above is only worth something if it sees what it looks for."""
    assert expected in offences(_js_code(snippet))


def test_stylesheets_leave_the_card_colours_to_the_registry():
    """app.js makes the .c-<colour> classes from the palette; no stylesheet has its own."""
    rule = re.compile(rf"\.c-({'|'.join(registry.PALETTE)})\b")
    offenders = [str(p.relative_to(ROOT)) for p in ROOT.glob("static/**/*.css")
                 if rule.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_comments_may_name_games():
    assert offences(_js_code("// Doodle China score page\n/* Canal Houses */ const x = 1;")) == []
    assert offences(_template_code("{# the Canalis page #}<p>{{ game_names['canalis'] }}</p>")) == []


def test_python_outside_the_engines_takes_names_and_palette_from_the_registry():
    pattern = re.compile(r'"canal-houses"\s*:\s*"Canal Houses"|"red",\s*"orange",\s*"yellow"')
    offenders = [str(p.relative_to(ROOT)) for p in ROOT.glob("companion/**/*.py")
                 if "games" not in p.relative_to(ROOT).parts
                 and pattern.search(p.read_text(encoding="utf-8"))]
    assert offenders == []


def test_pages_carry_the_registry_as_json(client, group):
    import json
    html = client.get(f"/g/{group['id']}/new/canal-houses", headers=group["headers"]).get_data(True)
    raw = re.search(r'<script type="application/json" id="game-facts">(.+?)</script>', html, re.S)
    facts = json.loads(raw.group(1))
    assert facts == json.loads(json.dumps(registry.page_facts()))
    assert {g: f["name"] for g, f in facts["games"].items()} == registry.GAME_NAMES
    assert facts["games"]["canal-houses"]["colors"] == registry.PALETTE
    assert facts["limits"]["player_name"] == registry.PLAYER_NAME_MAX
