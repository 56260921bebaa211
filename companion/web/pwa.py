"""Installable app: the web app manifest and the service worker, served
from the site root so the worker's scope is the whole app."""

from __future__ import annotations

from flask import Blueprint, current_app, send_from_directory

bp = Blueprint("pwa", __name__)


@bp.get("/manifest.webmanifest")
def manifest():
    response = send_from_directory(current_app.static_folder, "manifest.webmanifest",
                                   mimetype="application/manifest+json", max_age=3600)
    return response


@bp.get("/sw.js")
def service_worker():
    """Never cached by the browser's HTTP cache, so a new worker is picked up."""
    response = send_from_directory(current_app.static_folder, "sw.js",
                                   mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response
