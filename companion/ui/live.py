"""Live sharing, session side: who a client session is, which screens it may open, what it may
submit, and the local-network listener.

A session without a link is the host when it runs on this machine, and a guest otherwise (a
guest sees only the join screen until it opens a link). A session that opened a link acts
through its ``Access`` from then on, wherever it runs: a viewer, or one seat; and it stays a
guest's once its link is revoked, on the host's machine too (its join screen says why). The rules for a
guest's entries are in ``companion.share.live.authorize``; this module applies them under the
table's lock in the hub, where the host orders every entry.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import flet as ft

from companion.core import Table
from companion.core.msg import Msg, msg
from companion.share.attempts import Attempts
from companion.share.live import Access, LiveRefusal, authorize, stamp
from companion.share.netinfo import LOOPBACK, lan_address
from companion.store.share_links import Link, ShareLinks
from companion.ui.hosted import LINK_SPACE_PREF, TOKEN_PREF
from companion.ui.hub import TableHub

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.ui.device import Prefs
    from companion.ui.routes import Builder
    from companion.ui.services import Services
    from companion.ui.state import Drafts, SessionState


@ft.observable
@dataclass
class JoinNotice:
    """What the join screen (views/share.py) says about the last link or code tried: its
    notice's key ("live.unknown_code", "live.revoked", ...), and why it was refused when not
    simply unknown (locked out after wrong codes). Dropped when a code opens a table. An
    observable: the join screen's error line, given it, is drawn again when it changes."""

    notice: str | None = None
    refusal: Msg | None = None
    code: str = ""  # the code tried, shown back with "live.unknown_code" (a typo is then seen)
    # How many times in a row ``code`` was tried and opened nothing: the same wrong code tapped
    # again changes the line ("... (2 tries)"), so the second tap is seen to have been taken.
    tries: int = 0

    def unknown(self, code: str) -> None:
        """``code`` opened no table: say so, counting a repeat of the last code tried."""
        again = self.notice == "live.unknown_code" and self.code == code and self.refusal is None
        self.tries = self.tries + 1 if again else 1
        self.notice, self.code = "live.unknown_code", code


@dataclass(frozen=True)
class Drawn:
    """The stamp of the table a guest's screen was last drawn for (a board tap is checked
    against it)."""

    stamp: str


ATTEMPTS = Attempts()  # wrong short codes, per connection and per address (process-wide)


def links_for(hub: TableHub) -> ShareLinks:
    """The share links kept in this hub's store (one object per hub)."""
    return hub.kept(ShareLinks)


# ---- addresses ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Reach:
    """Where other devices would open the app, and whether they can.

    ``serving``: the app listens on the local network (``serve --lan``, or the Share screen's
    listener); ``reachable``: and under an address other devices reach. A machine without a
    network address serves on 127.0.0.1 only as far as anyone else can tell: serving, not
    reachable (the Share screen said "reachable" and showed a QR no phone could open)."""

    base: str
    serving: bool
    reachable: bool


def lan_base_url(page_url: str | None, served: str | None = None, *, hosted: bool = False) -> Reach:
    """The base URL other devices open and whether they can (``Reach``).

    ``served``: the LAN address the app was started on (``serve --lan``), if any; else, or when
    that one is loopback, the address of a listener opened from the Share screen. ``hosted``: a
    hosted server's ``served`` is the address the page was opened at, taken as it is (its phones
    come through the operator's address, and it never opens a listener of its own)."""
    if hosted and served:
        return Reach(served.rstrip("/"), serving=True, reachable=True)
    candidates = [url.rstrip("/") for url in (served, _LISTENER.get("url")) if url]
    for url in candidates:
        if not loopback(url):
            return Reach(url, serving=True, reachable=True)
    if candidates:
        return Reach(candidates[0], serving=True, reachable=False)
    port = urlsplit(page_url or "").port or 8550
    return Reach(f"http://{LOOPBACK}:{port}", serving=False, reachable=False)


def loopback(url: str) -> bool:
    """Whether ``url`` names this machine only (127.0.0.1, localhost): no other device opens it."""
    host = urlsplit(url).hostname or ""
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: a hosted server's, reached by it
        return False


def join_url(base: str, link: Link, space: str | None = None) -> str:
    """A link's address; on a hosted server it names the link's space (ui/hosted.py)."""
    return f"{base}/join/{space}/{link.token}" if space else f"{base}/join/{link.token}"


def join_at(base: str, space: str | None = None) -> str:
    """Where a short code is typed; on a hosted server, the space's join screen."""
    return f"{base}/join/{space}" if space else f"{base}/join"


def link_table(hub: TableHub, token: str) -> str | None:
    """The table a stored link opens in ``hub``'s store (None: unknown or revoked)."""
    link = links_for(hub).find(token)
    return link.table_id if link is not None and not link.revoked else None


def lan_url(port: int) -> str:
    return f"http://{lan_address()}:{port}"


# ---- admission -----------------------------------------------------------------------------
def attempt_keys(page: ft.Page, session: object) -> list[str]:
    """Whose wrong codes a try counts against: this connection (``session``, the session
    object), and its network address."""
    from companion.ui.peer import peer_address

    address = peer_address(page)
    return [f"conn:{id(session)}", *([f"addr:{address}"] if address else [])]


