"""The process-wide registry of open tables: one Table object per table, shared by sessions.

Every browser tab (and, later, every shared-seat client) that shows a table holds the same
Table object from here, so entries from one session are seen by all. A change is announced on
the pubsub topic ``table.<id>``; sessions showing that table re-render when they hear it.

Beyond this process: every change stored through a hub (an entry, undo, redo, deal, a table
created, renamed, deleted or imported, and what its callers name with ``changed``: a revoked
link, a restored backup) is told to the hub's ``announce`` callbacks, after the store has it.
The relay (ui/relay.py) is one: it tells the other workers on the same PostgreSQL database.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from companion.core import Table
from companion.store import StoreConflict

T = TypeVar("T")
# (the hub, the table's id): called after a change of that table is in the store. It runs in the
# session's own call, so it must return at once and never raise (the relay only queues a notice).
Announce = Callable[["TableHub", str], None]


def topic(table_id: str, key: str = "") -> str:
    """The pubsub topic of a table in the hub named ``key`` (``TableHub.topic``): two hosted
    spaces may hold a table of the same id (a snapshot imported in both), and a change in one
    must not redraw the other's screens."""
    return f"table.{key}/{table_id}" if key else f"table.{table_id}"


class TableHub:
    """Opens tables from the store once per process and serialises changes to each."""

    def __init__(self, store: Any, key: str = "") -> None:
        self.store = store
        # Names this hub's store among the process's hubs ("" the served data folder's; a
        # hosted space's hub its space): what another worker's change notice says it is for.
        self.key = key
        self._tables: dict[str, Table] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()
        self.announce: list[Announce] = []  # told of each change once stored (module docstring)
        self._kept: dict[Callable[[Any], Any], Any] = {}

    def kept(self, service: Callable[[Any], T]) -> T:
        """``service(self.store)``, made once and kept as long as this hub (the share links, the
        trade offers): gone with the hub, as a hosted space's is when it closes; never found
        again by a store's id, which a later store may reuse."""
        with self._guard:
            found = self._kept.get(service)
            if found is None:
                found = self._kept[service] = service(self.store)
            return found

    def changed(self, table_id: str) -> None:
        """Tell the ``announce`` callbacks that ``table_id`` changed in the store (the hub's own
        changes call this; so does a caller that changed the table's rows itself)."""
        for callback in tuple(self.announce):
            callback(self, table_id)

    def open_ids(self) -> list[str]:
        """The tables this hub holds open (another worker's change is reloaded only for these)."""
        with self._guard:
            return list(self._tables)

    def version_of(self, table_id: str) -> int:
        """The open table's version; -1 when it is not open here (or was deleted)."""
        with self._guard:
            table = self._tables.get(table_id)
        return table.version if table is not None else -1

    def topic(self, table_id: str) -> str:
        """The pubsub topic on which this hub's sessions hear of ``table_id``'s changes."""
        return topic(table_id, self.key)

    def create(self, table: Table, player_ids: list[str | None] | None = None) -> Table:
        """Store a new table; ``player_ids`` links its seats to the player list (None: unlinked)."""
        stored = self.store.create(table, player_ids)
        with self._guard:
            self._tables[stored.id] = stored
            self._locks[stored.id] = threading.RLock()
        self.changed(stored.id)
        return stored

    def get(self, table_id: str) -> Table:
        with self._guard:
            if table_id not in self._tables:
                self._tables[table_id] = self.store.open(table_id)
                self._locks[table_id] = threading.RLock()
            return self._tables[table_id]

    def change(self, table_id: str, action: Callable[[Table], T]) -> T:
        """Run ``action`` on the shared table under its lock (submit, undo, redo).

        If another connection changed the table first (a second app or server on the same data
        folder), the store refuses the write: the table is reloaded from the store, so every
        session shows what is really stored, and the StoreConflict goes on to say so.
        """
        self.get(table_id)  # opened, with its lock
        with self._locks[table_id]:
            table = self.get(table_id)  # taken under the lock: a reload may have just replaced it
            try:
                done = action(table)
            except StoreConflict:
                self.reload(table_id)
                raise
        self.changed(table_id)
        return done

    def quietly(self, table_id: str, action: Callable[[Table], T]) -> T:
        """Run ``action`` on the shared table under its lock, announcing nothing: for a change
        of rows beside the table that no screen draws differently (offers closed as stale when
        the table is first opened, ui/offer_desk.py)."""
        self.get(table_id)
        with self._locks[table_id]:
            return action(self.get(table_id))

    def reload(self, table_id: str) -> Table:
        """Read the table again from the store, replacing the shared object. Under the table's
        lock: a change under way here (another worker's notice arriving meanwhile) ends first,
        so the fresh copy holds it."""
        with self._guard:
            lock = self._locks.setdefault(table_id, threading.RLock())
        with lock:
            fresh = self.store.open(table_id)
            with self._guard:
                self._tables[table_id] = fresh
        return fresh

    def forget(self, table_id: str) -> None:
        with self._guard:
            self._tables.pop(table_id, None)
            self._locks.pop(table_id, None)

    def delete(self, table_id: str) -> None:
        self.store.delete(table_id)
        self.forget(table_id)
        self.changed(table_id)

    def rename(self, table_id: str, name: str) -> None:
        self.store.rename(table_id, name)
        with self._guard:
            if table_id in self._tables:
                self._tables[table_id].name = name
        self.changed(table_id)

    def import_json(self, text: str) -> Table:
        table = self.store.import_json(text)
        with self._guard:
            self._tables[table.id] = table
            self._locks[table.id] = threading.RLock()
        self.changed(table.id)
        return table


