"""Issue 25, Dragon, in Chromium at 412 x 915, one tap per action and no retries: a 4-player month
with both expansions (The Great Wall, Super Events) in at most 12 taps, every tapped control on
screen without scrolling, and the question wholly in view after every entry. Screenshots of the
person grid, English and Spanish, light and dark."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit and the issue-25 helpers beside this file
from kept_pages import kept_app, shown_table_id
from test_table_taps_browser import Taps, phone, question_in_view, stored, stored_after, ui
from ui_browser_kit import asked, on_screen, shot

from companion.core import Table
from companion.ui.games.dragon.taps import default_room, rooms, table_taps
from companion.ui.i18n import Tr

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")

NAMES = ["Ana", "Ben", "Carla", "Dai"]
OPTIONS = {"great_wall": True, "super_events": True}
PICKS = ("card", "recruit_pick", "person_pick", "sunrise_pick")


def month_start(seed: int, month: int) -> Table:
    """A 4-player table with both expansions at the start of ``month`` (its groups to deal),
    played there with random taps of the app's own tap model."""
    rng = random.Random(seed)
    table = Table.new("dragon", NAMES, OPTIONS)
    while not (table.state.month == month and table.prompt.kind == "groups"):
        play_one(table, rng)
    return table


def chosen_tap(table: Table, rng: random.Random) -> Any:
    """A random tap among those on screen, the person going into the palace offered first."""
    p = table.prompt
    into = None
    if p.kind in PICKS and p.seat is not None and rooms(table.state, p.seat):
        into = default_room(table.state, p.seat)
    return rng.choice(table_taps(table, True, into))


class _Nth:
    """A chooser that takes the ``k``-th tap offered (the tests that tap "the first choice")."""

    def __init__(self, k: int) -> None:
        self.k = k

    def choice(self, items: list[Any]) -> Any:
        return items[self.k]


def first_tap(table: Table, lang: str, k: int = 0, own: bool = False) -> tuple[str, int]:
    """The accessible name of the first (or ``k``-th) tap on screen at a Dragon question, and how
    many entries it makes (an action card: the group and its action; a person tile: the card and
    the tile). ``own``: as the chooser's own phone names it (without her name)."""
    tap = chosen_tap(table, _Nth(k))  # type: ignore[arg-type]
    return tap_name(table, tap, lang, own), len(tap.entries)


def play_one(table: Table, rng: random.Random) -> None:
    if table.prompt.auto:
        table.auto(rng)
        return
    for entry in chosen_tap(table, rng).entries:
        table.submit(entry)


def tap_name(table: Table, tap: Any, lang: str, own: bool = False) -> str:
    """The accessible name of the control that makes ``tap`` (as the screen names it; ``own``:
    the chooser's own phone, which leaves her name out)."""
    from companion.ui.games.dragon.actions import action_label
    from companion.ui.games.dragon.answers import first_label
    from companion.ui.games.dragon.tiles import tile_name

    tr = Tr(lang)
    p = table.prompt
    if p.kind == "group" and tap.entries[0].kind == "group":
        return action_label(tr, table, tap, own)[1]
    if p.kind in PICKS:
        into = None
        if p.seat is not None and len(rooms(table.state, p.seat)) > 1:
            into = default_room(table.state, p.seat)
        return tile_name(tr, table, tap, into, own)[1]
    return first_label(tr, table, tap, own)


# a Peace month, a Festival and a Drought (random taps, the deal seeded: the same month on every
# run). Over 72 random months the tap model gives a median of 11 (tests/ui/test_dragon_taps_ui.py);
# months of many losses (a Contagion without healers: a tap for each person let go) go over 12.
MONTHS = [(5, 2), (2, 3), (4, 4)]
KEPT = ("en", "light")  # the look of the month tests' page, kept across the module


def grid_table() -> Table:
    """A table at month 2's person question (the grid of tiles)."""
    rng = random.Random(3)
    table = Table.new("dragon", NAMES, OPTIONS)
    while not (table.state.month == 2 and table.prompt.kind == "card"):
        play_one(table, rng)
    return table


def wall_table() -> Table:
    """A table at month 1's action question with every wall tile still in hand."""
    table = month_start(5, 1)
    table.auto(random.Random(1))  # the app deals the groups
    return table


