"""Nothing lost (issue 16), in a phone-sized Chromium: two phones editing one
match (the second sees both and chooses), an edit page that starts from the
saved match and offers an older draft, deleting with undo from the history
list and restoring from "Recently deleted", saves made offline that are sent
when the connection returns (`context.set_offline`), the installable app
(manifest, service worker that never caches API answers), and a 50,000-line
import with a progress bar."""

from __future__ import annotations

import json
import time

import pytest
from browser_support import ARTIFACTS, WAIT_MS, wait_scored
from helpers import grande_state
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]


def _save(phone, gid, key, mid="m-1", state=None):
    answer = phone.request.post(f"/api/groups/{gid}/matches",
                                data={"id": mid, "state": state or grande_state(cards=2)},
                                headers={"X-Companion-Key": key})
    assert answer.status == 201, answer.text()
    return answer.json()


def _second_phone(browser, live_server, gid, key):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, base_url=live_server)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    page.goto(f"/g/{gid}/join?key={key}")
    return page


def _errors(page):
    """Page errors, leaving out the network failures these tests cause on purpose
    (a 409 conflict, requests while offline)."""
    return [e for e in page.errors if "Failed to load resource" not in e]


def _tap(page, label, times=1):
    for _ in range(times):
        page.get_by_role("button", name=label, exact=True).click()


def test_two_phones_one_match_second_sees_both_and_chooses(browser, live_server, phone,
                                                          group_page):
    gid, key = group_page
    _save(phone, gid, key)
    other = _second_phone(browser, live_server, gid, key)
    try:
        edit = f"/g/{gid}/play/canal-grande?match=m-1"
        phone.goto(edit)
        other.goto(edit)
        wait_scored(phone)
        wait_scored(other)
        # Phone B gives Ben two more Castello cards and saves first.
        _tap(other, "Ben, Castello: one more", 2)
        wait_scored(other)
        other.click("#save-match")
        other.wait_for_url(f"**/g/{gid}/matches/m-1")
        # Phone A, still on version 1, gives Ana a Dorsoduro card and saves: a conflict.
        _tap(phone, "Ana, Dorsoduro: one more")
        wait_scored(phone)
        phone.click("#save-match")
        conflict = phone.locator("#save-conflict")
        expect(conflict).to_be_visible()
        expect(conflict).to_contain_text("another phone")
        theirs = conflict.locator("[data-side='theirs']")
        mine = conflict.locator("[data-side='mine']")
        expect(theirs.locator(".result-player[data-player='Ben'] .result-total")).to_have_count(1)
        expect(mine.locator(".result-player[data-player='Ana'] .result-total")).to_have_count(1)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(ARTIFACTS / "data_conflict.png"), full_page=True)
        stored = phone.request.get(f"/api/groups/{gid}/matches/m-1",
                                   headers={"X-Companion-Key": key}).json()
        assert stored["version"] == 2  # nothing was overwritten
        assert stored["state"]["players"][1]["won"] == {"Castello": 3}
        # Keep mine: saved on top of theirs (version 3), with my Dorsoduro card.
        phone.click("#keep-mine")
        phone.wait_for_url(f"**/g/{gid}/matches/m-1")
        stored = phone.request.get(f"/api/groups/{gid}/matches/m-1",
                                   headers={"X-Companion-Key": key}).json()
        assert stored["version"] == 3
        assert stored["state"]["players"][0]["won"].get("Dorsoduro") == 1

        # The other way round: phone B is now stale and takes theirs.
        other.goto(edit)
        wait_scored(other)
        phone.goto(edit)
        wait_scored(phone)
        _tap(phone, "Ben, Cannaregio: one more")
        wait_scored(phone)
        phone.click("#save-match")
        phone.wait_for_url(f"**/g/{gid}/matches/m-1")
        _tap(other, "Ana, Castello: one more")
        wait_scored(other)
        other.click("#save-match")
        expect(other.locator("#save-conflict")).to_be_visible()
        other.click("#take-theirs")
        other.wait_for_url(f"**/g/{gid}/matches/m-1")
        stored = phone.request.get(f"/api/groups/{gid}/matches/m-1",
                                   headers={"X-Companion-Key": key}).json()
        assert stored["version"] == 4 and "Castello" not in stored["state"]["players"][0]["won"]
        # Taking theirs dropped B's draft: the edit page opens on the saved match, no offer.
        other.goto(edit)
        wait_scored(other)
        expect(other.locator("#draft-offer")).to_have_count(0)
    finally:
        other.context.close()
    assert not _errors(phone), phone.errors


