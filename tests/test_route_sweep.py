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


# -- the hostile-input sweep (issue 15) ------------------------------------------------
# Every route, with the group's key and real ids (a room, a match, a card, a
# player), gets bodies, query strings, headers and path segments no phone would
# send. Whatever arrives: never a 5xx; a refused body says what and where
# ({"error", "path"}).

HOSTILE_VALUES = {
    "huge-int": "9" * 5000,
    "big-int": "1" + "0" * 30,
    "nan": "NaN",
    "infinity": "-Infinity",
    "huge-float": "1e999",
    "lone-surrogate": '"\\ud800"',
    "nul": '"Ana\\u0000"',
    "bidi": '"\\u202eanA"',
    "long-name": '"' + "n" * 10_000 + '"',
    "deep-list": "[" * 5000 + "]" * 5000,
    "deep-object": '{"a":' * 3000 + "1" + "}" * 3000,
    "far-date": '"9999-12-31T23:59:59-23:59"',
    "early-date": '"0001-01-01T00:00:00+14:00"',
}


def _bodies(value: str) -> dict[str, str]:
    """The hostile value where routes read names, states, players and dates."""
    grande = ('{"game": "canal-grande", "players": [{"name": %s, "won": {"San Marco": %s}}, '
              '{"name": "Ben", "won": {"Castello": 1}}]}')
    return {
        "name": f'{{"name": {value}}}',
        "state-name": '{"state": %s}' % (grande % (value, "1")),
        "state-count": '{"state": %s}' % (grande % ('"Ana"', value)),
        "players": f'{{"game": "doodle-china", "edition": "suzhou", "players": [{value}]}}',
        "played-at": '{{"played_at": {}, "state": {}}}'.format(value, grande % ('"Ana"', "4")),
        "player": f'{{"player": {value}, "die": {value}, "cell": [{value}, 1]}}',
        "bare": value,
    }


@pytest.fixture
def real_ids(client, group):
    """Ids that exist, so hostile input reaches past the 404 of a made-up id."""
    headers, base = group["headers"], f"/api/groups/{group['id']}"
    room = client.post(f"{base}/rooms", headers=headers, json={
        "game": "doodle-china", "edition": "suzhou", "players": ["Ana", "Ben"]}).get_json()
    client.post(f"{base}/rooms/{room['id']}/roll", headers=headers)
    match = client.post(f"{base}/matches", headers=headers, json={"state": {
        "game": "canal-grande", "players": [{"name": "Ana", "won": {"San Marco": 4}},
                                            {"name": "Ben", "won": {"Castello": 1}}]}}).get_json()
    card = client.post(f"{base}/cards", headers=headers, json={
        "kind": "window", "name": "Blue cat", "data": {"cats": 1, "birds": 0, "flags": 0,
                                                       "flowerpots": 1, "color": "blue"}})
    players = client.get(f"{base}/players", headers=headers).get_json()["players"]
    return {"gid": group["id"], "rid": room["id"], "mid": match["id"],
            "cid": card.get_json()["id"], "pid": players[0]["id"], "lid": "suzhou-v1",
            "game": "canalis"}


def fill_real(rule, ids: dict) -> str:
    return rule.build({arg: ids.get(arg, "x1") for arg in rule.arguments},
                      append_unknown=False)[1]


# Writes that read no body (or only a name a group may choose freely): 2xx is fine.
READS_NO_BODY = {"api_groups.create", "api_matches.restore"}
WRITE_RULES = [r for r in RULES if (r.methods or set()) & {"POST", "PUT", "PATCH"}]


@pytest.mark.parametrize("rule", [pytest.param(r, id=r.rule) for r in WRITE_RULES])
def test_hostile_json_bodies_get_a_4xx_with_error_and_path(client, group, real_ids, rule):
    url = fill_real(rule, real_ids)
    for method in sorted((rule.methods or set()) & {"POST", "PUT", "PATCH"}):
        for value_id, value in HOSTILE_VALUES.items():
            for where, body in _bodies(value).items():
                answer = client.open(url, method=method, data=body, headers=group["headers"],
                                     content_type="application/json")
                status = answer.status_code
                said = f"{method} {url} {value_id} in {where}: {status} {answer.data[:300]!r}"
                assert status < 500, said
                if url.startswith("/api/") and rule.endpoint not in READS_NO_BODY \
                        and value_id not in ("far-date", "early-date"):
                    assert 400 <= status < 500, said  # none of these is acceptable input
                if status in (400, 413, 422) and url.startswith("/api/"):
                    data = answer.get_json()
                    assert data and "error" in data and "path" in data, said
                answer.close()


HOSTILE_QUERY = ["9" * 400, "-1", "1" + "0" * 25, "\x00", "\u202ex", "a" * 10_000, "1e999",
                 "NaN", "9999-99-99", "0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-23:59"]
QUERY_NAMES = ["after", "before", "limit", "game", "player", "match", "match_id", "from", "to",
               "hidden", "per", "edition", "kind", "layout", "room", "token", "key"]
NUMERIC = ["9" * 400, "1" + "0" * 25, "-1", "9999-12-31T23:59:59-23:59"]


@pytest.mark.parametrize("rule", [pytest.param(r, id=r.rule) for r in RULES if "GET" in r.methods])
def test_hostile_query_strings_and_headers_never_5xx(client, group, real_ids, rule):
    url = fill_real(rule, real_ids)
    queries = [dict.fromkeys(QUERY_NAMES, value) for value in HOSTILE_QUERY]
    queries += [{name: value} for name in QUERY_NAMES for value in NUMERIC]
    for query in queries:
        answer = client.get(url, query_string=query, headers=group["headers"])
        assert answer.status_code < 500, f"GET {url}?{str(query)[:80]}: " \
                                         f"{answer.status_code} {answer.data[:200]!r}"
        answer.close()
    for value in HOSTILE_QUERY:
        stream = client.get(url, headers={**group["headers"], "Accept": "text/event-stream",
                                          "Last-Event-ID": value.replace("\x00", "")},
                            buffered=False)
        assert stream.status_code < 500, f"GET {url} Last-Event-ID {value[:20]!r}: " \
                                         f"{stream.status_code}"
        stream.close()


HOSTILE_SEGMENTS = ["x" * 10_000, "%00", "..%2f..%2fetc", "9" * 400, "%E2%80%AE"]


@pytest.mark.parametrize("rule", [pytest.param(r, id=r.rule) for r in RULES
                                  if r.arguments - {"gid"}
                                  and not any("Integer" in r._converters[a].__class__.__name__
                                              for a in r.arguments)])
def test_hostile_path_segments_never_5xx(client, group, rule):
    for segment in HOSTILE_SEGMENTS:
        values = {arg: (group["id"] if arg == "gid" else "SEGMENT") for arg in rule.arguments}
        url = rule.build(values, append_unknown=False)[1].replace("SEGMENT", segment)
        for method in sorted((rule.methods or set()) & ({"GET", "DELETE"})):
            answer = client.open(url, method=method, headers=group["headers"])
            assert answer.status_code < 500, f"{method} {url[:80]}: {answer.status_code}"
            answer.close()
