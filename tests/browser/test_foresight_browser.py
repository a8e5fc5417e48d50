"""Issue 15 in Chromium at phone size: the coming events and the month's summary (Dragon), the
trade review and a tapped empty building (Chinatown), the card under the marker (Da Yu), in
English and Spanish (screenshots foresight_*.png). Every tap is made once."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from kept_pages import kept_app
from random_play import play_until
from table_files import stored
from ui_browser_kit import on_screen, scroll_by, shot, tap_on, wait_until

from companion.core import Table
from companion.core.foresight import table_history
from companion.core.rulebook import rule
from companion.games import chinatown, dayu, dragon
from companion.games.chinatown.entries import Give, Trade
from companion.games.chinatown.public import BOARD
from companion.i18n import translate

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")

NAMES = ["Ana", "Ben", "Carla", "Dai"]


def button(page: Any, name: str | re.Pattern, exact: bool = True) -> Any:
    return page.get_by_role("button", name=name, exact=exact if isinstance(name, str) else None).first


def dragon_table(data: Path) -> Table:
    rng = random.Random(4)
    table = Table.new("dragon", NAMES, {"great_wall": True, "super_events": True})
    return stored(data, play_until(table, rng, lambda t: t.state.month == 3 and t.state.phase == "actions"))


def chinatown_table(data: Path) -> Table:
    rng = random.Random(2)
    table = Table.new("chinatown", NAMES)
    return stored(data, play_until(table, rng, lambda t: t.state.year == 2 and t.state.phase == "trade"))


def dayu_table(data: Path) -> Table:
    rng = random.Random(7)
    table = Table.new("dayu", NAMES[:3])
    play_until(table, rng, lambda t: t.state.round >= 3 and t.state.phase == "actions")
    return stored(data, table)


@pytest.fixture(scope="module")
def foresight(browser, tmp_path_factory, request):
    """The three games' tables in one served app, one page per language kept across the tests
    (no test adds an entry: each taps previews, a fold and a draft's building, then closes)."""
    data = tmp_path_factory.mktemp("foresight")
    tables = {"dragon": dragon_table(data), "chinatown": chinatown_table(data), "dayu": dayu_table(data)}
    with kept_app(browser, data, request) as pages:
        yield tables, pages


@pytest.mark.parametrize("lang", ["en", "es"])
def test_dragon_coming_events_and_the_month_summary(foresight, lang):
    tables, pages = foresight
    table = tables["dragon"]
    coming = dragon.coming_events(table.state)
    summary = dragon.round_summaries(*table_history(table))[-1]
    page = pages.table(table, lang)
    on_screen(page, coming[0].headline.msg.render(lang))
    fold = button(page, page_text(lang, "ui.screens.play.context"))
    opened = fold.get_attribute("aria-description")  # Flutter says "Expanded" in the reader's language
    tap_on(fold)  # the board folds: the forecast comes up
    page.wait_for_timeout(800)
    shot(page, f"foresight_dragon_{lang}")
    line = coming[0].seats[1].line.msg.render(lang)
    tap_on(button(page, re.compile(re.escape(line))))
    # the dialog's text is painted, not in the accessibility tree; its rule links are
    title = rule(coming[0].rule_id, lang).title
    on_screen(page, page_text(lang, "ui.screens.rules.read", title=title))
    shot(page, f"foresight_dragon_detail_{lang}")
    tap_on(button(page, page_text(lang, "ui.action.close")))
    page.wait_for_timeout(500)
    scroll_by(page, 1400, 500)
    on_screen(page, summary.title.msg.render(lang))
    shot(page, f"hindsight_dragon_{lang}")
    # the fold is the session's, for every table: open it again for the next test on this page
    tap_on(fold)
    wait_until(lambda: fold.get_attribute("aria-description") == opened, what="the board open again")


def page_text(lang: str, key: str, **args: Any) -> str:
    return translate(key, lang, **args)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_chinatown_trade_review_and_an_empty_building(foresight, lang):
    tables, pages = foresight
    table = tables["chinatown"]
    state = table.state
    given = sorted(b for b, s in state.owner.items() if s == 0)[0]
    trade = Trade(gives=(Give(giver=0, receiver=1, buildings=(given,)),))
    preview = chinatown.trade_preview(state, trade)
    page = pages.table(table, lang)
    on_screen(page, page_text(lang, "ui.chinatown.trade_enter"))
    named = page_text(lang, "ui.chinatown.building", n=given, district=BOARD.buildings[given].district)
    tap_on(page.get_by_role("checkbox", name=named, exact=True).first)  # Ana's, to Ben (the default pair)
    page.get_by_role("checkbox", name=named, checked=True).wait_for(timeout=60000)
    tap_on(button(page, page_text(lang, "ui.chinatown.trade_review")))
    on_screen(page, page_text(lang, "ui.chinatown.trade_confirm"))  # the dialog's text is painted only
    assert preview.parties  # what it shows is checked in tests/ui/test_foresight_ui.py
    shot(page, f"foresight_chinatown_trade_{lang}", settle_ms=3000)  # the dialog fades in
    tap_on(button(page, page_text(lang, "ui.action.close")))
    page.wait_for_timeout(500)
    empty = next(b for b in sorted(state.owner) if b not in state.shop and b != given)
    where = page_text(
        lang, "ui.chinatown.building", n=empty, district=chinatown.data.BOARD.buildings[empty].district
    )
    tap_on(page.get_by_role("button", name=re.compile("^" + re.escape(where))).first)
    option = chinatown.building_preview(state, empty).options[0]
    title = rule(option.effect.rule_id, lang).title
    on_screen(page, page_text(lang, "ui.screens.rules.read", title=title))
    shot(page, f"foresight_chinatown_building_{lang}")
    tap_on(button(page, page_text(lang, "ui.action.close")))  # the page is kept: no dialog left open
    button(page, page_text(lang, "ui.action.close")).wait_for(state="detached", timeout=60000)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_dayu_the_card_under_the_marker(foresight, lang):
    tables, pages = foresight
    table = tables["dayu"]
    preview = dayu.marker_preview(table.state)
    page = pages.table(table, lang)
    on_screen(page, preview.line.msg.render(lang))
    scroll_by(page, 1050, 500)  # past the form and the ring: the card sits under the question's board
    shot(page, f"foresight_dayu_{lang}")
