"""Named queries for a group's Doodle China sheet layouts: the grid of the
printed sheets the group owns (square kinds, houses, score tracks), saved
once and picked when a match starts. The built-in layouts are not stored
here; the API lists them beside these."""

from __future__ import annotations

from .documents import GroupDocuments

LAYOUTS = GroupDocuments(table="sheet_layouts", category="edition")

# The named queries (`companion.storage.documents.GroupDocuments`).
list_layouts, get_layout, save_layout = LAYOUTS.list, LAYOUTS.get, LAYOUTS.save
update_layout, delete_layout = LAYOUTS.update, LAYOUTS.delete
