"""Shared helpers for the UI view tests: a store per test, a started session, the toy game's UI."""

from __future__ import annotations

from pathlib import Path

from flet_harness import Harness

from companion.store import Store
from companion.ui.app import make_main
from companion.ui.games import Choice, GameUI, OptionSpec
from companion.ui.hub import TableHub

# The toy game ("race to ten") with one setup option, to exercise the generic screens.
TOY_UI = GameUI(
    game_id="toy",
    options=(OptionSpec("target", "setup.options", (Choice(5, "color.red"), Choice(10, "color.blue"))),),
)


def new_hub(folder: Path) -> TableHub:
    return TableHub(Store(folder / "tables.sqlite3"))


async def started(
    hub: TableHub, route: str = "/", prefs: dict | None = None, pubsub=None, width: int = 412
) -> Harness:
    h = Harness(hub=pubsub, prefs=prefs)
    await h.start(make_main(hub), route=route, width=width)
    return h
