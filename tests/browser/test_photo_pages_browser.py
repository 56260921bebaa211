"""Photo pages on a 390x844 phone: a Doodle China sheet photo sent with a
progress bar, read, drawn over the photo, one square corrected by a tap, the
sheet put into the match being entered, totals equal to `companion score` on
the state the page built, saved and reopened from the history; a Canal Houses
street photo whose missing values are asked for and filled in on the page
before it scores; an unreadable photo's message kept with the photo for a
retry; and a catalog card photographed on the catalog page."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from browser_support import ARTIFACTS, score_cli
from playwright.sync_api import Page, expect

from companion.games.canal_houses.state import missing_values

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures" / "photos"
CYCLE = [None, "NS", "EW", "NE", "NW", "SE", "SW"]

# Records every phase of the upload status (the page navigates away right after),
# with whether the progress bar showed and whether it had a value (else: indeterminate).
PHASE_RECORDER = """
(() => {
  const log = () => JSON.parse(sessionStorage.getItem("phases") || "[]");
  new MutationObserver(() => {
    const status = document.getElementById("upload-status");
    const bar = document.getElementById("upload-progress");
    if (!status || !bar) return;
    const entry = {phase: status.dataset.phase, bar: !bar.hidden && !status.hidden,
                   value: bar.hasAttribute("value") ? bar.value : null};
    const all = log();
    const last = all[all.length - 1];
    if (!last || last.phase !== entry.phase || last.value !== entry.value) {
      all.push(entry);
      sessionStorage.setItem("phases", JSON.stringify(all));
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-phase", "value", "hidden"]});
})();
"""


def _committed(folder: str, pattern: str) -> list[Path]:
    """Fixture photos that are committed (not just lying in the working tree)."""
    try:
        out = subprocess.run(["git", "ls-files", f"fixtures/photos/{folder}"], cwd=REPO, capture_output=True,
                             text=True, timeout=120).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return []
    return sorted(REPO / p for p in out if re.fullmatch(pattern, Path(p).name))


def _doodle_photo(tmp_path: Path) -> Path:
    """A committed Suzhou fixture photo (the 1600x1200 ones), else one made the same way."""
    found = _committed("doodle-china", r"suzhou-\d\d\.jpg")
    if found:
        return found[0]
    from doodle_photos import make_case

    data, _ = make_case(3, layout="suzhou-v1", out_size=(1600, 1200), quality=(60, 88))
    path = tmp_path / "suzhou.jpg"
    path.write_bytes(data)
    return path


def _houses_photo(tmp_path: Path) -> Path:
    """The committed Canal Houses street fixture with the fewest cards, else a
    small generated street the reader reads (the generator is still changing, so
    the first seed that reads is taken)."""
    streets = []
    for jpg in _committed("canal-houses", r"street-.*\.jpg"):
        truth = json.loads(jpg.with_suffix(".expected.json").read_text(encoding="utf-8"))
        if truth.get("kind") == "street":
            streets.append((len(truth.get("cards") or []), jpg))
    if streets:
        return min(streets)[1]
    from street_photos import generate

    import vision

    for seed in (26, 27, 3, 10, 17, 2, 30, 31, 32, 33):
        photo = generate(seed, size=(1600, 1200), n_houses=2)
        try:
            cards = vision.read_photo(photo.data, game="canal-houses")["cards"]
        except vision.PhotoError:
            continue
        if 2 <= len(cards) <= 8:
            path = tmp_path / "street.jpg"
            path.write_bytes(photo.data)
            return path
    pytest.fail("no generated street photo could be read")


@pytest.fixture(autouse=True)
def uploads_removed(live_server):
    """The live app keeps uploads in instance/uploads (conftest sets no folder of
    its own); every photo a test here stores is removed again, and only those."""
    stored: list[str] = []
    yield stored
    folder = REPO / "instance" / "uploads"
    for pid in stored:
        for path in folder.glob(f"{pid}.*"):
            path.unlink(missing_ok=True)


def _idle(page: Page) -> None:
    expect(page.locator("body[data-scoring=idle]")).to_have_count(1)


def _state(page: Page) -> dict:
    _idle(page)
    return json.loads(page.locator("#photo-app").get_attribute("data-state"))


def _totals_shown(page: Page) -> dict[str, int]:
    return {row.get_attribute("data-player"): int(row.get_by_test_id("total").inner_text())
            for row in page.locator("#result .result-player").all()}


def _no_page_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"photo_{name}.png"), full_page=True)


def _send(page: Page, gid: str, game: str, photo: Path, stored: list[str]) -> str:
    """Upload through the page; checks the progress phases; returns the photo's id."""
    page.add_init_script(PHASE_RECORDER)
    page.goto(f"/g/{gid}/photo/{game}")
    page.set_input_files("#photo-camera", str(photo))
    page.wait_for_url(re.compile(r"/photo/[0-9a-f-]{36}$"), timeout=60_000)
    pid = page.url.rsplit("/", 1)[-1]
    stored.append(pid)
    phases = page.evaluate("JSON.parse(sessionStorage.getItem('phases') || '[]')")
    names = [p["phase"] for p in phases]
    assert "uploading" in names and "reading" in names and names[-1] == "done", phases
    uploading = [p for p in phases if p["phase"] == "uploading"]
    assert all(p["bar"] and p["value"] is not None for p in uploading), phases  # a bar with a share
    reading = next(p for p in phases if p["phase"] == "reading")
    assert reading["bar"] and reading["value"] is None, phases  # then indeterminate
    return pid


def test_doodle_sheet_photo_joins_the_match_is_corrected_scored_and_saved(phone: Page, group_page, tmp_path,
                                                                        uploads_removed):
    gid, _key = group_page
    # The match being entered on this phone: Ana and Ben, print-and-play Suzhou sheets.
    phone.goto(f"/g/{gid}/play/doodle-china")
    phone.locator("[data-edition=suzhou]").click()
    for name in ("Ana", "Ben"):
        phone.fill("#new-player", name)
        phone.get_by_role("button", name="Add", exact=True).click()
    phone.locator("#start-scoring").click()
    phone.get_by_test_id("sq-0-0").click()  # Ana: one line on her start square
    phone.locator("#shape-picker [data-shape=NS]").click()
    _idle(phone)

    pid = _send(phone, gid, "doodle-china", _doodle_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    assert reading["homography"] and reading["size"]

    # The read grid drawn over the photo: 25 cells, a line for every path read.
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-cell")).to_have_count(25)
    drawn = sum(":" in cell for row in reading["proposal"]["grid"] for cell in row)
    expect(view.locator("polyline.ov-path")).to_have_count(drawn)
    expect(view.locator("img")).to_have_js_property("complete", True)
    assert view.locator("img").evaluate("img => img.naturalWidth") > 0
    box = view.bounding_box()
    assert box["width"] >= 320 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    for r, c in ((0, 0), (4, 4)):  # the grid fills the zoomed view, every cell thumb-sized
        cell = phone.get_by_test_id(f"sq-{r}-{c}").bounding_box()
        assert cell["width"] >= 44 and cell["height"] >= 44, cell
        assert box["x"] <= cell["x"] and cell["x"] + cell["width"] <= box["x"] + box["width"] + 1

    # Whose sheet: Ben, of the match being entered.
    phone.locator(".target-player[data-player=Ben]").click()
    expect(phone.locator(".target-player[data-player=Ben]")).to_have_attribute("aria-pressed", "true")

    # One tap on a plain square moves its line one step on.
    r, c = next((r, c) for r, row in enumerate(reading["proposal"]["grid"]) for c, cell in enumerate(row)
                if cell.split(":")[0] == "plain")
    before = reading["proposal"]["grid"][r][c].partition(":")[2] or None
    phone.get_by_test_id(f"sq-{r}-{c}").click()
    after = CYCLE[(CYCLE.index(before) + 1) % len(CYCLE)]
    expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_attribute("data-path", after or "")
    expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_class(re.compile("is-(touched|checked)"))

    state = _state(phone)
    assert [p["name"] for p in state["players"]] == ["Ana", "Ben"]
    assert state["players"][0]["grid"][0][0] != "start"  # Ana's line from the draft is kept
    ben = state["players"][1]
    expected_grid = [row[:] for row in reading["proposal"]["grid"]]
    expected_grid[r][c] = f"plain:{after}" if after else "plain"
    assert ben["grid"] == expected_grid
    for key in ("hotels", "shops", "shop_bonuses", "trees_crossed"):
        assert ben[key] == reading["proposal"][key]
    expected = score_cli(state)
    assert _totals_shown(phone) == {p["name"]: p["total"] for p in expected["players"]}
    expect(phone.locator("#result .result-player.is-this-sheet")).to_have_attribute("data-player", "Ben")
    _no_page_scroll(phone)
    _shot(phone, "doodle_reading")
    assert phone.errors == []

    # Save: the match holds both sheets, the draft is gone, history reopens it.
    phone.locator("#save-match").click()
    phone.wait_for_url(re.compile(r"/matches/"))
    mid = phone.url.rstrip("/").rsplit("/", 1)[-1]
    assert phone.request.get(f"/api/groups/{gid}/matches/{mid}").json()["state"] == state
    assert phone.evaluate("k => localStorage.getItem(k)", f"draft:{gid}:doodle-china") is None
    phone.goto(f"/g/{gid}/history")
    phone.locator(f"a.match-row[href$='{mid}']").click()
    phone.wait_for_url(re.compile(mid))
    for p in expected["players"]:
        expect(phone.locator(f"[data-player='{p['name']}'] [data-testid=total]")).to_have_text(str(p["total"]))
    phone.locator("#edit-match").click()
    expect(phone.get_by_role("tab", name=re.compile("Ben"))).to_be_visible()


def _fill_every_missing_value(page: Page) -> int:
    """Answer every question the page asks, the first store's condition through the
    card editor; returns how many answers it took."""
    answers = 0
    first_condition = True
    for _ in range(200):
        if page.get_by_test_id("missing").count() == 0:
            return answers
        row = page.locator("#card-panel .ask-row").first
        if row.count() == 0:
            page.locator("#fill-next").click()
            continue
        ask = row.get_attribute("data-ask")
        if ask == "points":
            row.get_by_test_id("ask-points-2").click()
        elif ask == "condition" and first_condition:
            first_condition = False
            row.get_by_test_id("ask-condition-some").click()
            page.locator("#editor [data-chip='at_least cats 1']").click()  # "1+ cat" in the card editor
            expect(page.locator("#editor .cond-row")).to_have_count(1)
        elif ask == "condition":
            row.get_by_test_id("ask-condition-none").click()
        else:
            row.get_by_test_id(f"ask-{ask}-{1 if ask == 'cats' else 0}").click()
        answers += 1
    raise AssertionError("the page kept asking")


def test_canal_houses_street_photo_asks_for_the_missing_values_then_scores(phone: Page, group_page, tmp_path,
                                                                          uploads_removed):
    gid, _key = group_page
    pid = _send(phone, gid, "canal-houses", _houses_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    cards = reading["cards"]

    # Every card outlined on the photo, labelled, the missing ones marked.
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-card")).to_have_count(len(cards))
    expect(view.locator("polygon.ov-card.is-missing")).to_have_count(len(cards))  # no catalog yet
    labels = view.locator("text.ov-label").all_text_contents()
    assert "1S" in labels and len(labels) == len(cards)
    first = cards[0]
    expect(phone.get_by_test_id(f"card-{first['house']}-{first['row']}")).to_have_class(re.compile(f"c-{first['color']}"))

    # Scoring waits for the missing values, and says which.
    missing = phone.get_by_test_id("missing")
    expect(missing).to_contain_text("Still to fill in")
    expect(phone.locator("#save-match")).to_be_hidden()
    phone.fill("#player-name", "Ana")
    # Tapping a card on the photo opens its questions.
    phone.get_by_test_id(f"ov-card-{cards[-1]['house']}-{cards[-1]['row']}").click()
    expect(phone.locator("#card-panel h3")).to_contain_text(f"House {cards[-1]['house'] + 1}")
    _shot(phone, "houses_asking")

    answers = _fill_every_missing_value(phone)
    assert answers >= len(cards)
    expect(view.locator("polygon.ov-card.is-missing")).to_have_count(0)
    state = _state(phone)
    assert [p["name"] for p in state["players"]] == ["Ana"]
    street = state["players"][0]["street"]
    assert len(street) == len(reading["proposal"]["street"])
    assert missing_values(state) == []
    conditions = [card["condition"] for house in street for card in (house["store"], house.get("roof")) if card]
    assert conditions.count({"at_least": {"cats": 1}}) == 1  # the one added in the card editor
    assert all(cond in ({}, {"at_least": {"cats": 1}}) for cond in conditions)
    expected = score_cli(state)
    assert _totals_shown(phone) == {"Ana": expected["players"][0]["total"]}
    _no_page_scroll(phone)
    _shot(phone, "houses_scored")
    assert phone.errors == []

    phone.locator("#save-match").click()
    phone.wait_for_url(re.compile(r"/matches/"))
    mid = phone.url.rstrip("/").rsplit("/", 1)[-1]
    phone.goto(f"/g/{gid}/history")
    phone.locator(f"a.match-row[href$='{mid}']").click()
    expect(phone.locator("[data-player='Ana'] [data-testid=total]")).to_have_text(str(expected["players"][0]["total"]))


def test_cards_left_out_of_the_street_are_drawn_on_the_photo_too(phone: Page, group_page, uploads_removed):
    """Face-down discards (and anything card-shaped the reader could not place)
    are outlined on the photo apart from the street, so a person sees every
    card the reader found."""
    gid, _key = group_page
    photo = FIXTURES / "canal-houses" / "classic-discards.jpg"
    pid = _send(phone, gid, "canal-houses", photo, uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    others = reading["other_cards"]
    assert any(o["kind"] == "face-down" for o in others), others  # the fixture has discards under the canal
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-card")).to_have_count(len(reading["cards"]))
    expect(view.locator("polygon.ov-other")).to_have_count(len(others))
    expect(view.locator("polygon.ov-other.is-face-down")).to_have_count(sum(o["kind"] == "face-down" for o in others))
    assert phone.get_by_test_id("ov-other-0").locator("title").text_content().startswith(
        "Face-down" if others[0]["kind"] == "face-down" else "Left out")
    expect(phone.locator(".legend")).to_contain_text(f"left out of the street ({len(others)})")
    _no_page_scroll(phone)
    _shot(phone, "houses_other_cards")
    assert phone.errors == []


def test_an_unreadable_photo_says_what_to_do_and_keeps_the_photo(phone: Page, group_page, tmp_path):
    gid, _key = group_page
    from PIL import Image

    blank = tmp_path / "blank.jpg"
    Image.new("RGB", (800, 600), (30, 30, 30)).save(blank, "JPEG")
    phone.goto(f"/g/{gid}/photo/doodle-china")
    phone.set_input_files("#photo-file", str(blank))
    error = phone.locator("#upload-error")
    expect(error).to_be_visible(timeout=30_000)
    message = phone.get_by_test_id("server-message").inner_text()
    assert "light" in message or "sheet" in message, message  # the server's own words
    expect(error).to_contain_text("Take the photo again")
    expect(phone.locator("#photo-preview")).to_be_visible()  # the photo is still there ...
    expect(phone.locator("#upload-status")).to_have_attribute("data-phase", "error")
    with phone.expect_response(re.compile(r"/photos$")) as sent:
        phone.locator("#retry").click()  # ... and goes again with one tap
    assert sent.value.status == 422
    expect(error).to_be_visible()
    _no_page_scroll(phone)
    _shot(phone, "upload_error")


def test_catalog_page_photographs_a_card(phone: Page, group_page, tmp_path):
    gid, key = group_page
    from card_decks import deck
    from street_photos import card_photo

    design = next(c for c in deck() if c.role == "roof")
    answer = phone.request.post(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key},
                                data={"kind": "roof", "name": "Tall roof", "data": design.truth()})
    assert answer.status == 201, answer.text()
    cid = answer.json()["id"]
    photo = tmp_path / "roof.jpg"
    photo.write_bytes(card_photo(design, 5))

    phone.goto(f"/g/{gid}/photo/cards")
    row = phone.locator(f".catalog-card[data-card='{cid}']")
    expect(row).to_contain_text("Tall roof")
    expect(phone.get_by_test_id("catalog-count")).to_have_text("0 of 1 cards photographed.")
    row.get_by_test_id("card-camera").set_input_files(str(photo))
    expect(row.get_by_test_id("photographed")).to_be_visible(timeout=30_000)
    expect(phone.get_by_test_id("catalog-count")).to_have_text("1 of 1 cards photographed.")
    listed = phone.request.get(f"/api/groups/{gid}/card-photos", headers={"X-Companion-Key": key}).json()
    assert [p["card_id"] for p in listed["photos"]] == [cid]
    _no_page_scroll(phone)
    _shot(phone, "catalog")
    assert phone.errors == []


def test_the_sheet_can_continue_on_the_score_page(phone: Page, group_page, tmp_path, uploads_removed):
    """A new match from the photo, taken on to the Doodle China page to type in the rest."""
    gid, _key = group_page
    pid = _send(phone, gid, "doodle-china", _doodle_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    phone.locator("[data-target=new]").click()
    phone.fill("#player-name", "Cleo")
    _idle(phone)
    phone.locator("#continue-play").click()
    phone.wait_for_url(re.compile(r"/play/doodle-china"))
    expect(phone.get_by_role("tab", name=re.compile("Cleo"))).to_have_attribute("aria-selected", "true")
    draft = phone.evaluate("k => JSON.parse(localStorage.getItem(k))", f"draft:{gid}:doodle-china")
    assert draft["state"]["players"][0]["grid"] == reading["proposal"]["grid"]
    assert draft["ui"]["layout"]["id"] == reading["sheet"]["layout"]
    grid = reading["proposal"]["grid"]
    r, c = next((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row) if ":" in cell)
    expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_attribute("data-path", grid[r][c].split(":")[1])


def test_photo_pages_first_load_is_light(browser, phone: Page, group_page, live_server, tmp_path, uploads_removed):
    """Each photo page cold on a phone: at most 150 KB, the photo itself aside
    (it is the person's own picture, fetched after the page)."""
    gid, key = group_page
    headers = {"X-Companion-Key": key}
    readings = {}
    for game, photo in (("doodle-china", _doodle_photo(tmp_path)), ("canal-houses", _houses_photo(tmp_path))):
        answer = phone.request.post(f"/api/groups/{gid}/photos", headers=headers, multipart={
            "game": game, "photo": {"name": photo.name, "mimeType": "image/jpeg", "buffer": photo.read_bytes()}})
        assert answer.status == 201, answer.text()
        readings[game] = answer.json()["id"]
        uploads_removed.append(readings[game])
    urls = {"upload (doodle)": f"/g/{gid}/photo/doodle-china", "upload (houses)": f"/g/{gid}/photo/canal-houses",
            "catalog photos": f"/g/{gid}/photo/cards",
            "doodle reading": f"/g/{gid}/photo/{readings['doodle-china']}",
            "houses reading": f"/g/{gid}/photo/{readings['canal-houses']}"}
    cookies = phone.context.storage_state()
    report = {}
    for name, url in urls.items():
        context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                      is_mobile=True, has_touch=True, base_url=live_server, storage_state=cookies)
        page = context.new_page()
        responses = []
        page.on("response", lambda r, seen=responses: seen.append(r))
        try:
            assert page.goto(url).status == 200, name
            page.wait_for_load_state("networkidle")
            size = sum(len(r.body()) for r in responses if r.status != 304 and not r.url.endswith("/image"))
            report[name] = size
            assert size <= 150 * 1024, f"{name}: {size} bytes on first load"
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        finally:
            context.close()
    print("\nphoto pages, first load without the photo (bytes):", report)


def test_a_card_recognised_from_the_catalog_is_marked_and_not_asked(phone: Page, group_page, tmp_path, monkeypatch,
                                                                    uploads_removed):
    """The page's side of a catalog match (the reading is the real one, with its
    first store marked as recognised, as the reader answers when it is)."""
    import companion.photos.reading as photo_reading

    gid, key = group_page
    store = {"points": 4, "color": "red", "condition": {"none": ["flags"]}}
    answer = phone.request.post(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key},
                                data={"kind": "store", "name": "Red shop, no flags", "data": store})
    cid = answer.json()["id"]
    real = photo_reading.read_in_worker

    def recognised(data, **kwargs):
        reading = real(data, **kwargs)
        card = next(c for c in reading["cards"] if c["role"] == "store")
        card["match"] = {"id": cid, "confidence": 0.93}
        reading["proposal"]["street"][card["house"]]["store"] = dict(store)
        return reading

    monkeypatch.setattr(photo_reading, "read_in_worker", recognised)
    pid = _send(phone, gid, "canal-houses", _houses_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    card = next(c for c in reading["cards"] if c["match"])
    view = phone.get_by_test_id("photo-view")
    expect(view.locator("polygon.ov-card.is-matched")).to_have_count(1)
    expect(view.locator("circle.ov-badge-matched")).to_have_count(1)
    expect(view.locator("polygon.ov-card.is-missing")).to_have_count(len(reading["cards"]) - 1)
    button = phone.get_by_test_id(f"card-{card['house']}-{card['row']}")
    expect(button).to_have_class(re.compile("is-matched"))
    expect(button).not_to_have_class(re.compile("is-missing"))
    button.click()
    expect(phone.get_by_test_id("from-catalog")).to_contain_text("Red shop, no flags")
    expect(phone.locator("#editor [data-testid=points] [aria-pressed=true]")).to_have_text("4")  # the editor, not questions
    assert phone.errors == []


def test_without_the_sheets_place_the_read_grid_is_drawn_beside_the_photo(phone: Page, group_page, tmp_path,
                                                                           monkeypatch, uploads_removed):
    """A reading that does not say where the sheet lies (an older reading): the
    photo, and below it the read grid drawn as on the score page, tapped the same way."""
    import companion.photos.reading as photo_reading

    real = photo_reading.read_in_worker

    def placeless(data, **kwargs):
        reading = real(data, **kwargs)
        reading.pop("homography", None)
        reading.pop("size", None)
        reading["confidence"]["grid"][1][1] = 0.3  # one doubtful square
        return reading

    monkeypatch.setattr(photo_reading, "read_in_worker", placeless)
    gid, _key = group_page
    pid = _send(phone, gid, "doodle-china", _doodle_photo(tmp_path), uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}").json()
    sheet = phone.get_by_test_id("sheet")
    expect(sheet.locator("button.dc-sq")).to_have_count(25)
    expect(phone.get_by_test_id("photo-view").locator("polygon")).to_have_count(0)
    expect(phone.get_by_test_id("sq-1-1")).to_have_class(re.compile("is-doubt"))
    r, c = next((r, c) for r, row in enumerate(reading["proposal"]["grid"]) for c, cell in enumerate(row)
                if cell.split(":")[0] != "house")
    before = reading["proposal"]["grid"][r][c].partition(":")[2] or None
    phone.get_by_test_id(f"sq-{r}-{c}").click()
    after = CYCLE[(CYCLE.index(before) + 1) % len(CYCLE)]
    expect(phone.get_by_test_id(f"sq-{r}-{c}")).to_have_attribute("data-path", after or "")
    phone.fill("#player-name", "Dai")
    state = _state(phone)
    assert _totals_shown(phone) == {"Dai": score_cli(state)["players"][0]["total"]}
    _no_page_scroll(phone)
    _shot(phone, "doodle_no_overlay")
    assert phone.errors == []


def test_catalog_from_one_photo_of_twelve_cards(phone: Page, group_page, tmp_path, uploads_removed):
    """One photo of 12 cards laid out in a grid: all 12 found and shown; three
    labelled on the phone (kind, colour, values; the second window takes the
    first's values with one tap on 'Same as'); a street photo that uses them
    is then read with those three recognised in their places."""
    import cv2
    import numpy as np
    from card_decks import deck
    from street_photos import generate, grid_photo

    import vision

    gid, key = group_page
    street = None
    for seed in (4, 26, 27, 3, 10):
        made = generate(seed, size=(1600, 1200), n_houses=2, exif=False)
        try:
            read = vision.read_photo(made.data, game="canal-houses")
        except vision.PhotoError:
            continue
        if len(read["cards"]) == len(made.truth["cards"]) <= 12:
            street = made
            break
    assert street is not None, "no generated street photo could be read"
    by_id = {c.id: c for c in deck()}
    used = [by_id[c["id"]] for c in street.truth["cards"]]
    rest = [c for c in deck() if c not in used]
    grid = grid_photo(used + rest[:12 - len(used)], 8, size=(2400, 1800), columns=4)
    grid_path = tmp_path / "grid.jpg"
    grid_path.write_bytes(grid.data)
    street_path = tmp_path / "street.jpg"
    street_path.write_bytes(street.data)

    phone.goto(f"/g/{gid}/photo/cards")
    with phone.expect_response(re.compile(r"/card-photos/grid$"), timeout=120_000) as sent:
        phone.get_by_test_id("grid-camera").set_input_files(str(grid_path))
    answer = sent.value.json()
    expect(phone.get_by_test_id("grid-count")).to_have_text("12 cards found; 12 to save.", timeout=60_000)
    _shot(phone, "catalog_grid_found")
    # Which found card is which design: the centre of its outline in the truth's outlines.
    which = {}
    for card in answer["cards"]:
        centre = tuple(np.mean(card["outline"], axis=0))
        for t in grid.truth["cards"]:
            if cv2.pointPolygonTest(np.array(t["outline"], np.float32), centre, False) >= 0:
                which[card["index"]] = by_id[t["id"]]
    street_ids = {c.id for c in used}
    windows = [i for i, d in which.items() if d.id in street_ids and d.role == "window"]
    stores = [i for i, d in which.items() if d.id in street_ids and d.role == "store"]
    chosen = (windows[:2] + stores[:1]) if len(windows) >= 2 else (windows + stores)[:3]
    assert len(chosen) == 3, which

    def label(index: int, copy_previous: bool = False) -> None:
        design = which[index]
        row = phone.locator(f"[data-grid-card='{index}']")
        row.get_by_role("button", name=design.role.capitalize(), exact=True).click()
        row.get_by_role("button", name=design.color, exact=True).click()
        truth = design.truth()
        if design.role == "window":
            if copy_previous:
                row.get_by_test_id("same-as").first.click()
                truth = first_values
            else:
                for feat in ("cats", "birds", "flags", "flowerpots"):
                    for _ in range(truth[feat]):
                        row.get_by_test_id(f"grid-{feat}").get_by_role("button", name=re.compile("one more")).click()
        else:
            for _ in range(truth["points"]):
                row.get_by_test_id("grid-points").get_by_role("button", name=re.compile("one more")).click()
        row.get_by_test_id("grid-save").click()
        expect(row.get_by_test_id("grid-saved")).to_be_visible(timeout=30_000)

    first_values = which[chosen[0]].truth() if which[chosen[0]].role == "window" else None
    label(chosen[0])
    label(chosen[1], copy_previous=which[chosen[1]].role == "window" and first_values is not None)
    label(chosen[2])
    expect(phone.get_by_test_id("grid-count")).to_have_text("12 cards found; 9 to save.")
    expect(phone.get_by_test_id("catalog-count")).to_have_text("3 of 3 cards photographed.")
    _no_page_scroll(phone)
    _shot(phone, "catalog_grid_labelled")
    cards = phone.request.get(f"/api/groups/{gid}/cards", headers={"X-Companion-Key": key}).json()["cards"]
    saved = {c["id"]: c for c in cards}
    assert len(saved) == 3

    pid = _send(phone, gid, "canal-houses", street_path, uploads_removed)
    reading = phone.request.get(f"/api/groups/{gid}/photos/{pid}", headers={"X-Companion-Key": key}).json()
    matched = [c for c in reading["cards"] if c["match"]]
    assert len(matched) >= 2, reading["cards"]
    places = {(t["house"], t["row"]): t["id"] for t in street.truth["cards"]}
    for card in matched:
        entry = saved[card["match"]["id"]]
        design = by_id[places[(card["house"], card["row"])]]
        assert design.role == entry["kind"] and design.color == entry["data"]["color"], (card, entry)
    assert phone.errors == []
