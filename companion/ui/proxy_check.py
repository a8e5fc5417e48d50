"""A hosted server refuses what comes through a reverse proxy it was not told to trust.

Behind a proxy on the same machine, every visitor reaches the server from the proxy's address.
The LAN server treats such visitors as remote (ui/guard.py, ``peer_address``), which is safe
there. A hosted server counts wrong space keys, new spaces and dropped connections per address:
with a forgotten ``--trusted-proxy`` every visitor would share one address, and one person
guessing keys would lock everybody out. So a hosted server refuses such a request outright and
says why, in its log and on the page, instead of running half-broken: a web page gets a 503
saying what the operator must do; a websocket is closed before it is accepted.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

from companion.i18n import LANGUAGES, translate
from companion.ui import guard

log = logging.getLogger("companion.guard")

Scope = MutableMapping[str, Any]
Asgi = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Awaitable[None]]


def untrusted_proxy(address: str, headers: Iterable[tuple[bytes, bytes]]) -> bool:
    """Whether a request from ``address`` carries a proxy's forwarding headers that no proxy
    named with --trusted-proxy vouched for. uvicorn puts the forwarded client in place of a
    trusted proxy's address, so a believed request comes from an address its own
    X-Forwarded-For names; any other one came through a proxy nobody named."""
    found = {name.decode("latin-1").lower(): value.decode("latin-1") for name, value in headers}
    if not any(h in found for h in guard.PROXY_HEADERS):
        return False
    if not guard.TRUSTED_PROXIES:
        return True
    forwarded = [a.strip() for a in found.get("x-forwarded-for", "").split(",")]
    return address not in forwarded and address not in guard.TRUSTED_PROXIES


def refusal_page() -> str:
    """The page a visitor of a misconfigured server sees, in every language the app speaks."""
    lines = "".join(
        f"<p lang='{lang}'>{html.escape(translate('sec-live.proxy.untrusted', lang))}</p>"
        for lang in LANGUAGES
    )
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width'><title>Table Companion</title></head>"
        f"<body>{lines}</body></html>"
    )


class RefuseUntrustedProxy:
    """ASGI middleware of a hosted server (webserver.build_app): see the module's docstring."""

    def __init__(self, app: Asgi) -> None:
        self.app = app
        self._told: set[str] = set()  # proxies already named in the log (once each)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "unknown"
        if not untrusted_proxy(address, scope.get("headers", [])):
            await self.app(scope, receive, send)
            return
        if address not in self._told:
            self._told.add(address)
            log.error(
                "refused requests through a proxy at %s: a hosted server believes only proxies named "
                "with --trusted-proxy (start it with --trusted-proxy %s if that proxy is yours)",
                address,
                address,
            )
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": guard.POLICY_VIOLATION})
            return
        body = refusal_page().encode()
        await send(
            {
                "type": "http.response.start",
                "status": 503,
                "headers": [(b"content-type", b"text/html; charset=utf-8"), (b"cache-control", b"no-store")],
            }
        )
        await send({"type": "http.response.body", "body": body})
