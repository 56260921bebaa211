"""Error answers: HTML errors are styled pages, API errors stay JSON, and an
unexpected error is a styled page too."""

from __future__ import annotations

import pytest
from phone_access import csrf_of

from companion.app import create_app

# -- error pages --------------------------------------------------------------------

@pytest.mark.parametrize("url,words", [
    ("/no/such/page", "There is nothing at this address"),
    ("/g/nope/join?key=abc", "Ask the group for a fresh QR code"),
    ("/g/nope/join", "Ask the group for a fresh QR code"),
    ("/g/nope/rooms/r1/join?token=abc", "fresh QR code"),
], ids=["unknown", "wrong-join", "truncated-join", "wrong-table-link"])
def test_html_errors_are_styled_pages(client, url, words):
    answer = client.get(url)
    assert answer.status_code == 404
    assert answer.mimetype == "text/html"
    html = answer.get_data(as_text=True)
    assert words in html and "Go to the start page" in html and 'class="topbar"' in html
    assert "Not Found" not in html  # never the framework's bare page


def test_api_errors_stay_json_and_other_statuses_get_pages(app, client, group):
    api = client.get("/api/no-such-thing")
    assert api.status_code == 404 and api.get_json()["error"]
    refused = app.test_client().post("/", data={"name": "x"})
    assert refused.status_code == 403 and refused.mimetype == "text/html"
    assert "Not allowed" in refused.get_data(as_text=True)
    token = csrf_of(client.get("/").data)
    method = client.put(f"/g/{group['id']}", headers={"X-CSRF-Token": token})
    assert method.status_code == 405 and "Go to the start page" in method.get_data(as_text=True)


def test_an_unexpected_error_is_a_styled_page(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "b.sqlite"), "SECRET_KEY": "s", "TESTING": True})

    def broken():
        raise RuntimeError("boom")

    app.add_url_rule("/broken", "broken", broken)
    app.add_url_rule("/api/broken", "api_broken", broken)
    page = app.test_client().get("/broken")
    assert page.status_code == 500 and "Something went wrong" in page.get_data(as_text=True)
    assert "boom" not in page.get_data(as_text=True) and "Traceback" not in page.get_data(
        as_text=True)
    assert app.test_client().get("/api/broken").get_json()["error"]
