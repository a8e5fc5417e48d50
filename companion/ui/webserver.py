"""The web server behind ``companion serve`` and the Share screen's local-network listener.

Flet's FastAPI app (static files of the Flutter client, offline) with its websocket route
replaced by ``companion.ui.guard``'s, run by uvicorn on a socket bound BEFORE anything says
"running", so a busy or invalid port is one clear error instead of a traceback. X-Forwarded-For
is honoured only from proxies the host named as trusted; otherwise the TCP peer is who a client
is. A stop signal closes open websockets and ends the process within about a second.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import uvicorn

from companion.share.budget import DEFAULT_LIMITS
from companion.share.textcode import IMPORT_PATH
from companion.ui import guard
from companion.ui.hosted import SPACE_LANDING, SPACE_PREF
from companion.ui.scanned import SCANNED_PREF, SCANNED_ROUTE
from companion.ui.sent_settings import WithScript
from companion.ui.serve_error import ServeError
from companion.ui.stop_signals import StopSignals

ASSETS = Path(__file__).resolve().parents[2] / "assets"
GRACE_SECONDS = 1  # how long open connections get to close on a stop signal


def check_port(port: int) -> int:
    if not 1 <= port <= 65535:
        # as typed: a port is a name, not a quantity ("-1", not the minus sign of a score)
        raise ServeError("sec-live.serve.bad_port", port=str(port))
    return port


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (0: any free port), or ServeError saying why not."""
    if port != 0:
        check_port(port)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        raise ServeError("sec-live.serve.bad_host", host=host, detail=exc.args[-1]) from exc
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise ServeError("sec-live.serve.port_busy", port=port) from exc
        raise ServeError("sec-live.serve.cannot_listen", host=host, port=port, detail=exc.strerror) from exc
    sock.set_inheritable(True)
    return sock


def build_app(main: Callable[..., Any], assets_dir: Path = ASSETS, *, hosted: bool = False) -> Any:
    """Flet's web app for ``main`` with the guarded websocket handler in front; ``hosted``
    adds the recovery link's landing page (``/space``, ui/hosted.py)."""
    import flet_web.fastapi as flet_fastapi
    from fastapi.routing import APIWebSocketRoute

    inner = flet_fastapi.app(main, assets_dir=str(assets_dir), upload_dir=str(assets_dir), no_cdn=True)
    inner.router.routes[:] = [
        route
        for route in inner.router.routes
        if not (isinstance(route, APIWebSocketRoute) and route.path == "/ws")
    ]
    inner.router.routes.insert(0, APIWebSocketRoute("/ws", guard.make_handler(main)))
    outer = flet_fastapi.FastAPI()
    # response_model=None: FastAPI otherwise makes a response model of the ``Any`` return, and
    # checking it for a pydantic v1 model imports pydantic.v1 (about 40 ms before listening)
    outer.add_api_route(
        IMPORT_PATH, _import_landing, methods=["GET"], include_in_schema=False, response_model=None
    )
    if hosted:
        from companion.ui.proxy_check import RefuseUntrustedProxy

        outer.add_api_route(
            SPACE_LANDING, _space_landing, methods=["GET"], include_in_schema=False, response_model=None
        )
        outer.add_middleware(RefuseUntrustedProxy)  # a forgotten --trusted-proxy: refused, said why
    outer.mount("/", WithScript(inner))  # its page sends the stored settings (ui/sent_settings.py)
    return outer


# A scanned import link is /import#<code>. The fragment never reaches a server, and the Flutter
# client opens the route without it, so this page hands it over in the browser: it keeps the
# code in the app's own storage (where SharedPreferences reads it) and opens the app's import
# screen, which takes it (companion/ui/scanned.py, ``take_scanned``).
_LANDING = """<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Table Companion</title></head><body>
<script>
try {
  localStorage.setItem("flutter.%(pref)s", JSON.stringify(location.hash.slice(1)));
} catch (e) {}
location.replace("%(route)s");
</script>
<noscript>Table Companion needs JavaScript to open this link.</noscript>
</body></html>
"""


async def _import_landing() -> Any:
    return _landing(SCANNED_PREF, SCANNED_ROUTE)


# A hosted space's recovery link is /space#<id>.<secret>: the same hand-over keeps the key where
# the session's start reads it (ui/hosted.py, SPACE_PREF) and opens the app, which joins that
# space. The key never reaches the server in a request line or a log.
async def _space_landing() -> Any:
    return _landing(SPACE_PREF, "/")


