"""Shared fixtures: an app on a temporary SQLite file, a client, a group."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from companion.app import create_app

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
IN_CI = bool(os.environ.get("CI"))

# Hypothesis times each example (200 ms by default) and fails a test whose
# example ran slow once but fast on replay ("Flaky"/DeadlineExceeded), and its
# too_slow health check fails a test whose data took long to make: both are
# measures of the machine's load, not of the code. Speed lives in bench/.
# Tests that set their own @settings keep their other choices.
settings.register_profile("companion", deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("companion")


@pytest.fixture(autouse=True)
def _fresh_rate_limits():
    from companion.web import access

    access.reset_failures()
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
