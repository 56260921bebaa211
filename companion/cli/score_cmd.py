"""`companion score FILE|-`: score a state and print the result JSON."""

from __future__ import annotations

import json
import sys

import click

from companion.games import StateError, score

from . import main
from .common import fail


@main.command("score")
@click.argument("source", type=click.Path(allow_dash=True, dir_okay=False))
def score_command(source: str) -> None:
    """Score the state in SOURCE (a JSON file, or - for standard input)."""
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        fail(f"{source}: cannot read the file ({exc.strerror})")
    except UnicodeDecodeError:
        fail(f"{source}: is not UTF-8 text; a state is a JSON file")
    try:
        state = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"(state): is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    try:
        result = score(state)
    except StateError as exc:
        fail(f"{exc.path}: {exc.message}")
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))
