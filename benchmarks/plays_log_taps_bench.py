"""The play log's taps, measured with the headless harness (tests/ui/flet_harness.py): what one
tap costs the server (CPU time until its last message is sent, as in stats_screen_bench.py) and
how many bytes it sends, for the forms issue 25 moved onto observable drafts:

- a game chip of the log's filter (the log of 200 plays read again, its first page drawn);
- a remembered place, and an option, tapped in a play's Edit dialog (the dialog's form only);
- an option of "Log this play" under Dragon's Quick score.

Each figure is the median of RUNS taps (the two chips of one row tapped in turn, so every tap
changes something). ``--root TREE`` measures another checkout (e.g. the tree before the change)
with the same taps: both trees draw the same keys.

Run: python benchmarks/plays_log_taps_bench.py [--root TREE]  (figures in docs/PERFORMANCE.md,
"The play log's taps without the session's redraw").
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the app is imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "ui"), str(Path(__file__).parent)]

from flet_harness import Harness  # noqa: E402

import companion  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402

RUNS = 30
PLAYS = 200


def fill(store: Store) -> None:
    """PLAYS plays logged from Quick score, Da Yu and Dragon (two at remembered places)."""
    for i in range(PLAYS):
        day = f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T20:00:00+00:00"
        if i % 2:
            players = [{"name": n, "vp": 30 + (i + k) % 9} for k, n in enumerate(("Ana", "Ben", "Cy"))]
            store.log_calculated("dragon-final", {"players": players}, date=day)
        else:
            seats = [
                {"name": n, "vp_cards": [{"frame": "silver", "vp": 2 + k}], "flood_cards": []}
                for k, n in enumerate(("Ana", "Ben"))
            ]
            play = store.log_calculated("dayu-final", {"players": seats}, date=day)
            if i < 4:
                store.set_play_location(play.id, ("Club", "Casa de Ana")[i // 2])


async def taps(h: Harness, first: str, second: str) -> list[tuple[float, int]]:
    """RUNS taps, ``first`` and ``second`` in turn: CPU seconds and bytes of each."""
    from stats_screen_bench import timed  # after the tree's companion: it puts this tree on the path

    out = []
    for k in range(RUNS):
        key = first if k % 2 == 0 else second
        out.append(await timed(h, lambda key=key: h.click(key)))
    return out


async def measure(path: Path) -> dict[str, list[tuple[float, int]]]:
    hub = TableHub(Store(path))
    fill(hub.store)
    h = Harness()
    await h.start(make_main(hub), route="/plays")
    figures = {"filter": await taps(h, "plays-game-dayu", "plays-game-all")}
    await h.click("plays-game-dragon")
    await h.click(h.keys("play-edit-")[0])  # a Dragon play logged by hand: it has options
    figures["place"] = await taps(h, "edit-place-0", "edit-place-1")
    figures["option"] = await taps(h, "edit-option-great_wall-True", "edit-option-great_wall-False")
    await h.click("play-edit-close")
    await h.goto("/quick/dragon")
    await h.type_text("quick-vp-0", "30")
    await h.click("quick-compute")
    figures["log"] = await taps(h, "log-option-great_wall-True", "log-option-great_wall-False")
    h.close()
    return figures


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(measure(Path(folder) / "plays.sqlite3"))
    tree = Path(companion.__file__).parents[1]
    print(f"Play log taps, {PLAYS} plays, tree {tree} (medians of {RUNS}, server CPU time, bytes sent):")
    for key, what in (
        ("filter", "a game chip of the log's filter"),
        ("place", "Edit: a remembered place"),
        ("option", "Edit: an option"),
        ("log", "Log this play: an option"),
    ):
        ms = statistics.median(t for t, _ in figures[key]) * 1000
        sent = int(statistics.median(b for _, b in figures[key]))
        print(f"  {what:34s} {ms:7.2f} ms  {sent:7d} B")


if __name__ == "__main__":
    main()