@pytest.fixture(scope="module")
def dragon(browser, tmp_path_factory, request):
    """The month tables, the person grid's and the wall tiles' in one served app (one app
    started for the module), each month table dealing from its own seed whenever a page opens
    it; the month tests' page kept across the module, each test reaching its table from Home by
    its card (tables of the same players and game: the card that says the table's standing and
    count of entries)."""
    data = tmp_path_factory.mktemp("dragon-taps")
    # stored first: the oldest, its card last on Home, under the ones the month tests tap
    walls = stored(data, wall_table())
    months = {case: stored(data, month_start(*case)) for case in MONTHS}
    grid = stored(data, grid_table())
    seeds = {table.id: seed for (seed, _), table in months.items()}
    with kept_app(browser, data, request, table_seeds=seeds) as pages:
        yield data, months, grid, pages, walls


def opened(pages: Any, table: Table, lang: str, theme: str) -> Any:
    """The kept page showing ``table``, reached from Home by its card; checked by its address."""
    page = pages.table(table, lang, theme, as_stored=True)
    assert shown_table_id(page) == table.id, "Home's card opened another table"
    return page


@pytest.mark.parametrize(("seed", "month"), MONTHS)
def test_dragon_month_in_twelve_taps_with_the_question_in_view(dragon, seed, month):
    data, months, _, pages, _ = dragon
    table = months[(seed, month)]
    rng = random.Random(seed)
    lang = "en"
    page = opened(pages, table, *KEPT)  # the taps that reach the table are not the month's
    taps = Taps()
    while table.state.month == month and table.prompt is not None:
        question_in_view(page, asked(table, lang))
        if table.prompt.auto:
            taps.on(page.get_by_role("button", name=ui(lang, "play.deal")))
        else:
            tap = chosen_tap(table, rng)
            taps.on(page.get_by_role("button", name=tap_name(table, tap, lang), exact=True).first)
            before = table.version
            table = stored_after(data, table)
            while table.version < before + len(tap.entries):
                table = stored_after(data, table)
            assert table.entries[before:] == list(tap.entries), "the tap made other entries"
            continue
        table = stored_after(data, table)
    if table.prompt is not None:
        question_in_view(page, asked(table, lang))  # the next month's first question
    print(f"Dragon month {month} (seed {seed}): {taps.taps} taps, {taps.scrolls} scrolls")
    assert taps.taps <= 12 and taps.scrolls == 0, f"{taps.taps} taps, {taps.scrolls} scrolls"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_person_grid_screenshots(dragon, browser, lang):
    """The person question at 412 x 915: every tile on the first screen, light and dark."""
    _, _, table, pages, _ = dragon
    for theme in ("light", "dark"):
        if (lang, theme) == KEPT:  # the month tests' page: the table by its card
            page = opened(pages, table, lang, theme)
        else:  # a look no other test uses: a page of its own, at the table's address
            page = phone(browser, pages.url + f"table/{table.id}", lang, theme)
        question_in_view(page, asked(table, lang))
        found = table_taps(table, True, default_room(table.state, table.prompt.seat))
        for tap in found:
            name = tap_name(table, tap, lang)
            box = page.get_by_role("button", name=name, exact=True).first.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 915 - 80, f"{name!r} off screen: {box}"
        on_screen(page, tap_name(table, found[-1], lang))
        shot(page, f"dragon_person_grid_{lang}_{theme}")
        if (lang, theme) != KEPT:
            page.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_wall_tiles_screenshots(dragon, browser, lang):
    """The action question with the Great Wall at 412 x 915: the line naming the section over the
    wall tiles, and each tile (named in full for the reader) wholly on the page's width."""
    from companion.ui.games.dragon.actions import wall_bonus

    *_, pages, table = dragon
    walls = [t for t in table_taps(table, True, None) if wall_bonus(t) is not None]
    assert len(walls) == 6  # every wall tile still in hand
    page = phone(browser, pages.url + f"table/{table.id}", lang)  # a page of its own
    question_in_view(page, asked(table, lang))
    on_screen(page, Tr(lang)("dragon.tap.wall", section=1))
    for tap in walls:
        box = page.get_by_role("button", name=tap_name(table, tap, lang), exact=True).first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 412, box
    shot(page, f"dragon_wall_tiles_{lang}")
    page.close()
