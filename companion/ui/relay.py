"""Live tables across workers: PostgreSQL LISTEN/NOTIFY between the processes serving one database.

Flet keeps each session and its pubsub inside one process. When several ``companion serve``
workers share one PostgreSQL store, a change made through one worker must reach the sessions on
the others. After every change stored through a hub (``TableHub.announce``, ui/hub.py) this
worker NOTIFYs one channel with a small JSON ``Notice``: which hub, which table, its version and
which worker sent it. Every worker LISTENs on a connection of its own; a notice from ANOTHER
worker reloads that table in the hub that holds it open and publishes ``table.<id>`` on the
local Flet pubsub, so every session here redraws (ui/shell.py, ``_on_table_changed``).

PostgreSQL keeps no notice for a listener that is not connected: after a lost LISTEN
connection the relay reconnects with a growing pause, then reloads and republishes every open
table (what it may have missed), and logs both. Started by ``companion serve`` on a PostgreSQL
store (ui/server.py); SQLite, the desktop app and the test harness run one process and need
none. docs/DECISIONS.md says why LISTEN/NOTIFY and not another broker.
"""

from __future__ import annotations

import logging
import queue
import threading
import uuid
from collections.abc import Callable
from typing import Any, Protocol

import psycopg
from pydantic import BaseModel, ConfigDict, ValidationError

from companion.core import TableError
from companion.ui.hub import TableHub, open_hubs

log = logging.getLogger("companion.relay")

CHANNEL = "companion_tables"  # a fixed identifier: LISTEN cannot take it as a parameter
PAYLOAD_BYTES = 7999  # NOTIFY refuses a payload of 8000 bytes or more
POLL_SECONDS = 0.5  # how often the listener looks at its stop flag between notices
FIRST_PAUSE, LAST_PAUSE = 0.5, 10.0  # seconds before a reconnect: doubled each failure, up to the last
# A server gone without closing the socket (a cable, a crashed host) is found by TCP keepalives
# in about 20 s instead of never: the listener would otherwise wait for notices forever.
KEEPALIVE: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "keepalives_count": 2,
}
CONNECT_SECONDS = 10


class Pubsub(Protocol):
    """What the relay needs of Flet's ``PubSubHub`` (thread-safe: callable from the relay's threads)."""

    def send_all_on_topic(self, topic: str, message: Any) -> None: ...


