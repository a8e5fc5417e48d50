"""Issue 25 (texts58), in Chromium at 412 x 915, one tap each: Undo says at the question what it
took back, in History's words, and the notice fits the phone's width: one line, cut short (three
pushed the Dragon grid below the fold, seat59), and one tap on it shows it whole."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit and the issue-25 helpers beside this file
from table_files import stored
from test_dragon_taps_browser import tap_name, wall_table
from test_table_taps_browser import SAYS, phone, question_in_view, stored_after
from ui_browser_kit import PHONE, asked, on_screen, served, settled, shot, tap_on, wait_until

from companion.ui.games.dragon.taps import table_taps
from companion.ui.i18n import Tr
from companion.ui.palette import TAP

pytestmark = pytest.mark.browser

LINE = 20  # px: a line of body text (14 px at Flutter's 1.43 line height)

pytest.importorskip("playwright.sync_api")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_undo_names_the_entry_and_its_notice_fits_412_px(browser, tmp_path, lang):
    """The longest notice an Undo makes on a Dragon month: an action group taken with its
    action ("Deshecho: Ana toma el grupo de acciones 2: … (y lo que vino después)")."""
    table = stored(tmp_path, wall_table())
    tr = Tr(lang)
    tap = next(t for t in table_taps(table) if len(t.entries) > 1)
    with served(tmp_path) as url:
        page = phone(browser, url + f"table/{table.id}", lang)
        question_in_view(page, asked(table, lang))
        tap_on(page.get_by_role("button", name=tap_name(table, tap, lang), exact=True).first)
        after = stored_after(tmp_path, table)
        before = after.state_at(table.version)
        said = tr("play.undone_run", what=tr.msg(after.game.narrate(before, after.entries[table.version])))
        tap_on(page.get_by_role("button", name=tr("history.undo_move"), exact=True))
        on_screen(page, said)
        settled(page, quiet=0.4)
        box = page.evaluate(SAYS, said)
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        # one line, cut short: its three lines pushed the grid's last group below the fold (the
        # box is the notice's card, one node for a screen reader: 48 px, a tap target)
        assert box["height"] <= TAP, box
        question_in_view(page, asked(table, lang))
        shot(page, f"dragon_undo_notice_{lang}")
        tap_on(page.get_by_role("button", name=said, exact=True))  # one tap: the notice, whole
        wait_until(lambda: page.evaluate(SAYS, said)["height"] > TAP + LINE, what="the notice whole")
        shot(page, f"dragon_undo_notice_whole_{lang}")
        page.close()
