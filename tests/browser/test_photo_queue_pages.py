"""The phone's side of photo queueing and storage (issue 15): the upload page
shows its place in the machine's read queue while another photo is read, the
group page shows what the photos take of the quota, and the photos page
deletes a photo (and its file)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from browser_support import WAIT_MS, served
from PIL import Image

from companion import storage
from companion.app import create_app
from companion.photos.reading import ReadQueue

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture(scope="module")
def venue_app(tmp_path_factory):
    base = tmp_path_factory.mktemp("photo-queue-pages")
    return create_app({"DATABASE": str(base / "live.sqlite"), "SECRET_KEY": "queue-pages",
                       "TESTING": True, "UPLOAD_FOLDER": str(base / "uploads"),
                       "PHOTO_QUEUE_DIR": str(base / "queue"), "PHOTO_READERS": 1,
                       "PHOTO_QUOTA_MB": 5})


@pytest.fixture(scope="module")
def live_server(venue_app):
    with served(venue_app) as url:
        yield url


def _store(app, gid: str, pid: str, size: int) -> Path:
    folder = Path(app.config["UPLOAD_FOLDER"])
    folder.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    Image.new("RGB", (120, 90), "#4a7fb5").save(out, "JPEG")
    path = folder / f"{pid}.jpg"
    path.write_bytes(out.getvalue() + b"\0" * size)
    db = storage.connect(app.config["DATABASE"])
    storage.add_photo(db, gid, pid, "doodle-china", path.name, "image/jpeg",
                      {"proposal": {}, "confidence": 1, "warnings": []})
    db.conn.close()
    return path


def test_quota_on_the_group_page_and_deleting_from_the_photos_page(phone, group_page, venue_app):
    gid, _key = group_page
    first = _store(venue_app, gid, "photo-first", 1024 * 1024)
    _store(venue_app, gid, "photo-second", 512 * 1024)
    phone.goto(f"/g/{gid}")
    usage = phone.locator("#photo-usage")
    assert "Photos kept: 2" in usage.inner_text() and "of 5 MB" in usage.inner_text()
    usage.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "venue-group-photo-usage.png"))
    usage.get_by_role("link", name="See and delete photos").click()
    phone.wait_for_url(f"**/g/{gid}/photos")
    rows = phone.locator(".photo-row")
    assert rows.count() == 2
    assert "1.5 MB of 5.0 MB used" in phone.locator("#usage").inner_text()
    phone.screenshot(path=str(ARTIFACTS / "venue-photos-page.png"), full_page=True)
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.locator('[data-photo="photo-first"] button').click()
    phone.locator('[data-photo="photo-first"]').wait_for(state="detached")
    assert not first.exists()
    assert "0.5 MB of 5.0 MB used" in phone.locator("#usage").inner_text()
    assert not phone.errors, phone.errors


def test_the_upload_page_shows_its_place_in_the_read_queue(phone, group_page, venue_app):
    gid, _key = group_page
    queue = ReadQueue(Path(venue_app.config["PHOTO_QUEUE_DIR"]), slots=1, max_waiting=32)
    photo = io.BytesIO()
    Image.new("RGB", (640, 480), "white").save(photo, "JPEG")
    phone.goto(f"/g/{gid}/photo/doodle-china")
    with queue.slot():  # another phone's photo is being read
        phone.locator("#photo-file").set_input_files(
            files=[{"name": "sheet.jpg", "mimeType": "image/jpeg", "buffer": photo.getvalue()}])
        text = phone.locator("#upload-text")
        phone.locator("#upload-text", has_text="yours is next").wait_for(timeout=WAIT_MS)
        assert phone.locator("#upload-status").get_attribute("data-phase") == "waiting"
        phone.screenshot(path=str(ARTIFACTS / "venue-upload-waiting.png"))
    # Its turn: the photo is read (a blank page: the reader says what to do).
    phone.locator("#upload-error").wait_for(state="visible", timeout=60_000)
    assert "yours is next" not in text.inner_text()
