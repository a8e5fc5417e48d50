"""Quick score in Chromium at phone size: "Compute the final scores" brings the result into view
(it appears under the form, below the fold, and the tap seemed to do nothing)."""

from __future__ import annotations

import pytest
from ui_browser_kit import PHONE, open_app, resting_box, served, tap_on

pytest.importorskip("playwright.sync_api")


def test_computing_dragons_final_scores_brings_the_result_into_view(tmp_path, browser):
    with served(tmp_path / "data") as url:
        page = open_app(browser, url + "quick/dragon")
        compute = page.get_by_role("button", name="Compute the final scores")
        tap_on(compute)  # the button is scrolled to, the form above it; the result is not drawn yet
        # the result's card: its heading and lines merge into the card's node, named by them
        result = page.locator('flt-semantics[aria-label*="Final scores"]').first
        box = resting_box(result)  # where it stands once the page has stopped moving
        assert 0 <= box["y"] < PHONE["height"] / 2, box  # its top, heading and winner in view
        page.context.close()


# Each field of a Quick score form as a screen reader meets it: its own name and the name of the
# group it is in (the player's card). Every card has the same fields ("VP", "Money ($)").
FIELDS_AND_GROUPS = """[...document.querySelectorAll('flt-semantics input')].map(i => [
    i.getAttribute('aria-label') || '',
    i.closest('flt-semantics[role=group][aria-label]')?.getAttribute('aria-label') || ''])"""


def test_every_quick_score_field_is_told_apart_by_its_name_and_player(tmp_path, browser):
    with served(tmp_path / "data") as url:
        for game in ("dragon", "chinatown", "dayu"):
            page = open_app(browser, url + f"quick/{game}")
            if game == "dragon":  # the result brings its "Day played" field
                tap_on(page.get_by_role("button", name="Compute the final scores"))
                page.get_by_role("textbox", name="Day played (YYYY-MM-DD)").wait_for(state="attached")
            else:
                page.get_by_role("textbox", name="Player 2").wait_for(state="attached")
            fields = [tuple(pair) for pair in page.evaluate(FIELDS_AND_GROUPS)]
            # a field named by the texts around it (a hint, a result's lines) reads as one long line
            assert all("\n" not in name for name, _ in fields), (game, fields)
            assert len(set(fields)) == len(fields), (game, fields)
            assert ("VP" if game == "dragon" else "Player 1", "Player 1") in fields, (game, fields)
            page.context.close()
