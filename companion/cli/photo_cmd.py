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

    layout = DEFAULT_FOR_EDITION[edition]
    image = render_sheet(layout, player=player, match=match)
    ok, png = cv2.imencode(".png", image)
    try:
        with open(out, "wb") as fh:
            fh.write(png.tobytes())
        if geometry:
            with open(geometry, "w", encoding="utf-8") as fh:
                json.dump(sheet_geometry(get_layout(layout)), fh, indent=1)
                fh.write("\n")
    except OSError as exc:
        fail(f"{exc.filename}: cannot write the file ({exc.strerror})")


@main.command("read-photo")
@click.argument("photo", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--game", default="doodle-china", show_default=True, help="which game's sheet it is")
@click.option("--edition", type=click.Choice(EDITIONS), help="edition, if the sheet cannot say")
def read_photo_command(photo: str, game: str, edition: str | None) -> None:
    """Read a photo of a finished sheet (JPEG or PNG) and print the proposal JSON."""
    import sys

    from vision import PhotoError, read_photo

    try:
        if photo == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(photo, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        fail(f"{photo}: cannot read the file ({exc.strerror})")
    try:
        answer = read_photo(data, game=game, edition=edition)
    except PhotoError as exc:
        fail(f"{photo}: {exc.message}")
    click.echo(json.dumps(answer, ensure_ascii=False, indent=2))
