"""The JSON API of one kind of group document (the Canal Houses card catalog,
the Canalis tiles): list (by kind), create (a retried id stores nothing),
show, update (with the version it started from), delete -- written once.

A feature says what its documents are (`DocumentKind`: the words, the kinds,
how to check a document's data) and calls `add_document_routes(bp, kind)`;
the endpoints are the blueprint's `index`, `create`, `show`, `update` and
`delete`. Storage is `companion.storage.documents.GroupDocuments`."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, jsonify, request

from ..storage import VersionConflict
from ..storage.documents import GroupDocuments
from .access import group_required
from .db import get_db
from .errors import error, found_or_404, unprocessable
from .json_body import json_body
from .versions import conflict, expected_version

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
Problem = tuple[str, str] | None  # (path into the body, what is wrong) or None


@dataclass(frozen=True)
class DocumentKind:
    store: GroupDocuments
    id_arg: str  # the id's name in the URL rule ("cid"): rules stay as they were
    plural: str  # the list's key in `GET` ("cards")
    noun: str  # one of them, in a conflict ("card")
    missing: str  # the 404's words
    example: str  # a whole body, for a body that is not an object
    name_means: str  # what the name is, for an empty one
    kinds: tuple[str, ...]
    data_examples: Mapping[str, str]  # per kind, for missing data
    max_name: int
    check: Callable[[str, str, Any], Problem]  # (kind, name, data) -> problem
    keep: Callable[[str, Any], Any] = lambda _kind, data: data  # what of `data` is stored

    def read(self, body: Any, allowed: set[str]) -> tuple[dict[str, Any] | None, Any]:
        """({"kind", "name", "data"}, None) or (None, the 422 answer)."""
        if not isinstance(body, dict):
            return None, unprocessable("(body)", f"must be a JSON object like {self.example}")
        unknown = sorted(set(body) - allowed)
        if unknown:
            return None, unprocessable(unknown[0], "is not a known key (allowed: "
                                                   f"{', '.join(sorted(allowed))})")
        kind = body.get("kind")
        if kind not in self.kinds:
            return None, unprocessable("kind", f"must be one of {', '.join(self.kinds)}, "
                                               f"got {kind!r}")
        name = body.get("name")
        if not isinstance(name, str) or not name.strip():
            return None, unprocessable("name", f"must be a non-empty string ({self.name_means})")
        name = " ".join(name.split())
        if len(name) > self.max_name:
            return None, unprocessable("name", f"must be at most {self.max_name} characters")
        if "data" not in body:
            return None, unprocessable("data", f"is required: the {self.noun}, e.g. "
                                               f"{self.data_examples[kind]}")
        problem = self.check(kind, name, body["data"])
        if problem:
            return None, unprocessable(*problem)
        return {"kind": kind, "name": name, "data": self.keep(kind, body["data"])}, None


def add_document_routes(bp: Blueprint, kind: DocumentKind) -> None:
    """GET "", POST "", GET/PUT/DELETE "/<did>" on `bp` (its url_prefix names the collection)."""

    @group_required
    def index(gid: str):
        wanted = request.args.get("kind") or None
        if wanted and wanted not in kind.kinds:
            return error(f"kind must be one of {', '.join(kind.kinds)}", 400, "kind")
        return jsonify({kind.plural: kind.store.list(get_db(), gid, wanted)})

    @group_required
    def create(gid: str):
        body = json_body()
        fields, refusal = kind.read(body, {"id", "kind", "name", "data"})
        if refusal:
            return refusal
        did = body.get("id")
        if did is None:
            did = str(uuid.uuid4())
        elif not isinstance(did, str) or not ID_PATTERN.match(did):
            return unprocessable("id", "must be a string of 1 to 64 letters, digits, '.', '_' "
                                       "or '-' (a client UUID)")
        doc, created = kind.store.save(get_db(), gid, did, fields["kind"], fields["name"],
                                       fields["data"])
        return jsonify(doc), 201 if created else 200

    @group_required
    def show(gid: str, **ids: str):
        did = ids[kind.id_arg]
        return jsonify(found_or_404(kind.store.get(get_db(), gid, did), kind.missing))

    @group_required
    def update(gid: str, **ids: str):
        did = ids[kind.id_arg]
        body = json_body()
        version, refusal = expected_version(body)
        if refusal:
            return refusal
        fields, refusal = kind.read(body, {"kind", "name", "data"})
        if refusal:
            return refusal
        try:
            doc = kind.store.update(get_db(), gid, did, fields["kind"], fields["name"],
                                    fields["data"], version)
        except VersionConflict as exc:
            return conflict(exc.current, kind.noun)
        return jsonify(found_or_404(doc, kind.missing))

    @group_required
    def delete(gid: str, **ids: str):
        did = ids[kind.id_arg]
        found_or_404(kind.store.delete(get_db(), gid, did), kind.missing)
        return "", 204

    bp.add_url_rule("", "index", index, methods=["GET"])
    bp.add_url_rule("", "create", create, methods=["POST"])
    one = f"/<{kind.id_arg}>"
    bp.add_url_rule(one, "show", show, methods=["GET"])
    bp.add_url_rule(one, "update", update, methods=["PUT"])
    bp.add_url_rule(one, "delete", delete, methods=["DELETE"])
