"""Matches: the JSON API (save, edit, delete, restore), recently deleted,
and the exports and imports of a group's history (CSV, JSON lines, BG Stats)."""
