"""Canal Companion: score canal-themed board games at the table and keep a group's history."""

__version__ = "0.1.0"
