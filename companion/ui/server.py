"""Serve the app in web mode, fully offline (the Flutter client comes from the flet-web wheel).

``prepare`` does everything that can fail (the data folder, the port) before anything says the
app is running; ``serve`` then runs until SIGINT or SIGTERM. Configuration (the data folder,
the LAN address, trusted proxies) is passed down, never put in the environment.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.store import default_data_dir
from companion.ui.hub import TableHub, hub_for
from companion.ui.serve_error import ServeError

if TYPE_CHECKING:
    from companion.ui.relay import Relay
    from companion.ui.stop_signals import StopSignals


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


def check_spaces(data_dir: str | Path | None) -> Path | None:
    """Open the spaces a hosted server keeps (a broken store is refused now, not per session)."""
    folder = Path(data_dir).resolve() if data_dir is not None else None
    if folder is not None and folder.exists() and not folder.is_dir():
        raise ServeError("sec-live.serve.data_not_folder", path=str(folder))
    try:
        open_spaces(folder)
    except ServeError:
        raise
    except Exception as exc:  # sqlite3, OS and decoding errors of a damaged or unreadable store
        raise ServeError(
            "sec-live.serve.bad_data", path=hub_store_where(folder), detail=_one_line(exc)
        ) from exc
    return folder


_SPACES: dict[Path | None, Any] = {}


def open_spaces(folder: Path | None) -> Any:
    """The spaces kept in ``folder`` (or the --database URL), one object per process."""
    from companion.store.spaces import Spaces

    if folder not in _SPACES:
        _SPACES[folder] = Spaces(spaces_location(folder))
    return _SPACES[folder]


def spaces_location(folder: Path | None) -> str | Path | None:
    """Where a hosted server keeps its spaces: --database ($TC_DATABASE) when given, as a LAN
    server's store does (store_location), even beside --data (which once won, so two workers
    each kept SQLite spaces of their own and nothing was shared); else ``folder`` (None: the
    default data folder)."""
    from companion.store.connection import DATABASE_ENV, is_url

    chosen = os.environ.get(DATABASE_ENV)
    if chosen:
        return chosen if is_url(chosen) else Path(chosen).parent
    return folder


def prepare(
    host: str, port: int, *, data_dir: str | Path | None = None, hosted: bool = False
) -> tuple[socket.socket, Path | None]:
    """Check the data folder (a hosted server's spaces) and bind the port (0: any free port, the
    socket's own is the one to print): the bound socket and the data folder, or ServeError (one line)."""
    from companion.ui.webserver import bind, check_port

    if port != 0:  # a bad port is said before a bad folder
        check_port(port)
    folder = check_spaces(data_dir) if hosted else check_data(data_dir)
    return bind(host, port), folder


def serve(
    host: str = "127.0.0.1",
    port: int = 8550,
    *,
    data_dir: str | Path | None = None,
    lan_url: str | None = None,
    trusted_proxies: list[str] | None = None,
    prepared: tuple[socket.socket, Path | None] | None = None,
    hosted: bool = False,
    idle_minutes: float = 15.0,
    stop: StopSignals | None = None,
) -> None:
    """Run the app at http://host:port/ until interrupted; tables are kept in ``data_dir``.

    ``lan_url``: the address other devices on the local network open (live share links use it).
    ``trusted_proxies``: addresses whose X-Forwarded-For is believed (none by default).
    ``prepared``: what ``prepare`` returned, when the caller checked before saying "running".
    ``hosted``: nobody is host by address; every browser gets a private space (ui/hosted.py),
    closed after ``idle_minutes`` without use and without a live session (ui/space_use.py).
    ``stop``: the process's stop signals as noted since it said "running" (ui/stop_signals.py).
    """
    from companion.ui.app import make_main
    from companion.ui.warmup import WarmUp
    from companion.ui.webserver import run

    sock, folder = prepared if prepared is not None else prepare(host, port, data_dir=data_dir, hosted=hosted)
    keep_catalogs()
    warm = WarmUp()
    relays: list[Relay] = []
    served: TableHub | None = None
    try:  # from here a stop (Ctrl+C, SIGTERM: cli.serve) closes what was opened
        if hosted:
            from companion.ui.hosted import Hosted

            spaces = open_spaces(folder)
            main = make_main(
                hosted=Hosted(spaces, idle_minutes=idle_minutes), started=warm.first_screen_drawn
            )
            url = spaces.url  # every hub is a space's
        else:
            served = hub_for(folder)
            main = make_main(served, lan_url=lan_url, started=warm.first_screen_drawn)
            url = database_url(served.store)

        def started() -> None:  # in uvicorn's loop, where Flet's pubsub for ``main`` is made
            relay = relay_for(url, served, main)
            if relay is not None:
                relays.append(relay)
            warm.start()

        run(main, sock, trusted_proxies=trusted_proxies, on_started=started, hosted=hosted, stop=stop)
    finally:
        close_down(relays, open_spaces(folder) if hosted else None, served)


def keep_catalogs() -> None:
    """Read the catalogues as parsed by an earlier run (the command line's cache folder) while
    their ``.po`` files are unchanged: Babel's parse of the default one was a fifth of the
    warm-up's CPU, which runs while the browser starts Flutter (ui/warmup.py)."""
    from companion.cache import cache_dir
    from companion.i18n import keep_parsed_catalogs

    keep_parsed_catalogs(cache_dir())


def close_down(relays: list[Relay], spaces: Any, served: TableHub | None) -> None:
    """After the server stopped (SIGTERM or SIGINT): the relay's LISTEN and NOTIFY connections,
    then the stores and the PostgreSQL pools, closed rather than dropped with the process."""
    for relay in relays:
        relay.stop()
    if spaces is not None:
        spaces.close()
    if served is not None:
        served.store.close()
    postgres = sys.modules.get("companion.store.postgres")  # never loaded on SQLite
    if postgres is not None:
        postgres.close_shared_pools()


def database_url(store: Any) -> str | None:
    """The PostgreSQL URL of a store; None for an SQLite file (one process: no relay)."""
    url = getattr(store, "url", None)
    return str(url) if url else None


def relay_for(url: str | None, served: TableHub | None, main: Any) -> Relay | None:
    """On a PostgreSQL store (``url``), the relay that keeps this worker's tables live with the
    other workers' (ui/relay.py); None on SQLite. ``served``: the hub of a LAN server's store
    (None when hosted: every hub is a space's). Called in the server's event loop."""
    if url is None:  # before the imports: the relay's loads psycopg (0.1 s), in the loop answering
        return None
    from flet_web.fastapi.flet_app_manager import app_manager

    from companion.ui.relay import start_relay

    return start_relay(url, served, app_manager.get_pubsubhub(main))
