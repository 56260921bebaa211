"""Group access for HTML pages: like `group_required`, but a phone without
the key gets a page saying how to get in (401), and a wrong key or unknown
group gets a plain "not here" page (404), never telling which."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import g, render_template, request

from .. import storage
from ..app import get_db
from ..games import registry
from ..web import ratelimit
from ..web.security import KEY_HEADER, known_groups

GAME_NAMES = registry.GAME_NAMES


def presented_key(gid: str) -> str | None:
    header = request.headers.get(KEY_HEADER)
    if header is not None:
        return header
    return known_groups().get(gid)


def not_found(message: str = "There is nothing here for this phone."):
    return render_template("pages/not_found.html", message=message), 404


def group_page(view: Callable) -> Callable:
    """Resolve `gid` to g.group (and g.group_key) or answer with a page."""

    @wraps(view)
    def wrapper(gid: str, *args: Any, **kwargs: Any):
        key = presented_key(gid)
        if not key:
            return render_template("pages/need_key.html"), 401
        ratelimit.check_allowed()
        group = storage.get_group(get_db(), gid)
        if group is None or not storage.key_matches(group, key):
            ratelimit.note_failure()
            return not_found("This group is not open on this phone: the link or key does not "
                             "match. Ask someone in the group to show the group's QR code again.")
        g.group = group
        g.group_key = key
        return view(gid, *args, **kwargs)

    return wrapper
