"""The templates API: teach a pad from a photo of a blank, confirm its values,
then a photo without our QR code is read through it (sheet.template)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from tesseract_needed import need_tesseract

from companion import storage

PAD = Path(__file__).resolve().parents[1] / "fixtures" / "photos" / "doodle-china-pad"

pytestmark = pytest.mark.tesseract


@pytest.fixture(autouse=True)
def _needs_tesseract():
    need_tesseract()


def post(client, group, url, data: bytes, **fields):
    form = {**fields, "photo": (io.BytesIO(data), "photo.jpg")}
    return client.post(url, data=form, headers=group["headers"], content_type="multipart/form-data")


def truth(case: str) -> dict:
    return json.loads((PAD / f"{case}.expected.json").read_text("utf-8"))


def test_teach_confirm_read_and_delete(client, group, app):
    api = f"/api/groups/{group['id']}/templates"
    answer = post(client, group, api, (PAD / "blank-suzhou-boxed.jpg").read_bytes(), edition="suzhou",
                  name="Thursday pad")
    assert answer.status_code == 201, answer.get_json()
    body = answer.get_json()
    assert set(body) >= {"id", "template", "warnings"} and body["confirmed"] is False
    tid = body["id"]
    assert set(body["template"]["tracks"]) == {"hotels", "shops", "shop_bonuses"}

    listed = client.get(api, headers=group["headers"]).get_json()
    assert [t["id"] for t in listed] == [tid] and "image" not in listed[0]["template"]
    # the blank's colour channel (format 2) is stored for the reader, never shown
    assert not {"image", "image_pale"} & set(listed[0]["template"])
    assert "image_pale" not in body["template"]
    shown = client.get(f"{api}/{tid}", headers=group["headers"]).get_json()
    assert "image" in shown["template"] and "image_pale" not in shown["template"]

    # a draft is not used: the marked photo is refused like any unknown sheet
    marked = (PAD / "marked-suzhou-boxed-arc.jpg").read_bytes()
    photos = f"/api/groups/{group['id']}/photos"
    assert post(client, group, photos, marked, game="doodle-china").status_code == 422

    # confirming before every value was seen is refused, and says which
    answer = client.patch(f"{api}/{tid}", json={"confirmed": True}, headers=group["headers"])
    assert answer.status_code == 422 and "hotels 1" in answer.get_json()["error"]
    answer = client.patch(f"{api}/{tid}", json={"values": {"hotels": [1, 2]}}, headers=group["headers"])
    assert answer.status_code == 422 and answer.get_json()["path"] == "values.hotels"

    geo = truth("blank-suzhou-boxed")["geometry"]
    values = {name: [e["value"] for e in entries] for name, entries in geo["tracks"].items()}
    values["hotels"][0] = 2  # the person's one-tap fix (here: the same value)
    answer = client.patch(f"{api}/{tid}", json={"values": values, "confirmed": True}, headers=group["headers"])
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["confirmed"] is True
    stored = storage.get_template(storage.connect(app.config["DATABASE"]), group["id"], tid)["data"]
    assert stored["format"] == 2 and stored["image_pale"]["channel"] == "red"  # kept through the PATCH

    answer = post(client, group, photos, marked, game="doodle-china")
    assert answer.status_code == 201, answer.get_json()
    reading = answer.get_json()
    assert reading["sheet"]["template"] == tid
    assert reading["proposal"]["grid"] == truth("marked-suzhou-boxed-arc")["proposal"]["grid"]

    assert client.delete(f"{api}/{tid}", headers=group["headers"]).status_code == 204
    assert client.get(f"{api}/{tid}", headers=group["headers"]).status_code == 404


@pytest.mark.parametrize("case,edition", [("bad-steep-suzhou", "suzhou"), ("bad-hand-suzhou", "suzhou"),
                                          ("blank-shanghai-boxed", "suzhou")],
                         ids=["too-steep", "hand-over-half", "other-edition"])
def test_a_blank_that_cannot_teach_is_a_clear_4xx_and_nothing_is_saved(client, group, case, edition):
    api = f"/api/groups/{group['id']}/templates"
    answer = post(client, group, api, (PAD / f"{case}.jpg").read_bytes(), edition=edition)
    assert 400 <= answer.status_code < 500
    assert answer.get_json()["path"] == "photo" and len(answer.get_json()["error"]) > 30
    assert client.get(api, headers=group["headers"]).get_json() == []


@pytest.mark.parametrize("fields,path", [({"edition": "paris"}, "edition"), ({"edition": "suzhou", "colour": "red"},
                                                                            "colour"),
                                         ({"edition": "suzhou", "layout": "nope"}, "layout"),
                                         ({"edition": "suzhou", "hints": "{"}, "hints")],
                         ids=["edition", "unknown-field", "layout", "hints"])
def test_bad_fields_name_the_field(client, group, fields, path):
    answer = post(client, group, f"/api/groups/{group['id']}/templates", b"\xff\xd8\xff", **fields)
    assert answer.status_code == 422 and answer.get_json()["path"] == path
