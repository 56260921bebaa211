"""The web toolkit every feature uses, wired once by the app factory:

- `db`: the request's database connection;
- `access`: who may do what, on every request (the one group check for JSON
  and pages, the rate limit on wrong keys, CSRF, the cookie, headers);
- `keys`: how a phone gets in (joining, sealed group keys and room tokens);
- `bodies`: request bodies, from the wire (size and time limits) to a
  pydantic model, and the version an edit started from;
- `errors`: every error answer (`{"error", "path"}`, error pages, a full disk);
- `pages`: what every page shares (filters, the game facts built once, links
  and QR codes, the installable app);
- `documents`: the JSON API of a kind of group document.
"""

from __future__ import annotations

from flask import Flask

from . import access, bodies, db, errors, pages


def init_app(app: Flask) -> None:
    db.init_app(app)
    pages.init_app(app)
    access.init_app(app)
    bodies.init_app(app)
    errors.init_app(app)
