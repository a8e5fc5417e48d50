"""What closing old open offers when a table is first opened costs (offer_desk.lapse_on_open:
one read of the table's offers, none open here), beside the hub's first open of the same
4-player Chinatown table at its trading, on SQLite; a new hub each time (a server started again).
Run: PYTHONPATH=. .venv/bin/python benchmarks/lapse_on_open_bench.py"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.core import Table
from companion.store import Store
from companion.ui.hub import TableHub
from companion.ui.offer_desk import lapse_on_open

folder = Path(tempfile.mkdtemp())
store = Store(folder / "t.sqlite3")
rng = random.Random(7)
t = store.create(Table.new("chinatown", ["Ana", "Ben", "Carla", "Dan"]))
while t.prompt.kind != "trade":
    t.auto(rng) if t.prompt.choices is None else t.submit(t.prompt.choices[0])
store.close()
opens, checks = [], []
for _ in range(40):
    hub = TableHub(Store(folder / "t.sqlite3"))
    a = time.perf_counter()
    hub.get(t.id)
    b = time.perf_counter()
    lapse_on_open(hub, t.id)
    c = time.perf_counter()
    opens.append((b - a) * 1000)
    checks.append((c - b) * 1000)
    hub.store.close()
print(
    f"open {statistics.median(opens):.2f} ms, lapse_on_open {statistics.median(checks):.3f} ms (median of 40, first open of the table in a new hub)"
)
