"""Quick score in Chromium at phone size: "Compute the final scores" brings the result into view
(it appears under the form, below the fold, and the tap seemed to do nothing); and what a screen
reader meets on the forms and screens where one field or button was named like its neighbours."""

from __future__ import annotations

import random
from typing import Any

import pytest
from random_play import play_to_end
from ui_browser_kit import (
    PHONE,
    open_app,
    resting_box,
    screen_texts,
    served,
    settled,
    tap_on,
    type_into,
    wait_until,
)

from companion.core import Table
from companion.core.rulebook import rule
from companion.games.dragon.final import final_rule
from companion.store import Store

pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.browser


def rule_title_en(rule_id: str) -> str:
    return rule(rule_id, "en").title


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """One served app for the module's three tests (starting one costs CPU: a Python process
    importing the app), its store holding a finished Dragon game for the Scores screen; the
    Quick score screens do not read the store. Each test opens its own pages."""
    data = tmp_path_factory.mktemp("quick-result") / "data"
    data.mkdir()
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    play_to_end(table, random.Random(3))
    store = Store(data / "tables.sqlite3")
    try:
        store.create(table)
    finally:
        store.close()
    with served(data) as url:
        yield url, table


def test_computing_dragons_final_scores_brings_the_result_into_view(app, browser):
    """And on that screen, the form and its result, every field and button is told apart (the
    result brings its "Day played" field): one page for both looks at the same screen."""
    url, _ = app
    page = open_app(browser, url + "quick/dragon")
    compute = page.get_by_role("button", name="Compute the final scores")
    tap_on(compute)  # the button is scrolled to, the form above it; the result is not drawn yet
    # the result's card: its heading and lines merge into the card's node, named by them
    result = page.locator('flt-semantics[aria-label*="Final scores"]').first
    box = resting_box(result)  # where it stands once the page has stopped moving
    assert 0 <= box["y"] < PHONE["height"] / 2, box  # its top, heading and winner in view
    page.get_by_role("textbox", name="Day played (YYYY-MM-DD)").wait_for(state="attached")
    told_apart(page, ("VP", "Player 1"))  # every player's card has "VP"
    page.context.close()


def test_names_typed_one_after_the_other_then_compute_tapped_once(app, browser):
    """Leaving a name's field redraws the form, so its card and buttons say the name typed: the
    tap into the next field (the redraw comes as the caret arrives there) keeps every key typed
    after it, and the tap on Compute that leaves the last field computes, once."""
    url, _ = app
    page = open_app(browser, url + "quick/dragon")
    type_into(page, "Player 1", "Ana")
    type_into(page, "Player 2", "Ben")  # leaves Player 1's field: that card is drawn again
    ana = page.locator('flt-semantics[role="group"][aria-label="Ana"]')
    wait_until(lambda: ana.count() == 1, what="Player 1's card named Ana once its field was left")
    tap_on(page.get_by_role("button", name="Compute the final scores"))
    wait_until(
        lambda: any("Final scores" in t and "Ana" in t and "Ben" in t for t in screen_texts(page)),
        what="the result naming Ana and Ben after one tap",
    )
    assert page.get_by_role("button", name="Remove Ana").count() == 1
    assert page.get_by_role("button", name="Remove Ben").count() == 1
    page.context.close()


# Each field and button as a screen reader meets it: its own name, and the names of the groups it
# is in (a player's card, a score line), innermost first, each by its first line.
NAMES_AND_GROUPS = """[...document.querySelectorAll(
    'flt-semantics input, flt-semantics textarea, flt-semantics[role=button]')].map(i => {
    const groups = [];
    for (let e = i.parentElement; e; e = e.parentElement) {
        if (e.matches('flt-semantics[role=group][aria-label]'))
            groups.push(e.getAttribute('aria-label').split(String.fromCharCode(10))[0]);
    }
    const field = i.tagName === 'INPUT' || i.tagName === 'TEXTAREA';
    return [field, i.getAttribute('aria-label') || i.textContent || '', groups.join(' < ')];
})"""


def told_apart(page: Any, must: tuple[str, str]) -> None:
    """No field named by the texts around it (a hint, a heading, a result's lines: it reads as
    several lines), no two fields or buttons with the same name in the same groups, and ``must``
    (a name, its groups) among them."""

    def read() -> list[tuple[bool, str, str]]:
        return [(bool(f), name, groups) for f, name, groups in page.evaluate(NAMES_AND_GROUPS)]

    try:
        wait_until(lambda: must in [(n, g) for _, n, g in read()], what=f"{must} on screen")
    except AssertionError:  # the test fails, saying what the screen reader met instead
        raise AssertionError(f"{must} not met; met: {read()}") from None
    settled(page)
    found = read()
    assert not [n for f, n, _ in found if f and "\n" in n], found
    pairs = [(name, groups) for _, name, groups in found]
    assert len(set(pairs)) == len(pairs), sorted(p for p in pairs if pairs.count(p) > 1)
    assert must in pairs, (must, pairs)


def test_every_field_and_button_is_told_apart_by_its_name_and_groups(app, browser):
    """The other Quick score forms (every player's card has "Money ($)" on Chinatown's), the second
    reached from the first as a user does (Back to Home, Quick score, the game), a finished game's
    scores (every player has a "0 persons" with its "Read the rule: Final scoring: persons";
    the first card's top is on screen) and its Share screen's code field (named by the title and hint
    above it), reached by the table's Share button. Dragon's form: the test above."""
    url, table = app
    page = open_app(browser, url + "quick/chinatown")
    told_apart(page, ("Money ($)", "Player 1"))
    for tap in ("Back", "Quick score", "Da Yu final scores"):  # each screen's button, one tap each
        tap_on(page.get_by_role("button", name=tap, exact=True).first)
    # Da Yu's own buttons first: Chinatown's form also has a "Player 1" field in "Player 1"'s card
    page.get_by_role("button", name="Player 1: Free move").first.wait_for(state="attached")
    told_apart(page, ("Player 1", "Player 1"))
    page.context.close()

    first = table.scoreboard.ranking[0]  # the first card under the chart, its top in view
    # a game over shows each card's final scoring first, its months folded (views/scores.py)
    row = next(r for r in table.scoreboard.row(first).breakdown if final_rule(r.rule_id))
    line = row.label.render("en")
    page = open_app(browser, url + f"table/{table.id}/scores")
    told_apart(page, (f"Read the rule: {rule_title_en(row.rule_id)}", f"{line} < {first}"))
    tap_on(page.get_by_role("button", name="Share", exact=True))
    told_apart(page, ("Snapshot code", ""))
    page.context.close()