def test_edit_page_starts_from_the_saved_match_and_offers_an_older_draft(phone, group_page):
    gid, key = group_page
    _save(phone, gid, key)
    edit = f"/g/{gid}/play/canal-grande?match=m-1"
    phone.goto(edit)
    wait_scored(phone)
    _tap(phone, "Ana, Dorsoduro: one more")  # an unsaved change kept as this phone's draft
    wait_scored(phone)
    # Meanwhile another phone (a script here) saves a change: version 2.
    changed = phone.request.put(f"/api/groups/{gid}/matches/m-1", data={
        "state": grande_state(cards=3), "version": 1}, headers={"X-Companion-Key": key})
    assert changed.status == 200 and changed.json()["version"] == 2
    phone.goto(edit)
    wait_scored(phone)
    offer = phone.locator("#draft-offer")
    expect(offer).to_be_visible()
    expect(offer).to_contain_text("never saved")
    draft = phone.evaluate("k => JSON.parse(localStorage.getItem(k))", f"draft:{gid}:match:m-1")
    assert draft["state"]["players"][0]["won"] == {"San Marco": 3}  # the saved match, not my draft
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "data_draft_offer.png"), full_page=True)
    phone.click("#use-draft")
    wait_scored(phone)
    draft = phone.evaluate("k => JSON.parse(localStorage.getItem(k))", f"draft:{gid}:match:m-1")
    assert draft["state"]["players"][0]["won"] == {"San Marco": 2, "Dorsoduro": 1}
    assert draft["version"] == 1
    # Saving the old draft cannot silently overwrite version 2: the person chooses.
    phone.click("#save-match")
    expect(phone.locator("#save-conflict")).to_be_visible()
    assert not _errors(phone), phone.errors


def test_delete_from_history_with_undo_and_restore_from_recently_deleted(phone, group_page):
    gid, key = group_page
    _save(phone, gid, key, "m-1")
    _save(phone, gid, key, "m-2", grande_state("Ben", cards=4))
    phone.goto(f"/g/{gid}/history")
    rows = phone.locator("#history-list > li:not([hidden])")
    expect(rows).to_have_count(2)
    phone.locator("#history-list li[data-mid='m-1'] .row-delete").click()
    expect(rows).to_have_count(1)
    toast = phone.locator("#toast")
    expect(toast).to_contain_text("Match deleted.")
    toast.get_by_role("button", name="Undo").click()
    expect(rows).to_have_count(2)
    expect(toast).to_contain_text("Match restored.")
    # Delete again and leave: the match waits in "Recently deleted".
    phone.locator("#history-list li[data-mid='m-2'] .row-delete").click()
    expect(rows).to_have_count(1)
    phone.click("#recently-deleted")
    phone.wait_for_url(f"**/g/{gid}/history/deleted")
    items = phone.locator("#deleted-list li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("Winner: Ben")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "data_recently_deleted.png"), full_page=True)
    items.first.get_by_role("button", name="Restore").click()
    expect(phone.locator("#deleted-empty")).to_be_visible()
    listed = phone.request.get(f"/api/groups/{gid}/matches",
                               headers={"X-Companion-Key": key}).json()["matches"]
    assert {m["id"] for m in listed} == {"m-1", "m-2"}
    assert not _errors(phone), phone.errors


def test_a_save_made_offline_is_queued_and_sent_when_back_online(phone, group_page):
    gid, key = group_page
    phone.goto(f"/g/{gid}/play/canal-grande?player=Ana&player=Ben")
    wait_scored(phone)
    _tap(phone, "Ana, San Marco: one more", 2)
    wait_scored(phone)
    phone.context.set_offline(True)
    try:
        _tap(phone, "Ana, San Marco: one more", 2)
        # The totals need the server: they say they wait for the connection.
        expect(phone.locator("#offline-note")).to_contain_text("waiting for the connection")
        expect(phone.locator("body[data-scoring='offline']")).to_have_count(1)
        phone.click("#save-match")
        status = phone.locator("#save-status")
        expect(status).to_have_text("Saved on this phone; will send when online.")
        queued = phone.evaluate("JSON.parse(localStorage.getItem('outbox'))")
        assert len(queued) == 1 and queued[0]["method"] == "POST"
        client_id = queued[0]["body"]["id"]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(ARTIFACTS / "data_offline_queued.png"), full_page=True)
    finally:
        phone.context.set_offline(False)
    # Back online: the totals catch up and the queued save goes out with the same id.
    phone.wait_for_url(f"**/g/{gid}/matches/{client_id}", timeout=30_000)
    stored = phone.request.get(f"/api/groups/{gid}/matches/{client_id}",
                               headers={"X-Companion-Key": key}).json()
    assert stored["state"]["players"][0]["won"] == {"San Marco": 4}
    assert stored["result"]["winners"] == ["Ana"]
    assert phone.evaluate("JSON.parse(localStorage.getItem('outbox'))") == []
    assert phone.evaluate("k => localStorage.getItem(k)", f"draft:{gid}:canal-grande") is None
    listed = phone.request.get(f"/api/groups/{gid}/matches",
                               headers={"X-Companion-Key": key}).json()["matches"]
    assert [m["id"] for m in listed] == [client_id]  # stored once


