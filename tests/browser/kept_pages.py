"""Pages kept across a module's tests: one per look (language and theme) on one served app, each
test going to its table by taps inside the app (Back to Home, then the table's card) instead of
loading the app again. A page load to Home costs about 2.3 s of CPU (Flutter's boot), a tap
a fraction of that (docs/PERFORMANCE.md, "Fewer page loads")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ui_browser_kit import page_in, served, tap_on

from companion.core import Table

# Flutter's own back button in the app bar, named in the reader's language
BACK = {"en": "Back", "es": "Atrás"}


def home_card(page: Any, table: Table, lang: str) -> Any:
    """``table``'s card on Home. One node says the table's name, then its game (tables of the
    same players share a name); Playwright reads the node's line breaks as spaces."""
    said = re.escape(table.name) + r"\s+" + re.escape(table.game.title.render(lang))
    return page.get_by_role("button", name=re.compile(r"(^|\s)" + said + r"\s")).first


class KeptPages:
    """One page per look at ``url``, opened at Home the first time a test asks for it. A page is
    on Home or on a table's screen between tests (a test leaves no dialog open). After any failed
    test the pages are closed, so the next test starts from a fresh load, not from whatever
    screen the failure left."""

    def __init__(self, browser: Any, url: str, session: Any) -> None:
        self.browser, self.url, self.session = browser, url, session
        self.pages: dict[tuple[str, str | None], Any] = {}
        self.on_table: set[tuple[str, str | None]] = set()
        self.failed = session.testsfailed

    def table(self, table: Table, lang: str, theme: str | None = None) -> Any:
        """The look's page showing ``table``'s play screen, reached from Home by one tap on its
        card (after one tap on Back if a table's screen is open). No ``theme``: the device's."""
        page = self.home(lang, theme)
        tap_on(home_card(page, table, lang))
        self.on_table.add((lang, theme))
        return page

    def home(self, lang: str, theme: str | None = None) -> Any:
        """The look's page showing Home (after one tap on Back if a table's screen is open)."""
        page = self._page(lang, theme)
        look = (lang, theme)
        if look in self.on_table:
            tap_on(page.get_by_role("button", name=BACK[lang], exact=True))
            self.on_table.discard(look)
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
        self.on_table.clear()


@contextmanager
def kept_app(browser: Any, data: Path, request: Any) -> Iterator[KeptPages]:
    """The tables stored in ``data`` in one served app, with the pages a module's tests share
    (for a module-scoped fixture: ``request`` is the fixture's)."""
    with served(data) as url:
        pages = KeptPages(browser, url, request.session)
        try:
            yield pages
        finally:
            pages.close()
