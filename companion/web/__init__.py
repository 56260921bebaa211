"""Request plumbing shared by every blueprint: the database per request,
JSON errors for the API, security headers and CSRF checks."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from . import db, filters, security
from .bodies import BodyGuard
from .errors import wants_json

# What a person sees for each status on a page (JSON answers keep {"error"}).
PAGE_WORDS = {
    400: ("That did not work", "The page sent something this server cannot read.",
          "Go back, reload the page and try again."),
    401: ("This phone is not in the group", "This page needs the group's invite.",
          "Ask someone in the group to show the group's QR code, and scan it with this phone."),
    403: ("Not allowed", "This request was refused.",
          "Reload the page and try again from the app itself."),
    404: ("Not here", "There is nothing at this address.",
          "Check the address, or start again from the start page."),
    405: ("Not here", "This address does not work that way.",
          "Start again from the start page."),
    413: ("Too large", "What was sent is too large.", "Send something smaller."),
    429: ("Too many tries", "Too many wrong links or keys came from this network.",
          "Wait a few minutes, then scan the group's QR code again."),
}


def error_page(exc: HTTPException):
    """A styled page at phone width for every HTTP error on a page: what
    happened (the view's own words when it gave some) and what to do."""
    if exc.response is not None:  # the view built its own answer
        return exc.response
    code = exc.code or 500
    title, message, advice = PAGE_WORDS.get(
        code, ("Something went wrong", exc.description or "", "Go back and try again."))
    if exc.description and exc.description != type(exc).description:
        text = exc.description
        message = text[0].upper() + text[1:]
        if not message.endswith("."):
            message += "."
        advice = None if "ask" in text.lower() or "wait" in text.lower() else advice
    response = exc.get_response()
    response.set_data(render_template("errors/error.html", code=code, title=title,
                                      message=message, advice=advice))
    response.mimetype = "text/html"
    return response


def init_app(app: Flask) -> None:
    db.init_app(app)
    filters.init_app(app)
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
            return error_page(exc)
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
        try:
            return render_template("errors/error.html", code=500, title="Something went wrong",
                                   message="Something went wrong on our side; nothing was saved.",
                                   advice="Go back and try again. If it keeps happening, tell "
                                          "whoever runs this server."), 500
        except Exception:  # the page itself failed: plain words, never a traceback
            return ("Something went wrong on our side; nothing was saved. Go back and try "
                    "again."), 500, {"Content-Type": "text/plain; charset=utf-8"}
