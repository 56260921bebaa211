"""A group's Doodle China templates: the pad from the box, taught once.

`POST /api/groups/<gid>/templates` (multipart: `photo` of a blank sheet,
`edition`, optional `layout` (a built-in layout name or the group's layout
id), `hints` (JSON, vision.md), `name`) finds the grid, tracks, trees and
houses in a photo worker and answers 201 `{"id", "template", "warnings"}`.
The template is a draft (`confirmed: false`) until `PATCH .../<tid>` with
`{"values": {track: [...]}, "confirmed": true}` says a person has seen every
printed value (and corrected those read wrong); only confirmed templates are
used to read photos; it may carry the `version` it started from (or an
If-Match header): a stale one is 409 `{"error", "path": "version", "current"}`
and nothing changes. `GET /api/groups/<gid>/templates[/<tid>]`, `DELETE .../<tid>`.
Show and delete are the group-documents API's (`web/documents.py`); teaching,
the list (bare, without images) and the PATCH of seen values are this module's.
"""

from __future__ import annotations

import json
import uuid
from typing import Annotated, Any

from flask import Blueprint, jsonify, request
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool

from .. import storage
from ..games import StateError
from ..games.doodle_china.layouts import DEFAULT_LAYOUTS, SIZES, check_layout, get_layout
from ..games.registry import LABEL_NAME_MAX
from ..storage import VersionConflict
from ..storage.templates import TEMPLATES
from ..web.access import group_required
from ..web.bodies import conflict, expected_version, parse_body
from ..web.db import get_db
from ..web.documents import DocumentKind, add_document_routes
from ..web.errors import error, found_or_404, unprocessable
from .reading import read_photo, refuse_unknown_fields, uploaded_photo

NO_TEMPLATE = "no such template in this group"

bp = Blueprint("api_templates", __name__, url_prefix="/api/groups/<gid>/templates")

EDITIONS = tuple(SIZES)
MAX_NAME = LABEL_NAME_MAX
MAX_VALUE = 99
TASK = "doodle-china-template"  # companion.photos.worker.TEMPLATE
TEMPLATE_SECONDS = 90  # OCR of every printed value takes a while on a busy server


def _layout(gid: str, edition: str, ref: str | None) -> dict[str, Any] | None:
    if not ref:
        return None
    if ref in DEFAULT_LAYOUTS:
        layout = get_layout(ref)
    else:
        stored = storage.get_layout(get_db(), gid, ref)
        if stored is None:
            raise LookupError(f"no layout {ref!r}: use a built-in one ({', '.join(DEFAULT_LAYOUTS)}) or "
                              "one of the group's layouts")
        layout = check_layout({"name": stored["id"], "edition": stored["edition"], **stored["data"]},
                              stored["edition"])
    if layout["edition"] != edition:
        raise LookupError(f"layout {ref!r} is a {layout['edition']} layout, not {edition}")
    return layout


def public(doc: dict[str, Any], image: bool = True) -> dict[str, Any]:
    """A stored template as the API shows it: never its blank in a colour
    channel (format 2's "image_pale", about 200 KB the reader alone uses),
    and in lists (`image` False) not its grey picture either."""
    data = dict(doc["data"])
    data.pop("image_pale", None)
    if not image:
        data.pop("image", None)
    return {"id": doc["id"], "name": doc["name"], "edition": doc["edition"],
            "confirmed": bool(data.get("confirmed")), "created_at": doc["created_at"],
            "updated_at": doc["updated_at"], "version": doc["version"], "template": data}


TEMPLATE_DOCUMENTS = DocumentKind(
    store=TEMPLATES, id_arg="tid", plural="templates", noun="template", missing=NO_TEMPLATE,
    name_means="what the group calls this pad", kinds=EDITIONS,
    data_examples=dict.fromkeys(EDITIONS, "a template taught from a photo"), max_name=MAX_NAME,
    check=lambda _edition, _name, _data: ("data", "is taught from a photo, not sent"),
    public=public)
add_document_routes(bp, TEMPLATE_DOCUMENTS, only=("show", "delete"))


