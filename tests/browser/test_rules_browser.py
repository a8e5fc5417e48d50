"""Issue 16 in Chromium at phone size: a first-game table shows the tip of its first question,
"Got it" hides it, the next kind brings its own, "No more tips" turns them off (all kept in the
store); and a question asked in Spanish with the rule it opens (screenshots teach.png,
rules_search_es.png, rule_card_es.png)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from dragon_helpers import play_until_clarification
from kept_pages import BACK, home_card
from test_i18n_browser import page_in
from test_table_taps_browser import inside
from ui_browser_kit import (
    asked,
    enable_semantics,
    open_app,
    screen_texts,
    served,
    settled,
    shot,
    tap_on,
    tap_once,
    type_into,
    wait_until,
)

from companion.core import Table
from companion.i18n import translate
from companion.lookup import card, for_moment, search, teach_note
from companion.store import Store
from companion.store.teach_marks import TeachMarks

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")


def stored(data_dir):
    store = Store(data_dir / "tables.sqlite3")
    try:
        infos = store.list()
        if not infos:
            return None, None
        return store.open(infos[0].id), TeachMarks(store).get(infos[0].id)
    finally:
        store.close()


def on_screen(page, text: str) -> bool:
    """Whether the accessibility tree says ``text`` (a card reads its lines as one node)."""
    return any(text in said for said in screen_texts(page))


def test_first_game_tips(browser, tmp_path):
    data = tmp_path / "data"
    with served(data) as url:
        page = open_app(browser, url)
        tap_on(page.get_by_role("button", name="New table").first)
        tap_on(page.get_by_role("checkbox", name="In the Year of the Dragon"))
        page.get_by_role("textbox", name="Player 1").wait_for(timeout=60000)
        settled(page)  # the new screen is built: the wheel goes to its list
        page.mouse.move(200, 500)
        page.mouse.wheel(0, 3000)  # the options are under the players
        page.wait_for_timeout(600)
        tips = page.get_by_role("checkbox", name="Tips on", exact=True)
        tap_on(tips)
        expect(tips).to_be_checked(timeout=60000)  # the tap's result, before the next tap
        tap_on(page.get_by_role("button", name="Start the game").first)
        # the table is stored first, then its tips flag: wait for both (a lost tap still times out)
        table, teach = wait_until(
            lambda: (got := stored(data))[0] is not None and got[1].enabled and got,
            what="the table with tips on",
        )
        assert teach.enabled and table.prompt.kind == "event_row"

        note = teach_note("dragon", "event_row", "en")
        wait_until(lambda: on_screen(page, note.lines[0]), what="the first tip")
        assert wait_until(lambda: stored(data)[1].shown == {"event_row"}, what="the tip marked shown")
        shot(page, "teach")

        tap_on(page.get_by_role("button", name="Got it").first)
        wait_until(lambda: not on_screen(page, note.lines[0]), what="the tip to go")

        version = table.version
        table = tap_once(
            page,
            lambda p: tap_on(p.get_by_role("button", name="Let the app lay them out").first),
            lambda: (t := stored(data)[0]).version > version and t,
            asked(table),
        )
        nxt = teach_note("dragon", table.prompt.kind, "en")
        assert nxt is not None and table.prompt.kind != "event_row"
        wait_until(lambda: on_screen(page, nxt.lines[0]), what="the next kind's tip")
        tap_on(page.get_by_role("button", name="No more tips").first)
        wait_until(lambda: not on_screen(page, nxt.lines[0]), what="the tip to go")
        _, teach = stored(data)
        assert not teach.enabled and teach.shown == {"event_row", table.prompt.kind}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One served app for the Spanish question and the tips with the table's numbers: a Dragon
    table at a question that has clarifications, and a table mid-game with tips on for each
    language (showing a tip marks it shown, so no language's test sees the other's marks)."""
    data = tmp_path_factory.mktemp("rules") / "data"
    store = Store(data / "tables.sqlite3")
    try:
        asked = play_until_clarification(
            store.create(Table.new("dragon", ["Ana", "Ben", "Carla"])), lang="es"
        )
    finally:
        store.close()
    tipped = {lang: tips_table(data, lang) for lang in ("en", "es")}
    with served(data) as url:
        yield url, asked, tipped


