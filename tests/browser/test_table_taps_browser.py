"""Issue 25 in Chromium at 412 x 915, one tap per action and no retries: a Chinatown trade with
money in at most 5 taps (counted), Chinatown placing several tiles where tapping the picked tile
again keeps it picked (the old trap turned the next building tap into a preview), and a Da Yu turn
in at most 4 taps with the question, the ring and every tapped control on the first screen
(nothing scrolled). Screenshots of the map and the ring with their question, English and Spanish,
light and dark."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from kept_pages import KeptPages, kept_app, shown_table_id
from random_play import play_until
from table_files import newest, stored
from ui_browser_kit import (
    PHONE,
    asked,
    on_screen,
    page_in,
    resting_box,
    settled,
    shot,
    tap_on,
    type_into,
    wait_until,
)

from companion.core import Table
from companion.games.chinatown.text import shop_name, tile_count
from companion.i18n import translate

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")

NAMES = ["Ana", "Ben", "Carla", "Dai"]
TOP, BOTTOM = 56, PHONE["height"] - 80  # under the app bar, above the tab bar


def phone(browser: Any, url: str, lang: str, theme: str = "light") -> Any:
    """A phone-size page whose stored language and theme are set before the app starts."""
    return page_in(browser, url, lang, theme)


def in_view(locator: Any) -> bool:
    """Wholly between the app bar and the tab bar, as the screen is (nothing scrolled for it)."""
    return inside(locator.bounding_box())


def inside(box: dict[str, float] | None) -> bool:
    return box is not None and box["y"] >= TOP - 1 and box["y"] + box["height"] <= BOTTOM + 1


# The box of the smallest accessibility node that says ``text`` (the question's card: Flutter
# merges a card's texts into one node's label).
SAYS = """text => {
  const hits = [...document.querySelectorAll('flt-semantics')].filter(e =>
    (e.getAttribute('aria-label') || '').includes(text) || (!e.childElementCount && e.textContent.includes(text)));
  const boxes = hits.map(e => e.getBoundingClientRect()).filter(r => r.height > 0);
  boxes.sort((a, b) => a.height - b.height);
  return boxes.length ? {x: boxes[0].left, y: boxes[0].top, width: boxes[0].width, height: boxes[0].height} : null;
}"""


def question_in_view(page: Any, text: str) -> None:
    on_screen(page, text)
    settled(page, quiet=0.4)
    box = page.evaluate(SAYS, text)
    assert inside(box), f"the question {text!r} is not wholly on the first screen: {box}"


class Taps:
    """Counts the taps, and the ones whose control was not on screen before (a scroll)."""

    def __init__(self) -> None:
        self.taps, self.scrolls = 0, 0

    def on(self, locator: Any) -> None:
        # where it stands once it (waited for) and the screen are still; the tap goes on with
        # this watch
        self.scrolls += not inside(resting_box(locator))
        tap_on(locator)
        self.taps += 1

    def typing(self, page: Any, label: str, text: str) -> None:
        field = page.get_by_role("textbox", name=label)
        field.wait_for(timeout=60000)
        self.scrolls += not in_view(field)
        type_into(page, label, text)  # one tap into the field, then the keys
        self.taps += 1


def ui(lang: str, key: str, **args: Any) -> str:
    return translate(f"ui.{key}", lang, **args)


def chip(page: Any, name: str) -> Any:
    """A chip: a checkbox to screen readers, named by its label."""
    return page.get_by_role("checkbox", name=name, exact=True)


def stored_after(data: Path, table: Table) -> Table:
    return wait_until(
        lambda: (t := newest(data, table.id)).version > table.version and t, what="the entry to be stored"
    )


@dataclass
class Tables:
    """One language's tables in a served app of their own, and its pages (one per look, kept).
    ``alike`` holds each kind's copies, stored alike: the placing and Da Yu tables twice, one
    copy for the test that plays on it, one for the dark screenshots, which only look."""

    lang: str
    data: Path
    alike: dict[str, list[Table]]
    pages: KeptPages

    def fresh(self, kind: str, theme: str = "light") -> tuple[Any, Table]:
        """The look's page showing a copy of ``kind`` that no test has played on, reached from
        Home by the first card that says the copies' standing and count of entries (not by the
        taps a test counts); that table, as its address names it."""
        copies = self.alike[kind]
        page = self.pages.table(copies[0], self.lang, theme, as_stored=True)
        shown = shown_table_id(page)
        assert shown in {t.id for t in copies}, f"Home's card opened another table than a {kind} one"
        return page, newest(self.data, shown)


@contextmanager
def language_app(browser: Any, data: Path, request: Any, lang: str) -> Iterator[Tables]:
    alike = {"placing": [placing_table(data) for _ in range(2)], "dayu": [dayu_table(data) for _ in range(2)]}
    if lang == "en":
        alike["trade"] = [trade_table(data)]
    with kept_app(browser, data, request) as pages:
        yield Tables(lang, data, alike, pages)


@pytest.fixture(scope="module")
def tables(browser, tmp_path_factory, request):
    """Each language's tables in a served app of its own (Home lists six tables in play before
    its "Show more": one app for all would need seven)."""
    with ExitStack() as stack:
        yield {
            lang: stack.enter_context(language_app(browser, tmp_path_factory.mktemp(lang), request, lang))
            for lang in ("en", "es")
        }


# ---- Chinatown: a trade with money --------------------------------------------------------
def trade_table(data: Path) -> Table:
    """A table at year 2's trading."""
    table = Table.new("chinatown", NAMES)
    return stored(
        data, play_until(table, random.Random(2), lambda t: t.state.year == 2 and t.state.phase == "trade")
    )


