"""What a tap on a form makes Flet rebuild, on the screens issue 25 turned into components over
observable drafts: New table's chips, the rules search, the statistics' filters, and one poll of
a review's progress bar; since branch polish also a letter typed in a New table seat's name, and
the confirm of a dialog on Players and Home (the dialog opened first, not counted).

Run: python benchmarks/form_redraws.py [--root TREE]
For each step: the controls Flet reconciled (built again, then diffed field by field with the
last render's), the controls new on the page, and the bytes sent to the (fake) client, per tap
(per poll for the review). Counting, not timing: the taps are the same on every run, so one run
of each tree compares them (``--root`` counts another checkout with this file). The review's
poll count depends on the machine's speed; its figures are per poll.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the app is imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui"), str(ROOT / "tests")]

from flet.controls import object_patch  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402

RECONCILED: list[int] = [0]


def _instrument() -> None:
    compare = object_patch.DiffBuilder._compare_dataclasses

    def counted(self: Any, parent: Any, path: Any, src: Any, dst: Any, frozen: bool) -> None:
        if src is not dst and isinstance(dst, BaseControl):
            RECONCILED[0] += 1
        return compare(self, parent, path, src, dst, frozen)

    object_patch.DiffBuilder._compare_dataclasses = counted  # type: ignore[method-assign]


async def counted(h: Any, name: str, taps: list[Callable[[], Awaitable[None]]]) -> None:
    """Run the taps; print what they made Flet do, per tap."""
    RECONCILED[0], sent, before = 0, h.conn.wire_bytes, set(h.session.index)
    new = 0
    for tap in taps:
        await tap()
        new += len(set(h.session.index) - before)
        before = set(h.session.index)
    n = len(taps)
    print(
        f"{name:<28} {RECONCILED[0] / n:8.1f} reconciled {new / n:7.1f} new "
        f"{(h.conn.wire_bytes - sent) / n:9.0f} bytes  ({n} taps)"
    )


async def counted_after(
    h: Any, name: str, steps: list[tuple[Callable[[], Awaitable[None]], Callable[[], Awaitable[None]]]]
) -> None:
    """As ``counted``, for taps that each need something done first (a dialog opened), not counted."""
    reconciled, sent, new = 0, 0, 0
    for prepare, tap in steps:
        await prepare()
        RECONCILED[0], before_bytes, before = 0, h.conn.wire_bytes, set(h.session.index)
        await tap()
        reconciled += RECONCILED[0]
        sent += h.conn.wire_bytes - before_bytes
        new += len(set(h.session.index) - before)
    n = len(steps)
    print(f"{name:<28} {reconciled / n:8.1f} reconciled {new / n:7.1f} new {sent / n:9.0f} bytes  ({n} taps)")


async def seat_names(folder: Path) -> None:
    from ui_testkit import new_hub, started

    h = await started(new_hub(folder), "/new")
    await h.click("game-dragon")
    taps = [lambda i=i: h.type_text("player-name-0", "Anabel"[:i]) for i in range(1, 7)]
    await counted(h, "New table: a seat's name", taps)
    h.close()


async def dialogs(folder: Path) -> None:
    from ui_testkit import new_hub, started

    from companion.core import Table

    hub = new_hub(folder)
    ids = [hub.store.create_player(n).id for n in ("Ana", "Ben", "Cy", "Dai")]
    for n in ("One", "Two", "Three"):
        hub.create(Table.new("dragon", ["Ana", "Ben"], name=n))
    h = await started(hub, "/players")

    async def named(name: str) -> None:
        await h.click("players-add")
        await h.type_text("edit-name", name)

    steps = [(lambda n=n: named(n), lambda: h.click("edit-save")) for n in ("Eve", "Fay")]
    steps += [
        (lambda i=i: h.click(f"player-delete-{i}"), lambda: h.click("delete-player-confirm")) for i in ids[2:]
    ]
    await counted_after(h, "Players: a dialog's confirm", steps)
    await h.goto("/")
    tables = [t.id for t in hub.store.list()]
    steps = [(lambda t=t: h.click(f"rename-{t}"), lambda: h.click("rename-save")) for t in tables[:2]]
    steps += [(lambda t=t: h.click(f"delete-{t}"), lambda: h.click("delete-confirm")) for t in tables[2:]]
    await counted_after(h, "Home: a dialog's confirm", steps)
    h.close()


async def setup(folder: Path) -> None:
    from ui_testkit import new_hub, started

    h = await started(new_hub(folder), "/new")
    await h.click("game-dragon")
    options = sorted(k for k in h.keys("option-") if not h.by_key(k).selected)
    taps = [lambda g=g: h.click(f"game-{g}") for g in ("dayu", "chinatown", "dragon")]
    taps += [lambda k=k: h.click(k) for k in options[:3]]
    taps.append(lambda: h.click("setup-teach-on"))
    await counted(h, "New table: chips", taps)
    h.close()


async def rules(folder: Path) -> None:
    from ui_testkit import new_hub, started

    h = await started(new_hub(folder), "/rules")
    typed = "who gets the money from a shop"
    taps = [lambda i=i: h.type_text("rules-search", typed[:i]) for i in range(10, len(typed) + 1, 4)]
    await counted(h, "Rules: typing", taps)
    await counted(
        h, "Rules: a game chip", [lambda g=g: h.click(f"rules-game-{g}") for g in ("dragon", "all")]
    )
    h.close()


async def stats(folder: Path) -> None:
    from ui_testkit import new_hub, started

    hub = new_hub(folder)
    h = await started(hub, "/stats/dayu")

    async def period(key: str, text: str) -> None:
        await h.type_text(key, text)
        await h.fire(key, "blur")

    taps = [
        lambda: period("stats-since", "2026-01-01"),
        lambda: period("stats-location", "club"),
        lambda: period("stats-since", "April"),
    ]
    await counted(h, "Statistics: the period", taps)
    h.close()


async def review(folder: Path) -> None:
    from random_play import play_to_end
    from ui_testkit import new_hub, started

    from companion.core import Table
    from companion.ui import worker

    hub = new_hub(folder)
    table = Table.new("dragon", ["Ana", "Ben"])
    play_to_end(table, random.Random(3))
    hub.store.create(table)
    h = await started(hub, f"/table/{table.id}/review")
    polls = [0]
    wait = worker.asyncio.wait

    async def counted_wait(*args: Any, **kwargs: Any) -> Any:
        polls[0] += 1
        return await wait(*args, **kwargs)

    worker.asyncio.wait = counted_wait  # type: ignore[assignment]
    RECONCILED[0], sent = 0, h.conn.wire_bytes
    await h.click("review-start")
    start = (RECONCILED[0], h.conn.wire_bytes - sent)
    RECONCILED[0], sent = 0, h.conn.wire_bytes
    while not h.has("review-player-0"):
        last = (RECONCILED[0], h.conn.wire_bytes)
        await h.flush(turns=2, pause=0.01)
    worker.asyncio.wait = wait  # type: ignore[assignment]
    n = max(polls[0], 1)
    print(f"{'Review: the start tap':<28} {start[0]:8.1f} reconciled {'':>11} {start[1]:9.0f} bytes")
    # the polls, without the last turn of the loop (the review drawn when it ends)
    print(
        f"{'Review: a poll':<28} {last[0] / n:8.1f} reconciled {'':>11} "
        f"{(last[1] - sent) / n:9.0f} bytes  ({n} polls)"
    )
    h.close()


async def main() -> None:
    _instrument()
    print(f"tree: {ROOT}")
    for step in (setup, seat_names, dialogs, rules, stats, review):
        with tempfile.TemporaryDirectory() as tmp:
            await step(Path(tmp))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--root", help="the checkout to count (default: this file's)")
    parser.parse_args()
    asyncio.run(main())