_HUBS: dict[str, TableHub] = {}
_HUBS_GUARD = threading.Lock()
_FOLLOWERS: list[Announce] = []  # announce callbacks every hub of this process gets


def hub_for(folder: Path | None = None) -> TableHub:
    """The hub of one data folder (one per process; None: the store's default folder),
    creating its store on first use."""
    from companion.store import Store
    from companion.store.connection import store_location

    key = str(folder) if folder is not None else ""
    return hub_for_key(key, lambda: Store(store_location(folder)))


def hub_for_key(key: str, open_store: Callable[[], Any]) -> TableHub:
    """The process's hub named ``key``, its store opened by ``open_store`` on first use."""
    with _HUBS_GUARD:
        if key not in _HUBS:
            _HUBS[key] = TableHub(open_store(), key)
            _HUBS[key].announce.extend(_FOLLOWERS)
        return _HUBS[key]


def drop_hub(key: str, close: Callable[[TableHub], None] | None = None) -> bool:
    """Forget the hub named ``key`` (a hosted server evicts a space gone idle, ui/space_use.py);
    False when there is none. ``close`` runs on the dropped hub while the registry is locked, so a
    ``hub_for_key`` of the same key in another thread waits and then opens a fresh hub on a fresh
    store, never one on the store being closed. The caller makes sure no session still holds it."""
    with _HUBS_GUARD:
        hub = _HUBS.pop(key, None)
        if hub is not None and close is not None:
            close(hub)
    return hub is not None


def follow_hubs(callback: Announce) -> None:
    """Add ``callback`` to the ``announce`` list of every hub this process has and will open."""
    with _HUBS_GUARD:
        _FOLLOWERS.append(callback)
        for hub in _HUBS.values():
            hub.announce.append(callback)


def unfollow_hubs(callback: Announce) -> None:
    """Undo ``follow_hubs``."""
    with _HUBS_GUARD:
        if callback in _FOLLOWERS:
            _FOLLOWERS.remove(callback)
        for hub in _HUBS.values():
            if callback in hub.announce:
                hub.announce.remove(callback)


def open_hubs() -> list[TableHub]:
    """Every hub this process has opened (a change notice from another worker finds its hub
    here)."""
    with _HUBS_GUARD:
        return list(_HUBS.values())
