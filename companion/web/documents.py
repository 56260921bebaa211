"""The JSON API of one kind of group document (the Canal Houses card catalog,
the Canalis tiles, the Doodle China sheet layouts, the pad templates): list
(by category), create (a retried id stores nothing), show, update (with the
version it started from), delete -- written once.

A feature says what its documents are (`DocumentKind`: the words, the
categories, how to check a document's data, the app's own built-in ones) and
calls `add_document_routes(bp, kind)` (or only some of the routes, for a
feature whose other calls differ: the pad templates are taught from a photo);
the category's name in bodies and `?` is the store's (`kind`, `edition`);
bodies are read by pydantic models made from the kind (`web/bodies.py` parse_body:
422 `{"error", "path"}` saying what was wrong and what is allowed);
the endpoints are the blueprint's `index`, `create`, `show`, `update` and
`delete`. Storage is `companion.storage.documents.GroupDocuments`."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any

from flask import Blueprint, jsonify, request
from pydantic import AfterValidator, BaseModel, ConfigDict, create_model

from ..storage import VersionConflict
from ..storage.documents import GroupDocuments
from .access import group_required
from .bodies import conflict, expected_version, parse_body
from .db import get_db
from .errors import error, found_or_404, refuse

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
Problem = tuple[str, str] | None  # (path into the body, what is wrong) or None


@dataclass(frozen=True)
class DocumentKind:
    store: GroupDocuments
    id_arg: str  # the id's name in the URL rule ("cid"): rules stay as they were
    plural: str  # the list's key in `GET` ("cards")
    noun: str  # one of them, in a conflict ("card")
    missing: str  # the 404's words
    name_means: str  # what the name is, for an empty one
    kinds: tuple[str, ...]
    data_examples: Mapping[str, str]  # per kind, for missing data
    max_name: int
    check: Callable[[str, str, Any], Problem]  # (kind, name, data) -> problem
    keep: Callable[[str, Any], Any] = lambda _kind, data: data  # what of `data` is stored
    # The app's own documents of a category (None: all), listed before the
    # group's: GET shows them, PUT and DELETE are refused 409 (`<id> <fixed>`),
    # and a new document cannot take their ids.
    builtins: Callable[[str | None], list[dict[str, Any]]] = lambda _category: []
    fixed: str = ""
    public: Callable[[dict[str, Any]], dict[str, Any]] = lambda doc: doc  # a stored one, shown

    def builtin(self, did: str | None) -> dict[str, Any] | None:
        return next((doc for doc in self.builtins(None) if doc["id"] == did), None)


class _DocumentBody(BaseModel):
    """What every document body holds, checked by `parse_body`; `_body_model`
    makes each feature's subclass, whose validators know its categories and name
    limit. `data` is checked afterwards by the feature (`DocumentKind.check`),
    which needs the kind and reports paths inside `data`."""
    model_config = ConfigDict(extra="forbid", validate_default=True)  # a missing kind is refused too


def _document_id(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str) or not ID_PATTERN.match(value)):
        raise ValueError("must be a string of 1 to 64 letters, digits, '.', '_' or '-' "
                         "(a client UUID)")
    return value


def _body_model(kind: DocumentKind, model_name: str, **extra: Any) -> type[_DocumentBody]:
    """The pydantic model of a body of `kind` (fields in the order they are
    reported: the category, name, data, then `extra`)."""

    def known_kind(value: Any) -> str:
        if value is None:
            raise ValueError(f"is required: one of {', '.join(kind.kinds)}")
        if value not in kind.kinds:
            raise ValueError(f"must be one of {', '.join(kind.kinds)}, got {value!r}")
        return value

    def plain_name(value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"must be a non-empty string ({kind.name_means})")
        value = " ".join(value.split())
        if len(value) > kind.max_name:
            raise ValueError(f"must be at most {kind.max_name} characters")
        return value

    return create_model(model_name, __base__=_DocumentBody,
                        **{kind.store.category: (Annotated[Any, AfterValidator(known_kind)], None)},
                        name=(Annotated[Any, AfterValidator(plain_name)], None),
                        data=(Any, None), **extra)


def _fields(kind: DocumentKind, body: Any) -> dict[str, Any]:
    """{"category", "name", "data"} to store, or the request ends 422 on `data`
    (missing: what it is, with an example of the body's category)."""
    category = getattr(body, kind.store.category)
    if "data" not in body.model_fields_set:
        refuse(f"is required: the {kind.noun}, e.g. {kind.data_examples[category]}", 422, "data")
    problem = kind.check(category, body.name, body.data)
    if problem:
        refuse(problem[1], 422, problem[0])
    return {"category": category, "name": body.name, "data": kind.keep(category, body.data)}


def _refuse_builtin(kind: DocumentKind, did: str) -> None:
    if kind.builtin(did) is not None:
        refuse(f"{did} {kind.fixed}", 409, "(url)")


ROUTES = ("index", "create", "show", "update", "delete")


def add_document_routes(bp: Blueprint, kind: DocumentKind, only: tuple[str, ...] = ROUTES) -> None:
    """GET "", POST "", GET/PUT/DELETE "/<did>" on `bp` (its url_prefix names the
    collection); `only` the endpoints named."""
    title = kind.noun.title().replace(" ", "")
    category = kind.store.category

    def free_id(value: Any) -> str | None:
        value = _document_id(value)
        if kind.builtin(value) is not None:
            raise ValueError(f"{value} is the id of a built-in {kind.noun}; "
                             "leave id out or send a new one")
        return value

    new_body = _body_model(kind, f"New{title}", id=(Annotated[Any, AfterValidator(free_id)], None))
    edit_body = _body_model(kind, f"{title}Edit", version=(Any, None))  # web/versions

    @group_required
    def index(gid: str):
        wanted = request.args.get(category) or None
        if wanted and wanted not in kind.kinds:
            return error(f"{category} must be one of {', '.join(kind.kinds)}", 400, category)
        own = [kind.public(doc) for doc in kind.store.list(get_db(), gid, wanted)]
        return jsonify({kind.plural: kind.builtins(wanted) + own})

    @group_required
    def create(gid: str):
        body = parse_body(new_body)
        fields = _fields(kind, body)
        did = body.id or str(uuid.uuid4())
        doc, created = kind.store.save(get_db(), gid, did, fields["category"], fields["name"],
                                       fields["data"])
        return jsonify(kind.public(doc)), 201 if created else 200

    @group_required
    def show(gid: str, **ids: str):
        did = ids[kind.id_arg]
        builtin = kind.builtin(did)
        if builtin is not None:
            return jsonify(builtin)
        return jsonify(kind.public(found_or_404(kind.store.get(get_db(), gid, did), kind.missing)))

    @group_required
    def update(gid: str, **ids: str):
        did = ids[kind.id_arg]
        _refuse_builtin(kind, did)
        body = parse_body(edit_body)
        version, refusal = expected_version({"version": body.version})
        if refusal:
            return refusal
        fields = _fields(kind, body)
        try:
            doc = kind.store.update(get_db(), gid, did, fields["category"], fields["name"],
                                    fields["data"], version)
        except VersionConflict as exc:
            return conflict(kind.public(exc.current), kind.noun)
        return jsonify(kind.public(found_or_404(doc, kind.missing)))

    @group_required
    def delete(gid: str, **ids: str):
        did = ids[kind.id_arg]
        _refuse_builtin(kind, did)
        found_or_404(kind.store.delete(get_db(), gid, did), kind.missing)
        return "", 204

    one = f"/<{kind.id_arg}>"
    rules = {"index": ("", index, "GET"), "create": ("", create, "POST"),
             "show": (one, show, "GET"), "update": (one, update, "PUT"),
             "delete": (one, delete, "DELETE")}
    for endpoint in only:
        rule, view, method = rules[endpoint]
        bp.add_url_rule(rule, endpoint, view, methods=[method])
