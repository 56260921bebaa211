"""Shared fixtures: an app on a temporary SQLite file, a client, a group."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.app import create_app

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
IN_CI = bool(os.environ.get("CI"))


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    from companion.web import ratelimit

    ratelimit.reset()
    yield


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "test.sqlite"), "TESTING": True,
                       "SECRET_KEY": "test-secret", "PUBLIC_URL": "http://localhost"})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def group(client):
    """A group created through the API; `headers` carry its key like a script would."""
    answer = client.post("/api/groups", json={"name": "Thursday club"})
    assert answer.status_code == 201
    body = answer.get_json()
    body["headers"] = {"X-Companion-Key": body["key"]}
    return body
