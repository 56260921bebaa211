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
Every refusal is 422 `{"error", "path"}` with the path into the body."""

from __future__ import annotations

import re
import uuid
from typing import Annotated, Any

from flask import Blueprint, abort, jsonify, make_response, request
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

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
from ..web.access import group_required
from ..web.bodies import conflict, expected_version, parse_body
from ..web.db import get_db
from ..web.errors import found_or_404, unprocessable

NO_LAYOUT = "no such sheet layout in this group"

bp = Blueprint("api_layouts", __name__, url_prefix="/api/groups/<gid>/layouts")

EDITIONS = tuple(SIZES)
MAX_NAME = LABEL_NAME_MAX
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
BUILTIN_NAMES = {"suzhou-v1": "Print-and-play Suzhou (v1)",
                 "shanghai-v1": "Print-and-play Shanghai (v1)"}
DATA_KEYS = ("rows", "cols", "cells", "houses", "tracks", "trees", "skyscraper_floors")


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


def group_layouts(gid: str, edition: str | None = None) -> list[dict[str, Any]]:
    """Built-in layouts first, then the group's own (for pages and the API)."""
    own = [{**lay, "builtin": False} for lay in storage.list_layouts(get_db(), gid, edition)]
    return builtin_layouts(edition) + own


def _data(edition: str, raw: Any) -> tuple[dict[str, Any] | None, Any]:
    """The layout data checked by the engine's own layout rules (with the
    edition's printed defaults for what was left out), or an error answer."""
    if not isinstance(raw, dict):
        return None, unprocessable("data", 'must be an object like {"cells": [[...], ...], '
                                           '"houses": [{"cell": [0, 1], "count": 4, '
                                           '"printed_crossed": 2}]}')
    unknown = sorted(set(raw) - set(DATA_KEYS))
    if unknown:
        return None, unprocessable(f"data.{unknown[0]}", "is not a known key (allowed: "
                                   f"{', '.join(DATA_KEYS)})")
    for key in ("cells", "houses"):
        if key not in raw:
            return None, unprocessable(f"data.{key}", _REQUIRED[key])
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
        return None, unprocessable(exc.path, exc.message)
    return {k: checked[k] for k in DATA_KEYS if k in checked}, None


_REQUIRED = {
    "cells": "is required: the sheet's squares, one list of kinds per row",
    "houses": "is required: one {\"cell\", \"count\", \"printed_crossed\"} per house square "
              "([] when the sheet has none)",
}


def _edition(value: Any) -> str:
    if value not in EDITIONS:
        raise ValueError(f"must be one of {', '.join(EDITIONS)}, got {value!r}")
    return value


def _layout_name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("must be a non-empty string (what the group calls these sheets)")
    if len(value.strip()) > MAX_NAME:
        raise ValueError(f"must be at most {MAX_NAME} characters")
    return " ".join(value.split())


def _layout_id(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str) or not ID_PATTERN.match(value)):
        raise ValueError("must be a string of 1 to 64 letters, digits, '.', '_' or '-' "
                         "(a client UUID)")
    if value in DEFAULT_LAYOUTS:
        raise ValueError(f"{value} is the id of a built-in layout; leave id out or send a new one")
    return value


class _LayoutFields(BaseModel):
    """What a body holds (web/json_body.parse_body); `data` is checked against its edition."""
    model_config = ConfigDict(extra="forbid", validate_default=True)  # a missing name is refused too
    edition: Annotated[Any, AfterValidator(_edition)] = None
    name: Annotated[Any, AfterValidator(_layout_name)] = None
    data: Any = Field(description="the sheet's cells, houses and tracks")

    def fields(self) -> dict[str, Any]:
        """The stored fields, or the request ends 422 on `data`."""
        data, error = _data(self.edition, self.data)
        if error:
            abort(make_response(*error))
        return {"edition": self.edition, "name": self.name, "data": data}


class NewLayout(_LayoutFields):
    id: Annotated[Any, AfterValidator(_layout_id)] = None


class LayoutEdit(_LayoutFields):
    version: Any = None  # the version the edit started from: web/versions.expected_version


def _public(layout: dict[str, Any]) -> dict[str, Any]:
    return {**layout, "builtin": False}


def _refuse_builtin(lid: str) -> None:
    if lid in DEFAULT_LAYOUTS:
        abort(409, description=f"{lid} is a built-in layout and cannot be changed or deleted; "
                               "save a copy under a new name and edit that")


@bp.get("")
@group_required
def index(gid: str):
    edition = request.args.get("edition") or None
    if edition and edition not in EDITIONS:
        return jsonify({"error": f"edition must be one of {', '.join(EDITIONS)}",
                        "path": "edition"}), 400
    return jsonify({"layouts": group_layouts(gid, edition)})


@bp.post("")
@group_required
def create(gid: str):
    body = parse_body(NewLayout)
    fields = body.fields()
    lid = body.id or str(uuid.uuid4())
    layout, created = storage.save_layout(get_db(), gid, lid, **fields)
    return jsonify(_public(layout)), 201 if created else 200


@bp.get("/<lid>")
@group_required
def show(gid: str, lid: str):
    if lid in DEFAULT_LAYOUTS:
        return jsonify(next(lay for lay in builtin_layouts() if lay["id"] == lid))
    return jsonify(_public(found_or_404(storage.get_layout(get_db(), gid, lid), NO_LAYOUT)))


@bp.put("/<lid>")
@group_required
def update(gid: str, lid: str):
    _refuse_builtin(lid)
    body = parse_body(LayoutEdit)
    version, error = expected_version({"version": body.version})
    if error:
        return error
    fields = body.fields()
    try:
        layout = storage.update_layout(get_db(), gid, lid, **fields, expected_version=version)
    except storage.VersionConflict as exc:
        return conflict(_public(exc.current), "sheet layout")
    return jsonify(_public(found_or_404(layout, NO_LAYOUT)))


@bp.delete("/<lid>")
@group_required
def delete(gid: str, lid: str):
    _refuse_builtin(lid)
    found_or_404(storage.delete_layout(get_db(), gid, lid), NO_LAYOUT)
    return "", 204
