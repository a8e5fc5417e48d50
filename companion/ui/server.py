"""Serve the app in web mode, fully offline (the Flutter client comes from the flet-web wheel).

``prepare`` does everything that can fail (the data folder, the port) before anything says the
app is running; ``serve`` then runs until SIGINT or SIGTERM. Configuration (the data folder,
the LAN address, trusted proxies) is passed down, never put in the environment.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.store import default_data_dir
from companion.ui.hub import TableHub, hub_for
from companion.ui.serve_error import ServeError

if TYPE_CHECKING:
    from companion.ui.relay import Relay


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text.encode("ascii", "backslashreplace").decode()[:200]


def hub_store_where(folder: Path | None) -> str:
    """What the served store is, for a message: the --database URL (no password) or the folder."""
    from companion.store.connection import is_url, shown_url, store_location

    chosen = store_location(folder)
    if is_url(chosen):
        return shown_url(str(chosen))
    return str(folder if folder is not None else default_data_dir())


def check_data(data_dir: str | Path | None) -> Path | None:
    """Open the store the server will use (a broken one is refused now, not per session);
    the resolved folder (None: the store's default one)."""
    from companion.ui.live import links_for

    folder = Path(data_dir).resolve() if data_dir is not None else None
    if folder is not None and folder.exists() and not folder.is_dir():
        raise ServeError("sec-live.serve.data_not_folder", path=str(folder))
    try:
        hub = hub_for(folder)
        hub.store.list(limit=1)  # the store reads; a page is enough to know
        links_for(hub)
    except ServeError:
        raise
    except Exception as exc:  # sqlite3, OS and decoding errors of a damaged or unreadable store
        where = hub_store_where(folder)
        raise ServeError("sec-live.serve.bad_data", path=where, detail=_one_line(exc)) from exc
    return folder


def prepare(host: str, port: int, *, data_dir: str | Path | None = None) -> tuple[socket.socket, Path | None]:
    """Check the data folder and bind the port: the bound socket and the data folder, or
    ServeError (one line)."""
    from companion.ui.webserver import bind, check_port

    check_port(port)  # 0 ("any free port") too: the URL printed must be the one served
    folder = check_data(data_dir)
    return bind(host, port), folder


def serve(
    host: str = "127.0.0.1",
    port: int = 8550,
    *,
    data_dir: str | Path | None = None,
    lan_url: str | None = None,
    trusted_proxies: list[str] | None = None,
    prepared: tuple[socket.socket, Path | None] | None = None,
) -> None:
    """Run the app at http://host:port/ until interrupted; tables are kept in ``data_dir``.

    ``lan_url``: the address other devices on the local network open (live share links use it).
    ``trusted_proxies``: addresses whose X-Forwarded-For is believed (none by default).
    ``prepared``: what ``prepare`` returned, when the caller checked before saying "running".
    """
    from companion.ui.app import make_main
    from companion.ui.warmup import WarmUp
    from companion.ui.webserver import run

    sock, folder = prepared if prepared is not None else prepare(host, port, data_dir=data_dir)
    warm = WarmUp()
    hub = hub_for(folder)
    main = make_main(hub, lan_url=lan_url, started=warm.first_screen_drawn)
    relays: list[Relay] = []

    def started() -> None:  # in uvicorn's loop, where Flet's pubsub for ``main`` is made
        relay = relay_for(hub, main)
        if relay is not None:
            relays.append(relay)
        warm.start()

    try:
        run(main, sock, trusted_proxies=trusted_proxies, on_started=started)
    finally:
        for relay in relays:
            relay.stop()


def relay_for(hub: TableHub, main: Any) -> Relay | None:
    """On a PostgreSQL store, the relay that keeps this worker's tables live with the other
    workers' (ui/relay.py); None on SQLite. Called in the server's event loop."""
    from flet_web.fastapi.flet_app_manager import app_manager

    from companion.ui.relay import start_relay

    if getattr(hub.store, "url", None) is None:
        return None
    return start_relay(hub, app_manager.get_pubsubhub(main))
