"""Photo reading at a busy table (issue 15): at most N reads at once on the
machine with the rest waiting in order (a page can ask its place), 503 with
Retry-After past the queue's length; a per-group storage quota (507 naming
what to delete) and deleting a photo with its file. Bounded in time: nothing
here reads a real photo."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import pytest
from PIL import Image

from companion import storage
from companion.photos.reading import QueueFull, ReadQueue


def small_jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (64, 48), "white").save(out, "JPEG")
    return out.getvalue()


def wait_for(check, seconds: float = 60.0) -> None:  # bounds a hang; a busy box is slow
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_reads_wait_in_arrival_order_and_the_queue_refuses_past_its_length(tmp_path):
    queue = ReadQueue(tmp_path / "q", slots=1, max_waiting=2)
    order: list[str] = []
    release = {name: threading.Event() for name in ("a", "b", "c")}

    def read(name: str) -> None:
        with queue.slot(f"ticket-{name}-0001"):
            order.append(name)
            # Held until the test lets go: a bound that ran out while the test still
            # looks at the queue (slow on a busy box) would move the queue under it.
            release[name].wait(120)

    threads = {name: threading.Thread(target=read, args=(name,), daemon=True) for name in "abc"}
    threads["a"].start()
    wait_for(lambda: order == ["a"])
    threads["b"].start()
    wait_for(lambda: queue.status("ticket-b-0001")["position"] == 0)
    threads["c"].start()
    wait_for(lambda: queue.status("ticket-c-0001")["position"] == 1)
    assert queue.status() == {"position": None, "waiting": 2, "reading": 1, "slots": 1}
    with pytest.raises(QueueFull) as full:
        with queue.slot("ticket-d-0001"):
            pass
    assert full.value.retry_after > 0
    for name in "abc":
        release[name].set()
        threads[name].join(60)
        assert not threads[name].is_alive(), f"reader {name} did not finish"
    assert order == ["a", "b", "c"]
    assert queue.status() == {"position": None, "waiting": 0, "reading": 0, "slots": 1}


def test_a_ticket_left_by_a_dead_process_is_dropped(tmp_path):
    queue = ReadQueue(tmp_path / "q", slots=1, max_waiting=1)
    (tmp_path / "q" / "waiting" / f"{time.time_ns():020d}_ticket-gone-0001").touch()  # no lock
    assert queue.status()["waiting"] == 0
    with queue.slot():
        pass


def test_a_full_queue_answers_503_with_retry_after(app, client, group):
    app.config.update(PHOTO_READERS=1, PHOTO_QUEUE_MAX=0,
                      PHOTO_QUEUE_DIR=str(Path(app.config["UPLOAD_FOLDER"]).parent / "q"))
    queue = ReadQueue(Path(app.config["PHOTO_QUEUE_DIR"]), slots=1, max_waiting=0)
    url = f"/api/groups/{group['id']}/photos"
    with queue.slot():  # another phone's photo is being read
        answer = client.post(url, headers=group["headers"], content_type="multipart/form-data",
                             data={"photo": (io.BytesIO(small_jpeg()), "p.jpg")})
        status = client.get(f"{url}/queue", headers=group["headers"]).get_json()
    assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0
    assert answer.get_json()["path"] == "photo" and "waiting" in answer.get_json()["error"]
    assert status == {"position": None, "waiting": 0, "reading": 1, "slots": 1}


def _stored_photo(app, gid: str, size: int) -> str:
    folder = Path(app.config["UPLOAD_FOLDER"])
    folder.mkdir(parents=True, exist_ok=True)
    pid = f"photo-{size}"
    (folder / f"{pid}.jpg").write_bytes(b"\xff" * size)
    with app.app_context():
        db = storage.connect(app.config["DATABASE"])
        storage.add_photo(db, gid, pid, "doodle-china", f"{pid}.jpg", "image/jpeg",
                          {"proposal": {}, "confidence": 1, "warnings": []})
        db.conn.close()
    return pid


def test_a_full_quota_is_507_naming_what_to_delete_and_delete_frees_it(app, client, group):
    app.config["PHOTO_QUOTA_MB"] = 0.01  # about 10 KB
    pid = _stored_photo(app, group["id"], 8000)
    url = f"/api/groups/{group['id']}/photos"
    usage = client.get(url, headers=group["headers"]).get_json()
    assert usage["used_bytes"] == 8000 and usage["photos"][0]["id"] == pid

    photo = small_jpeg() + b"\0" * 4000
    full = client.post(url, headers=group["headers"], content_type="multipart/form-data",
                       data={"photo": (io.BytesIO(photo), "p.jpg")})
    assert full.status_code == 507
    body = full.get_json()
    assert body["path"] == "photo" and "delete" in body["error"]
    assert [p["id"] for p in body["suggest_delete"]] == [pid]
    assert body["suggest_delete"][0]["delete"] == f"{url}/{pid}"

    gone = client.delete(f"{url}/{pid}", headers=group["headers"])
    assert gone.status_code == 204
    assert not (Path(app.config["UPLOAD_FOLDER"]) / f"{pid}.jpg").exists()
    assert client.get(f"{url}/{pid}", headers=group["headers"]).status_code == 404
    assert client.delete(f"{url}/{pid}", headers=group["headers"]).status_code == 404
    assert client.get(url, headers=group["headers"]).get_json()["used_bytes"] == 0


def test_deleting_needs_the_key_and_stays_in_the_group(client, group):
    other = client.post("/api/groups", json={"name": "Other"}).get_json()
    url = f"/api/groups/{group['id']}/photos/whatever"
    assert client.delete(url).status_code in (401, 403)
    assert client.delete(url, headers={"X-Companion-Key": other["key"]}).status_code == 404
