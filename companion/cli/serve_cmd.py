"""`companion serve`: run the app for the phones at the table."""

from __future__ import annotations

import io
import os
from typing import Any

import click

from . import main
from .common import default_db, lan_address


def print_banner(url: str) -> None:
    """The address phones should open, and a QR code of it for the terminal."""
    import qrcode

    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.make(fit=True)
    buf = io.StringIO()
    qr.print_ascii(out=buf, invert=True)
    click.echo(buf.getvalue())
    click.echo(f"Canal Companion is running. On a phone on the same Wi-Fi, open:\n\n    {url}\n")


def _close_streams(_server: Any, _worker: Any) -> None:
    """End live streams at once on a stop, so phones reconnect elsewhere
    instead of holding the worker through gunicorn's grace period."""
    from ..table.hub import _hubs

    for hub in list(_hubs.values()):
        hub.close_all()


def _warm_up(_worker: Any) -> None:
    """Start the photo workers' fork server before this worker takes requests
    (about a second), so the first photo of the evening is read as fast as the
    others and the server's memory is what it will be all evening."""
    from ..photos import warm_up

    warm_up()


HEAD_DEADLINE_SECONDS = 5  # a request's line and headers must arrive within this


def _gunicorn(app: Any, host: str, port: int, workers: int, threads: int,
              worker_class: str, connections: int) -> None:
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def load_config(self) -> None:
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            if worker_class == "gthread":  # the old way: a thread per connection
                self.cfg.set("threads", threads)
                self.cfg.set("worker_class", "gthread")
            else:
                from .venue_worker import VenueWorker

                self.cfg.set("worker_class", VenueWorker)
                self.cfg.set("worker_connections", connections)
                # gunicorn's gevent worker reads each request head under this deadline
                self.cfg.set("keepalive", HEAD_DEADLINE_SECONDS)
            self.cfg.set("timeout", 120)
            # gevent: idle keep-alive connections end within the head deadline
            self.cfg.set("graceful_timeout", 5 if worker_class == "gthread"
                         else HEAD_DEADLINE_SECONDS + 3)
            self.cfg.set("accesslog", None)
            if "control_socket_disable" in self.cfg.settings:
                # recent gunicorn (27) opens one control socket per user (~/.gunicorn/gunicorn.ctl):
                # a second server on this machine would take it over and unlink it on exit.
                self.cfg.set("control_socket_disable", True)

            self.cfg.set("worker_exit", _close_streams)
            self.cfg.set("post_worker_init", _warm_up)

        def load(self) -> Any:
            return app

    Server().run()


@main.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True)
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--db", "db_path", default=None, help="SQLite file (default: instance/companion.sqlite)")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 16),
              help="Server processes (they share the SQLite file)")
@click.option("--worker-class", "worker_class", default="gevent", show_default=True,
              type=click.Choice(["gevent", "gthread"]),
              help="gevent: a connection costs a greenlet (live streams are cheap); "
                   "gthread: the old way, a thread per connection")
@click.option("--connections", default=2000, show_default=True, type=click.IntRange(10, 100000),
              help="gevent: open connections per process (live streams count)")
@click.option("--threads", default=16, show_default=True, type=click.IntRange(1, 256),
              help="gthread: threads per process (live streams hold one each)")
@click.option("--dev", is_flag=True, help="Flask's reloading development server instead")
@click.option("--public-url", envvar="COMPANION_PUBLIC_URL", default=None,
              help="The address phones use to reach this server (e.g. https://games.example.org); "
                   "join links and QR codes are built from it [env COMPANION_PUBLIC_URL; "
                   "default: this machine's LAN address and --port]")
def serve(host: str, port: int, db_path: str | None, workers: int, worker_class: str,
          connections: int, threads: int, dev: bool, public_url: str | None) -> None:
    """Start the app; prints the address (and QR code) phones should open."""
    from .. import storage
    from ..app import create_app
    from ..web.pages import check_public_url

    if public_url:
        problem = check_public_url(public_url)
        if problem:
            raise click.BadParameter(problem, param_hint="--public-url")
    db_file = os.path.abspath(db_path or default_db())
    storage.connect(db_file).conn.close()  # create and migrate before workers start
    shown = lan_address() if host in ("0.0.0.0", "::") else host
    address = (public_url or f"http://{shown}:{port}").rstrip("/")
    app = create_app({"DATABASE": db_file, "PUBLIC_URL": address})
    if worker_class == "gevent" and "ROOM_MAX_STREAMS" not in app.config \
            and not os.environ.get("COMPANION_ROOM_MAX_STREAMS"):
        # A stream is a greenlet: cap only below the connection limit, so
        # plain requests always find a place.
        app.config["ROOM_MAX_STREAMS"] = max(connections // 2, connections - 200)
    print_banner(f"{address}/")
    if dev:
        app.run(host=host, port=port, debug=True, threaded=True)
    else:
        _gunicorn(app, host, port, workers, threads, worker_class, connections)
