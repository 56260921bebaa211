"""Printable Doodle China sheets from the app: PNG per player, PDF per group."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import vision
from companion.photos.game_data import game_data


def test_print_page_lists_the_groups_players(client, group):
    client.post(f"/api/groups/{group['id']}/matches", headers=group["headers"], json={
        "state": {"game": "canal-grande", "players": [{"name": "<b>Ana</b>", "won": {}},
                                                      {"name": "Ben", "won": {}}]}})
    page = client.get(f"/g/{group['id']}/print", headers=group["headers"])
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "&lt;b&gt;Ana&lt;/b&gt;" in html and "<b>Ana</b>" not in html


def test_png_sheet_is_a4_at_150_dpi_and_its_qr_names_the_player(client, group):
    answer = client.get(f"/g/{group['id']}/print/sheet.png?edition=shanghai&player=Ana&match=m-7",
                        headers=group["headers"])
    assert answer.status_code == 200 and answer.mimetype == "image/png"
    image = Image.open(io.BytesIO(answer.data))
    assert image.size == (1240, 1754)
    reading = vision.read_photo(answer.data, game="doodle-china", **game_data("doodle-china"))
    assert reading["sheet"]["edition"] == "shanghai"
    assert reading["sheet"]["player"] == "Ana" and reading["sheet"]["match"] == "m-7"
    # Shanghai's starting squares are its parks (issue 11): no start square is printed,
    # and each park holds nothing yet.
    grid = reading["proposal"]["grid"]
    assert all(cell.split(":")[0] in ("hotel", "taxi", "plain", "bus", "skyscraper", "park")
               for row in grid for cell in row)
    assert [(r, c) for r, row in enumerate(grid) for c, cell in enumerate(row)
            if cell.startswith("park")] == [(i, i) for i in range(6)]


def test_pdf_has_a_page_per_player(client, group):
    answer = client.get(f"/g/{group['id']}/print/sheets.pdf?edition=suzhou&player=Ana%0ABen%0A%0ACleo",
                        headers=group["headers"])
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    assert answer.data.startswith(b"%PDF")
    pages = answer.data.count(b"/Type /Page") - answer.data.count(b"/Type /Pages")
    assert pages == 3


@pytest.mark.parametrize("query,message", [
    ("edition=paris", "edition must be one of"),
    ("player=" + "x" * 41, "at most 40 characters"),
    ("match=has%20space", "match must be"),
    ("&".join(f"player=p{i}" for i in range(9)), "at most 8 players"),
], ids=["edition", "long-name", "match-id", "too-many"])
def test_bad_choices_are_a_400_that_says_what_is_allowed(client, group, query, message):
    answer = client.get(f"/g/{group['id']}/print/sheet.png?{query}",
                        headers={**group["headers"], "Accept": "application/json"})
    assert answer.status_code == 400
    assert message in answer.get_json()["error"]