def grant(hub: TableHub, state: SessionState, drafts: Drafts, keys: list[str], token: str) -> Link | None:
    """Open a link (token or short code) in this session (its ``state.access``); the link, or
    None if unknown/revoked or if the tries under ``keys`` (``attempt_keys``) typed too many
    wrong codes (then the session's ``JoinNotice`` says so)."""
    now = time.monotonic()
    if ATTEMPTS.locked(keys, now):
        drafts.keep(JoinNotice).refusal = msg("sec-live.code.locked")
        return None
    link = links_for(hub).find(token)
    if link is None or link.revoked:
        ATTEMPTS.failed(keys, now)
        return None
    state.access = Access(table_id=link.table_id, token=link.token, seat=link.seat)
    # A link is a guest's, whoever opens it: this session is a guest's from now on, on the host's
    # own machine too, so that once the link is revoked it says so (a phone's join screen) and
    # does not fall through to the host's screens. The host's plain address, in another session
    # (another tab), is still the host.
    state.host_device = False
    return link


async def remember(prefs: Prefs, access: Access | None, space: str | None = None) -> None:
    """Keep the link this session opened (``access``) on the device, to rejoin after a restart;
    on a hosted server with its ``space``."""
    if access is not None:
        try:
            await prefs.set(TOKEN_PREF, access.token)
            if space is not None:
                await prefs.set(LINK_SPACE_PREF, space)
        except Exception:  # a client without storage: the link still works in this session
            return


async def restore(services: Services, state: SessionState, drafts: Drafts) -> None:
    """A guest coming back (a new session on the same device) rejoins with its stored link."""
    if state.host_device or state.access is not None:
        return
    try:
        token = await services.prefs.get(TOKEN_PREF)
        if (
            services.space is not None
            and await services.prefs.get(LINK_SPACE_PREF) != services.space.space_id
        ):
            return  # a hosted link of another space: never tried on this one
    except Exception:
        return
    if isinstance(token, str):
        grant(services.hub, state, drafts, services.attempt_keys(), token)


def still_valid(hub: TableHub, state: SessionState, drafts: Drafts) -> bool:
    """False once the host revoked this session's link (the session loses its access)."""
    if state.access is None:
        return True
    if links_for(hub).valid(state.access.token):
        return True
    state.access = None
    state.dialog = None  # a dialog of the table (a rule, a summary) would cover the join screen's words
    drafts.keep(JoinNotice).notice = "live.revoked"
    return False


def guest_route(
    hub: TableHub, state: SessionState, drafts: Drafts, route: str, routes: list[tuple[str, Builder]]
) -> tuple[Builder, dict[str, str]]:
    """The screen a guest may see for ``route``: its own table's tabs, or the join screen."""
    from companion.ui.routes import match

    still_valid(hub, state, drafts)
    access = state.access
    if access is None:
        return next(b for p, b in routes if p == "/join"), {}  # the join screen
    for pattern, builder in routes:
        params = match(route, pattern)
        if params is None:
            continue
        own_table = pattern.startswith("/table/:id") and params.get("id") == access.table_id
        if own_table and not pattern.endswith("/share"):
            drafts.put(Drawn(stamp(hub.get(access.table_id))))  # what this screen shows
            return builder, params
        if pattern in ("/settings", "/rules"):
            return builder, params
    play = next(b for p, b in routes if p == "/table/:id")
    drafts.put(Drawn(stamp(hub.get(access.table_id))))
    return play, {"id": access.table_id}


# ---- entries from guests -------------------------------------------------------------------
def guest_submit(
    hub: TableHub, state: SessionState, drafts: Drafts, table: Table, entry: Any, seen: str | None
) -> Any:
    """Run under the table's lock: the parsed entry if this guest (``state.access``) may make
    it, else refuse."""
    if state.access is None or not still_valid(hub, state, drafts):
        raise LiveRefusal("live.refused.no_access")
    if seen is None:  # a board tap: the table this session's screen was last drawn for
        drawn = drafts.get(Drawn)
        seen = drawn.stamp if drawn is not None else None
    return table.submit(authorize(state.access, table, entry, seen))


# ---- the local-network listener ------------------------------------------------------------
_LISTENER: dict[str, Any] = {}


async def start_listener(main: Any, host: str = "0.0.0.0", port: int = 0) -> str:
    """Serve this app (same process, same tables, same live updates) on ``host:port``.

    For a host that started the app on 127.0.0.1: the Share screen opens it to the local
    network. ``main`` is the session entry the app is served with: the listener then shares
    the sessions' pubsub hub (Flet keys hubs by ``main``) and their store.
    Returns the base URL other devices open; asked again, it looks the address up again (a
    machine that had no network address may have joined one since).
    """
    if "url" in _LISTENER:
        if _LISTENER["host"] == "0.0.0.0":  # the address again: a network joined since is found
            _LISTENER["url"] = lan_url(_LISTENER["port"])
        return str(_LISTENER["url"])
    from companion.ui import webserver

    try:
        sock = webserver.bind(host, port)
        port = sock.getsockname()[1]
        handle = await webserver.start(main, sock)
    except webserver.ServeError as exc:  # the port is taken, or no right to listen
        raise OSError(str(exc)) from exc
    url = lan_url(port) if host == "0.0.0.0" else f"http://{host}:{port}"
    _LISTENER.update(handle=handle, url=url, host=host, port=port)
    return url


async def admit(services: Services, state: SessionState, drafts: Drafts, land: Callable[[str], None]) -> None:
    """``/join/<token>``: open the link in this session and go to its table (``land``: the
    page's route set to it, then navigated to)."""
    from companion.ui.routes import match

    space = services.space.space_id if services.space is not None else None
    params = match(state.route or "/", "/join/:space/:token" if space else "/join/:token")
    if params is None or params.get("space", space) != space:
        return
    link = grant(services.hub, state, drafts, services.attempt_keys(), params["token"])
    if link is None:
        said = drafts.keep(JoinNotice)
        if said.refusal is None:
            said.notice = "live.unknown_link"
        return
    await remember(services.prefs, state.access, space)
    land(f"/table/{link.table_id}")
