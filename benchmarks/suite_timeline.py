"""Where `make test`'s wall time goes: a pytest plugin that writes, per test worker, when each test
starts and ends with the worker's own CPU and the CPU of the child processes it has reaped (servers,
Chromium through Playwright's driver, PostgreSQL), and, in the controller, the whole machine's
busy share each second (/proc/stat). Nothing in the suite changes; it only writes files.

Run (a clean clone, as `make test` runs the suite):
  SUITE_TIMELINE=/tmp/tl PYTHONPATH=.:benchmarks python -m pytest -q -n 2 --dist loadfile \
      --no-loadscope-reorder --cov --cov-report=term -p suite_timeline
  python benchmarks/suite_timeline_report.py /tmp/tl
"""

from __future__ import annotations

import json
import os
import resource
import threading
import time
from typing import Any

_OUT = os.environ.get("SUITE_TIMELINE", "/tmp/suite_timeline")
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
_file: Any = None


def _write(row: dict[str, Any]) -> None:
    global _file
    if _file is None:
        _file = open(f"{_OUT}.{_WORKER}.jsonl", "a")  # noqa: SIM115 (kept open for the session)
    _file.write(json.dumps(row) + "\n")
    _file.flush()


def _cpu() -> tuple[float, float]:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime, kids.ru_utime + kids.ru_stime


def _machine() -> tuple[int, int]:
    """(busy, total) jiffies of all cores since boot."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle + iowait
    return sum(fields) - idle, sum(fields)


def _sample_machine(stop: threading.Event) -> None:
    while not stop.wait(1.0):
        busy, total = _machine()
        _write({"machine": time.time(), "busy": busy, "total": total, "load": os.getloadavg()[0]})


_stop = threading.Event()


def pytest_sessionstart(session: Any) -> None:
    _write({"session": "start", "t": time.time(), "cpu": _cpu()})
    if _WORKER == "main":
        threading.Thread(target=_sample_machine, args=(_stop,), daemon=True).start()


def pytest_runtest_logstart(nodeid: str, location: Any) -> None:
    _write({"test": nodeid, "start": time.time(), "cpu": _cpu()})


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    _write({"test": nodeid, "end": time.time(), "cpu": _cpu()})


def pytest_sessionfinish(session: Any) -> None:
    _stop.set()
    _write({"session": "finish", "t": time.time(), "cpu": _cpu()})