class Notice(BaseModel):
    """One change, as NOTIFY carries it: ``hub`` "" names each worker's served hub (its key may
    be its own data folder), any other the hub with that key (a hosted space); ``version`` is -1
    for a table that is gone."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hub: str
    table: str
    version: int
    worker: str


class Relay:
    """This worker's end of the channel: ``announce`` sends, a listener thread hears."""

    def __init__(
        self,
        url: str,
        served: TableHub | None,
        pubsub: Pubsub,
        *,
        hubs: Callable[[], list[TableHub]] = open_hubs,
        worker: str | None = None,
    ) -> None:
        self.url = url
        # the hub ``companion serve`` opened: "" on the wire (None when hosted: only spaces' hubs)
        self.served = served
        self.pubsub = pubsub
        self._hubs = hubs  # where another worker's notice finds its hub
        self.worker = worker or uuid.uuid4().hex[:12]
        self.listening = threading.Event()  # set while LISTEN is in force
        self.reconnects = 0  # how often the LISTEN connection was lost and made again
        self._outbox: queue.SimpleQueue[Notice | None] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    # ---- lifecycle -----------------------------------------------------------------------
    def start(self) -> Relay:
        for name, run in (("relay-listen", self._listen_loop), ("relay-send", self._send_loop)):
            thread = threading.Thread(target=run, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self) -> None:
        self._stop.set()
        self._outbox.put(None)
        for thread in self._threads:
            thread.join(timeout=CONNECT_SECONDS)
        self._threads.clear()

    # ---- sending ---------------------------------------------------------------------------
    def announce(self, hub: TableHub, table_id: str) -> None:
        """``TableHub.announce``'s callback: queue the notice (the sender thread sends it), so a
        tap never waits for it and a failing send never fails a stored change."""
        key = "" if hub is self.served else hub.key
        self._outbox.put(
            Notice(hub=key, table=table_id, version=hub.version_of(table_id), worker=self.worker)
        )

    def _send_loop(self) -> None:
        conn: psycopg.Connection[Any] | None = None
        while (notice := self._outbox.get()) is not None:
            conn = self._send(conn, notice)
        if conn is not None:
            conn.close()

    def _send(self, conn: psycopg.Connection[Any] | None, notice: Notice) -> psycopg.Connection[Any] | None:
        """Send one notice (a second try on a fresh connection); the connection to keep."""
        payload = notice.model_dump_json()
        if len(payload.encode()) > PAYLOAD_BYTES:
            log.error("relay: a notice of %d bytes is over NOTIFY's limit; not sent", len(payload.encode()))
            return conn
        for attempt in (1, 2):
            try:
                if conn is None or conn.closed:
                    conn = psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_SECONDS)
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
                return conn
            except psycopg.Error as exc:
                if conn is not None:
                    conn.close()
                conn = None
                if attempt == 2:
                    log.warning("relay: a change notice for table %s was not sent: %s", notice.table, exc)
        return conn

    # ---- listening -------------------------------------------------------------------------
    def _listen_loop(self) -> None:
        pause = FIRST_PAUSE
        while not self._stop.is_set():
            try:
                with psycopg.connect(
                    self.url,
                    autocommit=True,
                    connect_timeout=CONNECT_SECONDS,
                    application_name=f"companion-relay-{self.worker}",  # pg_stat_activity names it
                    **KEEPALIVE,
                ) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._catch_up_all()  # after LISTEN: a change from now on is heard
                    self.listening.set()
                    pause = FIRST_PAUSE
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=POLL_SECONDS):
                            self.heard(note.payload)
            except psycopg.Error as exc:
                self.listening.clear()
                if self._stop.is_set():
                    return
                self.reconnects += 1
                log.warning("relay: LISTEN connection lost (%s); reconnecting in %.1f s", exc, pause)
                self._stop.wait(pause)
                pause = min(pause * 2, LAST_PAUSE)
        self.listening.clear()

    def heard(self, payload: str) -> None:
        """One notice from the channel: another worker's change is reloaded and published here."""
        try:
            notice = Notice.model_validate_json(payload)
        except ValidationError:
            log.warning("relay: a notice that is not ours was ignored (%d bytes)", len(payload))
            return
        if notice.worker == self.worker:
            return  # our own: this worker's sessions heard of it already
        hub = self._hub(notice.hub)
        if hub is not None:
            self._catch_up(hub, notice.table, notice.version)

    def _hub(self, key: str) -> TableHub | None:
        if key == "":
            return self.served
        return next((hub for hub in self._hubs() if hub.key == key and hub is not self.served), None)

    def _catch_up(self, hub: TableHub, table_id: str, version: int | None = None) -> None:
        """Reload ``table_id`` if ``hub`` holds it open (forget it if it is gone), then tell this
        worker's sessions following it (``version``: the notice's, else the one reloaded).
        Never raises: the listener must outlive one bad table."""
        try:
            if table_id in hub.open_ids():
                try:
                    hub.reload(table_id)
                except TableError:  # deleted elsewhere, or unreadable now: opened again when next shown
                    hub.forget(table_id)
            self.pubsub.send_all_on_topic(
                hub.topic(table_id), hub.version_of(table_id) if version is None else version
            )
        except Exception:
            log.exception("relay: table %s could not be brought up to date", table_id)

    def _catch_up_all(self) -> None:
        """Every open table, reloaded and published: the notices missed while not listening."""
        hubs = [*([self.served] if self.served else []), *(h for h in self._hubs() if h is not self.served)]
        tables = [(hub, table_id) for hub in hubs for table_id in hub.open_ids()]
        for hub, table_id in tables:
            self._catch_up(hub, table_id)
        if self.reconnects:
            log.warning("relay: listening again; %d open tables reloaded", len(tables))


def start_relay(url: str, served: TableHub | None, pubsub: Pubsub) -> Relay:
    """The relay of a served app on the PostgreSQL database ``url``, told of every change through
    every hub of this process (``served``: a LAN server's own hub; None when hosted)."""
    from companion.ui.hub import follow_hubs

    relay = Relay(url, served, pubsub).start()
    follow_hubs(relay.announce)
    return relay
