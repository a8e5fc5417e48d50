"""Hosted mode (``companion serve --hosted``): every browser has a private space.

Nobody is the host by address on a public server. A session's start decides where it runs
(``place``): on a live-share link's space as a guest (``/join/<space>/<token>``, or its stored
link when it reopens that link's table), else on the device's own space, whose key the device
keeps in its storage (``SPACE_PREF``) and whose tables it hosts. A device without a key gets a
new space; a key the spaces refuse (unknown, revoked by "Sign out other devices", forged) is
logged by address (never the key), counted against the address (a locked-out address is refused
outright) and answered with a screen that says so.

Each space runs on its own hub (``companion.ui.hub.hub_for_key``), so its tables, players, plays
and backups are its store's alone. No Flet components here: the screens are views/space.py.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit

from companion.share.attempts import AttemptLimits, Attempts
from companion.share.budget import Bucket
from companion.ui.hub import TableHub, drop_hub, hub_for_key
from companion.ui.space_use import SpaceUse, Sweep

if TYPE_CHECKING:
    from companion.store.spaces import SpaceKey, Spaces

TOKEN_PREF = "com.tablecompanion.live.token"  # the client's live link, to rejoin (ui/live.py)
SPACE_PREF = "com.tablecompanion.space"  # this device's space key, "<id>.<secret>"
# the key whose recovery link this device last showed (Home asks to keep it until then)
SAVED_PREF = "com.tablecompanion.space.saved"
LINK_SPACE_PREF = "com.tablecompanion.live.space"  # the space of the stored live link (ui/live.py)
SPACE_LANDING = "/space"  # the recovery link's landing page (ui/webserver.py)

log = logging.getLogger("companion.hosted")
# New spaces per address: a group at one venue shares an address, a script making spaces (each a
# store on the server's disk) is stopped. Counted with the same lockout as refused keys.
IDLE_MINUTES = 15.0  # a space unused this long, and shown by no session, is closed (ui/space_use.py)
NEW_SPACES = AttemptLimits(connection_failures=1_000_000, address_failures=30, window=3600.0, lockout=3600.0)


class Counter(Protocol):
    """Counts per address with a lockout: ``Attempts`` (one process) or ``SharedAttempts``
    (every worker on one PostgreSQL, store/address_counts.py); ``now`` is ``time.time()``."""

    def locked(self, keys: list[str], now: float) -> bool: ...
    def failed(self, keys: list[str], now: float) -> None: ...


class SpaceBudgets:
    """Entries per second per space: one token bucket per space (a burst of taps is fine, a
    flood from one space's phones is refused), shared by every session of the space."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, Bucket] = {}
        self._guard = threading.Lock()

    def take(self, space_id: str, now: float) -> bool:
        with self._guard:
            bucket = self._buckets.get(space_id)
            if bucket is None:
                bucket = self._buckets[space_id] = Bucket(self.rate, self.burst)
            return bucket.take(now)

    def forget(self, space_id: str) -> None:
        """The space was closed: its bucket starts full when it is opened again."""
        with self._guard:
            self._buckets.pop(space_id, None)


@dataclass
class Hosted:
    """The served side of hosted mode, one per process: the spaces, the refused keys per
    address, the entries budget per space, and which spaces this process still needs open
    (``idle_minutes`` without a use and no live session: closed by the sweep, ui/space_use.py)."""

    spaces: Spaces
    # Refused keys and new spaces per address (None: in this process's memory on SQLite, in the
    # database on PostgreSQL, where every worker must see the same counts: store/address_counts.py).
    attempts: Counter | None = None
    budgets: SpaceBudgets | None = None
    created: Counter | None = None
    idle_minutes: float = IDLE_MINUTES
    use: SpaceUse = field(default_factory=SpaceUse, init=False)
    # Opening a space's hub and evicting it take turns: a session never gets a hub being closed.
    _open_lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    _sweep: Sweep | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.idle_minutes <= 0:  # a session's first minute, between its hub and its attach, is a use
            raise ValueError("idle_minutes must be more than 0")
        if self.attempts is None:
            self.attempts = self._counter("refused", AttemptLimits())
        if self.created is None:
            self.created = self._counter("new_space", NEW_SPACES)
        if self.budgets is None:
            limits = self.spaces.limits
            self.budgets = SpaceBudgets(limits.entries_per_second, limits.entries_burst)

    def _counter(self, kind: str, limits: AttemptLimits) -> Counter:
        if self.spaces.url is None:
            return Attempts(limits)
        from companion.store.address_counts import SharedAttempts

        return SharedAttempts(self.spaces.url, kind, limits)

    def hub(self, space_id: str) -> TableHub:
        """The hub of one space (its own store), opened on first use; a use of the space."""
        with self._open_lock:
            self.use.touch(space_id, time.monotonic())
            hub = hub_for_key(hub_key(space_id), lambda: self.spaces.store(space_id))
        self.spaces.mark_used(space_id)  # the registry's last_used, once an hour (spaces prune)
        return hub

    def allow_entry(self, space_id: str) -> bool:
        assert self.budgets is not None
        now = time.monotonic()
        self.use.touch(space_id, now)
        return self.budgets.take(space_id, now)

    def evict_idle(self, now: float | None = None) -> list[str]:
        """Close the spaces gone idle (module ui/space_use.py): each one's hub leaves this
        process's hubs and its store is released. The ids closed."""
        now = time.monotonic() if now is None else now
        closed = []
        with self._open_lock:
            for space_id in self.use.idle(now, self.idle_minutes * 60):
                drop_hub(hub_key(space_id), partial(self._release, space_id))
                self.spaces.release(space_id)  # a store opened without its hub (a usage check)
                assert self.budgets is not None
                self.budgets.forget(space_id)
                self.use.forget(space_id)
                closed.append(space_id)
        if closed:
            log.info("closed %d idle spaces", len(closed))
        return closed

    def _release(self, space_id: str, _hub: TableHub) -> None:
        self.spaces.release(space_id)

    def sweep(self) -> None:
        """What the sweep does every minute (``start_sweeping``): the spaces sessions still show
        are marked used (once an hour each), then the idle ones closed."""
        for space_id in self.use.shown():
            self.spaces.mark_used(space_id)
        self.evict_idle()
        for counter in (self.attempts, self.created):
            forget_old = getattr(counter, "forget_old", None)  # the database's rows of past windows
            if forget_old is not None:
                forget_old(time.time())

    def start_sweeping(self) -> None:
        """Sweep every minute in a thread of its own (once; ``stop_sweeping`` ends it)."""
        if self._sweep is None:
            self._sweep = Sweep(self.sweep)
            self._sweep.start()

    def stop_sweeping(self) -> None:
        if self._sweep is not None:
            self._sweep.stop()
            self._sweep = None


def hub_key(space_id: str) -> str:
    """The name of a space's hub among the process's hubs (ui/hub.py)."""
    return f"space:{space_id}"


def origin(page_url: str | None) -> str:
    """The address phones open (``http(s)://host:port``), from the page's websocket address."""
    parts = urlsplit(page_url or "")
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme or "http")
    return f"{scheme}://{parts.netloc or '127.0.0.1:8550'}"


