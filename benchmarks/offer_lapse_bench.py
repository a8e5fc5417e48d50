"""What closing stale trade offers costs a Chinatown trading entry (offer_desk.moving_on: one
read of the table's offers, a write only when some lapse), on an SQLite store: the hub's change
of one trade entry with and without it, none open, and with 2 open offers that lapse.
Run: PYTHONPATH=. .venv/bin/python benchmarks/offer_lapse_bench.py"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.core import Table
from companion.share.live import stamp
from companion.store import Store
from companion.ui.hub import TableHub
from companion.ui.offer_desk import moving_on, offers_for

TRADE = {"kind": "trade", "gives": [{"giver": 2, "receiver": 1, "money": 10_000}]}


def trading(hub: TableHub) -> Table:
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    rng = random.Random(2)
    while table.prompt.kind != "trade":
        table.auto(rng) if table.prompt.choices is None else table.submit(table.prompt.choices[0])
    return table


def main(reps: int = 20) -> None:
    hub = TableHub(Store(Path(tempfile.mkdtemp()) / "t.sqlite3"))
    times: dict[str, list[float]] = {"plain": [], "moving_on": [], "moving_on, 2 lapse": []}
    for _ in range(reps):
        for mode, spent in times.items():  # interleaved: the machine's load falls on each alike
            table = trading(hub)
            for _ in range(4):
                if mode.endswith("lapse"):
                    for receiver in (0, 1):
                        offers_for(hub).make(table.id, stamp(table), 2, receiver, "{}")
                enter = lambda t: t.submit(TRADE)  # noqa: E731
                action = enter if mode == "plain" else moving_on(hub, enter)
                start = time.perf_counter()
                hub.change(table.id, action)
                spent.append((time.perf_counter() - start) * 1000)
                hub.change(table.id, lambda t: t.undo())
    for mode, spent in times.items():
        print(f"{mode:20} median {statistics.median(spent):.2f} ms over {len(spent)} entries")


if __name__ == "__main__":
    main()
