"""Issue 25 (texts58), in Chromium at 412 x 915, one tap each: Undo says at the question what it
took back, in History's words, and the notice fits the phone's width (it wraps in its card)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit and the issue-25 helpers beside this file
from table_files import stored
from test_dragon_taps_browser import tap_name, wall_table
from test_table_taps_browser import SAYS, phone, question_in_view, stored_after
from ui_browser_kit import PHONE, asked, on_screen, served, shot, tap_on

from companion.ui.games.dragon.taps import table_taps
from companion.ui.i18n import Tr

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")


def test_undo_names_the_entry_and_its_notice_fits_412_px(browser, tmp_path):
    """The longest notice an Undo makes on a Dragon month: an action group taken with its
    action ("Deshecho: Ana toma el grupo de acciones 2: … (y lo que vino después)"), in Spanish."""
    table = stored(tmp_path, wall_table())
    tr = Tr("es")
    tap = next(t for t in table_taps(table) if len(t.entries) > 1)
    with served(tmp_path) as url:
        page = phone(browser, url + f"table/{table.id}", "es")
        question_in_view(page, asked(table, "es"))
        tap_on(page.get_by_role("button", name=tap_name(table, tap, "es"), exact=True).first)
        after = stored_after(tmp_path, table)
        before = after.state_at(table.version)
        said = tr("play.undone_run", what=tr.msg(after.game.narrate(before, after.entries[table.version])))
        tap_on(page.get_by_role("button", name=tr("history.undo_move"), exact=True))
        on_screen(page, said)
        box = page.evaluate(SAYS, said)
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        shot(page, "dragon_undo_notice_es")
        page.close()
