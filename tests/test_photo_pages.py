"""The photo pages and catalog card photos without a browser: the pages render
for the group (401 without its key, 404 for another group's), names read from
a photo or typed by people stay text, a catalog card photo is described in the
worker and stored with the card, and a later street photo is read with the
group's catalog (options captured; one real reading recognises the card)."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

import companion.photos.reading as photo_reading
from companion.storage import photos as card_photos

EVIL = ["<img src=x onerror=alert(1)>", "<script>alert(1)</script>"]
WINDOW = {"cats": 1, "birds": 0, "flags": 0, "flowerpots": 1, "color": "blue"}


def _jpeg(size=(64, 48)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, (200, 180, 160)).save(out, "JPEG")
    return out.getvalue()


def _csrf(page: bytes) -> str:
    return re.search(rb'name="csrf-token" content="([^"]+)"', page).group(1).decode()


@pytest.fixture
def app(tmp_path):
    """conftest's app, with the uploads kept under the test's own folder."""
    from companion.app import create_app

    return create_app({"DATABASE": str(tmp_path / "test.sqlite"), "TESTING": True, "SECRET_KEY": "test-secret",
                       "UPLOAD_FOLDER": str(tmp_path / "uploads")})


@pytest.fixture
def phone(app):
    """A client that made a group (with a name full of HTML) through the home page."""
    client = app.test_client()
    token = _csrf(client.get("/").data)
    answer = client.post("/", data={"name": EVIL[0], "csrf_token": token})
    assert answer.status_code == 303
    client.gid = answer.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    client.token = _csrf(client.get(f"/g/{client.gid}").data)
    return client


def _fake_reading(game: str) -> dict:
    if game == "doodle-china":
        grid = [["start:EW", "house", "boat:NS", "shop", "hotel"]] + [["plain"] * 5 for _ in range(4)]
        return {"proposal": {"grid": grid, "hotels": [15], "shops": [], "shop_bonuses": [], "trees_crossed": 1},
                "confidence": {"grid": [[0.99] * 5 for _ in range(5)], "hotels": 0.9, "shops": 1.0,
                               "shop_bonuses": 1.0, "trees_crossed": 0.6},
                "sheet": {"game": "doodle-china", "edition": "suzhou", "layout": "suzhou-v1",
                          "player": EVIL[1], "match": EVIL[0]},
                "warnings": [f"cell [0,2]: faint mark {EVIL[0]}"],
                "homography": [[0.5, 0, 10], [0, 0.5, 20], [0, 0, 1]], "size": [64, 48]}
    store = {"points": None, "color": "red", "condition": None}
    return {"proposal": {"street": [{"store": store, "windows": [], "roof": None}]},
            "confidence": {"street": [{"store": {"points": 0, "color": 0.9, "condition": 0},
                                       "windows": [], "roof": None}]},
            "warnings": [EVIL[1]],
            "cards": [{"house": 0, "row": 0, "role": "store", "role_confidence": 0.9,
                       "outline": [[1, 1], [30, 1], [30, 40], [1, 40]], "color": "red",
                       "color_confidence": 0.9, "match": None}],
            "size": [64, 48]}


@pytest.fixture
def captured(monkeypatch):
    """read_in_worker replaced for street and sheet photos: records each call's
    options, answers a fake reading (catalog card photos still go to the worker)."""
    calls = []
    real = photo_reading.read_in_worker

    def fake(data, *, game, edition=None, options=None, **kw):
        if game not in ("doodle-china", "canal-houses"):
            return real(data, game=game, edition=edition, options=options, **kw)
        calls.append({"game": game, "edition": edition, "options": options})
        return _fake_reading(game)

    monkeypatch.setattr(photo_reading, "read_in_worker", fake)
    return calls


def _upload(client, gid, game, headers=None, data=None):
    form = {"game": game, "photo": (io.BytesIO(data or _jpeg()), "photo.jpg")}
    return client.post(f"/api/groups/{gid}/photos", data=form, content_type="multipart/form-data",
                       headers=headers or {"X-CSRF-Token": client.token})


def _card(client, gid, kind="window", data=None, name="Blue cat window"):
    answer = client.post(f"/api/groups/{gid}/cards", json={"kind": kind, "name": name, "data": data or WINDOW},
                         headers={"X-CSRF-Token": client.token})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _assert_escaped(html: str, where: str) -> None:
    for raw in EVIL:
        assert raw not in html, f"{where} shows {raw!r} as HTML"


def test_pages_render_for_the_group(phone, captured):
    gid = phone.gid
    doodle = _upload(phone, gid, "doodle-china").get_json()
    houses = _upload(phone, gid, "canal-houses").get_json()
    expect = {
        f"/g/{gid}/photo/doodle-china": ['capture="environment"', 'id="upload-progress"', "photos/upload.js"],
        f"/g/{gid}/photo/canal-houses": ['capture="environment"', "Card catalog photos"],
        f"/g/{gid}/photo/cards": ["photos/cards.js"],
        f"/g/{gid}/photo/{doodle['id']}": ["photos/doodle.js", '"homography"', '"geometry"'],
        f"/g/{gid}/photo/{houses['id']}": ["photos/houses.js", "play/canal_houses/houses.css", '"cards"'],
    }
    for url, needles in expect.items():
        answer = phone.get(url)
        assert answer.status_code == 200, url
        html = answer.get_data(as_text=True)
        for needle in needles:
            assert needle in html, f"{url} lacks {needle}"
        assert " style=" not in html and " onclick=" not in html, url
    data = json.loads(re.search(r'<script type="application/json" id="page-data">(.*?)</script>',
                                phone.get(f"/g/{gid}/photo/{doodle['id']}").get_data(as_text=True), re.S).group(1))
    assert data["layout"]["id"] == "suzhou-v1" and len(data["geometry"]["cells"]) == 5
    assert data["image"] == f"/api/groups/{gid}/photos/{doodle['id']}/image"
    assert phone.get(data["image"]).status_code == 200


def test_names_from_photos_and_people_stay_text(phone, captured):
    gid = phone.gid
    state = {"game": "canal-houses", "players": [{"name": EVIL[1], "street": [
        {"store": {"points": 1, "color": None, "condition": {}}, "windows": []}]}]}
    assert phone.post(f"/api/groups/{gid}/matches", json={"state": state},
                      headers={"X-CSRF-Token": phone.token}).status_code == 201
    _card(phone, gid, name=EVIL[0])
    doodle = _upload(phone, gid, "doodle-china").get_json()
    houses = _upload(phone, gid, "canal-houses").get_json()
    for url in (f"/g/{gid}/photo/doodle-china", f"/g/{gid}/photo/canal-houses", f"/g/{gid}/photo/cards",
                f"/g/{gid}/photo/{doodle['id']}", f"/g/{gid}/photo/{houses['id']}"):
        html = phone.get(url).get_data(as_text=True)
        _assert_escaped(html, url)
    html = phone.get(f"/g/{gid}/photo/{doodle['id']}").get_data(as_text=True)
    assert "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in html  # the sheet's player, JSON-escaped
    assert "&lt;img src=x onerror=alert(1)&gt;" in html  # the group's name in the title, as text


def test_another_groups_pages_answer_404(app, phone, captured):
    gid = phone.gid
    mine = _upload(phone, gid, "doodle-china").get_json()
    other = app.test_client()
    theirs = other.post("/api/groups", json={"name": "Other table"}).get_json()
    foreign = {"X-Companion-Key": theirs["key"]}
    for url in (f"/g/{gid}/photo/doodle-china", f"/g/{gid}/photo/canal-houses", f"/g/{gid}/photo/cards",
                f"/g/{gid}/photo/{mine['id']}"):
        answer = other.get(url, headers=foreign)
        assert answer.status_code == 404, url
        assert "Other table" not in answer.get_data(as_text=True)
    # This phone's group, a photo of the other group: not found either.
    their_photo = _upload(other, theirs["id"], "doodle-china", headers=foreign).get_json()
    assert phone.get(f"/g/{gid}/photo/{their_photo['id']}").status_code == 404
    assert phone.get(f"/g/{gid}/photo/no-such-photo").status_code == 404
    card = _card(phone, gid)
    answer = other.post(f"/api/groups/{gid}/cards/{card['id']}/photo", headers=foreign,
                        data={"photo": (io.BytesIO(_jpeg()), "c.jpg")}, content_type="multipart/form-data")
    assert answer.status_code == 404
    assert other.get(f"/api/groups/{gid}/card-photos", headers=foreign).status_code == 404


def test_pages_without_the_key_say_how_to_get_in(app, phone):
    stranger = app.test_client()
    for url in (f"/g/{phone.gid}/photo/doodle-china", f"/g/{phone.gid}/photo/canal-houses",
                f"/g/{phone.gid}/photo/cards", f"/g/{phone.gid}/photo/some-photo"):
        answer = stranger.get(url)
        assert answer.status_code == 401, url
        html = answer.get_data(as_text=True)
        assert "QR code" in html and "&lt;img" not in html
    assert stranger.get(f"/api/groups/{phone.gid}/card-photos").status_code == 401


@pytest.fixture
def fake_catalog_worker(monkeypatch):
    """The catalog task answered without the worker (the real one is tested below)."""
    import companion.photos.reading as worker

    def fake(data, *, game, edition=None, options=None, **_):
        assert game == "catalog"
        from vision.canal_houses.constants import ENTRY_VERSION

        return {"version": ENTRY_VERSION, "count": 321, "points": "", "descriptors": "", "role_hint": "store",
                "color_hint": "green"}

    monkeypatch.setattr(worker, "read_in_worker", fake)


def test_card_photo_endpoint_answers_and_refuses(phone, fake_catalog_worker):
    gid = phone.gid
    card = _card(phone, gid)  # a blue window; the fake photo looks like a green store
    url = f"/api/groups/{gid}/cards/{card['id']}/photo"
    headers = {"X-CSRF-Token": phone.token}
    answer = phone.post(url, data={"photo": (io.BytesIO(_jpeg()), "c.jpg")}, headers=headers,
                        content_type="multipart/form-data")
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["card_id"] == card["id"] and body["features"] == 321
    assert any("looks like a store" in w for w in body["warnings"])
    assert any("looks green" in w for w in body["warnings"])
    listed = phone.get(f"/api/groups/{gid}/card-photos").get_json()["photos"]
    assert [p["card_id"] for p in listed] == [card["id"]] and "entry" not in listed[0]
    assert listed[0]["stale"] is False
    with phone.application.app_context():  # described by an older reader: marked to take again
        from companion.web.db import get_db

        card_photos.set_card_photo(get_db(), gid, card["id"], {"version": -1, "count": 5})
    assert phone.get(f"/api/groups/{gid}/card-photos").get_json()["photos"][0]["stale"] is True
    # refusals: no such card, no photo, an unknown field, not a photo
    assert phone.post(f"/api/groups/{gid}/cards/nope/photo", data={"photo": (io.BytesIO(_jpeg()), "c.jpg")},
                      headers=headers, content_type="multipart/form-data").status_code == 404
    missing = phone.post(url, data={}, headers=headers, content_type="multipart/form-data")
    assert missing.status_code == 400 and "photo" in missing.get_json()["error"]
    extra = phone.post(url, data={"colour": "red", "photo": (io.BytesIO(_jpeg()), "c.jpg")}, headers=headers,
                       content_type="multipart/form-data")
    assert extra.status_code == 422 and extra.get_json()["path"] == "colour"
    junk = phone.post(url, data={"photo": (io.BytesIO(b"GIF89a not a photo"), "c.gif")}, headers=headers,
                      content_type="multipart/form-data")
    assert 400 <= junk.status_code < 500 and len(junk.get_json()["error"]) > 20
    # removed: no longer listed, and a second removal is a 404
    assert phone.delete(url, headers=headers).status_code == 204
    assert phone.get(f"/api/groups/{gid}/card-photos").get_json()["photos"] == []
    assert phone.delete(url, headers=headers).status_code == 404


def test_a_deleted_card_is_not_in_the_catalog_a_photo_is_read_with(app, phone, fake_catalog_worker, captured):
    gid = phone.gid
    kept, dropped = _card(phone, gid, name="Kept"), _card(phone, gid, name="Dropped")
    headers = {"X-CSRF-Token": phone.token}
    for card in (kept, dropped):
        assert phone.post(f"/api/groups/{gid}/cards/{card['id']}/photo", headers=headers,
                          data={"photo": (io.BytesIO(_jpeg()), "c.jpg")},
                          content_type="multipart/form-data").status_code == 201
    assert phone.delete(f"/api/groups/{gid}/cards/{dropped['id']}", headers=headers).status_code == 204
    _upload(phone, gid, "canal-houses")
    assert [e["id"] for e in captured[-1]["options"]["catalog"]] == [kept["id"]]


def test_card_photo_is_stored_and_later_streets_are_read_with_the_catalog(app, phone, captured):
    """The real worker describes a synthetic card photo; the street upload then
    hands the reader that entry with the card's current values."""
    from card_decks import deck
    from street_photos import card_photo

    gid = phone.gid
    design = next(c for c in deck() if c.role == "store")
    card = _card(phone, gid, kind="store", data=design.truth(), name="Synthetic store")
    answer = phone.post(f"/api/groups/{gid}/cards/{card['id']}/photo",
                        data={"photo": (io.BytesIO(card_photo(design, 7)), "card.jpg")},
                        headers={"X-CSRF-Token": phone.token}, content_type="multipart/form-data")
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert body["role_hint"] == "store" and body["features"] > 50
    assert body["warnings"] == []
    with app.app_context():
        from companion.web.db import get_db

        stored = card_photos.catalog_for_reading(get_db(), gid)
    assert len(stored) == 1 and stored[0]["id"] == card["id"] and stored[0]["role"] == "store"
    assert json.loads(stored[0]["vision"])["count"] == body["features"]

    # A later street photo: the reader gets the catalog (and the pages' palette) ...
    assert _upload(phone, gid, "canal-houses").status_code == 201
    options = captured[-1]["options"]
    assert options["palette"] == ["red", "orange", "yellow", "green", "blue", "purple"]
    assert [(e["id"], e["role"], e["card"]) for e in options["catalog"]] == [(card["id"], "store", design.truth())]
    # ... and a changed card value reaches the next reading; Doodle China sheets get no catalog.
    changed = {**design.truth(), "points": design.truth()["points"] + 1}
    assert phone.put(f"/api/groups/{gid}/cards/{card['id']}", json={"kind": "store", "name": "Synthetic store",
                     "data": changed}, headers={"X-CSRF-Token": phone.token}).status_code == 200
    _upload(phone, gid, "canal-houses")
    assert captured[-1]["options"]["catalog"][0]["card"]["points"] == changed["points"]
    _upload(phone, gid, "doodle-china")
    assert not captured[-1]["options"]