class SpaceSession:
    """The space one session runs on: its id, and, on the device's own space, the key it holds
    (``key``; None for a guest on another space's link). ``base`` is the address phones open."""

    def __init__(
        self, hosted: Hosted, space_id: str, key: SpaceKey | None, base: str, saved: bool = False
    ) -> None:
        self.hosted = hosted
        self.space_id = space_id
        self.key = key
        self.base = base
        self.saved = saved  # this device has opened the recovery link's screen for this key
        hosted.use.attach(space_id, self, time.monotonic())  # kept open while this session lasts

    def end(self) -> None:
        """The session ended (Flet closed it): the space may go idle from now on."""
        self.hosted.use.detach(self.space_id, self, time.monotonic())

    async def mark_saved(self, prefs: DevicePrefs) -> None:
        """The recovery link was shown on this device: Home stops asking to keep it."""
        if self.key is None or self.saved:
            return
        self.saved = True
        try:
            await prefs.set(SAVED_PREF, self.key.text())
        except Exception:  # a client without storage: Home asks again next time
            return

    @property
    def own(self) -> bool:
        """The device's own space: it holds the key and hosts the space's tables."""
        return self.key is not None

    @property
    def home_url(self) -> str:
        """Where a guest goes back to its own space: the app's first page, opened afresh."""
        return f"{self.base}/"

    def recovery_url(self) -> str:
        """The link that opens this space on another device (the key after ``#`` never reaches
        a server's log: the landing page keeps it in the browser)."""
        return f"{self.base}{SPACE_LANDING}#{self.key.text()}" if self.key is not None else ""

    async def rotate(self, prefs: DevicePrefs) -> None:
        """Sign out every other device: a new key for the space, kept on this device."""
        if self.key is None:
            return
        self.key = self.hosted.spaces.rotate(self.space_id)
        await prefs.set(SPACE_PREF, self.key.text())
        await prefs.set(SAVED_PREF, self.key.text())  # rotated on the screen showing the new link

    def allow_entry(self) -> bool:
        """One entry of the space's budget (entries per second); False past it."""
        return self.hosted.allow_entry(self.space_id)


@dataclass(frozen=True)
class Place:
    """Where a session runs: a space's ``hub`` as its host (``host``) or a guest, and its
    ``space``; or, when its key was refused, the ``refusal`` (a catalogue key) and no hub."""

    hub: TableHub | None = None
    space: SpaceSession | None = None
    host: bool = False
    refusal: str | None = None


