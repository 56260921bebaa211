"""`companion sheet doodle-china ...` (print a score sheet) and
`companion read-photo PHOTO` (read a photo of a finished sheet)."""

from __future__ import annotations

import json

import click

from . import main
from .score_cmd import fail

EDITIONS = ("suzhou", "shanghai")


@main.command("sheet")
@click.argument("game", type=click.Choice(["doodle-china"]))
@click.option("--edition", required=True, type=click.Choice(EDITIONS), help="which sheet to print")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False), help="PNG file to write")
@click.option("--geometry", type=click.Path(dir_okay=False), help="also write where everything is (JSON)")
@click.option("--player", help="player name printed on the sheet and in its QR code")
@click.option("--match", "match", help="match id printed in the QR code")
def sheet_command(game: str, edition: str, out: str, geometry: str | None, player: str | None,
                  match: str | None) -> None:
    """Write the printable score sheet of GAME (A4 portrait, 150 dpi PNG)."""
    import cv2

    from companion.games.doodle_china.layouts import DEFAULT_FOR_EDITION, get_layout
    from vision.doodle_china.sheet import render_sheet, sheet_geometry

    layout = get_layout(DEFAULT_FOR_EDITION[edition])
    image = render_sheet(layout, player=player, match=match)
    ok, png = cv2.imencode(".png", image)
    try:
        with open(out, "wb") as fh:
            fh.write(png.tobytes())
        if geometry:
            with open(geometry, "w", encoding="utf-8") as fh:
                json.dump(sheet_geometry(layout), fh, indent=1)
                fh.write("\n")
    except OSError as exc:
        fail(f"{exc.filename}: cannot write the file ({exc.strerror})")


@main.command("read-photo")
@click.argument("photo", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--game", default="doodle-china", show_default=True, help="which game's sheet it is")
@click.option("--edition", type=click.Choice(EDITIONS), help="edition, if the sheet cannot say")
@click.option("--template", "template_file", type=click.Path(dir_okay=False),
              help="a taught sheet (from `companion template`): read a sheet the project did not print")
def read_photo_command(photo: str, game: str, edition: str | None, template_file: str | None) -> None:
    """Read a photo of a finished sheet (JPEG or PNG) and print the proposal JSON."""
    import sys

    from companion.photos.game_data import game_data
    from vision import PhotoError, read_photo

    options = game_data(game)
    if template_file:
        if game != "doodle-china":
            fail("--template is for Doodle China sheets (--game doodle-china)")
        options["template"] = _load_json(template_file, "template")

    try:
        if photo == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(photo, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        fail(f"{photo}: cannot read the file ({exc.strerror})")
    try:
        answer = read_photo(data, game=game, edition=edition, **options)
    except PhotoError as exc:
        fail(f"{photo}: {exc.message}")
    click.echo(json.dumps(answer, ensure_ascii=False, indent=2))


def _load_json(path: str, what: str) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            value = json.load(fh)
    except OSError as exc:
        fail(f"{path}: cannot read the {what} file ({exc.strerror})")
    except ValueError as exc:
        fail(f"{path}: the {what} file is not JSON ({exc})")
    if not isinstance(value, dict):
        fail(f"{path}: the {what} file must hold a JSON object")
    return value


@main.command("template")
@click.argument("game", type=click.Choice(["doodle-china"]))
@click.option("--edition", required=True, type=click.Choice(EDITIONS), help="which edition the pad is")
@click.option("--photo", required=True, type=click.Path(dir_okay=False),
              help="one photo of a blank (or barely used) sheet lying flat")
@click.option("--out", "out", required=True, type=click.Path(dir_okay=False), help="TEMPLATE.json to write")
@click.option("--layout", help="cell kinds, houses and trees: a layout name or a layout JSON file "
                               "(default: the edition's built-in layout)")
@click.option("--hints", type=click.Path(dir_okay=False),
              help="HINTS.json: where the grid's corners, the tracks and the trees are on the photo")
@click.option("--name", help="what to call the template (default: '<edition> pad')")
def template_command(game: str, edition: str, photo: str, out: str, layout: str | None, hints: str | None,
                     name: str | None) -> None:
    """Teach the reader a sheet the project did not print, from one photo of a blank."""
    import os

    from companion.games.common import StateError
    from companion.games.doodle_china.layouts import (
        DEFAULT_LAYOUTS,
        check_layout,
        get_layout,
        known_layouts,
    )
    from vision import PhotoError
    from vision.doodle_china.template import make_template

    if layout is None:
        spec = None
    elif layout in DEFAULT_LAYOUTS:
        spec = get_layout(layout)
    elif os.path.exists(layout):
        try:
            spec = check_layout(_load_json(layout, "layout"), edition)
        except StateError as exc:
            fail(f"{layout}: {exc}")
    else:
        fail(f"--layout {layout!r} is neither a built-in layout ({', '.join(DEFAULT_LAYOUTS)}) nor a file")
    hint_data = _load_json(hints, "hints") if hints else None
    try:
        with open(photo, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        fail(f"{photo}: cannot read the file ({exc.strerror})")
    try:
        template = make_template(data, edition, spec, hint_data, name, layouts=known_layouts())
    except PhotoError as exc:
        fail(f"{photo}: {exc.message}")
    try:
        with open(out, "w", encoding="utf-8") as fh:
            json.dump(template, fh)
            fh.write("\n")
    except OSError as exc:
        fail(f"{exc.filename}: cannot write the file ({exc.strerror})")
    for warning in template["warnings"]:
        click.echo(f"warning: {warning}", err=True)
    for track, entries in template["tracks"].items():
        click.echo(f"{track}: " + " ".join(str(e["value"]) if e["value"] is not None else "?" for e in entries),
                   err=True)
