"""The command line: `score`, `group create`, `export` / `import`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from helpers import grande_state

from companion import storage


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


def test_score_prints_the_result_json():
    answer = run("score", "-", stdin=json.dumps(grande_state()))
    assert answer.returncode == 0, answer.stderr
    result = json.loads(answer.stdout)
    assert result["game"] == "canal-grande"
    assert result["winners"] == ["Ana"]


@pytest.mark.parametrize("stdin,expected", [
    ("{oops", "error: (state): is not valid JSON"),
    ('{"game": "chess"}', "error: game: must be one of"),
    ('{"game": "canal-grande", "players": [{"name": "A", "won": {"San Marco": "4"}}, '
     '{"name": "B", "won": {}}]}', "error: players[0].won.San Marco: must be"),
    ("[1, 2]", "error: (state): must be a JSON object"),
], ids=["not-json", "unknown-game", "wrong-type", "not-an-object"])
def test_score_bad_state_exits_2_with_one_line(stdin, expected):
    answer = run("score", "-", stdin=stdin)
    assert answer.returncode == 2
    lines = answer.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(expected), lines[0]


def test_score_missing_file_is_exit_2(tmp_path):
    answer = run("score", str(tmp_path / "nope.json"))
    assert answer.returncode == 2
    assert answer.stderr.startswith("error: ")


def test_group_create_then_export_import_round_trip(tmp_path):
    db_path = str(tmp_path / "a.sqlite")
    made = run("group", "create", "Thursday club", "--db", db_path, "--url", "http://table:5000")
    assert made.returncode == 0, made.stderr
    group = json.loads(made.stdout)
    assert set(group) == {"id", "name", "key", "join_url"}
    assert group["join_url"] == f"http://table:5000/g/{group['id']}/join?key={group['key']}"

    lines = [json.dumps({"id": f"m{i}", "group": group["id"], "played_at": f"2026-11-0{i}T20:00:00Z",
                         "state": grande_state("Ana" if i % 2 else "Ben")}) for i in range(1, 6)]
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(lines) + "\n")
    first = run("import", str(source), "--db", db_path)
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout.splitlines()[0]) == {"added": 5, "skipped": 0}
    again = run("import", str(source), "--db", db_path)
    assert json.loads(again.stdout.splitlines()[0]) == {"added": 0, "skipped": 5}

    exported = run("export", "--group", group["id"], "--db", db_path)
    rows = [json.loads(x) for x in exported.stdout.splitlines()]
    assert [r["id"] for r in rows] == ["m1", "m2", "m3", "m4", "m5"]
    assert set(rows[0]) == {"id", "group", "played_at", "state"}

    other_db = str(tmp_path / "b.sqlite")
    other = json.loads(run("group", "create", "Copy", "--db", other_db).stdout)
    moved = run("import", "-", "--group", other["id"], "--db", other_db, stdin=exported.stdout)
    assert json.loads(moved.stdout.splitlines()[0]) == {"added": 5, "skipped": 0}
    db = storage.connect(other_db)
    assert storage.count_matches(db, other["id"]) == 5
    wins = {p["name"]: p["wins"] for p in storage.list_players(db, other["id"])}
    assert wins == {"Ana": 3, "Ben": 2}


@pytest.mark.parametrize("line,expected", [
    ("{bad", "line 1: not valid JSON"),
    ('{"id": "x", "state": {"game": "chess"}}', "line 1: state.game: must be one of"),
    ('{"id": "x", "state": {}, "colour": 1}', "line 1: colour: is not a known key"),
], ids=["not-json", "bad-state", "unknown-key"])
def test_import_names_the_bad_line(tmp_path, line, expected):
    db_path = str(tmp_path / "a.sqlite")
    group = json.loads(run("group", "create", "G", "--db", db_path).stdout)
    answer = run("import", "-", "--group", group["id"], "--db", db_path, stdin=line + "\n")
    assert answer.returncode == 2
    assert answer.stderr.strip().startswith(f"error: {expected}"), answer.stderr
