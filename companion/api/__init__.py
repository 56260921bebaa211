"""JSON API blueprints (api.md)."""
