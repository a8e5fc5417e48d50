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
