"""Request plumbing shared by every blueprint: the database per request,
JSON errors for the API, security headers and CSRF checks."""

from __future__ import annotations

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from . import security
from .bodies import BodyGuard


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def init_app(app: Flask) -> None:
    from ..app import close_db

    app.teardown_appcontext(close_db)
    security.init_app(app)
    app.wsgi_app = BodyGuard(app.wsgi_app, app)  # type: ignore[method-assign]

    @app.before_request
    def _refuse_oversized_bodies() -> None:
        """413 from the declared length, before any view reads the body."""
        limit = app.config.get("MAX_CONTENT_LENGTH")
        if limit and request.content_length is not None and request.content_length > limit:
            from flask import abort

            abort(413)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if not wants_json():
            return exc
        messages = {
            400: "the request is malformed",
            404: "nothing here: check the address (or the group key)",
            405: f"{request.method} is not allowed here",
            429: "too many attempts; wait a few minutes",
            413: f"the upload is too large: at most {app.config['MAX_CONTENT_LENGTH'] // (1024 * 1024)} MB",
        }
        limit = app.config.get("MAX_CONTENT_LENGTH")
        if exc.code == 413 and limit and request.content_length is not None \
                and request.content_length <= limit:
            # Not the size: Werkzeug's form parser refused too many parts or a huge text field.
            messages[413] = (f"the form has too many parts (at most {app.config['MAX_FORM_PARTS']})"
                             " or a text field that is too long; send the photo as the file field "
                             "'photo' with only a few short fields")
        custom = exc.description != type(exc).description
        description = exc.description if custom or exc.code not in messages else messages[exc.code]
        return jsonify({"error": description}), exc.code

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):  # pragma: no cover - a 5xx is always a bug
        app.logger.exception("unexpected error on %s %s", request.method, request.path)
        if wants_json():
            return jsonify({"error": "something went wrong on our side; nothing was saved, "
                                     "try again"}), 500
        return "Something went wrong on our side; nothing was saved. Go back and try again.", 500
