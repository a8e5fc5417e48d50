"""Issue 25, "the game at a glance", in Chromium at phone size: for each game the strip under the
banner and the current question are both on the first screen, without scrolling; in Dragon one
tap on an event tile opens the worst-hit player's forecast, one tap on the strip's summary
button opens the month's summary, one on "Palaces" the palaces floor by floor. Screenshots
glance_<game>_<lang>_<theme>.png. Every tap is made once."""

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
from ui_browser_kit import PHONE, asked, on_screen, resting_box, settled, shot, tap_on

from companion.core import Table
from companion.core.foresight import table_history
from companion.games import dayu, dragon
from companion.i18n import translate

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")

NAMES = ["Ana", "Ben", "Carla", "Dai", "Eva"]
LOOKS = [("en", "light"), ("es", "dark"), ("en", "dark"), ("es", "light")]
NAV = 80  # the bottom tab bar covers the last 80 px of the phone's screen


SMALLEST_HOLDING = """text => {
  let best = null;
  for (const e of document.querySelectorAll('flt-semantics')) {
    const said = (e.getAttribute('aria-label') || '') + ' ' + (e.textContent || '');
    if (!said.includes(text)) continue;
    const r = e.getBoundingClientRect();
    if (r.height > 0 && (best === null || r.width * r.height < best.width * best.height))
      best = {x: r.left, y: r.top, width: r.width, height: r.height};
  }
  return best;
}"""


def in_first_screen(box: dict[str, float] | None, what: str) -> dict[str, float]:
    assert box is not None, f"{what} not found"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] - NAV, f"{what} at {box}"
    return box


def picture(page: Any, name: str, settle_ms: int = 900) -> None:
    """``shot``, taken again (never a tap again) while the picture is blank or shows Flet's
    "Working..." overlay: on a loaded machine the client repaints late. A few colours only is
    such a picture; the screens have hundreds."""
    from PIL import Image

    for _ in range(5):
        path = shot(page, name, settle_ms)
        with Image.open(path) as im:
            colours = im.convert("RGB").getcolors(maxcolors=100_000) or []
        if len(colours) > 150:
            return
        settle_ms = 3000
    raise AssertionError(f"{name}: the screen stayed blank or busy")


def check_first_screen(page: Any, table: Table, lang: str, strip_part: Any) -> None:
    """A tappable part of the strip and the question's text lie on the first screen (above the
    tab bar, without scrolling), the strip right under the question (the question comes first
    whatever its length; these questions are short enough for both)."""
    prompt = asked(table, lang)
    on_screen(page, prompt)
    settled(page)
    strip_part.wait_for(timeout=60000)
    # at rest: the screen came by a route's change, whose transition moves it without new nodes
    strip_box = in_first_screen(resting_box(strip_part), "the strip")
    question = in_first_screen(page.evaluate(SMALLEST_HOLDING, prompt), "the question")
    assert strip_box["y"] >= question["y"] + question["height"], (question, strip_box)


def named(page: Any, name: str) -> Any:
    return page.get_by_role("button", name=re.compile("^" + re.escape(name))).first


def dragon_table(data: Path) -> Table:
    rng = random.Random(4)
    table = Table.new("dragon", NAMES, {})
    return stored(data, play_until(table, rng, lambda t: t.state.month == 3 and t.prompt.kind == "action"))


def chinatown_table(data: Path) -> Table:
    rng = random.Random(2)
    table = Table.new("chinatown", NAMES[:4])
    return stored(
        data, play_until(table, rng, lambda t: t.state.year == 2 and t.prompt.kind == "keep_buildings")
    )


def dayu_table(data: Path) -> Table:
    rng = random.Random(3)
    table = Table.new("dayu", NAMES[:4])

    def late(t: Table) -> bool:  # not the actions, whose question holds the ring: the strip shows it
        return t.state.round == 3 and t.prompt is not None and t.prompt.kind != "action"

    return stored(data, play_until(table, rng, late))


@pytest.fixture(scope="module")
def glance(browser, tmp_path_factory, request):
    """The three games' tables in one served app, and one page per look kept across the tests
    (no test here adds an entry: each looks, and opens and closes dialogs)."""
    data = tmp_path_factory.mktemp("glance")
    tables = {"dragon": dragon_table(data), "chinatown": chinatown_table(data), "dayu": dayu_table(data)}
    with kept_app(browser, data, request) as pages:
        yield tables, pages


@pytest.mark.parametrize(("lang", "theme"), LOOKS)
def test_dragon_strip_and_question_on_the_first_screen(glance, lang, theme):
    tables, pages = glance
    table = tables["dragon"]
    coming = dragon.coming_events(table.state)
    summary = dragon.round_summaries(*table_history(table))[-1]
    page = pages.table(table, lang, theme)
    headline = coming[0].headline.msg.render(lang)
    check_first_screen(page, table, lang, named(page, headline))
    picture(page, f"glance_dragon_{lang}_{theme}")
    if (lang, theme) in LOOKS[:2]:  # the dialogs, in one look of each language
        tap_on(named(page, headline))
        dialogs(page, lang, theme, summary.title.msg.render(lang))


def dialogs(page: Any, lang: str, theme: str, title: str) -> None:
    """The forecast (already opened), the month's summary and the palaces: each pictured, then
    closed by its Close button (the page is kept for the next test)."""
    close = page.get_by_role("button", name=translate("ui.action.close", lang), exact=True).first
    on_screen(page, translate("ui.action.close", lang))  # the forecast's dialog
    picture(page, f"glance_dragon_forecast_{lang}_{theme}")
    tap_on(close)
    page.wait_for_timeout(600)
    summary = translate("ui.glance.summary_hint", lang, title=title)  # named by what it opens
    tap_on(page.get_by_role("button", name=summary, exact=True).first)
    on_screen(page, translate("ui.foresight.see_round", lang))  # the summary's dialog
    picture(page, f"glance_dragon_summary_{lang}_{theme}", settle_ms=1500)
    tap_on(close)
    page.wait_for_timeout(600)
    tap_on(
        page.get_by_role("button", name=translate("ui.glance.dragon.palaces_hint", lang), exact=True).first
    )
    on_screen(page, translate("ui.action.close", lang))  # the dialog's title is painted only
    picture(page, f"glance_dragon_palaces_{lang}_{theme}", settle_ms=1500)
    tap_on(close)
    page.get_by_role("button", name=translate("ui.action.close", lang), exact=True).wait_for(
        state="detached", timeout=60000
    )


@pytest.mark.parametrize(("lang", "theme"), LOOKS)
def test_chinatown_strip_and_question_on_the_first_screen(glance, lang, theme):
    tables, pages = glance
    table = tables["chinatown"]
    page = pages.table(table, lang, theme)
    check_first_screen(page, table, lang, named(page, translate("ui.glance.chinatown.hands_hint", lang)))
    picture(page, f"glance_chinatown_{lang}_{theme}")


@pytest.mark.parametrize(("lang", "theme"), LOOKS)
def test_dayu_strip_and_question_on_the_first_screen(glance, lang, theme):
    tables, pages = glance
    table = tables["dayu"]
    page = pages.table(table, lang, theme)
    title = dayu.round_summaries(*table_history(table))[-1].title.msg.render(lang)
    named_as = translate("ui.glance.summary_hint", lang, title=title)
    summary = page.get_by_role("button", name=named_as, exact=True).first
    check_first_screen(page, table, lang, summary)
    picture(page, f"glance_dayu_{lang}_{theme}")
