"""A group's Doodle China sheet layouts: the grid of the printed sheets it
owns (square kinds, houses per house square, score tracks, trees), so the
score page draws the sheet the players hold. The project's print-and-play
layouts (`suzhou-v1`, `shanghai-v1`) are always listed first and cannot be
changed; a group copies one and edits the copy.

A layout is `{"id", "name", "edition", "builtin", "data"}` where `data` is
`{"rows", "cols", "cells", "houses", "tracks", "trees"}` (+ `"skyscraper_floors"`
for Shanghai), the engine's layout shape: `{"name", "edition", **data}` is
what `companion.games.doodle_china.layouts.check_layout` accepts. In a body,
`rows`, `cols`, `tracks`, `trees` and `skyscraper_floors` may be left out
(the edition's printed ones are used); `cells` and `houses` are required.
Every refusal is 422 `{"error", "path"}` with the path into the body. The
calls are the group-documents API (`web/documents.py`), as for the card
catalog: list, create, show, update (with its version), delete."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from .. import storage
from ..games import StateError
from ..games.doodle_china.layouts import (
    DEFAULT_LAYOUTS,
    SIZES,
    TRACKS,
    TREES,
    check_layout,
    default_layout,
)
from ..games.registry import LABEL_NAME_MAX
from ..storage.layouts import LAYOUTS
from ..web.db import get_db
from ..web.documents import DocumentKind, add_document_routes

bp = Blueprint("api_layouts", __name__, url_prefix="/api/groups/<gid>/layouts")

EDITIONS = tuple(SIZES)
MAX_NAME = LABEL_NAME_MAX
BUILTIN_NAMES = {"suzhou-v1": "Print-and-play Suzhou (v1)",
                 "shanghai-v1": "Print-and-play Shanghai (v1)"}
DATA_KEYS = ("rows", "cols", "cells", "houses", "tracks", "trees", "skyscraper_floors")
EXAMPLE = ('{"cells": [[...], ...], "houses": [{"cell": [0, 1], "count": 4, '
           '"printed_crossed": 2}]}')


def builtin_layouts(edition: str | None = None) -> list[dict[str, Any]]:
    """The project's own layouts, in the same shape as a group's."""
    out = []
    for lid, layout in DEFAULT_LAYOUTS.items():
        if edition and layout["edition"] != edition:
            continue
        data = {k: layout[k] for k in DATA_KEYS if k in layout}
        out.append({"id": lid, "name": BUILTIN_NAMES.get(lid, lid), "edition": layout["edition"],
                    "builtin": True, "data": data})
    return out


def _public(layout: dict[str, Any]) -> dict[str, Any]:
    return {**layout, "builtin": False}


def group_layouts(gid: str, edition: str | None = None) -> list[dict[str, Any]]:
    """Built-in layouts first, then the group's own (for pages and the API)."""
    return builtin_layouts(edition) + [_public(lay) for lay in
                                       storage.list_layouts(get_db(), gid, edition)]


_REQUIRED = {
    "cells": "is required: the sheet's squares, one list of kinds per row",
    "houses": "is required: one {\"cell\", \"count\", \"printed_crossed\"} per house square "
              "([] when the sheet has none)",
}


def _checked(edition: str, raw: Any) -> tuple[dict[str, Any] | None, tuple[str, str] | None]:
    """(the layout data checked by the engine's own layout rules, with the
    edition's printed defaults for what was left out, None) or (None, (path, message))."""
    if not isinstance(raw, dict):
        return None, ("data", f"must be an object like {EXAMPLE}")
    unknown = sorted(set(raw) - set(DATA_KEYS))
    if unknown:
        return None, (f"data.{unknown[0]}", f"is not a known key (allowed: {', '.join(DATA_KEYS)})")
    for key in ("cells", "houses"):
        if key not in raw:
            return None, (f"data.{key}", _REQUIRED[key])
    base = default_layout(edition)
    size = SIZES[edition]
    full = {"name": "layout", "edition": edition, "rows": raw.get("rows", size),
            "cols": raw.get("cols", size), "cells": raw["cells"], "houses": raw["houses"],
            "tracks": raw.get("tracks", {k: list(v) for k, v in TRACKS[edition].items()}),
            "trees": raw.get("trees", TREES[edition])}
    if edition == "shanghai" or "skyscraper_floors" in raw:
        full["skyscraper_floors"] = raw.get("skyscraper_floors", base.get("skyscraper_floors"))
    try:
        checked = check_layout(full, edition, root="data")
    except StateError as exc:
        return None, (exc.path, exc.message)
    return {k: checked[k] for k in DATA_KEYS if k in checked}, None


LAYOUT_DOCUMENTS = DocumentKind(
    store=LAYOUTS, id_arg="lid", plural="layouts", noun="sheet layout",
    missing="no such sheet layout in this group",
    name_means="what the group calls these sheets", kinds=EDITIONS,
    data_examples=dict.fromkeys(EDITIONS, EXAMPLE), max_name=MAX_NAME,
    check=lambda edition, _name, data: _checked(edition, data)[1],
    keep=lambda edition, data: _checked(edition, data)[0],
    builtins=builtin_layouts, public=_public,
    fixed="is a built-in layout and cannot be changed or deleted; "
          "save a copy under a new name and edit that")
add_document_routes(bp, LAYOUT_DOCUMENTS)