@pytest.mark.slow
def test_a_real_street_reading_recognises_the_photographed_cards(app, phone):
    """No fakes: cards photographed into the catalog are recognised in a street
    photo, and their values come from the catalog. (How many the reader finds is
    the reader's own tests' business: here at least one, in its own place.)"""
    from card_decks import deck
    from street_photos import card_photo, generate

    gid = phone.gid
    photo = generate(4, size=(1600, 1200), n_houses=3)
    by_id = {c.id: c for c in deck()}
    windows = [c for c in photo.truth["cards"] if c["role"] == "window"]
    roofs = [c for c in photo.truth["cards"] if c["role"] == "roof"]
    placed = (windows[:2] + roofs[:1]) or photo.truth["cards"][:3]
    made = {}
    for spot in placed:
        design = by_id[spot["id"]]
        card = _card(phone, gid, kind=design.role, data=design.truth(), name=design.id)
        answer = phone.post(f"/api/groups/{gid}/cards/{card['id']}/photo",
                            data={"photo": (io.BytesIO(card_photo(design, 3)), "card.jpg")},
                            headers={"X-CSRF-Token": phone.token}, content_type="multipart/form-data")
        assert answer.status_code == 201, answer.get_json()
        made[(spot["house"], spot["row"])] = (card["id"], design)
    answer = _upload(phone, gid, "canal-houses", data=photo.data)
    assert answer.status_code == 201, answer.get_json()
    reading = answer.get_json()
    matched = {(c["house"], c["row"]): c["match"]["id"] for c in reading["cards"] if c["match"]}
    found = [(spot, cid, design) for spot, (cid, design) in made.items() if matched.get(spot) == cid]
    assert found, f"none of {[d.id for _, d in made.values()]} was recognised in its place: {matched}"
    for (house, row), _cid, design in found:
        street_house = reading["proposal"]["street"][house]
        card = street_house["windows"][row - 1] if design.role == "window" else street_house[design.role]
        assert {k: card[k] for k in design.truth() if k != "color"} == \
            {k: v for k, v in design.truth().items() if k != "color"}


