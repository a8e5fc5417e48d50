"""Live-share fan-out benchmark: one host entry reaching many viewers, and the host's tap during
a flood of forged events from one viewer.

Run: python benchmarks/live_fanout_bench.py [--viewers 50] [--taps 20] [--late]
        [--pair OTHER_TREE --rounds 3] [--root TREE] [--json]
Headless sessions (tests/ui/flet_harness.py) share one table and one pubsub hub, as phones do in
the served app. "fan-out" times the host's tap until every viewer's session has sent its client
the patch (wall time, and the process's CPU time over the same span: the server's cost, since
the host and every viewer session run in this process). ``--late`` plays a 5-player game with
both expansions to its last months before the taps, as issue 27 measures. The collector is set
as the served app sets it (``companion.core.memory.tune``, called by ``companion serve``).
"flood" times the host's tap alone, then while one viewer's connection pushes forged clicks
through the server's frame guard (companion.ui.guard) as fast as it can.
``--pair OTHER_TREE`` runs the fan-out of this tree and of OTHER_TREE in turn (old, new, old,
new, ... each a fresh process with the same seed and taps), and prints each side's CPU medians and
the ratio of each pair: on a shared, noisy machine the pairs compare like with like.
``--root TREE`` measures the code of another tree (its companion package and test harness).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path


def _root() -> Path:
    """This tree, or the one ``--root`` names (read before anything of it is imported)."""
    if "--root" in sys.argv:
        return Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    return Path(__file__).resolve().parents[1]


ROOT = _root()
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui")]

from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402
from flet_harness import Harness  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.core.memory import tune  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui import live, peer  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402

VIEWER_IP = "192.168.1.77"  # a phone on the LAN, as the server records it (nothing is contacted)


async def tap_keys(host: Harness, table: Table) -> list[str]:
    if table.prompt.auto:
        return ["auto"]
    return [k for k in host.keys("choice-") if k.count("-") == 1]


def late_game(rng: random.Random) -> Table:
    """A 5-player game with both expansions, played at random until its last few decisions."""
    options = {"great_wall": True, "super_events": True}
    names = ["Ana", "Ben", "Carla", "Dai", "Eva"]
    log = Table.new("dragon", names, options)
    while (p := log.prompt) is not None:  # the whole game once, to learn its length
        log.auto(rng) if p.auto else log.submit(rng.choice(p.choices))
    late = Table.new("dragon", names, options)
    for entry in log.entries[: len(log.entries) - 40]:
        late.submit(entry)
    return late


async def fan_out(folder: Path, viewers: int, taps: int, late: bool) -> tuple[list[float], list[float]]:
    hub = TableHub(Store(folder / "tables.sqlite3"))
    rng = random.Random(5)
    start_table = late_game(rng) if late else Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"])
    table = hub.create(start_table)
    bus = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    host = Harness(hub=bus)
    await host.start(make_main(hub), route=f"/table/{table.id}")
    token = live.links_for(hub).links(table.id, len(table.players))[0].token
    phones = []
    for _ in range(viewers):
        phone = Harness(hub=bus)
        peer.record(phone.conn, VIEWER_IP)
        await phone.start(make_main(hub), route=f"/join/{token}")
        phones.append(phone)
    delays: list[float] = []
    cpu: list[float] = []
    while len(delays) < taps and table.prompt is not None:
        keys = await tap_keys(host, table)
        if not keys:
            break
        seen = [len(p.conn.messages) for p in phones]
        start, start_cpu = time.perf_counter(), time.process_time()
        await host.session.dispatch_event(host.by_key(rng.choice(keys))._i, "click", None)
        while time.perf_counter() - start < 30:
            if all(len(p.conn.messages) > n for p, n in zip(phones, seen, strict=True)):
                break
            await asyncio.sleep(0.0005)
        delays.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        await host.flush()
        for p in phones:
            await p.flush(turns=2)
    for h in (host, *phones):
        h.close()
    return delays, cpu


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def pair(args: argparse.Namespace) -> None:
    """This tree and ``args.pair`` in turn, each run a fresh process; medians and per-pair ratios."""
    me = [sys.executable, __file__, "--json", "--viewers", str(args.viewers), "--taps", str(args.taps)]
    me += ["--late"] if args.late else []
    cpu: dict[str, list[float]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for label, cmd in (("old", [*me, "--root", args.pair]), ("new", me)):
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            cpu[label].append(json.loads(out.splitlines()[-1])["cpu_median_ms"])
            print(f"{label}: CPU median {cpu[label][-1]:.0f} ms", flush=True)
    ratios = [n / o for o, n in zip(cpu["old"], cpu["new"], strict=True)]
    print(
        f"old ({args.pair}) CPU median of runs {statistics.median(cpu['old']):.0f} ms, "
        f"new {statistics.median(cpu['new']):.0f} ms; new/old per pair median "
        f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--late", action="store_true", help="late in a 5-player game, both expansions")
    parser.add_argument("--pair", help="another tree to run in turn with this one")
    parser.add_argument("--rounds", type=int, default=3, help="pairs run with --pair")
    parser.add_argument("--root", help="measure another tree's code")
    parser.add_argument("--json", action="store_true", help="print the medians as one JSON line")
    args = parser.parse_args()
    if args.pair:
        pair(args)
        return

    async def run() -> tuple[list[float], list[float]]:
        tune()  # the collector set as `companion serve` sets it (core/memory.py)
        with tempfile.TemporaryDirectory() as tmp:
            return await fan_out(Path(tmp), args.viewers, args.taps, args.late)

    delays, cpu = (sorted(v) for v in asyncio.run(run()))
    if args.json:
        print(json.dumps({"median_ms": median_ms(delays), "cpu_median_ms": median_ms(cpu)}))
        return
    print(
        f"host tap -> all {args.viewers} viewers updated over {len(delays)} taps: "
        f"median {median_ms(delays):.0f} ms, max {delays[-1] * 1000:.0f} ms; "
        f"CPU median {median_ms(cpu):.0f} ms, max {cpu[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
