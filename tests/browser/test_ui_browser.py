"""The served app in Chromium: create a 3-player Dragon table, play a full month, undo one step,
reload and find the table intact; screenshots of the main screens go to docs/screenshots/."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from kept_pages import kept_app
from test_dragon_taps_browser import PICKS, first_tap
from ui_browser_kit import (
    PHONE,
    asked,
    auto_label,
    enable_semantics,
    on_screen,
    open_app,
    resting_box,
    screen_texts,
    served,
    shot,
    tap_on,
    tap_once,
    type_into,
    wait_until,
)

from companion.core import Table
from companion.store import Store
from companion.ui.games.dragon.taps import last_tap_size

pytestmark = pytest.mark.browser

TILED = ("group", *PICKS)  # questions answered by a card or tile named in full; others by their text

pytest.importorskip("playwright.sync_api")  # skip the module without Playwright


def stored(data_dir):
    store = Store(data_dir / "tables.sqlite3")
    try:
        infos = store.list()
        return store.open(infos[0].id) if infos else None
    finally:
        store.close()


def finished_table(data_dir, seed: int):
    """A complete 4-player game stored beside the app's tables (played through the engine)."""
    store = Store(data_dir / "tables.sqlite3")
    try:
        table = store.create(Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"], name="Sunday club"))
        rng = random.Random(seed)
        while (prompt := table.prompt) is not None:
            table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))
        return table
    finally:
        store.close()


def click_button(page, name: str) -> None:
    tap_on(page.get_by_role("button", name=name).first)


def back_home(page) -> None:
    """One tap on the app bar's Back (Flutter's own button): every screen here goes back Home."""
    tap_on(page.get_by_role("button", name="Back", exact=True))
    page.get_by_role("button", name="New table").wait_for(timeout=60000)


def test_play_a_month_undo_reload(browser, tmp_path):
    data = tmp_path / "data"
    with served(data) as url:
        page = open_app(browser, url)
        page.get_by_role("button", name="New table").wait_for(timeout=60000)
        click_button(page, "New table")
        tap_on(page.get_by_role("checkbox", name="In the Year of the Dragon"))
        page.get_by_role("textbox", name="Player 1").wait_for(timeout=60000)
        for i, name in enumerate(["Ana", "Ben", "Carla"], start=1):
            type_into(page, f"Player {i}", name)
        shot(page, "setup")
        click_button(page, "Start the game")
        table = wait_until(lambda: stored(data), what="the table in the store")
        assert [p.name for p in table.players] == ["Ana", "Ben", "Carla"]

        # play until month 2 begins: each prompt answered by tapping its first choice by label
        version = table.version
        while not (table.state.month >= 2):
            prompt = table.prompt
            if prompt.auto:
                label, made = auto_label(table, "en"), 1  # lay out the events, then deal
            else:  # the first tile or card on screen, by its name, and the entries its tap makes
                label, made = first_tap(table, "en")
            table = tap_once(
                page,
                lambda p, label=label, exact=prompt.kind in TILED: tap_on(
                    p.get_by_role("button", name=label, exact=exact).first
                ),
                lambda v=version + made: (t := stored(data)) is not None and t.version >= v and t,
                asked(table),
            )
            version = table.version
        page.get_by_text(table.banner.render("en")).first.wait_for(timeout=60000)
        shot(page, "play")

        tap_on(page.get_by_role("button", name="Undo the last move", exact=True).first)  # in the app bar
        taken = last_tap_size(table)  # the whole last tap: a card and its tile are one tap
        table = wait_until(lambda: (t := stored(data)).version == version - taken and t, what="the undo")
        assert table.can_redo()

        page.reload()
        enable_semantics(page)
        page.get_by_text(table.banner.render("en")).first.wait_for(timeout=60000)
        after = stored(data)
        assert after.version == version - taken and after.to_json() == table.to_json()

        for tab in ("Scores", "History"):
            tap_on(page.get_by_role("tab", name=tab).or_(page.get_by_text(tab, exact=True)).first)
            page.wait_for_timeout(800)
        shot(page, "history")
        # the other screens by taps inside the app (Back goes Home), not by loading the app again
        back_home(page)
        click_button(page, "Rules")  # Home's app bar
        type_into(page, "Search the rules", "festival")
        page.wait_for_timeout(500)
        shot(page, "rules")
        back_home(page)
        click_button(page, "Settings")
        page.get_by_role("checkbox", name="English").wait_for(timeout=60000)
        shot(page, "settings")
        # a finished game for the Scores screen: winner, tie-break, breakdown and the chart
        finished = finished_table(data, seed=3)
        back_home(page)  # Home is drawn afresh on arrival: the finished table's card is on it
        tap_on(page.get_by_role("button", name=re.compile(r"(^|\s)Sunday club\s")).first)
        tap_on(page.get_by_role("tab", name="Scores"))
        on_screen(page, "What would other choices have given?")  # the Scores screen's own button
        winner = finished.scoreboard.ranking[0]
        page.get_by_text(f"Winner: {winner}").first.wait_for(timeout=60000)
        shot(page, "scores")
        # History by round: the last round's header unfolded (its summary under it)
        tap_on(page.get_by_role("tab", name="History"))
        last_round = re.compile(r"^Month 12 .*how it went")
        tap_on(page.get_by_role("button", name=last_round).first)
        on_screen(page, "What happened")
        shot(page, "history_rounds")
        back_home(page)
        click_button(page, "Quick score")
        click_button(page, "In the Year of the Dragon: final scoring")
        page.get_by_role("button", name="Compute the final scores").wait_for(timeout=60000)
        shot(page, "quick_score")
        back_home(page)  # Home with a table in progress and a finished one
        page.get_by_text("Finished", exact=True).first.wait_for(timeout=60000)
        shot(page, "home")
        assert page.viewport_size == PHONE


