"""Who is on the other end of a session: decided by the server from the connection itself.

The web server (``companion.ui.guard``) records each websocket's peer address when the socket
is accepted: the TCP peer, or what a proxy the host configured as trusted says. Nothing a client
sends can change it; in particular Flet lets a client write page properties such as
``page.client_ip``, so those are never read for a decision.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.share.netinfo import is_local_client


@dataclass(frozen=True)
class Peer:
    address: str  # "" for an in-process session (a desktop window, the test harness)

    @property
    def local(self) -> bool:
        return is_local_client(self.address)


_PEERS: weakref.WeakKeyDictionary[Any, Peer] = weakref.WeakKeyDictionary()
IN_PROCESS = Peer("")


def record(connection: Any, address: str) -> None:
    """Remember the peer address of ``connection`` (called by the server, never by a client)."""
    _PEERS[connection] = Peer(address)


def _served_over_web(connection: Any) -> bool:
    try:
        from flet_web.fastapi.flet_app import FletApp
    except ImportError:  # no web server installed: every session is in-process
        return False
    return isinstance(connection, FletApp)


def peer_of(page: ft.Page) -> Peer | None:
    """The recorded peer of this page's connection; IN_PROCESS for a desktop window or test
    harness; None for a web connection nobody recorded (it is then treated as remote)."""
    try:
        connection = page.session.connection
    except Exception:  # a session whose connection is gone
        return None
    found = _PEERS.get(connection)
    if found is not None:
        return found
    return None if _served_over_web(connection) else IN_PROCESS


def is_host_session(page: ft.Page) -> bool:
    """True when this session runs on the host's own machine (loopback or its own address)."""
    found = peer_of(page)
    return found is not None and found.local


def peer_address(page: ft.Page) -> str:
    """The address used to count this session's guesses (short codes); "" in-process."""
    found = peer_of(page)
    return found.address if found is not None else "?"
