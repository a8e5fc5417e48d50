"""Hosted load benchmark (issue 28, "Benchmarks"): many open tables taking entries through two
workers on one PostgreSQL, against the same load on one worker with SQLite, in the same run.

Run: python benchmarks/hosted_bench.py [--tables 100 300 1000] [--period 10] [--seconds 60]
        [--warmup 10] [--viewers 2] [--arrivals poisson|staggered] [--runs 1] [--json FILE]
     python benchmarks/hosted_bench.py --parts   (an entry's host and relay parts, timed apart)
(long: about 2 minutes per size and backend; not part of ``make bench``; figures go into
docs/PERFORMANCE.md, "Hosted load").

For each number of tables, before any timing: realistic games (Dragon, Chinatown and Da Yu in
turn, 3 or 4 players), each played at random (the legal choices of the game's own prompt, the
app's deals for table facts) to a point 5 to 40 entries in, and stored as the app stores a
table; then the entries each table will take during the run, played on ahead from there. Every
table takes one entry every ``--period`` seconds on average (Poisson arrivals by default, or
staggered: one each period at a table's own phase), for ``--warmup`` plus ``--seconds``.

- **PostgreSQL, two workers** (benchmarks/hosted_worker.py, two processes): the tables are split
  over them as hosts (table i on worker i mod 2), every table is open in both, and each table has
  ``--viewers`` viewers in each worker, so half its viewers are on the worker that did not take
  the entry and hear of it through the relay (LISTEN/NOTIFY). The server is the throwaway one of
  tests/pg_server.py, started *durable* (fsync and synchronous commit on, as a real server).
- **SQLite, one worker**: the same tables, entries and moments, every table hosted by the one
  worker with all ``2 x --viewers`` viewers of each table in it; its store a file in WAL with
  synchronous=FULL, as the app keeps it.

Measured, over the window after the warm-up (the entries tapped in it):
- *tap → every viewer*: from the tap's planned moment (the phone's tap arriving) until the last
  of that table's viewers, on either worker, has heard the topic and read the table at the new
  version (or later): p50 and p90 over the entries. A viewer that never sees an entry is a miss.
- *entries/s*: entries stored in the window, per second.
- *CPU per entry*: each worker's own CPU time over the window (every thread: the taps, the
  relay's threads, pubsub, the collector) divided by the entries of the window, all of them:
  each worker takes half as host and reloads the other half on the relay's notice.
- *database*: the CPU time of the PostgreSQL server's processes (the postmaster and its children:
  the workers' connections, the WAL writer, the checkpointer...) over the same window, read from
  /proc/<pid>/stat, per entry and as a share of all the CPU the run cost.
Not measured: Flet's rendering of a screen, its diff and the websocket frame to each phone (the
UI benchmarks measure those: docs/PERFORMANCE.md), nor the network between phones and server.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from pg_server import PostgresServer, running  # noqa: E402
from random_play import play_to_end  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.store import Store  # noqa: E402

WORKER = Path(__file__).with_name("hosted_worker.py")
GAMES = ("dragon", "chinatown", "dayu")
NAMES = ["Ana", "Ben", "Carla", "Dai"]
START_WAIT = 2.0  # seconds between "start" and the first planned moment: both workers are waiting


# ---- the plan: tables, their entries and when each is tapped -----------------------------
@dataclass
class TablePlan:
    table: Table  # as stored before the run
    entries: list[Any]  # what it takes during the run, in order


class _Enough(Exception):
    """Stops tests/random_play.py's game once a table has the entries it needs."""


def play_ahead(table: Table, rng: random.Random, count: int) -> bool:
    """``count`` random legal entries (tests/random_play.py: the game's own prompt, the app's
    deals, Chinatown's trades); False if the game ended before."""

    def enough(t: Table) -> None:
        if t.version >= count:
            raise _Enough

    try:
        play_to_end(table, rng, on_step=enough)
    except _Enough:
        return True
    return False


def plan_table(index: int, taps: int, seed: int) -> TablePlan:
    """A game ``index`` in turn of GAMES, 5 to 40 entries in, with ``taps`` entries to come."""
    rng = random.Random(seed * 100_003 + index)
    while True:
        game = GAMES[index % len(GAMES)]
        players = NAMES[: 3 + index % 2]
        ahead = Table.new(game, players, name=f"Bench {index}")
        prefix = rng.randint(5, 40)
        if play_ahead(ahead, rng, prefix + taps):
            break  # (a game over before that: another deal)
    stored = Table.new(game, players, name=ahead.name, table_id=ahead.id, created=ahead.created)
    for entry in ahead.entries[:prefix]:
        stored.submit(entry)
    return TablePlan(stored, list(ahead.entries[prefix:]))


