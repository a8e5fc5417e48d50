"""What a tap makes Flet build and diff: per tap, the controls new on the page, the controls
reconciled with the last render's (built again, then diffed field by field), both by the nearest
key above them, and each kept part (companion/ui/parts.py) drawn again with the reason.

Run: python benchmarks/ui_redraws.py [--game dragon|dayu] [--root TREE]
``dragon`` counts the late taps (months 10-12) of benchmarks/ui_bench.py's first 5-player game;
``dayu`` 200 random taps of a 3-player game. A part's reason names the props that compared
unequal: ``[i]`` an element of a props tuple, or ``value``; ``unmounted`` a part that left the
screen. Numbers in keys are shown as ``#``. Counting, not timing: the figures do not move
between runs of one tree, so one run of each tree compares them.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the app is imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui"), str(Path(__file__).parent)]

import ui_bench  # noqa: E402
from flet.controls import object_patch  # noqa: E402
from flet.controls.base_control import BaseControl  # noqa: E402

from companion.ui import parts  # noqa: E402


class Counts:
    """What the taps counted made Flet do, while ``on`` is set."""

    def __init__(self) -> None:
        self.on = False
        self.taps = 0
        self.new: Counter[str] = Counter()
        self.reconciled: Counter[str] = Counter()
        self.redrawn: Counter[tuple[str, str]] = Counter()
        self._reconciled: list[Any] = []

    def report(self) -> None:
        n = max(self.taps, 1)
        for title, counter in (("new on the page", self.new), ("reconciled", self.reconciled)):
            print(f"controls {title} per tap: {sum(counter.values()) / n:.1f} over {self.taps} taps")
            for where, c in counter.most_common(15):
                print(f"  {c / n:6.1f}  {where}")
        print("kept parts drawn again per tap, and why:")
        for (key, why), c in self.redrawn.most_common(20):
            print(f"  {c / n:6.2f}  {key}: {why}")


COUNTS = Counts()


def _plain(key: object) -> str:
    return re.sub(r"\d+", "#", str(key))


def _unequal(old: Any, new: Any) -> str:
    if isinstance(old, tuple) and isinstance(new, tuple) and len(old) == len(new):
        return ",".join(f"[{i}]" for i, (a, b) in enumerate(zip(old, new, strict=True)) if a != b)
    return "value"


def _instrument() -> None:
    part = parts.Kept.part

    def counted_part(self: parts.Kept, props: Any, draw: Any, key: str) -> Any:
        found = self._parts.get(key)
        if COUNTS.on and key not in self._used and found is not None:
            if found[0] != props:
                COUNTS.redrawn[(_plain(key), "props " + _unequal(found[0], props))] += 1
            elif self._index.get(found[1]._i) is not found[1]:
                COUNTS.redrawn[(_plain(key), "unmounted")] += 1
        return part(self, props, draw, key)

    compare = object_patch.DiffBuilder._compare_dataclasses

    def counted_compare(self: Any, parent: Any, path: Any, src: Any, dst: Any, frozen: bool) -> None:
        if COUNTS.on and src is not dst and isinstance(dst, BaseControl):
            COUNTS._reconciled.append(dst)
        return compare(self, parent, path, src, dst, frozen)

    parts.Kept.part = counted_part  # type: ignore[method-assign]
    object_patch.DiffBuilder._compare_dataclasses = counted_compare  # type: ignore[method-assign]
    tap = ui_bench.timed_click

    async def counted_tap(h: Any, key: str, *args: Any) -> None:
        COUNTS.on = late = len(args) > 2 and args[2] is not None  # ui_bench's late taps pass firsts
        before = set(h.session.index)
        await tap(h, key, *args)
        COUNTS.on = False
        if late:
            COUNTS.taps += 1
            COUNTS.new.update(ui_bench._place(c) for i, c in h.session.index.items() if i not in before)
            COUNTS.reconciled.update(ui_bench._place(c) for c in COUNTS._reconciled)
        COUNTS._reconciled.clear()

    ui_bench.timed_click = counted_tap  # type: ignore[assignment]


async def dayu(folder: Path, taps: int = 200) -> None:
    from ui_testkit import new_hub, new_table_by_taps, only_table, started

    hub = new_hub(folder)
    h = await started(hub)
    await new_table_by_taps(h, "dayu", ("Ana", "Ben", "Carla"))
    table = only_table(hub)
    rng = random.Random(1)
    for _ in range(taps):
        if table.prompt is None:
            break
        choices = [k for k in h.keys("choice-") if k.count("-") == 1]
        places = [k for k in h.keys("dy-place-") if k.count("-") == 2]
        key = "auto" if h.has("auto") else rng.choice(choices or places)
        await ui_bench.timed_click(h, key, [], [], [], None)
    h.close()
    hub.store.close()


async def main(game: str) -> None:
    _instrument()
    with tempfile.TemporaryDirectory() as tmp:
        if game == "dayu":
            await dayu(Path(tmp))
        else:
            await ui_bench.one_game(Path(tmp), 0)
    print(f"tree: {ROOT}, game: {game}")
    COUNTS.report()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=("dragon", "dayu"), default="dragon")
    parser.add_argument("--root", help="the checkout to count (default: this file's)")
    asyncio.run(main(parser.parse_args().game))
