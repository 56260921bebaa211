"""gunicorn's gevent worker with read deadlines: a connection costs a
greenlet, not a thread, so slow phones (or slow-loris clients) cannot starve
the others, and none of them may hold a connection forever.

- Request head: gunicorn's gevent worker reads each request line and
  headers under `keepalive` seconds in total (its `timeout_ctx`), so a client
  that dribbles its headers is cut at that deadline.
- Every socket read or write has an idle timeout (`SOCKET_IDLE_SECONDS`): a
  peer that stops reading or writing for that long is dropped.
- Bodies are read in full by `companion.web.bodies` under a total deadline
  before the app sees them.
"""

from __future__ import annotations

import gevent
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

SOCKET_IDLE_SECONDS = 20.0


def _end_streams() -> None:
    from ..table.hub import _hubs

    for hub in list(_hubs.values()):
        hub.close_all()


class VenueWorker(GeventWorker):
    def handle_exit(self, sig, frame):
        """A stop ends the live streams at once (phones reconnect to the
        restarted server); otherwise they would hold the graceful period."""
        gevent.spawn(_end_streams)
        super().handle_exit(sig, frame)

    def handle_quit(self, sig, frame):
        gevent.spawn(_end_streams)
        super().handle_quit(sig, frame)

    def handle(self, listener, client, addr):
        # GeventWorker.handle would make the socket blocking with no timeout.
        client.settimeout(SOCKET_IDLE_SECONDS)
        AsyncWorker.handle(self, listener, client, addr)
