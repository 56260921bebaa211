"""`companion backup` and `companion restore`."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import click

from ..storage.backup import BackupError, backup_to, restore_from
from . import main
from .common import default_db, fail


@main.command("backup")
@click.argument("out", required=False)
@click.option("--db", "db_path", default=None, help="Live database (default: instance/companion.sqlite)")
def backup_cmd(out: str | None, db_path: str | None) -> None:
    """Write a consistent copy of the live database (safe while the app runs)."""
    db = db_path or default_db()
    if not Path(db).is_file():
        fail(f"--db: no database at {db}")
    if out is None:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        out = str(Path(db).parent / "backups" / f"companion-{stamp}.sqlite")
    try:
        info = backup_to(db, out)
    except BackupError as exc:
        fail(str(exc))
    click.echo(json.dumps({"backup": out, **info}))


@main.command("restore")
@click.argument("backup")
@click.option("--db", "db_path", default=None, help="Live database (default: instance/companion.sqlite)")
@click.option("--yes", is_flag=True, help="Do not ask before replacing the live data")
def restore_cmd(backup: str, db_path: str | None, yes: bool) -> None:
    """Check BACKUP, then put it in place of the live database."""
    db = db_path or default_db()
    from ..storage.backup import check_backup

    try:
        info = check_backup(backup)
    except BackupError as exc:
        fail(f"{exc}; nothing was changed")
    if not yes and not click.confirm(
            f"Replace {db} with {backup} ({info['groups']} groups, {info['matches']} matches)?"):
        fail("not restored (answer yes, or pass --yes)")
    try:
        done = restore_from(backup, db)
    except BackupError as exc:
        fail(f"{exc}; nothing was changed")
    if done["set_aside"]:
        click.echo(f"the previous live database was copied to {done['set_aside']}", err=True)
    click.echo(json.dumps({"restored": backup, "into": db, **done}))
