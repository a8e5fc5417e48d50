"""A writer process for the two-process store test: submits to one stored table as fast as it can.

Each process opens its own Store on the same file. After every refusal with StoreConflict it
reloads the table and goes on. It writes what it was told: every acknowledged entry (its
position and JSON) and every conflict, so the test can check that nothing acknowledged was lost.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from companion.store import Store, StoreConflict


def writer(db: str, table_id: str, attempts: int, seed: int, start_at: float, out: str) -> None:
    store = Store(db)
    table = store.open(table_id)
    rng = random.Random(seed)
    acked, conflicts = [], 0
    while time.time() < start_at:  # both processes begin together
        time.sleep(0.001)
    for _ in range(attempts):
        prompt = table.prompt
        if prompt is None:
            break
        try:
            if prompt.auto:
                table.auto(rng)
            else:
                table.submit(rng.choice(prompt.choices))
        except StoreConflict:
            conflicts += 1
            table = store.open(table_id)  # what the hub does: read the table again
            continue
        acked.append([table.version - 1, table.entries[-1].model_dump(mode="json")])
        time.sleep(rng.random() * 0.002)  # a player's pause: lets the other writer in between
    store.close()
    Path(out).write_text(json.dumps({"acked": acked, "conflicts": conflicts}))
