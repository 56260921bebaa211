"""Street photos are read with the group's catalog and, in the app, a folder
where the photo workers keep the arrays worked out from it
(vision/canal_houses/catalog_cache.py): config CATALOG_CACHE_FOLDER, by
default the instance's catalog-cache/; a test app keeps none unless asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app import create_app
from companion.photos import api


@pytest.mark.parametrize("config, want", [
    ({"TESTING": False}, "instance"),
    ({"TESTING": True}, None),
    ({"TESTING": True, "CATALOG_CACHE_FOLDER": "SET"}, "SET"),
    ({"TESTING": False, "CATALOG_CACHE_FOLDER": ""}, None),
], ids=["app-default", "test-app", "configured", "turned-off"])
def test_street_reads_are_given_the_catalog_cache_folder(tmp_path, monkeypatch, config, want) -> None:
    folder = tmp_path / "cache"
    config = {k: (str(folder) if v == "SET" else v) for k, v in config.items()}
    app = create_app({"DATABASE": str(tmp_path / "t.sqlite"), "SECRET_KEY": "s", **config})
    monkeypatch.setattr(api, "catalog_for_reading", lambda db, gid: [{"id": "S1"}])
    with app.app_context():
        options = api._options("g", "canal-houses")
        doodle = api._options("g", "doodle-china")
    expected = {"instance": str(Path(app.instance_path) / "catalog-cache"), "SET": str(folder), None: None}[want]
    assert options.get("catalog_cache") == expected
    assert options["catalog"] == [{"id": "S1"}]
    assert doodle is None or "catalog_cache" not in doodle