def test_a_question_in_spanish_and_its_rule(browser, app):
    url, table, _ = app
    question = "qué pasa si mis palacios están llenos"
    best = search(question, "es")[0]
    full = card(best.rule_id, "es")
    moment = for_moment(table, "es")
    page = page_in(browser, "es")
    page.goto(url + "rules")
    enable_semantics(page)
    type_into(page, "Buscar en las reglas", question)
    opens = f"Abrir la regla: {best.title}"  # each result is a button named by its rule's title
    wait_until(lambda: on_screen(page, opens), what="the best rule among the results")
    shot(page, "rules_search_es")
    tap_on(page.get_by_role("button", name=opens).first)
    related = f"Abrir la regla: {card(full.related[0], 'es').title}"  # its related rules, by title
    wait_until(lambda: on_screen(page, related), what="the rule's card with its related rules")
    page.mouse.move(206, 600)
    page.mouse.wheel(0, 400)  # down to the clarifications and the related rules
    shot(page, "rule_card_es")
    # a table's Rules screen: the question's rules, then what applies to this state; reached by
    # Back to Home, the table's card and the Rules tab, not by loading the app again
    tap_on(page.get_by_role("button", name="Cerrar", exact=True))  # the rule's card, a dialog
    tap_on(page.get_by_role("button", name=BACK["es"], exact=True))
    tap_on(home_card(page, table, "es"))
    tap_on(page.get_by_role("tab", name=translate("ui.nav.rules", "es")))
    wait_until(lambda: on_screen(page, moment.clarifications[0].question), what="what applies now")
    shot(page, "rules_moment_es")
    # the table's own search sits low, under the moment's rules: once a search starts, the field
    # moves to the top and the first results come under it, in view (not under the tab bar)
    asked = "cuándo se pierde un piso"
    titles = [h.title for h in search(asked, "es", game=table.game_id)[:3]]
    type_into(page, "Buscar en las reglas", asked, replace=True)  # the search from /rules is kept
    first = [page.get_by_role("button", name=f"Abrir la regla: {t}").last for t in titles]
    wait_until(lambda: on_screen(page, f"Abrir la regla: {titles[-1]}"), what="the table's search results")
    settled(page, quiet=0.5)
    boxes = [b.bounding_box() for b in first]
    assert all(inside(b) for b in boxes), f"the first results are not all in view: {boxes}"
    page.close()


def tips_table(data, lang: str) -> Table:
    """A Dragon table from month 3 on, with tips on, where a tip due in ``lang`` has numbers."""
    import random

    from test_table_taps_browser import stored as store_table

    from companion.lookup.tips import due

    rng, table = random.Random(8), Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"])
    while not (table.state.month >= 3 and (t := due(table, frozenset(), lang)) is not None and t.tips):
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    table = store_table(data, table)
    store = Store(data / "tables.sqlite3")
    try:
        TeachMarks(store).set_enabled(table.id, True)
    finally:
        store.close()
    return table


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_tip_with_the_tables_own_numbers(browser, app, lang):
    """Issue 29, part 3: mid-game with tips on, the card at the question speaks of this table's
    numbers (what the coming event would cost, whose turn comes first); screenshot in each language."""
    from test_table_taps_browser import phone

    from companion.lookup.tips import due

    url, _, tipped = app
    table = tipped[lang]
    first = due(table, frozenset(), lang).tips[0].msg.render(lang)
    page = phone(browser, url + f"table/{table.id}", lang)
    wait_until(lambda: on_screen(page, first[:40]), what="the tip with the table's numbers")
    shot(page, f"tip_numbers_{lang}")
    page.close()