@bp.post("")
@group_required
def create(gid: str):
    refuse_unknown_fields({"edition", "layout", "hints", "name"},
                          "allowed: photo, edition, layout, hints, name")
    edition = request.form.get("edition")
    if edition not in EDITIONS:
        return error(f"edition must be one of {', '.join(EDITIONS)}", 422, "edition")
    name = " ".join((request.form.get("name") or f"Our {edition.capitalize()} pad").split())
    if len(name) > MAX_NAME:
        return error(f"name must be at most {MAX_NAME} characters", 422, "name")
    try:
        layout = _layout(gid, edition, request.form.get("layout") or None)
    except LookupError as exc:
        return error(str(exc), 422, "layout")
    except StateError as exc:
        return error(f"the layout cannot be used: {exc.message}", 422, "layout")
    hints = None
    if request.form.get("hints"):
        try:
            hints = json.loads(request.form["hints"])
        except ValueError:
            return error("hints must be JSON like {\"grid\": [[x, y], [x, y], [x, y], [x, y]]}", 422, "hints")
        if not isinstance(hints, dict) or set(hints) - {"grid", "tracks", "trees"}:
            return error("hints may hold grid, tracks and trees (points on the photo)", 422, "hints")
    data = uploaded_photo("a photo of a blank sheet")
    _fmt, template = read_photo(data, game=TASK, edition=edition,
                                options={"layout": layout, "hints": hints, "name": name},
                                timeout=TEMPLATE_SECONDS)
    template["confirmed"] = False
    tid = str(uuid.uuid4())
    doc, _ = storage.save_template(get_db(), gid, tid, edition, name, template)
    return jsonify({"id": tid, "template": public(doc)["template"], "warnings": template.get("warnings", []),
                    "confirmed": False}), 201


@bp.get("")
@group_required
def index(gid: str):
    edition = request.args.get("edition") or None
    if edition is not None and edition not in EDITIONS:
        return error(f"edition must be one of {', '.join(EDITIONS)}", 422, "edition")
    return jsonify([public(t, image=False) for t in storage.list_templates(get_db(), gid, edition)])


def _template_name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise ValueError(f"must be a non-empty string of at most {MAX_NAME} characters")
    return " ".join(value.split())


class TemplateEdit(BaseModel):
    """PATCH: corrected values, confirmed, a new name (each may be left out)."""
    model_config = ConfigDict(extra="forbid")
    values: dict[str, Any] = Field(default_factory=dict,
                                   description="track name -> list of its printed values")
    confirmed: StrictBool | None = None
    name: Annotated[Any, AfterValidator(_template_name)] = None
    version: Any = None  # the version the edit started from: web/bodies.expected_version


@bp.patch("/<tid>")
@group_required
def update(gid: str, tid: str):
    """Corrected values (every one seen), a new name; `confirmed: true` makes
    the template one that photos are read with."""
    doc = found_or_404(storage.get_template(get_db(), gid, tid), NO_TEMPLATE)
    body = parse_body(TemplateEdit)
    version, refusal = expected_version({"version": body.version})
    if refusal:
        return refusal
    data = dict(doc["data"])
    tracks = {k: [dict(e) for e in v] for k, v in data["tracks"].items()}
    for track, given in body.values.items():
        if track not in tracks:
            return unprocessable(f"values.{track}", f"is not a track of this sheet ({', '.join(tracks)})")
        if (not isinstance(given, list) or len(given) != len(tracks[track])
                or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_VALUE for v in given)):
            return unprocessable(f"values.{track}", f"must be {len(tracks[track])} whole numbers from 0 to "
                                                    f"{MAX_VALUE}, one per printed box, in order")
        for entry, v in zip(tracks[track], given, strict=True):
            if entry.get("value") != v:
                entry["corrected_from"] = entry.get("value")
            entry["value"] = v
            entry["seen"] = True
    data["tracks"] = tracks
    name = body.name or doc["name"]
    if body.confirmed is not None:
        unseen = [f"{t} {i + 1}" for t, es in tracks.items() for i, e in enumerate(es)
                  if not e.get("seen") or not isinstance(e.get("value"), int)]
        if body.confirmed and unseen:
            return unprocessable("values", "every printed value must be seen (and corrected where "
                                           f"read wrong) before the template is used; not yet: {', '.join(unseen)}")
        data["confirmed"] = body.confirmed
    try:
        saved = storage.update_template(get_db(), gid, tid, doc["edition"], name, data, version)
    except VersionConflict as exc:
        return conflict(public(exc.current), "template")
    return jsonify(public(found_or_404(saved, NO_TEMPLATE)))
