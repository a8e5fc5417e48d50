"""The served app in Chromium, phone size: the play log with a filter, a statistics screen with
its chart, and New table seating remembered players (then the table's seats are linked to them).
Also the screenshots of the player picker, the play log and the statistics, in English, and in
Spanish with the dark theme."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from kept_pages import BACK
from plays_helpers import finished_game
from ui_browser_kit import (
    enable_semantics,
    new_phone_page,
    open_app,
    page_in,
    served,
    shot,
    tap_on,
    wait_until,
)

from companion.i18n import translate
from companion.store import Store

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")  # skip the module without Playwright

GROUP = (("Ana", "green"), ("Ben", "blue"), ("Carla", "red"), ("Dai", "yellow"))


def fill(data: Path) -> dict[str, str]:
    """A group of four who logged twelve Da Yu games and one Da Yu table; the player ids by name."""
    data.mkdir(parents=True, exist_ok=True)
    store = Store(data / "tables.sqlite3")
    try:
        ids = {name: store.create_player(name, colour).id for name, colour in GROUP}
        rng = random.Random(14)
        for k in range(12):
            seated = rng.sample([n for n, _ in GROUP], rng.choice((2, 3, 4)))
            players = [
                {
                    "name": n,
                    "vp_cards": [
                        {"frame": "silver", "vp": rng.choice((1, 2, 3))} for _ in range(rng.randint(2, 9))
                    ],
                    "flood_cards": [{"points": 2}] * rng.randint(0, 3),
                }
                for n in seated
            ]
            store.log_calculated(
                "dayu-final",
                {"players": players},
                date=f"2026-{1 + k // 3:02d}-{1 + 2 * k:02d}T20:00:00+00:00",
                player_ids=[ids[n] for n in seated],
            )
        table = finished_game(5)  # Da Yu played to the end by Ana, Ben, Carla and Dai
        store.create(table, [ids[p.name] for p in table.players])
        return ids
    finally:
        store.close()


def wait_text(page, text: str) -> None:
    page.get_by_text(text).first.wait_for(timeout=60000)


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """The group's logged games in one served app for the first two tests (the first adds a
    table not yet played, which no play log or statistic counts)."""
    data = tmp_path_factory.mktemp("plays") / "data"
    ids = fill(data)
    with served(data) as url:
        yield url, data, ids


def back_home(page, lang: str = "en") -> None:
    tap_on(page.get_by_role("button", name=BACK[lang], exact=True))


def test_play_log_statistics_and_the_player_picker(browser, app):
    url, data, ids = app
    page = open_app(browser, url)
    tap_on(page.get_by_role("button", name="Play log").first)
    wait_text(page, "13 games")
    tap_on(page.get_by_role("checkbox", name="Dragon", exact=False).first)
    wait_text(page, "No games here yet")
    tap_on(page.get_by_role("checkbox", name="All games"))
    wait_text(page, "13 games")
    shot(page, "plays_log")

    back_home(page)  # Home's buttons, not the app loaded again by address
    tap_on(page.get_by_role("button", name="Statistics").first)
    wait_text(page, "How the scores spread")
    wait_text(page, "Who wins")
    shot(page, "stats")

    back_home(page)
    tap_on(page.get_by_role("button", name="New table").first)
    tap_on(page.get_by_role("checkbox", name="Da Yu"))
    same = page.get_by_role("button", name="Same as last time: Ana, Ben, Carla, Dai")
    same.wait_for(timeout=60000)
    dai = page.get_by_role("button", name="Seat Dai", exact=True)  # a pill named by what it does
    tap_on(dai)  # a remembered player, seated in the first free seat: the chip goes
    wait_until(lambda: dai.count() == 0, what="Dai seated")
    shot(page, "player_picker")
    tap_on(same)  # this game's last players, in their seats
    wait_until(lambda: same.count() == 0, what="the four seated")
    tap_on(page.get_by_role("button", name="Start the game"))
    store = Store(data / "tables.sqlite3")
    try:
        newest = wait_until(
            lambda: [i for i in store.list() if not i.finished], what="the new table in the store"
        )[0]
        assert store.seat_links(newest.id) == [ids["Ana"], ids["Ben"], ids["Carla"], ids["Dai"]]
    finally:
        store.close()
    page.close()


def test_spanish_dark_statistics_and_log(browser, app):
    url, _, _ = app
    page = page_in(browser, url + "stats/dayu", "es", "dark")
    wait_text(page, "Cómo se reparten los puntos")
    shot(page, "es_stats_dark")
    back_home(page, "es")
    tap_on(page.get_by_role("button", name=translate("ui.nav.plays", "es")).first)
    # the play log's address: Statistics says "13 partidas" too
    page.wait_for_url(re.compile(r"/plays$"), timeout=60000)
    wait_text(page, "13 partidas")
    shot(page, "es_plays_dark")
    page.close()


def test_an_imported_table_reaches_its_players_with_one_confirm(browser, tmp_path):
    """A finished Chinatown table from another phone, its snapshot code pasted into Import: the
    app asks once whether its seats are our Ana and Carla; one tap links them, and the play log
    finds it."""
    from companion.share import encode

    data = tmp_path / "data"
    data.mkdir(parents=True)
    store = Store(data / "tables.sqlite3")
    carla = store.create_player("Carla", "red").id
    store.create_player("Ana", "green")
    store.close()
    table = finished_game(1)  # Chinatown, Ana, Ben and Carla, played elsewhere
    with served(data) as url:
        page = open_app(browser, url)
        tap_on(page.get_by_role("button", name="Import", exact=True))
        tap_on(page.get_by_role("textbox", name="Table file or snapshot code"))
        page.wait_for_timeout(500)  # the caret comes, then the code is pasted at once, as from a clipboard
        page.keyboard.insert_text(encode(table))
        tap_on(page.get_by_role("button", name="Import text"))
        page.get_by_text("Are these your players?").wait_for(timeout=60000)
        assert page.get_by_role("checkbox", name="Carla: Carla from your players").count() == 1
        assert page.get_by_role("checkbox", name="Ben:", exact=False).count() == 0  # Ben is nobody we keep
        shot(page, "import_link")
        tap_on(page.get_by_role("button", name="Link them"))
        store = Store(data / "tables.sqlite3")
        try:
            wait_until(lambda: store.plays(player=carla), what="the one tap on 'Link them' stored")
        finally:
            store.close()
        back_home(page)  # from the imported table, which the app opened
        tap_on(page.get_by_role("button", name="Play log").first)
        tap_on(page.get_by_role("button", name="Edit").first)
        page.get_by_text("Edit this game").wait_for(timeout=60000)
        shot(page, "play_edit")


def test_a_scanned_import_link_opens_with_its_code_and_imports(browser, tmp_path):
    """What a phone camera opens from a snapshot's QR code: /import#<code>. The code travels in
    the fragment, which no server sees: the landing page hands it to the app in the browser."""
    from companion.share import encode

    data = tmp_path / "data"
    data.mkdir(parents=True)
    table = finished_game(2)  # Da Yu, Ana and Ben, nobody we keep: no question, straight in
    with served(data) as url:
        page = new_phone_page(browser)
        page.goto(url + "import#" + encode(table))
        enable_semantics(page)
        tap_on(page.get_by_role("button", name="Import", exact=True))
        store = Store(data / "tables.sqlite3")
        try:
            stored = wait_until(lambda: store.list(), what="the one tap on Import stored")
            assert (
                stored[0].finished
                and page.evaluate("() => localStorage.getItem('flutter.table_companion.scanned_code')")
                is None
            )  # read once, then forgotten
        finally:
            store.close()
