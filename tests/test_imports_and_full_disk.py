"""Imports say exactly what happened: a bad line stores nothing; a file of up
to 5,000 matches is one transaction; a bigger one commits in batches and, if
stopped, says how far it got and resumes when imported again. A full disk is a
clear 507 with nothing half-stored and no partial files (issue 16). The full
disk is SQLite's own SQLITE_FULL, made by capping the file with
`PRAGMA max_page_count`, or ENOSPC raised by a patched file write."""

from __future__ import annotations

import errno
import io
import json
import os

import pytest
from click.testing import CliRunner
from helpers import grande_state

from companion import storage
from companion.cli import main


def _lines(n: int, start: int = 0, group: str | None = None) -> str:
    return "".join(json.dumps({"id": f"m{i}", **({"group": group} if group else {}),
                               "played_at": "2026-11-30T20:00:00Z",
                               "state": grande_state("Ana" if i % 2 else "Ben")}) + "\n"
                   for i in range(start, start + n))


@pytest.fixture
def full_disk(monkeypatch):
    """Every connection the app opens gets room for only `room` more pages."""
    real = storage.connect
    room = {"pages": 4}

    def capped(path):
        db = real(path)
        used = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {used + room['pages']}")
        return db

    monkeypatch.setattr(storage, "connect", capped)
    return room


def _count(app, gid):
    return storage.count_matches(storage.connect(app.config["DATABASE"]), gid)


# ----- web import ------------------------------------------------------------------

def _upload(client, group, text, progress=False):
    url = f"/api/groups/{group['id']}/import" + ("?progress=1" if progress else "")
    return client.post(url, headers=group["headers"],
                       data={"file": (io.BytesIO(text.encode()), "m.jsonl")})


def test_web_import_with_a_bad_line_late_in_the_file_stores_nothing_and_says_so(app, client,
                                                                               group):
    text = _lines(1500) + '{"id": "bad", "state": {"game": "chess"}}\n'
    answer = _upload(client, group, text)
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["line"] == 1501 and body["stored"] == 0
    assert body["error"].startswith("line 1501: state.game: must be one of")
    assert "nothing was stored" in body["error"]
    assert _count(app, group["id"]) == 0


def test_web_import_on_a_full_disk_is_507_and_stores_nothing(app, client, group, full_disk):
    answer = _upload(client, group, _lines(1500))
    assert answer.status_code == 507
    body = answer.get_json()
    assert body["error"].startswith("nothing was stored: the server's disk is full")
    assert body["stored"] == 0
    full_disk["pages"] = 10_000
    assert _count(app, group["id"]) == 0
    # With room again the same file goes in whole.
    again = _upload(client, group, _lines(1500))
    assert again.get_json() == {"added": 1500, "skipped": 0}


def test_web_import_streams_progress_then_the_true_outcome(app, client, group):
    _upload(client, group, _lines(10))
    answer = _upload(client, group, _lines(2500), progress=True)
    assert answer.status_code == 200 and answer.mimetype == "application/x-ndjson"
    events = [json.loads(x) for x in answer.get_data(as_text=True).splitlines()]
    stages = [e["stage"] for e in events]
    assert stages[0] == "checking" and stages[-1] == "done"
    assert {"checking", "storing"} <= set(stages)
    storing = [e["done"] for e in events if e["stage"] == "storing"]
    assert storing == sorted(storing) and storing[-1] == 2500
    assert events[-1] == {"stage": "done", "added": 2490, "skipped": 10, "total": 2500}
    assert _count(app, group["id"]) == 2500


def test_web_import_stream_reports_a_full_disk_as_failed_nothing_stored(app, client, group,
                                                                       full_disk):
    answer = _upload(client, group, _lines(1500), progress=True)
    last = json.loads(answer.get_data(as_text=True).splitlines()[-1])
    assert last["stage"] == "failed" and last["status"] == 507 and last["stored"] == 0
    full_disk["pages"] = 10_000
    assert _count(app, group["id"]) == 0


def test_web_import_stream_reports_a_bad_line(client, group):
    answer = _upload(client, group, _lines(3) + "{oops\n", progress=True)
    last = json.loads(answer.get_data(as_text=True).splitlines()[-1])
    assert last["stage"] == "failed" and last["status"] == 422 and last["line"] == 4
    assert "nothing was stored" in last["error"]


