"""Groups and data on the command line: `group create`, `export`, `import`."""

from __future__ import annotations

import json
import sys

import click

from .. import storage
from ..games.registry import GROUP_NAME_MAX
from . import main
from .common import default_db, fail, public_url


@main.group("group")
def group_cmd() -> None:
    """Create and inspect groups."""


@group_cmd.command("create")
@click.argument("name")
@click.option("--db", "db_path", default=None, help="SQLite file (default: instance/companion.sqlite)")
@click.option("--url", default=None, envvar="COMPANION_PUBLIC_URL",
              help="Base address phones open, as `serve --public-url` [env COMPANION_PUBLIC_URL; "
                   "default: this machine's LAN address]")
def group_create(name: str, db_path: str | None, url: str | None) -> None:
    """Create a group and print {"id", "name", "key", "join_url"}."""
    name = name.strip()
    if not name or len(name) > GROUP_NAME_MAX:
        fail(f"NAME: must be 1 to {GROUP_NAME_MAX} characters")
    db = storage.connect(db_path or default_db())
    group = storage.create_group(db, name)
    base = (url or public_url()).rstrip("/")
    group["join_url"] = f"{base}/g/{group['id']}/join?key={group['key']}"
    click.echo(json.dumps(group, ensure_ascii=False))


@main.command("export")
@click.option("--group", "gid", default=None, help="Only this group's matches")
@click.option("--db", "db_path", default=None)
def export_cmd(gid: str | None, db_path: str | None) -> None:
    """Write every match as JSON lines: {"id", "group", "played_at", "state"}."""
    db = storage.connect(db_path or default_db())
    if gid and storage.get_group(db, gid) is None:
        fail(f"--group: no group with id {gid!r}")
    out = sys.stdout
    for line in storage.export_matches(db, gid):
        out.write(json.dumps(line, ensure_ascii=False) + "\n")


@main.command("import")
@click.argument("path", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--group", "gid", default=None, help="Put every match into this group")
@click.option("--db", "db_path", default=None)
def import_cmd(path: str, gid: str | None, db_path: str | None) -> None:
    """Read JSON lines (as `export` writes), skipping ids already stored.

    Every line is checked and scored first, then all matches are stored in
    one transaction: either all of them are stored or none, and the message
    says which (a bad line names its number and what is wrong)."""
    import sqlite3

    from ..matches.import_lines import LineError, check_lines, stopped, store

    db = storage.connect(db_path or default_db())
    if gid and storage.get_group(db, gid) is None:
        fail(f"--group: no group with id {gid!r}; nothing was stored")
    items, numbers = [], []
    known: set[str] = set()
    try:
        fh = sys.stdin if path == "-" else open(path, encoding="utf-8-sig")  # noqa: SIM115
        with fh:
            for number, item in check_lines(fh, group=gid):
                target = item[0]
                if not target:
                    raise LineError(number, "missing; pass --group GID", "group")
                if target not in known:
                    if storage.get_group(db, target) is None:
                        raise LineError(number, f"{target!r} does not exist here; create it or "
                                                "pass --group", "group")
                    known.add(target)
                items.append(item)
                numbers.append(number)
    except LineError as exc:
        fail(f"{exc}; nothing was stored (fix that line and import the file again)")
    except UnicodeDecodeError:
        fail(f"{path}: not UTF-8 text (export writes JSON lines in UTF-8); nothing was stored")
    except OSError as exc:
        fail(f"{path}: cannot read ({exc.strerror}); nothing was stored")
    if not items:
        fail(f"{path}: no matches (one JSON object per line); nothing was stored")
    added = skipped = 0
    show = sys.stderr.isatty()
    try:
        for added, skipped in store(db, items):
            if show:
                click.echo(f"\rchecked {len(items)}, storing {added + skipped}/{len(items)}",
                           err=True, nl=False)
    except (sqlite3.Error, storage.ImportStopped) as exc:
        if show:
            click.echo("", err=True)
        fail(stopped(exc, numbers)[1]["error"])
    if show:
        click.echo("", err=True)
    click.echo(json.dumps({"added": added, "skipped": skipped}))
    click.echo(f"stored {added}, skipped {skipped} already present", err=True)
