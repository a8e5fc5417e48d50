"""The served app in Chromium at phone size for issue 11's last items: Home cards (the game, where
it stands, the players once), the Dragon wildcard's grid of tiles (one tap brings a person in),
the Chinatown trade's money field, and the icon buttons named on the button itself. Screenshots
in English and Spanish (docs/screenshots/ with UPDATE_SCREENSHOTS=1)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from kept_pages import kept_app
from table_files import newest
from ui_browser_kit import asked, on_screen, shot, tap_on, tap_once, wait_until

from companion.core import Table
from companion.games.dragon import tile_power_msg
from companion.store import Store

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")


def stored(data: Path) -> dict[str, Table]:
    """A Dragon table at a wildcard's pick, a Chinatown table trading, a finished Dragon game."""
    rng = random.Random(7)
    wild = Table.new("dragon", ["Ana", "Ben", "Carla"], name="Friday dragons")
    while not (wild.prompt.kind == "person_pick" and wild.state.card == "wild"):
        wild.auto(rng) if wild.prompt.auto else wild.submit(rng.choice(wild.prompt.choices))
    trade = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    while trade.prompt.choices is not None or trade.prompt.auto or trade.state.phase != "trade":
        trade.auto(rng) if trade.prompt.auto else trade.submit(rng.choice(trade.prompt.choices))
    done = Table.new("dragon", ["Gil", "Hana"])
    while done.prompt is not None:
        done.auto(rng) if done.prompt.auto else done.submit(rng.choice(done.prompt.choices))
    store = Store(data / "tables.sqlite3")
    try:
        return {"wild": store.create(wild), "trade": store.create(trade), "done": store.create(done)}
    finally:
        store.close()


def test_home_cards_wildcard_grid_and_trade_money(browser, tmp_path, request):
    tables = stored(tmp_path)
    wild, trade, done = tables["wild"], tables["trade"], tables["done"]
    # one page per language; the wildcard and the trade reached by their Home card, not by address
    with kept_app(browser, tmp_path, request) as pages:
        for lang in ("es", "en"):  # English last: its page goes on to the tap and the trade
            page = pages.home(lang)
            on_screen(page, done.scoreboard.ranking[0])
            on_screen(page, ("won by " if lang == "en" else "ganó ") + done.scoreboard.ranking[0])
            rename = "Rename " if lang == "en" else "Renombrar "
            # each card's Rename named after its table (a screen reader tells the cards apart)
            assert page.get_by_role("button", name=re.compile("^" + rename)).count() == 3
            shot(page, "home_cards" if lang == "en" else "es_home_cards")
            pages.table(wild, lang)
            first = wild.prompt.choices[0].tile
            on_screen(page, tile_power_msg(first).render(lang))
            shot(page, "dragon_wildcard" if lang == "en" else "es_dragon_wildcard")

        # one tap on a tile brings that person in
        pick = wild.prompt.choices[2]
        label = wild.game.describe(wild.state, pick).render("en")
        after = tap_once(
            page,
            lambda p: tap_on(p.get_by_role("button", name=label).first),
            lambda: (t := newest(tmp_path, wild.id)).version > wild.version and t,
            asked(wild),
        )
        # the tile is entered; where a palace is still to be chosen, that is the next question
        assert pick in [entry for _, entry, _ in after.history[wild.version :]]

        # the trade's money by its steps: one bill at a time, per side of the trade
        pages.table(trade, "en")
        less = page.get_by_role("button", name="$10,000 less", exact=True).first
        more = page.get_by_role("button", name="$10,000 more", exact=True).first
        assert less.is_disabled()  # nothing to take off yet
        tap_on(more)
        wait_until(less.is_enabled, what="one bill to be added")
        tap_on(more)
        on_screen(page, "$20,000")
        tap_on(less)
        on_screen(page, "$10,000")
        shot(page, "chinatown_trade_money")
