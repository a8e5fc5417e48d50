"""The served app in Spanish and in the qps pseudo-locale, at phone size: Play, Scores, History
and Settings in Spanish, Play in qps (screenshots es_*.png and qps_play.png)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from ui_browser_kit import enable_semantics, new_phone_page, served, shot

from companion.core import Table
from companion.store import Store

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")


def stored_tables(data_dir) -> tuple[Table, Table]:
    """A Chinatown table part-way (money to show) and a finished Dragon game with both expansions."""
    store = Store(data_dir / "tables.sqlite3")
    try:
        rng = random.Random(5)
        dragon = Table.new(
            "dragon",
            ["Ana", "Ben", "Carla", "Dai"],
            {"great_wall": True, "super_events": True},
            name="Domingo",
        )
        while (p := dragon.prompt) is not None:
            dragon.auto(rng) if p.auto else dragon.submit(rng.choice(p.choices))
        going = Table.new("dragon", ["Ana", "Ben", "Carla"], {"great_wall": True, "super_events": True})
        for _ in range(40):
            p = going.prompt
            going.auto(rng) if p.auto else going.submit(rng.choice(p.choices))
        return store.create(dragon), store.create(going)
    finally:
        store.close()


def page_in(browser, lang: str):
    """A phone-size page whose stored language setting is ``lang`` before the app starts.

    SharedPreferences live in localStorage on the web; the script runs before each load."""
    page = new_phone_page(browser)
    page.add_init_script(f"localStorage.setItem('flutter.table_companion.lang', JSON.stringify('{lang}'))")
    return page


def test_spanish_screens(browser, tmp_path):
    data = tmp_path / "data"
    finished, going = stored_tables(data)
    with served(data) as url:
        page = page_in(browser, "es")
        page.goto(url + f"table/{going.id}")
        enable_semantics(page)
        page.get_by_text(going.banner.render("es")).first.wait_for(timeout=60000)
        # Flutter's own back button speaks the reader's language too (it said "Back")
        page.get_by_role("button", name="Atrás").wait_for(timeout=10000)
        shot(page, "es_play")
        page.goto(url + f"table/{finished.id}/scores")
        enable_semantics(page)
        page.get_by_text(finished.scoreboard.ranking[0]).first.wait_for(timeout=60000)
        shot(page, "es_scores")
        page.goto(url + f"table/{finished.id}/history")
        enable_semantics(page)
        page.get_by_role("tab", name="Historial").or_(
            page.get_by_text("Historial", exact=True)
        ).first.wait_for(timeout=60000)
        page.wait_for_timeout(2000)  # the list of entries paints after the bar
        shot(page, "es_history")
        page.goto(url + "settings")
        enable_semantics(page)
        page.get_by_role("checkbox", name="Español").wait_for(timeout=60000)
        shot(page, "es_settings")


def test_pseudo_locale_play_screen(browser, tmp_path):
    data = tmp_path / "data"
    _, going = stored_tables(data)
    with served(data) as url:
        page = page_in(browser, "qps")
        page.goto(url + f"table/{going.id}")
        enable_semantics(page)
        page.get_by_text(going.banner.render("qps")).first.wait_for(timeout=60000)
        shot(page, "qps_play")
