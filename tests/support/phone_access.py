"""A phone as the access tests see it: one that scanned the group's QR code,
the CSRF token on its page, its session cookie, and the raw database file
(to show what is never stored in it)."""

from __future__ import annotations

import re
from pathlib import Path

ROOM = {"game": "doodle-china", "edition": "suzhou", "players": ["Ana", "Ben"]}


def csrf_of(page: bytes) -> str:
    return re.search(rb'name="csrf-token" content="([^"]+)"', page).group(1).decode()


def joined_phone(app, group):
    """A new phone that scanned the group's QR code; `.csrf` is its page token."""
    phone = app.test_client()
    answer = phone.get(f"/g/{group['id']}/join?key={group['key']}",
                       headers={"Sec-Fetch-Site": "none"})
    assert answer.status_code == 303, answer.data
    phone.csrf = csrf_of(phone.get(f"/g/{group['id']}").data)
    return phone


def session_of(client) -> dict:
    with client.session_transaction() as session:
        return dict(session)


def raw_database(app) -> bytes:
    raw = Path(app.config["DATABASE"]).read_bytes()
    wal = Path(app.config["DATABASE"] + "-wal")
    return raw + (wal.read_bytes() if wal.exists() else b"")