def test_chinatown_trade_with_money_in_five_taps(tables):
    data = tables["en"].data
    page, table = tables["en"].fresh("trade")
    state = table.state
    given = sorted(b for b, s in state.owner.items() if s == 1)[0]  # Ben's first building
    price = 3 * 10000
    assert state.money[2] >= price
    on_screen(page, ui("en", "chinatown.trading_done"))
    taps = Taps()
    taps.on(chip(page, ui("en", "chinatown.party_a", name="Ben")))  # trade: Ben
    on_screen(page, "Ben gives Ana")  # Ana, his partner before, took the other side
    taps.on(chip(page, ui("en", "chinatown.party_b", name="Carla")))  # with Carla
    on_screen(page, "Ben gives Carla")
    named = ui("en", "chinatown.building", n=given, district=_district(given))
    taps.on(chip(page, named))  # Ben's building
    page.get_by_role("checkbox", name=named, checked=True).wait_for(timeout=60000)
    taps.typing(page, "Money from Carla", str(price))
    on_screen(page, f"Carla gives Ben ${price:,}")  # the trade as the table says it
    taps.on(page.get_by_role("button", name="Enter the trade"))
    after = stored_after(data, table)
    assert after.state.owner[given] == 2
    assert after.state.money[1] == state.money[1] + price and after.state.money[2] == state.money[2] - price
    assert taps.taps <= 5, f"{taps.taps} taps"
    print(f"Chinatown trade with money: {taps.taps} taps, {taps.scrolls} scrolls")


# ---- Chinatown: placing several tiles --------------------------------------------------------
def placing_table(data: Path) -> Table:
    """A table at placing whose placer holds two tiles of one type and another type."""
    for seed in range(40):
        table = play_until(
            Table.new("chinatown", NAMES), random.Random(seed), lambda t: t.state.phase == "place"
        )
        state = table.state
        seat = state.order()[state.placer]
        hand = {s: k for s, k in state.hands[seat].items() if k > 0}
        if len(state.vacant_of(seat)) >= 3 and len(hand) >= 2 and max(hand.values()) >= 2:
            return stored(data, table)
    raise AssertionError("no seed gave a placer with two tiles of a type")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_chinatown_placing_several_tiles_without_the_trap(tables, lang):
    data = tables[lang].data
    page, table = tables[lang].fresh("placing")
    state = table.state
    seat = state.order()[state.placer]
    double = next(s for s, k in sorted(state.hands[seat].items()) if k >= 2)
    other = next(s for s, k in sorted(state.hands[seat].items()) if k > 0 and s != double)
    on_screen(page, asked(table, lang))

    def tile(shop: str) -> Any:
        label = shop_name(shop).render(lang)
        return page.get_by_role("checkbox", name=re.compile("^" + re.escape(label) + "(?: ×[0-9]+)?$"))

    def building(n: int) -> Any:
        where = ui(lang, "chinatown.building", n=n, district=_district(n))
        return page.get_by_role("button", name=re.compile("^" + re.escape(where) + " "))

    def question_and_map_in_view() -> None:
        """The question and every building of the map on the first screen, nothing scrolled."""
        question_in_view(page, asked(newest(data, table.id), lang))
        said = re.escape(ui(lang, "chinatown.building", n=9876, district=5432))
        any_building = re.compile("^" + said.replace("9876", r"\d+").replace("5432", r"\d"))
        cells = page.get_by_role("button", name=any_building)
        boxes = [cells.nth(k).bounding_box() for k in range(cells.count())]
        assert len(boxes) == 85
        low = max(b["y"] + b["height"] for b in boxes if b is not None)
        assert low <= BOTTOM, f"the map's last row ends at {low:.0f} px, under the tab bar ({BOTTOM})"

    question_and_map_in_view()
    taps = Taps()
    for k in range(2):  # the same tile type twice, tapped each time as for the first
        taps.on(tile(double).first)
        tile(double).and_(page.get_by_role("checkbox", checked=True)).wait_for(timeout=60000)
        if k == 0:  # the tile picked, its targets filled with it
            shot(page, f"chinatown_place_map_{lang}")
        target = newest(data, table.id).state.vacant_of(seat)[0]
        taps.on(building(target).first)
        table = stored_after(data, table)
        assert table.state.shop.get(target) == double, f"tile {k + 1}: building {target} not placed"
        assert page.get_by_role("dialog").count() == 0  # no preview opened instead
        left = table.state.hands[seat].get(double, 0)
        if left:  # still picked once the screen shows the new count (not the old screen)
            counted = page.get_by_role("checkbox", name=tile_count(double, left).render(lang), exact=True)
            counted.and_(page.get_by_role("checkbox", checked=True)).wait_for(timeout=60000)
        else:  # the last of its type placed: its chip goes
            wait_until(lambda: tile(double).count() == 0, what="the placed-out tile's chip to go")
    taps.on(tile(other).first)  # another type: picked, and its count shows
    target = newest(data, table.id).state.vacant_of(seat)[0]
    taps.on(building(target).first)
    table = stored_after(data, table)
    assert table.state.shop.get(target) == other
    assert taps.scrolls == 0, f"{taps.scrolls} taps needed a scroll"
    question_and_map_in_view()


