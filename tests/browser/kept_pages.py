"""Pages kept across a module's tests: one per look (language and theme) on one served app, each
test going to its table by taps inside the app (Back to Home, then the table's card) instead of
loading the app again. A page load to Home costs about 2.3 s of CPU (Flutter's boot), a tap
a fraction of that (docs/PERFORMANCE.md, "Fewer page loads")."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ui_browser_kit import page_in, served, tap_on, wait_until

from companion.core import Table
from companion.i18n import translate

# Flutter's own back button in the app bar, named in the reader's language
BACK = {"en": "Back", "es": "Atrás"}


def home_card(page: Any, table: Table, lang: str, as_stored: bool = False) -> Any:
    """``table``'s card on Home. One node says the table's name, then its game (tables of the
    same players share a name); Playwright reads the node's line breaks as spaces.
    ``as_stored``: the card must also say where ``table`` stands and its count of entries, for a
    file whose tables share a game and players (a table an earlier test played on no longer
    matches); ``table`` is not finished (a finished table's card says who won)."""
    game = table.game.title.render(lang)
    said = re.escape(table.name) + r"\s+" + re.escape(game)
    if as_stored:
        assert not table.finished, "a finished table's card says who won, not where it stands"
        line = translate("ui.home.card_line", lang, game=game, standing=table.standing.render(lang))
        count = translate("ui.home.card_more", lang, n=table.version, when="").rstrip()
        said = re.escape(table.name) + r"\s+" + re.escape(line) + r"\s+" + re.escape(count)
    return page.get_by_role("button", name=re.compile(r"(^|\s)" + said + r"\s")).first


def address(page: Any) -> str:
    """The path the page's address shows now (the app sets it at each change of screen), read in
    the page: Playwright's ``page.url`` follows it only while the test calls into Playwright."""
    return str(page.evaluate("location.pathname"))


def shown_table_id(page: Any) -> str:
    """The id of the table whose screen ``page`` shows, from its address (/table/ID, which the
    app sets when it opens a table): which of several tables alike a card opened."""
    found = wait_until(lambda: re.fullmatch(r"/table/(\w+)(/.*)?", address(page)), what="a table's address")
    return str(found.group(1))


class KeptPages:
    """One page per look at ``url``, opened at Home the first time a test asks for it. A page is
    on Home or on a screen whose Back goes Home (a table's, Quick score's: routes.parent) between
    tests, with no dialog open. After any failed test the pages are closed, so the next test
    starts from a fresh load, not from whatever screen the failure left."""

    def __init__(self, browser: Any, url: str, session: Any) -> None:
        self.browser, self.url, self.session = browser, url, session
        self.pages: dict[tuple[str, str | None], Any] = {}
        self.failed = session.testsfailed

    def table(self, table: Table, lang: str, theme: str | None = None, as_stored: bool = False) -> Any:
        """The look's page showing ``table``'s play screen, reached from Home by one tap on its
        card (``home_card``; after one tap on Back if another screen is open). No ``theme``: the
        device's."""
        page = self.home(lang, theme)
        tap_on(home_card(page, table, lang, as_stored))
        return page

    def home(self, lang: str, theme: str | None = None) -> Any:
        """The look's page showing Home (after one tap on Back if another screen is open)."""
        page = self._page(lang, theme)
        if address(page) != "/":
            # the app bar's, the first on the page (a Dragon question may show a Back of its own)
            tap_on(page.get_by_role("button", name=BACK[lang], exact=True).first)
            wait_until(lambda: address(page) == "/", what="Home's address after Back")
        return page

    def _page(self, lang: str, theme: str | None) -> Any:
        if self.session.testsfailed != self.failed:
            self.close()
            self.failed = self.session.testsfailed
        look = (lang, theme)
        if look not in self.pages:
            self.pages[look] = page_in(self.browser, self.url, lang, theme)
        return self.pages[look]

    def close(self) -> None:
        for page in self.pages.values():
            page.close()
        self.pages.clear()


@contextmanager
def kept_app(
    browser: Any, data: Path, request: Any, table_seeds: Mapping[str, int] | None = None
) -> Iterator[KeptPages]:
    """The tables stored in ``data`` in one served app, with the pages a module's tests share
    (for a module-scoped fixture: ``request`` is the fixture's). ``table_seeds``: ``served``'s."""
    with served(data, table_seeds=table_seeds) as url:
        pages = KeptPages(browser, url, request.session)
        try:
            yield pages
        finally:
            pages.close()
