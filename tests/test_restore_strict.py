"""`companion restore` accepts only a file whose whole schema is exactly one
this app created at that version, that passes integrity_check and
foreign_key_check; it copies the live database aside first and says where;
anything else is refused naming what differs, and the live data is untouched
(issue 16). Each crafted file below is one an attacker could hand a group."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import grande_state

from companion import storage
from companion.games import score
from companion.storage.backup import BackupError, backup_to, check_backup, restore_from
from companion.storage.schema import MIGRATIONS


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], capture_output=True,
                          text=True, timeout=300)


def _live(tmp_path: Path, matches: int = 3) -> tuple[Path, str]:
    live = tmp_path / "live.sqlite"
    db = storage.connect(live)
    gid = storage.create_group(db, "Thursday club")["id"]
    state = grande_state()
    for i in range(matches):
        storage.save_match(db, gid, f"live-{i}", "2026-11-30T20:00:00Z", state, score(state))
    db.conn.close()
    return live, gid


def _crafted(tmp_path: Path, *statements: str, name: str = "crafted.sqlite") -> Path:
    """A genuine backup of a genuine database, then altered by `statements`."""
    source = tmp_path / "source.sqlite"
    db = storage.connect(source)
    gid = storage.create_group(db, "Their club")["id"]
    state = grande_state("Ben")
    storage.save_match(db, gid, "theirs", "2026-11-01T20:00:00Z", state, score(state))
    db.conn.close()
    out = tmp_path / name
    backup_to(source, out)
    conn = sqlite3.connect(out)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return out


CRAFTED = {
    "trigger-wipes-history": (
        ["CREATE TRIGGER wipe AFTER INSERT ON matches BEGIN "
         "DELETE FROM matches WHERE group_id = NEW.group_id AND id <> NEW.id; END"],
        "trigger 'wipe' on matches is not one this app creates"),
    "trigger-sets-a-key": (
        ["CREATE TRIGGER own_key AFTER INSERT ON groups BEGIN "
         "UPDATE groups SET key_hash = 'attacker' WHERE id = NEW.id; END"],
        "trigger 'own_key' on groups is not one this app creates"),
    "a-view": (["CREATE VIEW everything AS SELECT * FROM groups"],
               "view 'everything' is not one this app creates"),
    "extra-column": (["ALTER TABLE matches ADD COLUMN payload TEXT"],
                     "table 'matches': unexpected column(s) payload"),
    "missing-column": (["ALTER TABLE matches DROP COLUMN version"],
                       "table 'matches': missing column(s) version"),
    "missing-index": (["DROP INDEX matches_by_time"], "index 'matches_by_time' is missing"),
    "changed-index": (["DROP INDEX matches_by_game",
                       "CREATE INDEX matches_by_game ON matches (game)"],
                      "index 'matches_by_game' is defined differently"),
    "extra-table": (["CREATE TABLE notes (x)"], "table 'notes' is not one this app creates"),
    "version-0": (["PRAGMA user_version = 0"], "schema version 0 is not one this app ever wrote"),
    "version-from-the-future": ([f"PRAGMA user_version = {len(MIGRATIONS) + 1}"],
                                "made by a newer version"),
    "version-lies-about-schema": ([f"PRAGMA user_version = {len(MIGRATIONS) - 1}"],
                                  "not exactly the schema this app creates"),
    "dangling-foreign-key": (
        ["PRAGMA foreign_keys = OFF",
         "INSERT INTO match_players (group_id, match_id, seat, player_id, total, place, winner)"
         " VALUES ('nope', 'nope', 0, 999, 1, 1, 0)"],
        "foreign key check failed"),
}


@pytest.mark.parametrize("case", list(CRAFTED), ids=list(CRAFTED))
def test_crafted_backups_are_refused_naming_what_differs(tmp_path, case):
    statements, message = CRAFTED[case]
    bad = _crafted(tmp_path, *statements)
    with pytest.raises(BackupError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_backup(bad)


@pytest.mark.parametrize("case", ["trigger-wipes-history", "trigger-sets-a-key", "extra-column",
                                  "version-0"])
def test_restore_command_refuses_and_leaves_the_live_data_alone(tmp_path, case):
    live, gid = _live(tmp_path)
    before = live.read_bytes()
    statements, message = CRAFTED[case]
    bad = _crafted(tmp_path, *statements)
    answer = cli("restore", str(bad), "--db", str(live), "--yes")
    assert answer.returncode == 2
    assert answer.stderr.startswith("error: ") and message in answer.stderr
    assert "nothing was changed" in answer.stderr
    assert live.read_bytes() == before
    assert not list(tmp_path.glob(".restore-*"))
    db = storage.connect(live)  # the app still starts and answers
    assert storage.count_matches(db, gid) == 3


def test_a_good_backup_is_restored_after_the_live_one_is_set_aside(tmp_path):
    live, gid = _live(tmp_path, matches=3)
    good = tmp_path / "good.sqlite"
    backup_to(live, good)
    db = storage.connect(live)
    state = grande_state()
    storage.save_match(db, gid, "after-backup", "2026-12-01T20:00:00Z", state, score(state))
    db.conn.close()
    answer = cli("restore", str(good), "--db", str(live), "--yes")
    assert answer.returncode == 0, answer.stderr
    done = json.loads(answer.stdout)
    aside = Path(done["set_aside"])
    assert aside.is_file() and aside.parent == tmp_path / "backups"
    assert f"copied to {aside}" in answer.stderr
    assert storage.count_matches(storage.connect(live), gid) == 3
    # The set-aside copy holds the live data as it was, match 4 included, and is itself
    # a backup this command accepts.
    assert check_backup(aside)["matches"] == 4


def test_an_older_backup_is_accepted_and_brought_up_to_date(tmp_path):
    old = tmp_path / "old.sqlite"
    conn = sqlite3.connect(old)
    for statements in MIGRATIONS[:1]:
        for statement in statements:
            conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO groups VALUES ('g1', 'Old club', 'h', '2020-01-01T00:00:00Z')")
    conn.commit()
    conn.close()
    live, _ = _live(tmp_path)
    info = restore_from(old, live)
    assert info["schema_version"] == 1 and info["set_aside"]
    db = storage.connect(live)
    assert storage.schema_version(db) == len(MIGRATIONS)
    assert storage.get_group(db, "g1")["name"] == "Old club"


def test_a_fresh_database_matches_the_expected_schema_exactly(tmp_path):
    live, _ = _live(tmp_path, matches=1)
    assert check_backup(live)["schema_version"] == len(MIGRATIONS)