class DevicePrefs(Protocol):
    """What the start reads and writes of the device's storage: ``ft.SharedPreferences``, or
    ``reconnect.AskedPrefs`` around it (a tab reloaded during the start is asked again)."""

    async def get(self, key: str) -> Any: ...
    async def set(self, key: str, value: Any) -> bool: ...


async def _pref(prefs: DevicePrefs, key: str) -> str | None:
    try:
        value = await prefs.get(key)
    except Exception:  # a client without storage: as if nothing were kept
        return None
    return value if isinstance(value, str) and value else None


def _segments(route: str) -> list[str]:
    return [p for p in route.split("?", 1)[0].split("/") if p]


def _known(hosted: Hosted, space_id: str) -> bool:
    """A space the server keeps (a link naming another opens nothing, and makes no store)."""
    return len(space_id) <= 64 and hosted.spaces.exists(space_id)


Start = tuple[str, str]  # a session's start: the peer's address, the address phones open

# A stored live link's table: (the link's space's hub, its token) -> the table id, or None.
LinkTable = Callable[[TableHub, str], "str | None"]


async def place(hosted: Hosted, prefs: DevicePrefs, route: str, start: Start, link_table: LinkTable) -> Place:
    """Where a session started on ``route`` runs (module docstring): a link's space as a
    guest, else the device's own space as its host, or a refusal. ``start``: the peer's address
    and the address phones open (``session_start``)."""
    address, base = start
    parts = _segments(route)
    linked = parts[1] if len(parts) in (2, 3) and parts[0] == "join" else None
    if linked is None and len(parts) >= 2 and parts[0] == "table":
        linked = await _stored_link_space(hosted, prefs, parts[1], link_table)
    if linked is not None and _known(hosted, linked):
        return Place(hosted.hub(linked), SpaceSession(hosted, linked, None, base), host=False)
    return await own_space(hosted, prefs, address, base)


async def _stored_link_space(
    hosted: Hosted, prefs: DevicePrefs, table_id: str, link_table: LinkTable
) -> str | None:
    """The stored live link's space when that link opens ``table_id`` (a guest reloading its
    table); None otherwise."""
    space_id = await _pref(prefs, LINK_SPACE_PREF)
    token = await _pref(prefs, TOKEN_PREF)
    if space_id is None or token is None or not _known(hosted, space_id):
        return None
    return space_id if link_table(hosted.hub(space_id), token) == table_id else None


async def own_space(hosted: Hosted, prefs: DevicePrefs, address: str, base: str) -> Place:
    """The device's own space: its stored key checked, or a new space when it has none."""
    text = await _pref(prefs, SPACE_PREF)
    if text is None:
        return await new_space(hosted, prefs, address, base)
    keys, now = [f"addr:{address or '?'}"], time.time()  # the wall clock: workers share it
    assert hosted.attempts is not None
    if hosted.attempts.locked(keys, now):
        log.warning("refused a space key from %s: locked out after keys that were not accepted", address)
        return Place(refusal="space.locked")
    from companion.store.spaces import SpaceKey

    key = SpaceKey.parse(text)
    if key is None or not hosted.spaces.check(key):
        hosted.attempts.failed(keys, now)
        log.warning("refused a space key from %s: unknown, revoked or forged", address)
        return Place(refusal="space.refused")
    saved = await _pref(prefs, SAVED_PREF) == key.text()
    return Place(hosted.hub(key.space_id), SpaceSession(hosted, key.space_id, key, base, saved), host=True)


async def new_space(hosted: Hosted, prefs: DevicePrefs, address: str, base: str) -> Place:
    """A new space for this device, its key kept in the device's storage (none past the
    address's new spaces for the hour)."""
    key = await start_over(hosted, prefs, address)
    if key is None:
        return Place(refusal="space.too_many_new")
    return Place(hosted.hub(key.space_id), SpaceSession(hosted, key.space_id, key, base), host=True)


def may_start_over(hosted: Hosted, address: str) -> bool:
    """Whether ``address`` may make a new space now."""
    assert hosted.created is not None
    return not hosted.created.locked([f"addr:{address or '?'}"], time.time())


async def start_over(hosted: Hosted, prefs: DevicePrefs, address: str) -> SpaceKey | None:
    """Make a new space and keep its key on the device (in place of a refused one); None when
    ``address`` made too many new spaces lately."""
    keys, now = [f"addr:{address or '?'}"], time.time()  # the wall clock: workers share it
    assert hosted.created is not None
    if hosted.created.locked(keys, now):
        log.warning("refused a new space to %s: too many new spaces from it", address)
        return None
    hosted.created.failed(keys, now)  # one more new space from this address
    key = hosted.spaces.create()
    try:
        await prefs.set(SPACE_PREF, key.text())
    except Exception:  # a client without storage: the space lasts as long as this session
        log.info("a device without storage: its space %s lasts one session", key.space_id)
    return key


def session_start(page: Any) -> Start:
    """(the address the refused keys count against, the address phones open) of a page."""
    from companion.ui.peer import peer_address

    return peer_address(page), origin(page.url)