def month_two_table(data_dir, seed: int):
    """A 4-player game at month 2's action question (played through the engine)."""
    store = Store(data_dir / "tables.sqlite3")
    try:
        table = store.create(Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"], name="Friday game"))
        rng = random.Random(seed)
        while not (table.state.month == 2 and table.prompt.kind == "action"):
            table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
        return table
    finally:
        store.close()


@pytest.fixture(scope="module")
def looks(browser, tmp_path_factory, request):
    """A table at month 2 and a finished one in one served app, and one page per look kept
    across the looks' tests (they add no entry: they look, and go by Back, cards and tabs)."""
    data = tmp_path_factory.mktemp("looks")
    playing = month_two_table(data, seed=7)
    finished = finished_table(data, seed=3)
    with kept_app(browser, data, request) as pages:
        yield playing, finished, pages


@pytest.mark.parametrize(("lang", "theme"), [("es", "dark"), ("es", "light"), ("en", "dark")])
def test_play_scores_rules_in_each_language_and_theme(looks, lang, theme):
    """Month 2's question first on a phone, every choice on screen without scrolling; the
    Rules and Scores screens, one tap on their tab away; in Spanish and English, light and dark
    (screenshots)."""
    from companion.i18n import translate

    playing, finished, pages = looks
    suffix = f"{lang}-{theme}"
    page = pages.table(playing, lang, theme)
    prompt = playing.prompt
    labels = [playing.game.describe(playing.state, choice).render(lang) for choice in prompt.choices]
    resting_box(page.get_by_role("button", name=labels[-1]).first)  # the new screen has stopped moving
    for label in labels:  # each choice's button lies inside the phone's screen
        button = page.get_by_role("button", name=label).first
        button.wait_for(timeout=60000)
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], label
    shot(page, f"play-{suffix}")
    tap_on(page.get_by_role("tab", name=translate("ui.nav.rules", lang)))
    heading = translate("rules.for_moment", lang)  # inside a card, read with the card's lines
    wait_until(lambda: any(heading in t for t in screen_texts(page)), what="the rules for this moment")
    shot(page, f"rules-{suffix}")
    page = pages.table(finished, lang, theme)
    tap_on(page.get_by_role("tab", name=translate("ui.nav.scores", lang)))
    # the Scores screen's own button (the play screen of a finished game names the winner too)
    on_screen(page, translate("ui.review.ask", lang))
    winner = finished.scoreboard.ranking[0]
    page.get_by_text(translate("ui.scores.winner", lang, names=winner)).first.wait_for(timeout=60000)
    shot(page, f"scores-{suffix}")