@pytest.fixture
def small_batches(monkeypatch):
    """Files over 50 matches commit every 100 (the real sizes are 5,000 and 1,000)."""
    from companion.matches import import_lines

    monkeypatch.setattr(import_lines, "ATOMIC_LIMIT", 50)
    monkeypatch.setattr(import_lines, "BATCH", 100)


def test_a_big_web_import_stopped_by_a_full_disk_says_how_far_it_got_and_resumes(
        app, client, group, full_disk, small_batches):
    full_disk["pages"] = 200
    answer = _upload(client, group, "\n" + _lines(600))  # line 1 is blank: numbers are lines
    assert answer.status_code == 507
    body = answer.get_json()
    full_disk["pages"] = 10_000
    stored = _count(app, group["id"])
    assert stored == body["added"] == body["stored"] and body["skipped"] == 0
    assert 0 < stored < 600 and stored % 100 == 0
    assert body["line"] == stored + 2
    assert body["error"].startswith(f"stored {stored}, skipped 0 already present, then stopped "
                                    f"at line {stored + 2}: the server's disk is full")
    again = _upload(client, group, "\n" + _lines(600))
    assert again.get_json() == {"added": 600 - stored, "skipped": stored}
    assert _count(app, group["id"]) == 600


def test_a_big_cli_import_stopped_by_a_full_disk_says_how_far_it_got(tmp_path, full_disk,
                                                                    small_batches):
    db_path, gid = _cli_group(tmp_path)
    source = tmp_path / "in.jsonl"
    source.write_text(_lines(600))
    full_disk["pages"] = 200
    answer = _cli("import", str(source), "--group", gid, "--db", db_path)
    assert answer.exit_code == 2
    full_disk["pages"] = 10_000
    stored = storage.count_matches(storage.connect(db_path), gid)
    assert 0 < stored < 600
    assert answer.stderr.startswith(f"error: stored {stored}, skipped 0 already present, then "
                                    f"stopped at line {stored + 1}: the server's disk is full")


# ----- command line import ---------------------------------------------------------

def _cli(*args, stdin=None):
    return CliRunner().invoke(main, list(args), input=stdin)


def _cli_group(tmp_path):
    db_path = str(tmp_path / "cli.sqlite")
    made = _cli("group", "create", "G", "--db", db_path)
    return db_path, json.loads(made.stdout)["id"]


def test_cli_import_bad_line_after_4000_good_ones_stores_nothing(tmp_path):
    db_path, gid = _cli_group(tmp_path)
    source = tmp_path / "in.jsonl"
    source.write_text(_lines(4000) + '{"id": "x", "state": {}, "colour": 1}\n' + _lines(1000, 5000))
    answer = _cli("import", str(source), "--group", gid, "--db", db_path)
    assert answer.exit_code == 2
    assert answer.stderr.startswith("error: line 4001: colour: is not a known key")
    assert "nothing was stored" in answer.stderr
    assert storage.count_matches(storage.connect(db_path), gid) == 0


def test_cli_import_on_a_full_disk_says_nothing_was_stored(tmp_path, full_disk):
    db_path, gid = _cli_group(tmp_path)
    source = tmp_path / "in.jsonl"
    source.write_text(_lines(5000))
    answer = _cli("import", str(source), "--group", gid, "--db", db_path)
    assert answer.exit_code == 2
    assert "nothing was stored: the server's disk is full" in answer.stderr
    full_disk["pages"] = 100_000
    assert storage.count_matches(storage.connect(db_path), gid) == 0
    again = _cli("import", str(source), "--group", gid, "--db", db_path)
    assert again.exit_code == 0, again.stderr
    assert json.loads(again.stdout.splitlines()[0]) == {"added": 5000, "skipped": 0}
    assert "stored 5000, skipped 0 already present" in again.stderr


def test_cli_import_refuses_an_unknown_group_on_its_line(tmp_path):
    db_path, gid = _cli_group(tmp_path)
    text = _lines(2, group=gid) + _lines(1, start=9, group="nope")
    answer = _cli("import", "-", "--db", db_path, stdin=text)
    assert answer.exit_code == 2
    assert answer.stderr.startswith("error: line 3: group: 'nope' does not exist here")
    assert storage.count_matches(storage.connect(db_path), gid) == 0