def moments(count: int, horizon: float, period: float, arrivals: str, seed: int) -> list[list[float]]:
    """Each table's tap moments in [0, horizon): Poisson arrivals, or one per period at a phase."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        if arrivals == "staggered":
            phase = rng.uniform(0, period)
            out.append([phase + k * period for k in range(int((horizon - phase) // period) + 1)])
            continue
        times, t = [], rng.expovariate(1 / period)
        while t < horizon:
            times.append(t)
            t += rng.expovariate(1 / period)
        out.append(times)
    return [[t for t in ts if t < horizon] for ts in out]


@dataclass
class Plan:
    tables: list[TablePlan]
    taps: list[list[float]]  # per table, its moments


def make_plan(count: int, args: argparse.Namespace, seed: int) -> Plan:
    taps = moments(count, args.warmup + args.seconds, args.period, args.arrivals, seed)
    return Plan([plan_table(i, len(taps[i]), seed) for i in range(count)], taps)


# ---- the database's CPU ----------------------------------------------------------------------
TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds) of a process from /proc; None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after "pid (comm) ": state is fields[0]
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def server_cpu(postmaster: int) -> float:
    """CPU seconds so far of the postmaster and every process it started (its backends, the WAL
    writer, the checkpointer...). A backend that ended before this count is not in it: the
    workers keep their connections open for the whole run."""
    total = 0.0
    for name in os.listdir("/proc"):
        if name.isdigit():
            stat = _stat(int(name))
            if stat is not None and (int(name) == postmaster or stat[0] == postmaster):
                total += stat[1]
    return total


def postmaster_pid(server: PostgresServer) -> int:
    return int((server.data / "postmaster.pid").read_text().split()[0])


# ---- one run of one backend ------------------------------------------------------------------
def store_tables(location: str, plan: Plan) -> list[str]:
    store = Store(location)
    for table_plan in plan.tables:
        store.create(table_plan.table)
    store.close()
    return [t.table.id for t in plan.tables]


def worker_spec(name: str, location: str, plan: Plan, hosted: list[int], **extra: Any) -> dict[str, Any]:
    taps = [
        (offset, plan.tables[i].table.id, entry)
        for i in hosted
        for offset, entry in zip(plan.taps[i], plan.tables[i].entries, strict=True)
    ]
    return {"name": name, "location": location, "taps": taps, **extra}


def run_workers(specs: list[dict[str, Any]], folder: Path, postmaster: int | None) -> dict[str, Any]:
    """Start the workers, wait until each is ready, start them together; their results and
    the database's CPU over the measured window."""
    procs = []
    with ExitStack() as stack:
        for spec in specs:
            spec_file, result_file = folder / f"{spec['name']}.spec", folder / f"{spec['name']}.result"
            spec_file.write_bytes(pickle.dumps(spec))
            proc = subprocess.Popen(
                [sys.executable, str(WORKER), str(spec_file), str(result_file)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            stack.callback(_end, proc)
            procs.append((proc, result_file))
        for proc, _ in procs:
            if proc.stdout.readline().strip() != "ready":
                raise RuntimeError("a worker failed to start (its error is above)")
        start = time.monotonic() + START_WAIT
        for proc, _ in procs:
            proc.stdin.write(f"{start!r}\n")
            proc.stdin.flush()
        spec = specs[0]
        db = []
        for moment in (start + spec["warmup"], start + spec["warmup"] + spec["seconds"]):
            time.sleep(max(0.0, moment - time.monotonic()))
            db.append(server_cpu(postmaster) if postmaster else 0.0)
        results = []
        for proc, result_file in procs:
            if proc.stdout.readline().strip() != "done":
                raise RuntimeError("a worker failed during the run (its error is above)")
            results.append(pickle.loads(result_file.read_bytes()))
    return {"workers": results, "db_cpu": db[1] - db[0] if postmaster else None}


def _end(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait()


def run_postgres(
    server: PostgresServer, plan: Plan, args: argparse.Namespace, folder: Path
) -> dict[str, Any]:
    url = server.create_database(f"hosted_{len(plan.tables)}_{time.monotonic_ns()}")
    ids = store_tables(url, plan)
    common = dict(table_ids=ids, viewers=args.viewers, relay=True, **_times(args))
    specs = [
        worker_spec(name, url, plan, list(range(k, len(ids), 2)), **common)
        for k, name in enumerate(("A", "B"))
    ]
    return run_workers(specs, folder, postmaster_pid(server))


def run_sqlite(plan: Plan, args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    path = str(folder / f"tables_{len(plan.tables)}.sqlite3")
    ids = store_tables(path, plan)
    spec = worker_spec(
        "S",
        path,
        plan,
        list(range(len(ids))),
        table_ids=ids,
        viewers=2 * args.viewers,
        relay=False,
        **_times(args),
    )
    return run_workers([spec], folder, None)


def _times(args: argparse.Namespace) -> dict[str, float]:
    return {"warmup": args.warmup, "seconds": args.seconds, "drain": args.drain}


# ---- the figures -----------------------------------------------------------------------------
def figures(outcome: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """The run's figures from the workers' records (the module's docstring says what each is)."""
    workers = outcome["workers"]
    heard = _heard(workers)
    viewers = [(w["name"], v) for w in workers for v in range(args.viewers * (2 if len(workers) == 1 else 1))]
    start = workers[0]["start"]  # every worker got the same start moment
    window = (start + args.warmup, start + args.warmup + args.seconds)
    latencies, tap_times, misses, errors = [], [], 0, 0
    for w in workers:
        for table_id, version, due, begun, ended, error in w["taps"]:
            if not window[0] <= due < window[1]:
                continue
            if error:
                errors += 1
                continue
            tap_times.append(ended - due)
            # Each viewer's update: the first time it read the table at this version or later.
            updates = [
                min(
                    (at for v, at in heard.get((name, table_id, viewer), []) if v >= version and at >= begun),
                    default=None,
                )
                for name, viewer in viewers
            ]
            misses += updates.count(None)
            latencies.append(max((at - due for at in updates if at is not None), default=0.0))
    entries = len(tap_times)
    cpu = [w["cpu"] for w in workers]
    db = outcome["db_cpu"]
    return {
        "entries": entries,
        "errors": errors,
        "misses": misses,
        "stale": sum(
            1 for w in workers for _t, _v, said, read, _at in w["seen"] if said is not None and read < said
        ),
        "entries_per_s": entries / args.seconds,
        "p50_ms": _quantile(latencies, 0.5) * 1000,
        "p90_ms": _quantile(latencies, 0.9) * 1000,
        "max_ms": max(latencies, default=0.0) * 1000,
        "tap_p50_ms": _quantile(tap_times, 0.5) * 1000,
        "cpu_ms_per_entry": [c / entries * 1000 if entries else 0.0 for c in cpu],
        "db_ms_per_entry": db / entries * 1000 if db is not None and entries else None,
        "db_share": db / (sum(cpu) + db) if db is not None and sum(cpu) + db else None,
        "reconnects": sum(w["reconnects"] for w in workers),
        "cpu_s": sum(cpu),
        "db_s": db,
    }


def _heard(workers: list[dict[str, Any]]) -> dict[tuple[str, str, int], list[tuple[int, float]]]:
    """(worker, table, viewer) -> every (version read, moment) that viewer heard."""
    heard: dict[tuple[str, str, int], list[tuple[int, float]]] = {}
    for w in workers:
        for table_id, viewer, _said, version, at in w["seen"]:
            heard.setdefault((w["name"], table_id, viewer), []).append((version, at))
    return heard


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


# ---- the command -----------------------------------------------------------------------------
def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--period", type=float, default=10.0, help="mean seconds between a table's entries")
    parser.add_argument("--seconds", type=float, default=60.0, help="the measured window")
    parser.add_argument("--warmup", type=float, default=10.0, help="load before the window")
    parser.add_argument("--drain", type=float, default=5.0, help="wait after the window for the last viewers")
    parser.add_argument(
        "--viewers", type=int, default=2, help="viewers of each table in each PostgreSQL worker"
    )
    parser.add_argument("--arrivals", choices=("poisson", "staggered"), default="poisson")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument(
        "--backends", nargs="+", choices=("postgresql", "sqlite"), default=["postgresql", "sqlite"]
    )
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    parser.add_argument("--parts", action="store_true", help="only time an entry's two parts (see parts())")
    return parser.parse_args(argv)


def measure(args: argparse.Namespace) -> list[dict[str, Any]]:
    rows = []
    with ExitStack() as stack:
        server = stack.enter_context(running(durable=True)) if "postgresql" in args.backends else None
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="hosted-bench-")))
        for run in range(1, args.runs + 1):
            for count in args.tables:
                plan = make_plan(count, args, seed=run)
                for backend in args.backends:
                    outcome = (
                        run_postgres(server, plan, args, folder)
                        if backend == "postgresql"
                        else run_sqlite(plan, args, folder)
                    )
                    row = {"run": run, "tables": count, "backend": backend, "load": os.getloadavg()[0]}
                    row.update(figures(outcome, args))
                    rows.append(row)
                    print(line(row), flush=True)
    return rows


HEADER = (
    f"{'run':>3} {'tables':>6} {'backend':<10} {'load':>5} {'entries':>7} {'/s':>6} {'p50 ms':>7} {'p90 ms':>7}"
    f" {'max ms':>7} {'tap ms':>7} {'CPU ms/entry per worker':>24} {'db ms':>6} {'db %':>5} {'miss':>4}"
)


def line(row: dict[str, Any]) -> str:
    cpu = " / ".join(f"{c:.2f}" for c in row["cpu_ms_per_entry"])
    db = f"{row['db_ms_per_entry']:.2f}" if row["db_ms_per_entry"] is not None else "-"
    share = f"{row['db_share'] * 100:.0f}" if row["db_share"] is not None else "-"
    return (
        f"{row['run']:>3} {row['tables']:>6} {row['backend']:<10} {row['load']:>5.1f} {row['entries']:>7}"
        f" {row['entries_per_s']:>6.1f} {row['p50_ms']:>7.1f} {row['p90_ms']:>7.1f} {row['max_ms']:>7.1f}"
        f" {row['tap_p50_ms']:>7.1f} {cpu:>24} {db:>6} {share:>5} {row['misses'] + row['errors']:>4}"
    )


def growth(rows: list[dict[str, Any]]) -> list[str]:
    """How the cost grows with the tables: between the fewest and the most tables of a run and
    backend, the extra CPU (workers together; the database) per extra entry, and what is left
    at no entries (the fixed cost of the window: idle loops, the relay's listener, the server's
    background processes)."""
    lines = []
    for run in sorted({r["run"] for r in rows}):
        for backend in ("postgresql", "sqlite"):
            mine = sorted(
                (r for r in rows if (r["run"], r["backend"]) == (run, backend)), key=lambda r: r["tables"]
            )
            if len(mine) < 2 or mine[-1]["entries"] == mine[0]["entries"]:
                continue
            low, high = mine[0], mine[-1]
            more = high["entries"] - low["entries"]
            parts = [("workers", "cpu_s")] + ([("database", "db_s")] if backend == "postgresql" else [])
            said = []
            for name, key in parts:
                per = (high[key] - low[key]) / more
                said.append(
                    f"{name} {per * 1000:.2f} ms an entry + {low[key] - per * low['entries']:.2f} s fixed"
                )
            lines.append(
                f"run {run} {backend}, {low['tables']} -> {high['tables']} tables: " + "; ".join(said)
            )
    return lines


def parts(args: argparse.Namespace, tables: int = 60, entries: int = 10) -> None:
    """``--parts``: an entry's two parts in one thread, no workers: the host's ``hub.change``
    (engine and store transaction) and the other worker's ``hub.reload`` (``Store.open`` from the
    checkpoint), median thread CPU over ``tables`` x ``entries``, on each backend."""
    from companion.ui.hub import TableHub

    plan = make_plan(tables, parse(["--seconds", str(entries * args.period * 3), "--warmup", "0"]), seed=1)

    def timed(location: str) -> tuple[float, float]:
        store_tables(location, plan)
        host, other = TableHub(Store(location)), TableHub(Store(location))
        submit, reload = [], []
        for k in range(entries):
            for t in plan.tables:
                started = time.thread_time()
                host.change(t.table.id, lambda table, e=t.entries[k]: table.submit(e))
                middle = time.thread_time()
                other.reload(t.table.id)
                submit.append(middle - started)
                reload.append(time.thread_time() - middle)
        host.store.close()
        other.store.close()
        return _quantile(submit, 0.5) * 1000, _quantile(reload, 0.5) * 1000

    with running(durable=True) as server, tempfile.TemporaryDirectory() as folder:
        for name, location in (
            ("postgresql", server.create_database("parts")),
            ("sqlite", f"{folder}/t.sqlite3"),
        ):
            submit, reload = timed(location)
            print(
                f"{name}: the host's entry {submit:.2f} ms, the other worker's reload {reload:.2f} ms (CPU)"
            )


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    args = parse(argv)
    if args.parts:
        parts(args)
        return []
    print(HEADER, flush=True)
    rows = measure(args)
    print("\n".join(growth(rows)))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return rows


if __name__ == "__main__":
    main()
