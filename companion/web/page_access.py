"""Group access for every feature's HTML pages (`group_page`): the one check of
`web.access`, answered as pages: a phone without the key gets a page saying
how to get in (401, kit/need_key.html), and a wrong key or unknown group a
plain "not here" page (404), never telling which. The live table's pages use
the same check with their own words (table/pages.py)."""

from __future__ import annotations

from flask import render_template

from ..games import registry
from ..web.access import page_access

GAME_NAMES = registry.GAME_NAMES


def not_found(message: str = "There is nothing here for this phone."):
    return render_template("errors/error.html", code=404, title="Not here", message=message), 404


group_page = page_access(
    "kit/need_key.html",
    "This group is not open on this phone: the link or key does not match. Ask someone in "
    "the group to show the group's QR code again.")
