"""`companion backup` / `restore`: consistent copies of a live database."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest
from helpers import grande_state

from companion import storage
from companion.games import score
from companion.storage.backup import BackupError, backup_to, check_backup, restore_from


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=300)


def fill(db, gid: str, start: int, count: int) -> None:
    state = grande_state()
    result = score(state)
    for i in range(start, start + count):
        storage.save_match(db, gid, f"m{i}", "2026-11-30T20:00:00Z", state, result)


def test_backup_while_writing_is_consistent(tmp_path):
    live = tmp_path / "live.sqlite"
    db = storage.connect(live)
    gid = storage.create_group(db, "G")["id"]
    fill(db, gid, 0, 50)
    writer = threading.Thread(target=fill, args=(storage.connect(live), gid, 50, 300))
    writer.start()
    info = backup_to(live, tmp_path / "copy.sqlite")
    writer.join()
    assert info["matches"] >= 50
    checked = check_backup(tmp_path / "copy.sqlite")
    assert checked["matches"] == info["matches"]
    copy = storage.connect(tmp_path / "copy.sqlite")
    players = copy.execute("SELECT count(DISTINCT match_id) FROM match_players").fetchone()[0]
    assert players == info["matches"]  # matches and their players copied together


def test_restore_puts_the_backup_in_place(tmp_path):
    live = tmp_path / "live.sqlite"
    db = storage.connect(live)
    gid = storage.create_group(db, "G")["id"]
    fill(db, gid, 0, 5)
    backup_to(live, tmp_path / "b.sqlite")
    fill(db, gid, 5, 5)
    assert storage.count_matches(db, gid) == 10
    restore_from(tmp_path / "b.sqlite", live)
    assert storage.count_matches(storage.connect(live), gid) == 5


@pytest.mark.parametrize("content,message", [
    (b"not a database at all", "is not an SQLite database"),
    (b"SQLite format 3\x00" + b"\x00" * 200, "damaged"),
], ids=["not-sqlite", "damaged"])
def test_restore_refuses_a_bad_backup(tmp_path, content, message):
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(content)
    with pytest.raises(BackupError, match=message):
        restore_from(bad, tmp_path / "live.sqlite")


def test_restore_refuses_a_foreign_database(tmp_path):
    import sqlite3

    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).execute("CREATE TABLE notes (x)").connection.commit()
    with pytest.raises(BackupError, match="not a Canal Companion database"):
        check_backup(other)


def test_backup_and_restore_commands(tmp_path):
    live = str(tmp_path / "live.sqlite")
    group = json.loads(cli("group", "create", "G", "--db", live).stdout)
    out = str(tmp_path / "backup.sqlite")
    made = cli("backup", out, "--db", live)
    assert made.returncode == 0, made.stderr
    assert json.loads(made.stdout)["groups"] == 1
    again = cli("backup", out, "--db", live)
    assert again.returncode == 2 and "already exists" in again.stderr
    restored = cli("restore", out, "--db", str(tmp_path / "new.sqlite"), "--yes")
    assert restored.returncode == 0, restored.stderr
    assert storage.get_group(storage.connect(tmp_path / "new.sqlite"), group["id"])
    refused = cli("restore", str(tmp_path / "missing.sqlite"), "--db", live, "--yes")
    assert refused.returncode == 2 and refused.stderr.startswith("error: ")
