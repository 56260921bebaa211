"""Helpers shared by the command modules."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

import click

ROOT = Path(__file__).resolve().parents[2]


def fail(message: str) -> NoReturn:
    """One line on standard error, exit 2 (the contract for bad input)."""
    click.echo(f"error: {message}", err=True)
    sys.exit(2)


def default_db() -> str:
    return str(ROOT / "instance" / "companion.sqlite")


def lan_address() -> str:
    """This machine's address on the local network (what phones open);
    found from the interfaces, without sending anything."""
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout
        for addr in out.split():
            if "." in addr and not addr.startswith("127."):
                return addr
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = info[4][0]
            if not addr.startswith("127."):
                return addr
    except OSError:
        pass
    return "127.0.0.1"


def public_url(port: int = 5000) -> str:
    return f"http://{lan_address()}:{port}"
