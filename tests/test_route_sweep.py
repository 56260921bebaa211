"""A sweep over every route of the app (app.url_map): state-changing routes
refuse calls without CSRF protection or from a foreign Origin, group routes
refuse a missing key (401) and another group's key (404), and every answer
carries the security headers."""

from __future__ import annotations

import re

import pytest

from companion.app import create_app

STATE_CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
# Routes that take their secret in the URL itself (the QR join links).
KEY_IN_URL = re.compile(r"join")


def _rules():
    app = create_app({"DATABASE": ":memory:", "SECRET_KEY": "sweep", "TESTING": True})
    return [r for r in app.url_map.iter_rules() if r.endpoint != "static"]


RULES = _rules()


def fill(rule, gid: str) -> str:
    values = {}
    for arg in rule.arguments:
        converter = rule._converters[arg].__class__.__name__
        values[arg] = gid if arg == "gid" else (1 if "Integer" in converter else "x1")
    return rule.build(values, append_unknown=False)[1]


def _cases(methods: set[str]):
    for rule in RULES:
        for method in sorted((rule.methods or set()) & methods):
            yield pytest.param(rule, method, id=f"{method} {rule.rule}")


@pytest.fixture
def joined(client, group):
    """A phone that joined through the link: it holds the group cookie."""
    phone = client.application.test_client()
    phone.get(f"/g/{group['id']}/join?key={group['key']}")
    with phone.session_transaction() as session:
        session["csrf"] = "the-token"
    return phone


@pytest.mark.parametrize("rule,method", list(_cases(STATE_CHANGING)))
def test_state_changing_route_needs_csrf_and_same_origin(joined, group, rule, method):
    url = fill(rule, group["id"])
    no_token = joined.open(url, method=method, data="x", content_type="text/plain")
    assert no_token.status_code == 403, f"{method} {url} without a CSRF token: {no_token.status_code}"
    foreign = joined.open(url, method=method, json={}, headers={
        "X-CSRF-Token": "the-token", "Origin": "https://evil.example"})
    assert foreign.status_code == 403, f"{method} {url} from a foreign Origin: {foreign.status_code}"


GROUP_RULES = [r for r in RULES if "gid" in r.arguments and not KEY_IN_URL.search(r.rule)]


@pytest.mark.parametrize("rule,method", [
    pytest.param(r, m, id=f"{m} {r.rule}") for r in GROUP_RULES
    for m in sorted((r.methods or set()) & ({"GET"} | STATE_CHANGING))])
def test_group_route_refuses_missing_and_foreign_keys(client, group, rule, method):
    url = fill(rule, group["id"])
    stranger = client.application.test_client()
    with stranger.session_transaction() as session:
        session["csrf"] = "t"
    missing = stranger.open(url, method=method, headers={"X-CSRF-Token": "t"})
    assert missing.status_code == 401, f"{method} {url} without a key: {missing.status_code}"
    other = client.post("/api/groups", json={"name": "Other"}).get_json()
    foreign = stranger.open(url, method=method, headers={"X-Companion-Key": other["key"]})
    assert foreign.status_code == 404, f"{method} {url} with another group's key: {foreign.status_code}"


@pytest.mark.parametrize("rule", [pytest.param(r, id=r.rule) for r in RULES if "GET" in r.methods])
def test_every_answer_carries_the_security_headers(joined, group, rule):
    answer = joined.get(fill(rule, group["id"]))
    assert answer.status_code < 500, f"GET {rule.rule}: {answer.status_code}"
    headers = answer.headers
    csp = headers.get("Content-Security-Policy", "")
    assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert headers.get("X-Content-Type-Options") == "nosniff"
    assert headers.get("Referrer-Policy")


def test_session_cookie_is_httponly_and_samesite(client, group):
    answer = client.application.test_client().get(f"/g/{group['id']}/join?key={group['key']}")
    cookie = answer.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    secure = client.application.test_client().get(
        f"/g/{group['id']}/join?key={group['key']}", base_url="https://table.example")
    assert "Secure" in secure.headers["Set-Cookie"]