def _landing(pref: str, route: str) -> Any:
    from fastapi.responses import HTMLResponse

    return HTMLResponse(
        _LANDING % {"pref": pref, "route": route},
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
    )


class _Server(uvicorn.Server):
    """uvicorn's server, calling ``on_started`` once it accepts connections."""

    def __init__(self, config: uvicorn.Config, on_started: Callable[[], None] | None = None) -> None:
        super().__init__(config)
        self.on_started = on_started

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.on_started is not None and not self.should_exit:
            self.on_started()

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """uvicorn's, without raising SIGTERM again once the server stopped for it: uvicorn does,
        with the default handler back, which killed the process (status -15) before ``serve``'s
        clean-up (the relay's stop, the pools' close) ran. SIGINT is still raised again: it is a
        KeyboardInterrupt, which the clean-up sees pass."""
        with super().capture_signals():
            try:
                yield
            finally:
                self._captured_signals[:] = [s for s in self._captured_signals if s != signal.SIGTERM]


def make_server(
    app: Any,
    host: str,
    port: int,
    trusted_proxies: list[str] | None = None,
    log_level: str = "warning",
    on_started: Callable[[], None] | None = None,
) -> uvicorn.Server:
    trusted = list(trusted_proxies or [])
    guard.TRUSTED_PROXIES = set(trusted)  # the guard tells a forgotten proxy from a trusted one
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_max_size=DEFAULT_LIMITS.result_frame_bytes,
        proxy_headers=bool(trusted),
        forwarded_allow_ips=trusted,
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    return _Server(config, on_started)


def run(
    main: Callable[..., Any],
    sock: socket.socket,
    *,
    trusted_proxies: list[str] | None = None,
    on_started: Callable[[], None] | None = None,
    hosted: bool = False,
    stop: StopSignals | None = None,
) -> None:
    """Serve ``main`` on the bound ``sock`` until SIGINT or SIGTERM (uvicorn handles both while
    it serves; before, ``stop`` notes them: then it returns without serving, or serves nobody);
    ``on_started`` is called once it accepts connections; ``hosted``: private spaces."""
    host, port = sock.getsockname()[:2]
    number_controls_apart()
    app = build_app(main, hosted=hosted)
    server = make_server(app, host, port, trusted_proxies, on_started=on_started)
    if stop is not None:
        stop.server = server
        if stop.asked:
            return
    asyncio.run(server.serve(sockets=[sock]))


# Flet numbers controls from one counter per process, starting at 3 in every process. A browser
# whose server died (a worker killed, a laptop's server restarted) reconnects to a process that
# does not know its session and starts a new one; with the same numbers as the controls the
# browser still holds, Flutter mixed them up: 2 of 9 takeovers left a blank page (the new
# SharedPreferences(9) never answered, its number being the old one's). Each served process
# therefore starts at its own random multiple of ID_BLOCK, below 2**53 (a JavaScript number).
ID_BLOCK = 2**32  # controls one process may make before reaching another's block: never in practice
ID_BLOCKS = 2**20


def number_controls_apart() -> int:
    """Start this process's Flet control numbers at a random block of their own; the start."""
    import itertools
    import secrets

    from flet.controls.id_counter import ControlId

    start = (1 + secrets.randbelow(ID_BLOCKS - 1)) * ID_BLOCK
    with ControlId._lock:
        ControlId._counter = itertools.count(start)
    return start


class Listener:
    """A server running inside the app's own event loop; ``close`` stops it."""

    def __init__(self, server: uvicorn.Server, task: asyncio.Task[None]) -> None:
        self.server = server
        self.task = task

    async def close(self) -> None:
        self.server.should_exit = True
        await self.task


async def start(main: Callable[..., Any], sock: socket.socket) -> Listener:
    """Serve ``main`` on ``sock`` inside the running loop (the Share screen's listener); returns
    once it accepts connections."""
    host, port = sock.getsockname()[:2]
    server = make_server(build_app(main), host, port)
    # The main server handles the signals; replacing a method on the instance is what uvicorn allows.
    server.capture_signals = contextlib.nullcontext  # type: ignore[method-assign, assignment]
    task = asyncio.get_running_loop().create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():  # it stopped before accepting anything
            task.result()
            raise ServeError("sec-live.serve.cannot_listen", host=host, port=port, detail="stopped")
        await asyncio.sleep(0.02)
    return Listener(server, task)
