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

from store_backends import redirect_in_subprocess

from companion.store import Store, StoreConflict

redirect_in_subprocess()  # [postgresql]: the test's store paths are schemas of its server


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


def players_racer(db: str, seed: int, attempts: int, start_at: float, out: str) -> None:
    """Random links, merges and play links on one store, as fast as it can; writes how many were
    refused with a clear StoreError (anything else escapes and fails the process)."""
    from companion.store import StoreError

    store = Store(db)
    rng = random.Random(seed)
    refused = done = 0
    while time.time() < start_at:
        time.sleep(0.001)
    for _ in range(attempts):
        players = [p.id for p in store.players()]
        tables = [t for t in store.list() if t.problem is None]
        try:
            kind = rng.random()
            if kind < 0.45 and tables:
                t = rng.choice(tables)
                store.link_seats(t.id, [rng.choice([*players, None]) if players else None for _ in t.players])
            elif kind < 0.8 and len(players) > 2:
                keep, gone = rng.sample(players, 2)
                store.merge_players(keep, gone)
                store.create_player(f"P{seed}-{rng.randrange(10**9)}")  # keep the list from running dry
            else:
                plays = store.plays()
                if plays:
                    play = rng.choice(plays)
                    store.link_play(play.id, [rng.choice([*players, None]) for _ in play.seats])
            done += 1
        except StoreError as exc:
            assert exc.msg.key in {
                "plays.link.twice",
                "plays.link.changed",
                "plays.player.merge_same_table",
                "plays.player.unknown",
                "store.no_such_table",
            }, exc.msg.key
            refused += 1
    store.close()
    Path(out).write_text(json.dumps({"done": done, "refused": refused}))
