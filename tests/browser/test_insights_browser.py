"""The served app in Chromium, phone size (issue 31): a player's page opened from Players, a
game's records, the month chart and the win rate over time on Statistics, a record opening its
play; the screenshots of the player page, of the records with the chart and of the win rate over
time, in English, and in Spanish with the dark theme."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from kept_pages import BACK
from plays_insights_helpers import make_play
from ui_browser_kit import open_app, page_in, scrolled_to, served, shot, tap_on

from companion.i18n import translate
from companion.store import Store

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")  # skip the module without Playwright

GROUP = (("Ana", "green"), ("Ben", "blue"), ("Carla", "red"), ("Dai", "yellow"))


def fill(data: Path) -> dict[str, str]:
    """A group of four with 30 Da Yu plays over ten months, some at the club; ids by name."""
    data.mkdir(parents=True, exist_ok=True)
    store = Store(data / "tables.sqlite3")
    try:
        ids = {name: store.create_player(name, colour).id for name, colour in GROUP}
        rng = random.Random(31)
        for k in range(30):
            seated = rng.sample([n for n, _ in GROUP], rng.choice((2, 3, 4)))
            play = make_play(
                "dayu",
                f"2026-{1 + k // 3:02d}-{1 + k % 3 * 9:02d}T20:00:00+00:00",
                [(n, ids[n], rng.randint(14, 40)) for n in seated],
                seconds=rng.randint(25, 80) * 60,
            )
            store.restore_play(play)
            if k % 4 == 0:
                store.set_play_location(play.id, "Club")
        return ids
    finally:
        store.close()


def wait_text(page, text: str) -> None:
    page.get_by_text(text).first.wait_for(timeout=60000)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """The group's plays in one served app for both tests (they only look)."""
    data = tmp_path_factory.mktemp("insights") / "data"
    ids = fill(data)
    with served(data) as url:
        yield url, ids


def statistics_from_home(page, lang: str) -> None:
    """From a player's page to Statistics by taps: Back to Players, Back to Home, Statistics
    (the group's only game, Da Yu, is the busiest: the screen opens on it)."""
    back = page.get_by_role("button", name=BACK[lang], exact=True)
    tap_on(back)
    page.wait_for_url(re.compile(r"/players$"), timeout=60000)  # the app went back to Players
    tap_on(back)  # from Players to Home
    tap_on(page.get_by_role("button", name=translate("ui.nav.stats", lang)).first)


def test_player_page_and_records(browser, app):
    url, _ = app
    page = open_app(browser, url + "players")
    tap_on(page.get_by_role("button", name="Ana's page"))
    wait_text(page, "Longest winning streak")
    wait_text(page, "Head to head")
    shot(page, "player_page")

    statistics_from_home(page, "en")
    wait_text(page, "Highest winning score")
    # by the wheel, as a person scrolls: the page's own scroll request leaves the page and Flutter
    # disagreeing about the list, and the next wheel was lost to it (docs/PERFORMANCE.md, "wheelcut")
    scrolled_to(page.get_by_text("By month: average score").first)
    shot(page, "stats_records")
    # win rate over time: a line per player, its legend under it
    wait_text(page, "Win rate over time")
    scrolled_to(page.get_by_text("Win rate over time", exact=True))  # the chart and legend below it
    wait_text(page, "Chart: win rate over time")  # the chart's accessible name
    shot(page, "stats_trend")
    tap_on(page.get_by_text("Highest winning score").first)  # wheeled to first, as every tap
    wait_text(page, "The play")
    page.close()


def test_spanish_dark_player_page(browser, app):
    url, ids = app
    page = page_in(browser, url + f"player/{ids['Ben']}", "es", "dark")
    wait_text(page, "Mejor racha de victorias")
    shot(page, "es_player_page_dark")
    statistics_from_home(page, "es")
    wait_text(page, "Puntuación ganadora más alta")
    scrolled_to(page.get_by_text("Por mes: puntuación media").first)
    shot(page, "es_stats_records_dark")
    wait_text(page, "Victorias a lo largo del tiempo")
    scrolled_to(page.get_by_text("Victorias a lo largo del tiempo", exact=True))
    shot(page, "es_stats_trend_dark")
    page.close()
