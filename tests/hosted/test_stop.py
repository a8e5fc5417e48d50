"""``companion serve`` stops cleanly on SIGTERM (what systemd sends): exit status 0, its open
websocket closed by the server, and its relay's LISTEN connection closed. uvicorn used to raise
SIGTERM again after its shutdown with the default handler back, which killed the process (status
-15) before ``serve`` stopped the relay and closed the pools (ui/webserver.py, ``_Server``)."""

from __future__ import annotations

import signal

import psycopg
from hosted.kit import wait
from hosted.workers import workers
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


def relay_backends(url: str) -> set[int]:
    """The server processes of every relay's LISTEN connection on the database's server."""
    with psycopg.connect(url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'companion-relay-%%'"
        ).fetchall()
    return {row[0] for row in rows}


def test_sigterm_ends_a_hosted_worker_with_status_0_and_its_relay_closed(pg_url, tmp_path):
    before = relay_backends(pg_url)
    with workers(pg_url, tmp_path, ("a",), hosted=True) as [a]:
        mine = relay_backends(pg_url) - before
        assert mine, "the worker's relay is not listening"
        with connect(f"ws://127.0.0.1:{a.port}/ws", open_timeout=30) as ws:  # an open session's socket
            a.proc.send_signal(signal.SIGTERM)
            status = a.proc.wait(30)  # a bound for a hung stop, not a measure
            closed = False
            try:
                ws.recv(timeout=5)
            except ConnectionClosed as exc:
                closed = exc.rcvd is not None  # the server's close frame, not a dropped socket
        assert status == 0, a.said()
        assert closed, "the websocket was dropped, not closed by the server"
        wait(lambda: not relay_backends(pg_url) & mine, "the relay's LISTEN connection to close")
        assert "Traceback" not in a.said()
