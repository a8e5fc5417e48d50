"""What the browser tests cost in CPU, and where: runs pytest on the given test files and adds up
the CPU of every process it starts (the test process, the served apps, Playwright's driver,
Chromium's browser, GPU and renderer processes).

Every descendant's CPU is read from /proc every ``--every`` seconds and its last reading kept, so
each process's last fraction of a second is missed. The kernel's own count for the tree
(``os.wait4`` of pytest) is printed too, but it is lower: it only holds the processes that were
waited for by a waited-for parent, and Chromium's renderers are not.

Run from a worktree, e.g. the old tree beside the new one in the same minutes:
    PYTHONPATH=.:tests python benchmarks/browser_tests_cpu.py tests/browser/test_review_browser.py
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """The parent and the CPU seconds (user + system, this process's own) of ``pid``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def _kind(pid: int) -> str:
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return "?"
    if "chromium" in argv[0]:  # Chromium rewrites its children's argv as one string
        kind = re.search(r"--type=([\w-]+)", " ".join(argv))
        return f"chromium {kind.group(1) if kind else 'browser'}"
    if any("heard_server.py" in a for a in argv):
        return "served app"
    if any(a.endswith("pytest") for a in argv):
        return "pytest"
    return Path(argv[0]).name if argv[0] else "?"


class Census:
    """The last CPU reading of each descendant of ``root``, by kind."""

    def __init__(self, root: int) -> None:
        self.root, self.seen, self.kinds = root, {}, {}

    def look(self) -> None:
        parents = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit() and (st := _stat(int(entry))) is not None:
                parents[int(entry)] = st
        mine, grew = {self.root}, True
        while grew:
            new = {pid for pid, (ppid, _) in parents.items() if ppid in mine} - mine
            mine |= new
            grew = bool(new)
        for pid in mine:
            if pid in parents:
                self.seen[pid] = parents[pid][1]
                # a forked process takes its own argv a moment later; an exiting one has none
                kind = _kind(pid)
                if kind != "?" or pid not in self.kinds:
                    self.kinds[pid] = kind

    def by_kind(self) -> dict[str, float]:
        totals: dict[str, float] = defaultdict(float)
        for pid, cpu in self.seen.items():
            totals[self.kinds[pid]] += cpu
        return dict(sorted(totals.items(), key=lambda kv: -kv[1]))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+")
    parser.add_argument("--every", type=float, default=0.25, help="seconds between /proc readings")
    parser.add_argument("-n", default=None, help="pytest-xdist workers (default: none)")
    args = parser.parse_args()
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider", *args.files]
    if args.n:
        cmd += ["-n", args.n, "--dist", "loadfile"]
    start = time.monotonic()
    proc = subprocess.Popen(cmd)
    census, done = Census(proc.pid), threading.Event()

    def watch() -> None:
        while not done.wait(args.every):
            census.look()

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    _, status, usage = os.wait4(proc.pid, 0)
    done.set()
    watcher.join()
    wall = time.monotonic() - start
    total = usage.ru_utime + usage.ru_stime
    kinds = census.by_kind()
    print(
        f"wall {wall:.1f} s, CPU {sum(kinds.values()):.1f} s (every process; waited-for only: {total:.1f} s),"
        f" exit {os.waitstatus_to_exitcode(status)}"
    )
    for kind, cpu in kinds.items():
        print(f"  {kind:24} {cpu:7.1f} s")


if __name__ == "__main__":
    main()
