"""Typed letters kept in the Rules search (a walkthrough lost letters at a Dragon table's Rules
tab: "...en la s" for "...en la sequia"). The question is typed in one go, fast, and the field
must end holding every letter once the server has answered every keystroke, with the results
for the whole question, on Home's Rules screen and at a table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from kept_pages import home_card
from test_table_taps_browser import stored as store_table
from ui_browser_kit import page_in, screen_texts, served, settled, tap_on, wait_until

from companion.core import Table
from companion.i18n import translate
from companion.lookup import search

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")

FIELD = "Buscar en las reglas"
QUESTION = "qué pasa si no tengo arroz suficiente en la sequía"


def field_value(page) -> str:
    """What the field holds, and whether it still has the focus (the text box Flutter's
    accessibility tree keeps for it)."""
    return page.evaluate(
        "label => { const f = document.querySelector(`input[aria-label='${label}'], textarea[aria-label='${label}']`);"
        " return f ? [f.value, f === document.activeElement] : null }",
        FIELD,
    )


def type_fast(page, text: str) -> None:
    """One tap on the field, then every key with no pause: the server answers letters that
    are already older than the field."""
    tap_on(page.get_by_role("textbox", name=FIELD))
    page.wait_for_function(
        "label => document.activeElement && document.activeElement.getAttribute('aria-label') === label",
        arg=FIELD,
        timeout=60000,
    )
    page.keyboard.type(text, delay=0)


def results_for(page, text: str, game: str | None) -> None:
    best = search(text, "es", game)[0]
    opens = f"Abrir la regla: {best.title}"
    wait_until(lambda: any(opens in t for t in screen_texts(page)), what="the whole question's best rule")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    data = tmp_path_factory.mktemp("typing") / "data"
    table = store_table(data, Table.new("dragon", ["Ana", "Ben", "Carla"]))
    with served(data) as url:
        yield url, table


def test_every_letter_kept_on_home_rules(browser, app):
    url, _ = app
    page = page_in(browser, url + "rules", "es")
    type_fast(page, QUESTION)
    typed = field_value(page)
    settled(page, quiet=1.0)
    assert (typed, field_value(page)) == ([QUESTION, True], [QUESTION, True])
    results_for(page, QUESTION, None)
    page.close()


def test_every_letter_kept_at_a_table(browser, app):
    url, table = app
    page = page_in(browser, url, "es")
    tap_on(home_card(page, table, "es"))
    tap_on(page.get_by_role("tab", name=translate("ui.nav.rules", "es")))
    type_fast(page, QUESTION)
    typed = field_value(page)
    settled(page, quiet=1.0)
    assert (typed, field_value(page)) == ([QUESTION, True], [QUESTION, True])
    results_for(page, QUESTION, table.game_id)
    page.close()
