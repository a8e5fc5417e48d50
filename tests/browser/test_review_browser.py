"""The Review tab in Chromium at 412 x 915 (issue 30): one tap starts the review of a finished
game and its turning points appear (no retry); the screenshots of each game's review, English
and Spanish."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit and the table helpers beside this file
from random_play import play_to_end
from test_table_taps_browser import phone, stored
from ui_browser_kit import enable_semantics, on_screen, served, shot, tap_on

from companion.core import Table
from companion.review import Budget
from companion.store import Store
from companion.store.reviews import StoredReviews
from companion.ui.repos import ReviewsRepo

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")

PLAYERS = {
    "dragon": ["Ana", "Ben", "Carla", "Dai"],
    "chinatown": ["Ana", "Ben", "Carla"],
    "dayu": ["Ana", "Ben"],
}
HEADING = {"en": "Turning points", "es": "Jugadas clave"}
AVERAGE = {"en": "against the table's average", "es": "respecto a la media de la mesa"}


def finished(data: Path, game: str, seed: int) -> Table:
    table = Table.new(game, PLAYERS[game])
    play_to_end(table, random.Random(seed))
    return stored(data, table)


def reviewed(data: Path, table: Table) -> None:
    """The review kept with the table, as the app makes it (its budget): the tab opens at once."""
    store = Store(data / "tables.sqlite3")
    try:
        StoredReviews(store).review(table, None, Budget(seconds=ReviewsRepo.BUDGET_SECONDS))
    finally:
        store.close()


@pytest.fixture(scope="module")
def reviewed_games(tmp_path_factory):
    """One served app for the module: the three finished games with their reviews kept, for both
    languages' screenshots (the screenshots' subject is the Review screen, so the reviews, each
    the app's full budget of CPU time, are made once for the module, not again for each
    language), and a copy of the Dragon game not reviewed yet, for the one-tap test."""
    data = tmp_path_factory.mktemp("reviews") / "data"
    tables = {
        game: finished(data, game, seed) for game, seed in (("dragon", 7), ("chinatown", 4), ("dayu", 5))
    }
    for table in tables.values():
        reviewed(data, table)
    unreviewed = finished(data, "dragon", 7)
    with served(data) as url:
        yield url, tables, unreviewed


def test_one_tap_reviews_a_finished_game(browser, reviewed_games):
    url, _, table = reviewed_games
    page = phone(browser, url + f"table/{table.id}/review", "en")
    tap_on(page.get_by_role("button", name="Find the turning points"))
    on_screen(page, HEADING["en"])  # the worker's review, drawn once it is kept
    on_screen(page, "against the table's average")
    shot(page, "review_dragon_en")
    page.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_review_screenshots(browser, reviewed_games, lang):
    """One page per language: each game's Review loaded by its address in that page (a page already
    open keeps the app's files and compiled code; the way by taps passes a finished game's play
    screen, which costs more: docs/PERFORMANCE.md, "Fewer page loads in plays, rules, insights and
    ui2")."""
    url, tables, _ = reviewed_games
    page = None
    for game, table in tables.items():
        if game == "dragon" and lang == "en":
            continue  # taken by the one-tap test above
        route = url + f"table/{table.id}/review"
        if page is None:
            page = phone(browser, route, lang, "dark" if lang == "es" else "light")
        else:
            page.goto(route)
            enable_semantics(page)
        on_screen(page, AVERAGE[lang])
        shot(page, f"review_{game}_{lang}")
    assert page is not None
    page.close()
