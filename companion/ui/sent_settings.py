"""The device's stored settings, sent by the browser with the websocket's handshake.

A session drew its first screen only once it had asked the device for its settings (language,
theme, keep awake: a round trip through ``SharedPreferences`` after the websocket opened). On the
web those settings are in the page's ``localStorage``, where the browser can read them before
Flutter connects: the page the server sends (Flet's ``index.html``) carries ``SCRIPT``, which adds
them to the websocket's address (``?settings=[lang, theme, keep_awake]``, each as stored or null)
each time Flutter opens it. The guard (ui/guard.py) records them with the connection, and the
session's start (ui/shell.py) takes them instead of asking: the first screen goes out at once, in
the stored language and theme. A session whose connection sent none (a desktop window, the test
harness, a page that could not read its storage) asks the device as before.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Awaitable, Callable, MutableMapping
from functools import cache
from typing import Any

import flet as ft

from companion.ui import offline_notice, page_policy
from companion.ui.settings import PREFIX, Settings, stored_settings

PARAM = "settings"
NAMES = ("lang", "theme", "keep_awake")  # as ``settings.load`` reads them, in this order
MAX_SENT = 256  # characters: the three values take under 60

# Installed before Flutter's scripts. The address is changed only when every value was read: a
# page whose storage cannot be read sends nothing, and its session asks as before. The other
# arguments go to the browser's WebSocket as given (an explicit null would ask for a "null"
# subprotocol).
_SEND = """
  const Native = window.WebSocket;
  const sent = (url) => {
    try {
      const values = names.map((n) => {
        const v = localStorage.getItem(prefix + n);
        return v === null ? null : JSON.parse(v);
      });
      const u = new URL(url, location.href);
      u.searchParams.set(param, JSON.stringify(values));
      return u.href;
    } catch (e) {
      return url;
    }
  };
  window.WebSocket = class extends Native {
    constructor(url, ...rest) { super(sent(url), ...rest); }
  };
"""
SCRIPT = (
    "<script>\n(() => {\n"
    # where Flutter's SharedPreferences keeps them: its key, after "flutter."
    f"  const names = {json.dumps(NAMES)}, prefix = {json.dumps('flutter.' + PREFIX)}, param = {json.dumps(PARAM)};"
    + _SEND
    + "})();\n</script>\n"
)


@cache
def page_scripts() -> bytes:
    """Everything the page's head gets: its script policy (ui/page_policy.py: no script from
    another server), the settings for the handshake, and the notice shown while the connection
    is lost (ui/offline_notice.py), both scripts watching the websocket Flutter opens."""
    return (page_policy.META + SCRIPT + offline_notice.script()).encode()


def with_script(page: bytes) -> bytes:
    """``page`` (HTML) with ``page_scripts()`` at the end of its head; unchanged if it has none."""
    head_end = page.find(b"</head>")
    if head_end < 0:
        return page
    return page[:head_end] + page_scripts() + page[head_end:]


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[
    [Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]], Awaitable[None]
]


class WithScript:
    """An ASGI app (Flet's) whose HTML pages answered to a GET come with ``page_scripts()``: the Flutter
    client's ``index.html``, served for every route. Anything else passes through unchanged."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(
        self,
        scope: Scope,
        receive: Callable[[], Awaitable[Message]],
        send: Callable[[Message], Awaitable[None]],
    ) -> None:
        method = scope.get("method")
        if scope["type"] != "http" or method not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        if _a_page(scope.get("path", "")):  # a part of a page would be a part of the old one
            scope = {
                **scope,
                "headers": [(k, v) for k, v in scope.get("headers", []) if k.lower() not in RANGES],
            }
        held: Message | None = None
        body: list[bytes] = []

        async def sending(message: Message) -> None:
            nonlocal held
            if message["type"] == "http.response.start":
                if _html_page(message):
                    if method == "HEAD":  # the length the GET's page will have
                        await send(_patched_start(message, _length(message) + len(page_scripts())))
                        return
                    held = message  # sent once the whole page is read
                    return
            elif held is not None and message["type"] == "http.response.body":
                body.append(message.get("body", b""))
                if message.get("more_body"):
                    return
                page = with_script(b"".join(body))
                await send(_patched_start(held, len(page)))
                await send({"type": "http.response.body", "body": page})
                return
            await send(message)

        await self.app(scope, receive, sending)


RANGES = (b"range", b"if-range")
# What described the file as stored, not the page as sent: a cache or a resumed download that
# trusted them would splice the stored file's bytes into the page with the script.
FILE_HEADERS = (b"content-length", b"etag", b"last-modified", b"accept-ranges")


def _a_page(path: str) -> bool:
    """A path Flet answers with its index.html: a route (no file extension) or the page itself."""
    last = path.rsplit("/", 1)[-1]
    return "." not in last or last.endswith(".html")


def _length(start: Message) -> int:
    for k, v in start.get("headers", []):
        if k.lower() == b"content-length":
            return int(v)
    return 0


def _patched_start(start: Message, length: int) -> Message:
    kept = [(k, v) for k, v in start.get("headers", []) if k.lower() not in FILE_HEADERS]
    return {**start, "headers": [*kept, (b"content-length", str(length).encode())]}


def _html_page(start: Message) -> bool:
    """Does this response start an HTML page's body (200 OK, text/html)?"""
    headers = {k.lower(): v for k, v in start.get("headers", [])}
    return start.get("status") == 200 and headers.get(b"content-type", b"").startswith(b"text/html")


def from_query(raw: str | None) -> Settings | None:
    """The settings a connection's ``settings`` parameter gives, read as ``settings.load`` reads
    the stored ones; None when there is none or it is not three values."""
    if raw is None or len(raw) > MAX_SENT:
        return None
    try:
        values = json.loads(raw)
    except ValueError:
        return None
    if not (isinstance(values, list) and len(values) == len(NAMES)):
        return None
    return stored_settings(*values)


_SENT: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()


def record(connection: Any, raw: str | None) -> None:
    """Keep what ``connection``'s handshake sent (called by the server as it accepts it)."""
    if raw is not None and len(raw) <= MAX_SENT:  # a longer one is not read: not kept either
        _SENT[connection] = raw


def sent(page: ft.Page) -> Settings | None:
    """The settings this page's connection sent with its handshake, read afresh for this
    session (they are observable and change); None if it sent none, or nothing readable."""
    try:
        connection = page.session.connection
    except Exception:  # a session whose connection is gone: ask (and wait) as before
        return None
    return from_query(_SENT.get(connection))