def test_totals_catch_up_by_themselves_when_the_connection_returns(phone, group_page):
    gid, _key = group_page
    phone.goto(f"/g/{gid}/play/canal-grande?player=Ana&player=Ben")
    wait_scored(phone)
    phone.context.set_offline(True)
    _tap(phone, "Ben, Castello: one more", 3)
    expect(phone.locator("#offline-note")).to_be_visible()
    phone.context.set_offline(False)
    expect(phone.locator("#offline-note")).to_have_count(0, timeout=WAIT_MS)
    wait_scored(phone)
    # The result shown is the server's answer for the cards entered while offline.
    cards = phone.locator("#result .result-player[data-player='Ben'] dt:text-is('cards') + dd")
    expect(cards).to_have_text("3")


def test_an_edit_made_offline_is_sent_with_its_version(phone, group_page):
    gid, key = group_page
    _save(phone, gid, key)
    phone.goto(f"/g/{gid}/play/canal-grande?match=m-1")
    wait_scored(phone)
    phone.context.set_offline(True)
    try:
        _tap(phone, "Ben, Castello: one more")
        phone.click("#save-match")
        expect(phone.locator("#save-status")).to_have_text(
            "Saved on this phone; will send when online.")
        queued = phone.evaluate("JSON.parse(localStorage.getItem('outbox'))")
        assert queued[0]["method"] == "PUT" and queued[0]["body"]["version"] == 1
    finally:
        phone.context.set_offline(False)
    phone.wait_for_url(f"**/g/{gid}/matches/m-1", timeout=30_000)
    stored = phone.request.get(f"/api/groups/{gid}/matches/m-1",
                               headers={"X-Companion-Key": key}).json()
    assert stored["version"] == 2 and stored["state"]["players"][1]["won"] == {"Castello": 2}


