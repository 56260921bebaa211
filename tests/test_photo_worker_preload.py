"""A photo worker finds the app's entry points already imported. On Python
3.11 the fork server never imports the main script (its path is handed over
under a key the fork server does not read), so every worker runs the main
script again; under `companion serve` that imported companion.cli (click,
Flask, sqlite-utils...) in every worker, about 0.2 s of CPU a photo, unless
the fork server has it preloaded."""

from __future__ import annotations

import sys
from importlib.metadata import distribution

import pytest

from companion import photos

ENTRY_POINTS = sorted((ep.name, ep.module) for ep in distribution("canal-companion").entry_points
                      if ep.group == "console_scripts")


def _imported(conn, names: list[str]) -> None:
    conn.send({name: name in sys.modules for name in names})
    conn.close()


def test_the_app_has_entry_points_to_check() -> None:
    assert ("companion", "companion.cli") in ENTRY_POINTS


@pytest.mark.parametrize("module", [module for _, module in ENTRY_POINTS],
                         ids=[name for name, _ in ENTRY_POINTS])
def test_a_photo_worker_finds_the_entry_points_module_imported(module: str) -> None:
    ctx = photos._ctx()
    receiver, sender = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_imported, args=(sender, [module, "companion.photos.worker"]), daemon=True)
    proc.start()
    sender.close()
    try:
        assert receiver.poll(60), "the worker did not answer"
        assert receiver.recv() == {module: True, "companion.photos.worker": True}
    finally:
        receiver.close()
        proc.join(10)
