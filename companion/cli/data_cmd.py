"""Groups and data on the command line: `group create`, `export`, `import`."""

from __future__ import annotations

import json
import sys

import click

from .. import storage
from ..games import StateError, score
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


def _read_lines(path: str, gid: str | None, db):
    """Yield (group, id, played_at, state, result), failing with the line number."""
    from ..api.body import parse_played_at

    fh = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
    with fh:
        for number, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                item = json.loads(raw)
            except json.JSONDecodeError as exc:
                fail(f"line {number}: not valid JSON ({exc.msg})")
            if not isinstance(item, dict) or "state" not in item:
                fail(f'line {number}: must be an object with "state" (and "id", "played_at")')
            unknown = set(item) - {"id", "group", "played_at", "state"}
            if unknown:
                fail(f"line {number}: {sorted(unknown)[0]}: is not a known key")
            target = gid or item.get("group")
            if not target:
                fail(f"line {number}: group: missing; pass --group GID")
            mid = item.get("id")
            if not isinstance(mid, str) or not mid:
                fail(f"line {number}: id: must be a non-empty string")
            try:
                played_at = parse_played_at(item.get("played_at") or storage.now_iso())
                result = score(item["state"])
            except StateError as exc:
                prefix = "" if exc.path == "played_at" else "state."
                fail(f"line {number}: {prefix}{exc.path}: {exc.message}")
            yield target, mid, played_at, item["state"], result


@main.command("import")
@click.argument("path", type=click.Path(allow_dash=True, dir_okay=False))
@click.option("--group", "gid", default=None, help="Put every match into this group")
@click.option("--db", "db_path", default=None)
def import_cmd(path: str, gid: str | None, db_path: str | None) -> None:
    """Read JSON lines (as `export` writes), skipping ids already stored."""
    db = storage.connect(db_path or default_db())
    if gid and storage.get_group(db, gid) is None:
        fail(f"--group: no group with id {gid!r}")
    added = skipped = 0
    batch: dict[str, list] = {}
    known: set[str] = set()

    def flush() -> None:
        nonlocal added, skipped
        for target, items in batch.items():
            a, s = storage.import_matches(db, target, items)
            added, skipped = added + a, skipped + s
        batch.clear()

    try:
        for target, mid, played_at, state, result in _read_lines(path, gid, db):
            if target not in known:
                if storage.get_group(db, target) is None:
                    fail(f"group {target!r} does not exist here; create it or pass --group")
                known.add(target)
            batch.setdefault(target, []).append((mid, played_at, state, result))
            if sum(len(v) for v in batch.values()) >= 2000:
                flush()
        flush()
    except OSError as exc:
        fail(f"{path}: cannot read ({exc.strerror})")
    click.echo(json.dumps({"added": added, "skipped": skipped}))
    click.echo(f"added {added}, skipped {skipped} already present", err=True)