# ----- saves, edits and uploads on a full disk -------------------------------------

def test_saving_matches_until_the_disk_fills_loses_nothing_acknowledged(app, client, group,
                                                                        full_disk):
    """Save until the (capped) file is full: the save that does not fit is a 507
    naming the cause, stores nothing, and every save answered 201 is kept."""
    url = f"/api/groups/{group['id']}/matches"
    full_disk["pages"] = 0
    acknowledged, refused = [], None
    for i in range(300):
        answer = client.post(url, json={"id": f"m{i}", "state": grande_state(cards=1 + i % 5)},
                             headers=group["headers"])
        if answer.status_code == 201:
            acknowledged.append(f"m{i}")
            continue
        refused = (f"m{i}", answer)
        break
    assert refused is not None, "the capped file never filled"
    mid, answer = refused
    assert answer.status_code == 507 and answer.get_json()["cause"] == "disk full"
    assert "nothing was saved" in answer.get_json()["error"]
    full_disk["pages"] = 10_000
    db = storage.connect(app.config["DATABASE"])
    assert storage.get_match(db, group["id"], mid) is None  # nothing half-stored
    assert db.execute("SELECT count(*) FROM match_players WHERE match_id = ?",
                      [mid]).fetchone()[0] == 0
    stored = {m["id"] for m in storage.list_matches(db, group["id"], limit=500)}
    assert stored == set(acknowledged)  # nothing acknowledged is lost
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # An edit on the full disk is refused the same way and the match keeps its version.
    full_disk["pages"] = 0
    edits = [client.put(f"{url}/{acknowledged[0]}", json={"state": grande_state(w, cards=k)},
                        headers=group["headers"]).status_code
             for w in ("Ben", "Ana") for k in range(1, 5)]
    assert set(edits) <= {200, 507}, edits
    full_disk["pages"] = 10_000
    kept = storage.get_match(storage.connect(app.config["DATABASE"]), group["id"], acknowledged[0])
    assert kept["version"] == 1 + edits.count(200)


def _png() -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (64, 48), "white").save(buf, "PNG")
    return buf.getvalue()


def _fake_reader(monkeypatch):
    import companion.photos.reading as photos

    monkeypatch.setattr(photos, "read_in_worker", lambda data, **kw: {
        "proposal": {}, "confidence": 0.5, "warnings": []})


def test_photo_upload_on_a_full_disk_leaves_no_partial_file(app, client, group, monkeypatch):
    _fake_reader(monkeypatch)
    import companion.web.errors as disk_full

    real_fdopen = os.fdopen

    class HalfWriter:
        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, data):
            self.fh.write(data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(disk_full.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    answer = client.post(f"/api/groups/{group['id']}/photos", headers=group["headers"],
                         data={"game": "canal-houses", "photo": (io.BytesIO(_png()), "p.png")},
                         content_type="multipart/form-data")
    assert answer.status_code == 507 and answer.get_json()["cause"] == "disk full"
    folder = app.config["UPLOAD_FOLDER"]
    assert not os.path.isdir(folder) or os.listdir(folder) == []


def test_photo_whose_row_cannot_be_stored_leaves_no_file(app, client, group, monkeypatch,
                                                         full_disk):
    _fake_reader(monkeypatch)
    full_disk["pages"] = 0
    import companion.photos.api as photos

    real_add = storage.add_photo

    def add_with_big_reading(db, gid, pid, game, filename, media_type, reading):
        reading = {**reading, "warnings": ["w" * 200_000]}
        return real_add(db, gid, pid, game, filename, media_type, reading)

    monkeypatch.setattr(photos.storage, "add_photo", add_with_big_reading)
    answer = client.post(f"/api/groups/{group['id']}/photos", headers=group["headers"],
                         data={"game": "canal-houses", "photo": (io.BytesIO(_png()), "p.png")},
                         content_type="multipart/form-data")
    assert answer.status_code == 507
    assert os.listdir(app.config["UPLOAD_FOLDER"]) == []
