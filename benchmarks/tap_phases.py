"""Where a late Dragon tap's CPU goes, by phase: ui_bench's games (2, seeds 0-1), each phase's own
CPU time per late tap (months 10-12), a phase's time less that of the phases it calls.

Run: PYTHONPATH=.:tests python benchmarks/tap_phases.py [--root TREE]
The phases are functions wrapped with a CPU clock while a late tap is measured: the entry
(``Table.submit``; the store's append apart), the app's drawing (Flet's ``Renderer.render``: the
screen's and its parts' component bodies, wherever Flet's diff calls them), the app's per-version
caches (``foresight.per_version``: the forecast, the question's taps) and round summaries,
Flet's diff walk (``ObjectPatch.from_diff``: less the drawing it calls) and the send (the
served websocket handler's ``send_message``: msgpack). "The rest": Flet's event dispatch and
update scheduler, the handlers' own code, the event loop, the harness's recording of each
message. The wrappers cost time of their own (a few hundred calls a tap): read the shares, and
the times from ``ui_bench.py``.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import ui_bench
from flet.components import component
from flet.controls import object_patch

from companion.core import table as core_table
from companion.store import sqlite_store
from companion.ui import foresight, guard, quiet_diff

OWN: dict[str, float] = defaultdict(float)
CALLS: dict[str, int] = defaultdict(int)
_stack: list[float] = []
_on = [False]
DIFF = "Flet: diff walk (less the drawing inside)"


def wrapped(fn: Callable[..., Any], name: str) -> Callable[..., Any]:
    def timed(*args: Any, **kwargs: Any) -> Any:
        if not _on[0]:
            return fn(*args, **kwargs)
        t = time.process_time()
        _stack.append(0.0)
        try:
            return fn(*args, **kwargs)
        finally:
            spent = time.process_time() - t
            OWN[name] += spent - _stack.pop()
            CALLS[name] += 1
            if _stack:
                _stack[-1] += spent

    timed.__wrapped__ = fn  # type: ignore[attr-defined]
    return timed


def wrap(owner: Any, attr: str, name: str) -> None:
    """``owner.attr`` timed, and every companion module's name for the same function."""
    fn = getattr(owner, attr)
    timed = wrapped(fn, name)
    setattr(owner, attr, timed)
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("companion") and getattr(module, attr, None) is fn:
            setattr(module, attr, timed)


def wrap_diff() -> None:
    found = object_patch.ObjectPatch.from_diff.__func__
    if not hasattr(found, "__wrapped__"):
        object_patch.ObjectPatch.from_diff = classmethod(wrapped(found, DIFF))  # type: ignore[method-assign]


def main() -> None:
    wrap(core_table.Table, "submit", "entry: the engine (Table.submit less the store)")
    wrap(sqlite_store.Store, "appended", "entry: the store's append (SQLite)")
    wrap(component.Renderer, "render", "app: drawing the controls (component bodies)")
    wrap(foresight, "per_version", "app: per-version caches (forecast, the question's taps)")
    wrap(foresight, "summaries", "app: round summaries")
    wrap(guard.GuardedFletApp, "send_message", "send: msgpack and the send queue")
    flets_install = quiet_diff.install

    def install() -> bool:  # the app installs its diff when made: timed after it
        done = flets_install()
        wrap_diff()
        return done

    quiet_diff.install = install  # type: ignore[assignment]
    wrap_diff()
    taps: list[float] = []
    timed_click = ui_bench.timed_click

    async def late_timed(h: Any, key: str, times: Any, sizes: Any, firsts: Any = None, *rest: Any) -> None:
        if firsts is None:  # not a late tap
            return await timed_click(h, key, times, sizes, firsts, *rest)
        _on[0] = True
        t = time.process_time()
        try:
            return await timed_click(h, key, times, sizes, firsts, *rest)
        finally:
            _on[0] = False
            taps.append(time.process_time() - t)

    ui_bench.timed_click = late_timed  # type: ignore[assignment]
    asyncio.run(ui_bench.main(2))
    n, total = len(taps), sum(taps)
    print(f"\n{n} late taps, each phase's own CPU per tap (mean, ms); the whole timed call: mean")
    print(f"{total / n * 1000:.2f} ms, median {statistics.median(taps) * 1000:.2f} ms (wrappers included)")
    rest = total
    for name, spent in sorted(OWN.items(), key=lambda kv: -kv[1]):
        print(f"  {spent / n * 1000:6.2f}  {CALLS[name] / n:5.1f} calls  {name}")
        rest -= spent
    print(
        f"  {rest / n * 1000:6.2f}               the rest (Flet's dispatch and scheduler, handlers, the harness)"
    )


if __name__ == "__main__":
    main()