def _district(n: int) -> int:
    from companion.games.chinatown.public import BOARD

    return BOARD.buildings[n].district


# ---- Da Yu: a turn -------------------------------------------------------------------------
def dayu_table(data: Path) -> Table:
    """A Da Yu table at a turn's actions where the player holds three cards and has no privilege."""
    from companion.games.dayu.public import privilege_left

    rng = random.Random(7)
    table = Table.new("dayu", NAMES[:3])
    while True:
        play_until(table, rng, lambda t: t.state.round >= 2 and t.state.phase == "actions")
        s = table.state
        free = sum(privilege_left(s, k) for k in ("free_move", "free_flip", "free_tool"))
        if len(s.seat.hand) == 3 and s.points_left == 3 and free == 0:
            return stored(data, table)
        table.submit(rng.choice(table.prompt.choices))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_dayu_turn_in_four_taps_with_the_question_in_view(tables, lang):
    data = tables[lang].data
    page, table = tables[lang].fresh("dayu")
    seat = table.state.current
    taps = Taps()

    def ring_in_view(t: Table) -> None:
        question_in_view(page, asked(t, lang))
        # " of 10 tokens" (the catalogue keeps "10" and "tokens" together with a no-break space;
        # Playwright matches a name with its spaces made plain)
        tokens = ui(lang, "dayu.place_tokens", tokens=0, spaces=10)[1:].replace("\u00a0", " ")
        found = page.get_by_role("button", name=re.compile(re.escape(tokens)))  # the places a tap moves to
        boxes = [found.nth(k).bounding_box() for k in range(found.count())]
        places = [b for b in boxes if b is not None and b["height"] < 300]  # not the screen's
        assert places, "no place of the ring on screen"
        assert all(inside(b) for b in places), f"a place of the ring is off the first screen: {places}"

    ring_in_view(table)
    shot(page, f"dayu_ring_{lang}")
    # 1: move to a neighbour by tapping its card on the ring (a button named by the place)
    near = next(c.to for c in table.prompt.choices if c.kind == "move" and not c.free)
    move = ui(lang, "dayu.move_here", n=near + 1)
    taps.on(page.get_by_role("button", name=re.compile("^" + re.escape(move))).first)
    table = stored_after(data, table)
    assert table.state.players[seat].marker == near
    ring_in_view(table)
    # 2: flip a card; 3: rest (each a button named in full)
    flip = next(c for c in table.prompt.choices if c.kind == "flip" and not c.free)
    for entry in (flip, next(c for c in table.prompt.choices if c.kind == "rest")):
        label = table.game.describe(table.state, entry).render(lang)
        taps.on(page.get_by_role("button", name=label, exact=True).first)
        table = stored_after(data, table)
        if table.state.phase == "actions" and table.state.current == seat:
            ring_in_view(table)
    assert table.state.current != seat, "the turn did not pass"
    ring_in_view(table)  # the next player's question, where the last tap was
    assert taps.taps <= 4 and taps.scrolls == 0, f"{taps.taps} taps, {taps.scrolls} scrolls"
    print(f"Da Yu turn: {taps.taps} taps, {taps.scrolls} scrolls")


# ---- screenshots: the map and the ring with their question, light and dark -------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_map_and_ring_screenshots_dark(tables, lang):
    page, ct = tables[lang].fresh("placing", "dark")
    on_screen(page, asked(ct, lang))
    seat = ct.state.order()[ct.state.placer]
    shop = next(s for s, k in sorted(ct.state.hands[seat].items()) if k > 0)
    label = shop_name(shop).render(lang)
    tap_on(page.get_by_role("checkbox", name=re.compile("^" + re.escape(label) + "(?: ×[0-9]+)?$")).first)
    page.get_by_role("checkbox", checked=True).first.wait_for(timeout=60000)  # targets shown
    on_screen(page, ui(lang, "chinatown.place_hint_shop", shop=label))  # the app took the pick
    shot(page, f"chinatown_place_map_{lang}_dark")
    page, dy = tables[lang].fresh("dayu", "dark")
    on_screen(page, asked(dy, lang))
    shot(page, f"dayu_ring_{lang}_dark")