def test_installable_manifest_and_a_service_worker_that_never_caches_api(phone, group_page):
    gid, key = group_page
    _save(phone, gid, key)
    phone.goto(f"/g/{gid}/history")
    manifest = phone.request.get("/manifest.webmanifest")
    assert manifest.ok and manifest.headers["content-type"].startswith("application/manifest+json")
    body = manifest.json()
    assert body["display"] == "standalone" and body["start_url"] == "/"
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        assert phone.request.get(icon["src"]).ok
    # The worker takes control, then pages and static files are cached, API answers never.
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    phone.goto(f"/g/{gid}/matches/m-1")
    phone.evaluate("""gid => fetch(`/api/groups/${gid}/matches`).then(r => r.json())""", gid)
    cached = phone.evaluate("""async () => {
        const out = [];
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const req of await cache.keys()) out.push(new URL(req.url).pathname + new URL(req.url).search);
        }
        return out;
    }""")
    assert "/static/kit/app.js" in cached and f"/g/{gid}/matches/m-1" in cached
    assert not [u for u in cached if u.startswith("/api/") or "key=" in u or "qr.svg" in u], cached
    # Offline, the page opened before still opens from the cache.
    phone.context.set_offline(True)
    try:
        phone.goto(f"/g/{gid}/matches/m-1")
        expect(phone.locator("#match-result")).to_contain_text("Ana")
    finally:
        phone.context.set_offline(False)


def test_a_50000_line_import_shows_progress_and_stores_everything(phone, group_page, tmp_path):
    gid, _key = group_page
    lines = [json.dumps({"id": f"imp-{i}", "played_at": "2026-11-30T20:00:00Z",
                         "state": grande_state("Ana" if i % 2 else "Ben", cards=1 + i % 3)})
             for i in range(50_000)]
    source = tmp_path / "big.jsonl"
    source.write_text("\n".join(lines) + "\n")
    phone.goto(f"/g/{gid}/data")
    phone.set_input_files("#import-file", str(source))
    phone.click("#import-form button[type=submit]")
    bar = phone.locator("#import-progress")
    expect(bar).to_be_visible()
    seen = set()
    form = phone.locator("#import-form")
    # Sample the bar while it runs. The deadline bounds a hang, not the speed: 50,000
    # lines on a busy 2-core box can take longer than the ~2 minutes 600 samples gave.
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        seen.add(phone.locator("#import-stage").inner_text().split(" ")[0])
        if form.get_attribute("data-import-state") in ("done", "failed"):
            break
        phone.wait_for_timeout(200)  # the sampling rate, not a wait for a state
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "data_import_done.png"), full_page=True)
    assert form.get_attribute("data-import-state") == "done", phone.locator(
        "#import-result").inner_text()
    expect(phone.locator("#import-result")).to_have_text(
        "Stored 50,000 matches; skipped 0 already here.")
    assert {"Checking", "Storing"} & seen, seen  # the bar moved through the stages
    assert float(bar.get_attribute("value") or bar.evaluate("b => b.value")) == 1


def test_sheet_layout_edited_on_two_phones_keep_mine_or_take_theirs(phone, group_page):
    from companion.games.doodle_china.layouts import get_layout

    gid, key = group_page
    layout = get_layout("suzhou-v1")
    body = {"id": "lay-1", "name": "Our sheets", "edition": "suzhou",
            "data": {k: layout[k] for k in ("cells", "houses", "tracks", "trees")}}
    api = f"/api/groups/{gid}/layouts"
    made = phone.request.post(api, data=body, headers={"X-Companion-Key": key})
    assert made.status == 201, made.text()
    phone.goto(f"/g/{gid}/play/doodle-china/layouts")
    phone.locator(".le-item[data-layout='lay-1']").get_by_role("button", name="Edit").click()
    phone.fill("#layout-name", "Mine")
    # Another phone renames it first (version 1 -> 2).
    other = phone.request.put(f"{api}/lay-1", data={**{k: v for k, v in body.items() if k != "id"},
                                                     "name": "Theirs", "version": 1},
                              headers={"X-Companion-Key": key})
    assert other.status == 200 and other.json()["version"] == 2
    phone.locator("#save-layout").click()
    expect(phone.locator("#layout-error")).to_contain_text("another phone")
    expect(phone.locator("#take-theirs")).to_contain_text("Theirs")
    phone.click("#keep-mine")
    expect(phone.locator(".le-item[data-layout='lay-1'] .le-name")).to_have_text("Mine")
    stored = phone.request.get(f"{api}/lay-1", headers={"X-Companion-Key": key}).json()
    assert stored["name"] == "Mine" and stored["version"] == 3
    assert not _errors(phone), phone.errors
