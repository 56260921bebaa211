"""Named queries for a group's Doodle China templates: sheets the project did
not print, taught from one photo of a blank (vision.doodle_china.template).
A template is stored as a draft until a person has seen (and corrected) every
printed value it read; only confirmed templates are used to read photos."""

from __future__ import annotations

from typing import Any

import sqlite_utils

from .documents import GroupDocuments

TEMPLATES = GroupDocuments(table="sheet_templates", category="edition")

# The named queries (`companion.storage.documents.GroupDocuments`).
list_templates, get_template, save_template = TEMPLATES.list, TEMPLATES.get, TEMPLATES.save
update_template, delete_template = TEMPLATES.update, TEMPLATES.delete


def templates_for_reading(db: sqlite_utils.Database, gid: str, edition: str | None = None
                          ) -> list[dict[str, Any]]:
    """The confirmed templates (a photo without our QR code is tried against them)."""
    return [{"id": t["id"], "template": {**t["data"], "name": t["name"]}}
            for t in TEMPLATES.list(db, gid, edition) if t["data"].get("confirmed")]
