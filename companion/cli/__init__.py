"""The `companion` command line. Each concern registers its commands in its
own module; this file only builds the group and imports them."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="canal-companion")
def main() -> None:
    """Canal Companion: score canal board games and keep your group's history."""


def _register() -> None:
    from importlib import import_module

    for name in ("score_cmd", "data_cmd", "serve_cmd", "backup_cmd", "photo_cmd", "stats_cmd"):
        import_module(f"{__name__}.{name}")


_register()
