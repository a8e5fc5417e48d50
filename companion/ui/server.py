"""Serve the app in web mode, fully offline (the Flutter client comes from the flet-web wheel).

``prepare`` does everything that can fail (the data folder, the port) before anything says the
app is running; ``serve`` then runs until SIGINT or SIGTERM.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

from companion.store import default_data_dir
from companion.ui.hub import DATA_DIR_ENV, hub_for
from companion.ui.serve_error import ServeError


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text.encode("ascii", "backslashreplace").decode()[:200]


def check_data(data_dir: str | Path | None) -> None:
    """Open the store the server will use (so a broken one is refused now, not per session)."""
    from companion.ui.live import links_for

    if data_dir is not None:
        folder = Path(data_dir).resolve()
        if folder.exists() and not folder.is_dir():
            raise ServeError("sec-live.serve.data_not_folder", path=str(folder))
        os.environ[DATA_DIR_ENV] = str(folder)
    try:
        hub = hub_for()
        hub.store.list()
        links_for(hub)
    except ServeError:
        raise
    except Exception as exc:  # sqlite3, OS and decoding errors of a damaged or unreadable store
        where = data_dir if data_dir is not None else default_data_dir()
        raise ServeError("sec-live.serve.bad_data", path=str(where), detail=_one_line(exc)) from exc


def prepare(host: str, port: int, *, data_dir: str | Path | None = None) -> socket.socket:
    """Check the data folder and bind the port; the bound socket, or ServeError (one line)."""
    from companion.ui.webserver import bind, check_port

    check_port(port)  # 0 ("any free port") too: the URL printed must be the one served
    check_data(data_dir)
    return bind(host, port)


def serve(
    host: str = "127.0.0.1",
    port: int = 8550,
    *,
    data_dir: str | Path | None = None,
    lan_url: str | None = None,
    trusted_proxies: list[str] | None = None,
    sock: socket.socket | None = None,
) -> None:
    """Run the app at http://host:port/ until interrupted; tables are kept in ``data_dir``.

    ``lan_url``: the address other devices on the local network open (live share links use it).
    ``trusted_proxies``: addresses whose X-Forwarded-For is believed (none by default).
    ``sock``: a socket ``prepare`` bound already.
    """
    from companion.ui.app import main
    from companion.ui.live import LAN_ENV
    from companion.ui.webserver import run

    if lan_url is not None:
        os.environ[LAN_ENV] = lan_url
    if sock is None:
        sock = prepare(host, port, data_dir=data_dir)
    run(main, sock, trusted_proxies=trusted_proxies)