def test_a_photo_of_many_cards_adds_them_to_the_catalog(app, phone):
    """One photo of six cards laid out in a grid (the real worker): each is
    found with a preview and hints, values typed for like cards are offered,
    and a saved card takes its description from the grid by index."""
    from card_decks import deck
    from street_photos import grid_photo

    gid = phone.gid
    cards = deck(style="facade")
    picked = [cards[0], cards[1], cards[40], cards[41], cards[90], cards[91]]
    made = grid_photo(picked, 4, size=(1800, 1350), columns=3)
    typed = _card(phone, gid, kind="window", name="Typed window", data=cards[40].truth())
    answer = phone.post(f"/api/groups/{gid}/card-photos/grid", data={"photo": (io.BytesIO(made.data), "grid.jpg")},
                        headers={"X-CSRF-Token": phone.token}, content_type="multipart/form-data")
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert len(body["cards"]) == 6 and body["warnings"] == []
    for card in body["cards"]:
        assert card["preview"].startswith("data:image/jpeg;base64,") and card["features"] > 50
        assert len(card["outline"]) == 4
    windows = [c for c in body["cards"] if c["role_hint"] == "window"]
    assert windows and all(s["name"] == "Typed window" for c in windows for s in c["similar"])
    assert "vision" not in json.dumps(body)  # descriptions stay on the server

    # Save one found card and attach its description by grid and index.
    new = _card(phone, gid, kind="roof", name="Grid roof", data=cards[90].truth())
    attached = phone.post(f"/api/groups/{gid}/cards/{new['id']}/photo", data={"grid": body["id"], "index": "2"},
                          headers={"X-CSRF-Token": phone.token}, content_type="multipart/form-data")
    assert attached.status_code == 201, attached.get_json()
    listed = phone.get(f"/api/groups/{gid}/card-photos").get_json()["photos"]
    assert {p["card_id"] for p in listed} == {new["id"]}
    # Bad references say what is allowed.
    for form, status, words in (({"grid": body["id"], "index": "6"}, 422, "from 0 to 5"),
                                ({"grid": "nope", "index": "0"}, 404, "no such photo"),
                                ({"grid": body["id"], "index": "x"}, 422, "index must be")):
        bad = phone.post(f"/api/groups/{gid}/cards/{typed['id']}/photo", data=form,
                         headers={"X-CSRF-Token": phone.token}, content_type="multipart/form-data")
        assert bad.status_code == status and words in bad.get_json()["error"], bad.get_json()
    # A photo of no cards is answered plainly.
    empty = phone.post(f"/api/groups/{gid}/card-photos/grid", data={"photo": (io.BytesIO(_jpeg()), "e.jpg")},
                       headers={"X-CSRF-Token": phone.token}, content_type="multipart/form-data")
    assert empty.status_code == 422 and "no whole card" in empty.get_json()["error"]
