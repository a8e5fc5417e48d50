"""Shared helpers for the UI view tests: a store per test, a started session, the toy game's UI."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import flet as ft
from flet_harness import Harness

from companion.core import Table
from companion.store import Store
from companion.ui.app import make_main
from companion.ui.gameui import Choice, GameUI, OptionSpec
from companion.ui.hub import TableHub

# The toy game ("race to ten") with one setup option, to exercise the generic screens.
TOY_UI = GameUI(
    game_id="toy",
    options=(OptionSpec("target", "setup.options", (Choice(5, "color.red"), Choice(10, "color.blue"))),),
)


def hover(control: Any) -> str:
    """A control's hover text: a plain string, or a Tooltip kept out of the semantics (the
    control says it by its own name, widgets.quiet)."""
    tip = control.tooltip
    return tip if isinstance(tip, str) else tip.message


def words(button: Any) -> str:
    """A button's words: its own text (a label of one line is the button's string content,
    dragon/answers.line_button), or its Text's."""
    content = button.content
    return content if isinstance(content, str) else content.value


def new_hub(folder: Path) -> TableHub:
    return TableHub(Store(folder / "tables.sqlite3"))


async def started(
    hub: TableHub, route: str = "/", prefs: dict | None = None, pubsub=None, width: int = 412
) -> Harness:
    h = Harness(hub=pubsub, prefs=prefs)
    await h.start(make_main(hub), route=route, width=width)
    return h


async def new_table_by_taps(h: Harness, game: str, names=("Ana", "Ben", "Carla"), **options: object) -> None:
    """Set up a table as a player does: New table, the game, one name per row, options, Start.

    ``options`` taps the setup chips ``option-<field>-<value>`` (e.g. ``large_privilege_cost=6``).
    """
    await h.click("new-table")
    await h.click(f"game-{game}")
    rows = len(h.keys("player-name-"))
    while rows < len(names):
        await h.click("player-add")
        rows += 1
    while rows > len(names):
        await h.click(f"player-remove-{rows - 1}")
        rows -= 1
    for i, name in enumerate(names):
        await h.type_text(f"player-name-{i}", name)
    for field, value in options.items():
        if value is not None:
            await h.click(f"option-{field}-{value}")
    await h.click("setup-start")


def only_table(hub: TableHub):
    """The one table a test created through the screens."""
    [info] = hub.store.list()
    return hub.get(info.id)


async def tap_chip(h: Harness, key: str) -> None:
    """A tap on a chip as the phone makes it: the chip flips ``selected`` on its own and sends
    that value to the server (overwriting the server-side control's), then fires ``on_select``."""
    chip = h.by_key(key)
    flipped = not bool(chip.selected)
    h.session.apply_patch(chip._i, {"selected": flipped})
    await h.fire(key, "select", flipped)


def keys_in_order(h: Harness, dialog: str, prefix: str) -> list[str]:
    """The keys starting with ``prefix`` inside an open dialog, top to bottom."""
    found: list[str] = []

    def walk(c: Any) -> None:
        c = ft.unwrap_component(c)
        key = getattr(c, "key", None)
        if isinstance(key, str) and key.startswith(prefix):
            found.append(key)
        for name in ("content", "title"):
            inner = getattr(c, name, None)
            if isinstance(inner, ft.BaseControl):
                walk(inner)
        for child in getattr(c, "controls", None) or []:
            walk(child)

    walk(h.by_key(dialog))
    return found


def finished_on_hub(hub: TableHub, game: str, names, seed: int) -> Table:
    """A table of ``game`` played to its end by random choices (seed ``seed``), created on ``hub``
    first, so each entry is stored as it is made (a finished table's play is logged)."""
    table = hub.create(Table.new(game, list(names)))
    rng = random.Random(seed)
    while table.prompt is not None:
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    return table


async def until(h: Harness, key: str, present: bool = True, tries: int = 400) -> None:
    """Let a worker thread finish (a file read or a review made off the event loop): flush the
    session until ``key`` is on screen (or gone, ``present`` False), at most ``tries`` times."""
    for _ in range(tries):
        if h.has(key) == present:
            return
        await h.flush(turns=2, pause=0.01)
    raise AssertionError(f"{key!r} never {'appeared' if present else 'went'}")


def pick_file(h: Harness, data: bytes, name: str) -> None:
    """What the file picker hands the session next: one file ``name`` holding ``data``."""
    h.conn.answers["pick_files"] = [{"id": 0, "name": name, "size": len(data), "bytes": list(data)}]
