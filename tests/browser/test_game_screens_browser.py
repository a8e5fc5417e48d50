"""The served app in Chromium, phone size, for the game screens other than the Dragon base game:
Chinatown (placing by tapping, secret money, Quick income), Da Yu (a drain with the number
buttons) and Dragon with both expansions (the wall and the month-7 super event). Each test
plays like a user and writes its screenshots to docs/screenshots/. The tests share one page,
each starting at Home (after one tap on Back); a Quick score screen is loaded by its address in
that page (as cheap as the three taps that reach it: docs/PERFORMANCE.md, "Fewer page loads,
third round")."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from kept_pages import kept_app
from ui_browser_kit import (
    PHONE,
    asked,
    auto_label,
    dismiss,
    enable_semantics,
    screen_texts,
    scroll_by,
    server_heard,
    settled,
    shot,
    tap_on,
    tap_once,
    type_into,
    wait_until,
)

from companion.core import Table
from companion.games.chinatown.text import shop_name
from companion.games.dayu.data import DATA
from companion.games.dragon.superevents import super_msg
from companion.i18n import translate
from companion.store import Store

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")  # skip the module without Playwright


@pytest.fixture(scope="module")
def app(browser, tmp_path_factory, request):
    """One served app for the module, and one page kept across its tests (each starts at Home,
    after one tap on Back); each test makes its own table in the same data folder."""
    data = tmp_path_factory.mktemp("game-screens")
    with kept_app(browser, data, request) as pages:
        yield pages, data


def newest(data: Path, game_id: str) -> Table | None:
    """The most recently updated table of this game in the store."""
    store = Store(data / "tables.sqlite3")
    try:
        infos = [i for i in store.list() if i.game_id == game_id]
        return store.open(infos[0].id) if infos else None
    finally:
        store.close()


def tap(page: Any, label: str) -> None:
    """The button labelled ``label`` (a choice's name may go on with what it would do)."""
    button = page.get_by_role("button", name=re.compile("^" + re.escape(label) + r"(\s|$)")).first
    tap_on(button)  # below the fold: once Flutter's list has stopped scrolling


def stored_after(data: Path, game_id: str, version: int) -> Table:
    return wait_until(
        lambda: (t := newest(data, game_id)) is not None and t.version > version and t,
        what="the entry to be stored",
    )


def create_table(
    page: Any, data: Path, title: str, game_id: str, names: list[str], switch_on: int = 0
) -> Table:
    """Home -> New table -> the game -> names (as many players as names) -> the first
    ``switch_on`` on/off options turned on -> Start."""
    tap_on(page.get_by_role("button", name="New table").first)
    tap_on(page.get_by_role("checkbox", name=title))
    page.get_by_role("checkbox", name=title, checked=True).wait_for(timeout=60000)  # the game is chosen
    page.get_by_role("textbox", name="Player 1").wait_for(timeout=60000)
    rows = page.get_by_role("textbox", name=re.compile(r"^Player \d+$"))
    for _ in range(8):  # as many player rows as names, one tap at a time
        have = rows.count()
        if have == len(names):
            break
        if have < len(names):
            tap(page, "Add player")
        else:
            tap_on(
                page.get_by_role("button", name=re.compile(r"^Remove Player \d+$")).last
            )  # named on the button
        wait_until(lambda have=have: rows.count() != have, what="the player rows to change")
    assert rows.count() == len(names)
    for i, name in enumerate(names, start=1):
        type_into(page, f"Player {i}", name)
    for i in range(switch_on):
        tap_on(page.get_by_role("checkbox", name=re.compile(r"\(expansion\): On$")).nth(i))  # "… : On"
        page.wait_for_timeout(300)
    return start(page, data, game_id)


def start(page: Any, data: Path, game_id: str) -> Table:
    tap(page, "Start the game")
    table = wait_until(lambda: newest(data, game_id), what="the table in the store")
    page.get_by_text(table.banner.render("en")).first.wait_for(timeout=60000)
    return table


def answer(page: Any, data: Path, table: Table, tap_it: Any) -> Table:
    """Tap (``tap_it(page)``) once the screen shows the question, and wait for the store to hold the entry."""
    version = table.version
    prompt = table.prompt
    return tap_once(
        page,
        tap_it,
        lambda: (t := newest(data, table.game_id)) is not None and t.version > version and t,
        asked(table) if prompt is not None else None,
    )


def choose(table: Table, choice: Any) -> Any:
    label = table.game.describe(table.state, choice).render("en")
    return lambda page: tap(page, label)


# ---- Chinatown ---------------------------------------------------------------------------
def keep_by_toggles(page: Any, data: Path, table: Table) -> Table:
    """Toggle the first cards the pick needs, one tap each (each shows in the count), then Confirm."""
    pick = table.prompt.picks[0]
    for k, label in enumerate(pick.labels[: pick.min]):
        tap_on(page.get_by_role("checkbox", name=label.render("en"), exact=True).first)
        count = f"{k + 1} of {pick.max} chosen"
        wait_until(lambda c=count: any(c in t for t in screen_texts(page)), what=count)
    return answer(page, data, table, lambda p: tap(p, "Confirm"))


def test_chinatown_place_by_tapping_and_quick_income(app):
    pages, data = app
    page = pages.home("en")
    table = create_table(page, data, "Chinatown", "chinatown", ["Ana", "Ben", "Carla"])
    assert [p.name for p in table.players] == ["Ana", "Ben", "Carla"]

    while table.state.phase != "place":  # the app deals and draws; each keeps its first offer
        prompt = table.prompt
        if prompt.auto:
            said = auto_label(table, "en")  # the first player chosen, the buildings dealt, the tiles drawn
            table = answer(page, data, table, lambda p, said=said: tap(p, said))
        elif prompt.kind == "trade":
            table = answer(page, data, table, lambda p: tap(p, "Trading done"))
        elif prompt.picks:  # keep k of the n cards dealt: one toggle per card, then Confirm
            table = keep_by_toggles(page, data, table)
        else:
            table = answer(page, data, table, choose(table, prompt.choices[0]))

    # secret money: each player's panel offers a "Money" button, no amount is on screen
    page.get_by_text(table.banner.render("en")).first.wait_for(timeout=60000)
    money = [f"${m:,}" for m in table.state.money]
    shown = [t for t in screen_texts(page) if any(re.search(re.escape(m) + r"(?![\d,])", t) for m in money)]
    assert not shown
    assert page.get_by_role("button", name="Money").count() == 3
    tap_on(page.get_by_role("button", name="Money").first)  # at rest, then one tap
    page.get_by_text("Ana's money (secret)").wait_for(timeout=60000)
    assert page.get_by_text(money[0], exact=True).count() == 1
    dismiss(page, "Ana's money (secret)")  # a tap outside: a dismissal the browser makes first
    page.wait_for_timeout(500)  # the dialog's barrier fades out

    # place: tap a tile in hand, then a highlighted building
    seat = table.state.order()[table.state.placer]
    shop, _ = sorted(table.state.hands[seat].items())[0]
    building = table.state.vacant_of(seat)[0]
    # the hand row may be above the fold after reading the money (the panels sit lower)
    tiles = re.compile("^" + re.escape(shop_label(shop)) + "(?: ×[0-9]+)?$")  # "Photo", "Photo ×2"
    tap_on(page.get_by_role("checkbox", name=tiles).first)
    page.locator('flt-semantics[aria-label*="Now tap a highlighted building"]').first.wait_for(timeout=60000)
    version = table.version
    tap_on(cell(page, building).first)
    table = stored_after(data, "chinatown", version)
    assert table.state.shop[building] == shop
    abbreviation = cell_abbreviation(shop)
    owner = table.players[seat].name
    placed = page.get_by_role("button", name=re.compile(rf"^Building {building} \(district.*owner {owner}"))
    placed.filter(has_text=abbreviation).first.wait_for(timeout=60000)  # the map shows the shop
    shot(page, "chinatown_board")
    tap_on(page.get_by_role("button", name="Money").nth(1))
    page.get_by_text("Ben's money (secret)").wait_for(timeout=60000)
    tap_on(page.get_by_role("button", name="Close").first)  # and one the server closes
    page.get_by_text("Ben's money (secret)").wait_for(state="detached", timeout=60000)

    page.goto(pages.url + "quick/chinatown")
    enable_semantics(page)
    page.get_by_role("button", name="Income of a board").first.wait_for(timeout=60000)  # final scores first
    settled(page)  # the reloaded session's screen is replaced by the quick one: tap after that
    tap(page, "Income of a board")
    page.get_by_text("Each player's income").first.wait_for(timeout=60000)
    settled(page)
    for brush, owner, buildings in (("Photo", 0, (72, 73, 76)), ("Tea House", 1, (79, 80))):
        box = page.get_by_role("button", name=f"Set buildings for Player {owner + 1}")
        tap_on(box, at=(10, 10))  # the colour dot, not the name
        on_screen(page, f"Next tap on the map: Player {owner + 1}, ")  # each tap's result, then the next
        tap(page, brush)
        on_screen(page, f"Next tap on the map: Player {owner + 1}, {brush}")
        for n in buildings:  # one tap each, and wait for the map to show it before the next tap
            tap_on(cell(page, n).first)
            name = re.compile(rf"^Building {n} \(district.*owner Player {owner + 1} · {brush}")
            try:
                page.get_by_role("button", name=name).wait_for(timeout=60000)
            except Exception as lost:  # say what the map shows there, and what a tap would set
                raise AssertionError(
                    f"building {n} was not set: {cell_said(page, n)}; {server_heard(page)}"
                ) from lost
    page.get_by_text(re.compile(r"Player 1: \$[1-9]")).first.wait_for(state="attached", timeout=60000)
    wait_until(  # building 72's label names its business
        lambda: cell(page, 72).filter(has_text="complete (3/3)").count() == 1,
        what="the complete Photo business",
    )
    scroll_by(page, 2000)  # the bottom districts and the income of each player
    shot(page, "chinatown_quick_income")
    assert page.viewport_size == PHONE


def on_screen(page: Any, text: str) -> None:
    wait_until(lambda: any(text in t for t in screen_texts(page)), what=f"{text!r} on screen")


def cell(page: Any, n: int) -> Any:
    """A building on the map, found by its tooltip ("Building 12 (district 1) · ...")."""
    return page.get_by_role("button", name=re.compile(rf"^Building {n} \(district"))


def cell_said(page: Any, n: int) -> str:
    """What a building says now, and the quick screen's "Next tap" line: for a failure message."""
    said = [t for t in screen_texts(page) if t.startswith(f"Building {n} (") or "Next tap" in t]
    return " | ".join(said)


def shop_label(shop: str) -> str:
    return shop_name(shop).render("en")


def cell_abbreviation(shop: str) -> str:
    return translate(f"ui.chinatown.short.{shop}", "en")


# ---- Da Yu -------------------------------------------------------------------------------
def test_dayu_drain_with_number_buttons(app):
    pages, data = app
    page = pages.home("en")
    table = create_table(page, data, "Da Yu: The Flood Conqueror", "dayu", ["Ana", "Ben"])
    assert [p.name for p in table.players] == ["Ana", "Ben"]

    while table.prompt.auto:  # the app places the markers and picks the start player
        assert auto_label(table, "en") == "Let the app choose"  # nothing is dealt
        table = answer(page, data, table, lambda p: tap(p, "Let the app choose"))
    prompt = table.prompt
    drain = next(c for c in prompt.choices if c.kind == "drain")
    table = answer(page, data, table, choose(table, drain))
    assert table.prompt.kind == "drain_tools"
    table = answer(page, data, table, lambda p: tap(p, "2 tools"))
    assert table.prompt.kind == "drain_vp"
    table = answer(page, data, table, lambda p: tap(p, "3 VP"))

    state = table.state
    place = state.players[prompt.seat].marker
    tokens = state.ring[place].tokens
    assert tokens >= 2
    # the card under the marker says its tokens ("Ana's marker on place 3: 2 of 10 tokens, ...").
    # Not the map's "2/10": where the place is one of the next move's targets its tile is a button,
    # and the tree read here (a screen reader's) has the button's words, not the text inside it
    spaces = DATA.spaces_per_flood_card
    shown = f"marker on place {place + 1}: {tokens} of {spaces}"
    wait_until(lambda: any(shown in t for t in screen_texts(page)), what=f"{shown!r} on the marker's card")
    shot(page, "dayu_play")

    page.goto(pages.url + "quick/dayu")
    enable_semantics(page)
    # each row's buttons are named with its player ("Player 1: Free move"): every card has them
    page.get_by_role("button", name="Player 1: Free move").first.wait_for(timeout=60000)
    settled(page)  # the reloaded session's screen is replaced by the quick one: tap after that

    pill = translate("ui.dayu.quick.remove", "en", what="Free move")  # a pill says what a tap does
    tap(page, "Player 1: Free move")  # first: the VP pills would push the flood buttons down
    # a button's name is its node's text, after the label screen_texts puts first (none here)
    wait_until(
        lambda: any(t.strip().startswith(pill) for t in screen_texts(page)), what="the flood card pill"
    )
    for frame, vp in (("silver", "3"), ("green", "5")):
        tap(page, f"Player 1: {frame}")
        page.wait_for_timeout(250)
        # the VP row's button, named by what it adds (Playwright reads a no-break space as a space)
        adds = "Player 1: " + translate("ui.dayu.quick.add_vp", "en", frame=frame, vp=vp).replace(
            "\u00a0", " "
        )
        tap_on(page.get_by_role("button", name=adds, exact=True).first)
        page.wait_for_timeout(250)
    shot(page, "dayu_quick")


# ---- Dragon with both expansions ---------------------------------------------------------
def test_dragon_expansions_wall_and_super_event(app):
    pages, data = app
    page = pages.home("en")
    names = ["Ana", "Ben", "Carla"]
    table = create_table(page, data, "In the Year of the Dragon", "dragon", names, switch_on=2)
    assert table.options.great_wall and table.options.super_events

    while table.prompt.auto:  # the app lays out the event row, then draws the super event
        said = auto_label(table, "en")  # "Let the app lay them out", "Let the app draw it"
        table = answer(page, data, table, lambda p, said=said: tap(p, said))
    assert table.state.super_event
    table = answer(page, data, table, choose(table, table.prompt.choices[0]))  # the oldest player

    event = super_msg(table.state.super_event).render("en")
    for text in ("Super event on month 7", event, "The Great Wall: 0 of 12 sections"):
        on_screen(page, text)
    shot(page, "dragon_expansions")
