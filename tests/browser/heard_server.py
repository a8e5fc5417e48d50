"""The app's server as the browser tests run it, writing down what it heard from the browser.

From the browser, a tap the server never received and a tap it received but could not deliver
look the same: nothing changes. Flet writes both down only at debug level (every message it
receives, and "Control with ID ... not found" when it drops an event). This script keeps those
lines, and the app's errors, in a log file; the kit puts its last lines into a failure message.

Run as: python heard_server.py PORT DATA_DIR LOG_FILE (TC_HOSTED=1: ``serve --hosted``; TC_DEAL_SEED,
TC_TABLE_SEEDS: seeded deals). PORT 0: any free port; the first line on stdout says the address
once the port is bound (the kit reads the port there: a port picked by the kit could be taken
by another test's server before this one bound it).
"""

from __future__ import annotations

import json
import logging
import os
import random
import sys

LINE = 240  # characters kept of a message: an event is short, a text field's value need not be whole


class Heard(logging.Filter):
    """Keeps what the browser sent, which control each event reached, Flet's dropped events,
    and every warning or error."""

    def filter(self, record: logging.LogRecord) -> bool:
        said = record.getMessage()
        if record.levelno >= logging.WARNING:
            return True
        return said.startswith(("_on_message", "event ")) or "not found" in said or "stale control" in said


class Short(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        first, _, rest = line.partition("\n")  # a traceback stays whole, a long message does not
        return (first[:LINE] + ("\n" + rest if rest else "")) if record.exc_info else line[:LINE]


def listen(log_file: str) -> None:
    handler = logging.FileHandler(log_file)
    handler.setFormatter(Short("%(relativeCreated)9.0f ms %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(Heard())
    for name, level in (("flet_transport", logging.DEBUG), ("flet", logging.DEBUG), ("", logging.WARNING)):
        logger = logging.getLogger(name)
        logger.setLevel(level)
        logger.addHandler(handler)
        if name:
            logger.propagate = False  # one line each, not again through the root logger


def name_the_targets() -> None:
    """Add, for each event, the key and type of the control it reaches ("click on ct-q-b-79"):
    an event names its control by a number only. This wraps Flet's dispatch and changes nothing."""
    from flet.messaging.session import Session

    dispatch = Session.dispatch_event
    said = logging.getLogger("flet")

    async def dispatch_event(self: Session, control_id: int, event_name: str, event_data: object) -> None:
        control = self.index.get(control_id)
        if control is not None:
            said.debug("event %s -> %s %s", event_name, type(control).__name__, control.key)
        return await dispatch(self, control_id, event_name, event_data)

    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


def seeded_deals() -> None:
    """With TC_DEAL_SEED set, "Let the app deal" deals alike on every run (each session's SessionShell draws
    from a generator seeded with it): a test can count the taps of a month that starts with a deal."""
    seed = os.environ.get("TC_DEAL_SEED")
    if seed is None:
        return
    from companion.ui.shell import SessionShell

    init = SessionShell.__init__

    def seeded(self: SessionShell, *args: object, **kwargs: object) -> None:
        init(self, *args, **kwargs)  # type: ignore[arg-type]
        self.open.rng = random.Random(int(seed))

    SessionShell.__init__ = seeded  # type: ignore[method-assign]


def seeded_tables() -> None:
    """With TC_TABLE_SEEDS set (JSON: a table's id -> a seed), each time a session opens one of
    those tables, its "Let the app deal" generator is seeded afresh with the table's seed: a table
    reached by Home's card deals as one loaded at its address does, whatever the page showed
    before (tests that share a page and a served app between tables of different seeds)."""
    seeds = json.loads(os.environ.get("TC_TABLE_SEEDS") or "{}")
    if not seeds:
        return
    from companion.ui.open_table import OpenTable

    follow = OpenTable.follow

    def seeded(self: OpenTable, table_id: str | None) -> None:
        opened = table_id != self.state.table_id
        follow(self, table_id)
        if opened and table_id in seeds:
            self.rng = random.Random(int(seeds[table_id]))

    OpenTable.follow = seeded  # type: ignore[method-assign]


if __name__ == "__main__":
    port, data_dir, log_file = sys.argv[1:4]
    listen(log_file)
    name_the_targets()
    seeded_deals()
    seeded_tables()
    from companion.ui.server import prepare, serve

    hosted = os.environ.get("TC_HOSTED") == "1"
    ready = prepare("127.0.0.1", int(port), data_dir=data_dir, hosted=hosted)
    print(f"serving at http://127.0.0.1:{ready[0].getsockname()[1]}/", flush=True)
    serve("127.0.0.1", int(port), data_dir=data_dir, prepared=ready, hosted=hosted)
