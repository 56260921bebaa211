"""The group's Canalis tiles: an industrial or specialty building typed in
once (name, cost, points, needs) is kept for the group and offered by kind
in the move form next time. The app knows no tile list of its own (none is
published): everything here was typed by the group. Tile data is checked by
the Canalis engine's own build models, so a kept tile always makes a valid
move."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from ..games import StateError
from ..games.canalis.model import IndustrialBuild, SpecialtyBuild
from ..games.common import parse
from ..games.registry import PLAYER_NAME_MAX
from ..storage.tiles import TILES
from ..web.documents import DocumentKind, add_document_routes

bp = Blueprint("api_tiles", __name__, url_prefix="/api/groups/<gid>/canalis-tiles")

MODELS = {"industrial": IndustrialBuild, "specialty": SpecialtyBuild}
DATA_KEYS = {"industrial": ("cost", "points", "needs"), "specialty": ("cost", "points")}
MAX_NAME = PLAYER_NAME_MAX  # the move form's name field takes the same (registry)
EXAMPLES = {
    "industrial": '{"cost": 3, "points": 7, "needs": ["dyes", "spices"]}',
    "specialty": '{"cost": 2, "points": null}',
}


def _tile_error(kind: str, name: str, data: Any) -> tuple[str, str] | None:
    """(path, message) if `data` is not a valid tile of `kind`."""
    if not isinstance(data, dict):
        return "data", f"must be an object, e.g. {EXAMPLES[kind]}"
    unknown = sorted(set(data) - set(DATA_KEYS[kind]))
    if unknown:
        return f"data.{unknown[0]}", f"is not a known key (allowed: {', '.join(DATA_KEYS[kind])})"
    build = {"kind": kind, "cells": [[0, 0]], "name": name, **data}
    try:
        parse(MODELS[kind], build)
    except StateError as exc:
        return f"data.{exc.path}", exc.message
    return None


def _known_keys(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    return {k: data[k] for k in DATA_KEYS[kind] if k in data}


TILE_DOCUMENTS = DocumentKind(
    store=TILES, id_arg="tid", plural="tiles", noun="tile",
    missing="no such tile among this group's Canalis tiles",
    name_means="the name printed on the tile", kinds=tuple(MODELS), data_examples=EXAMPLES,
    max_name=MAX_NAME, check=_tile_error, keep=_known_keys)
add_document_routes(bp, TILE_DOCUMENTS)
