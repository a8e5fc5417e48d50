"""The order in which `make test`'s two workers take the test files: the longest first.

`--dist loadfile` hands out whole files, one at a time, to whichever worker is free. pytest-xdist
by default hands them out by their number of tests, and a long file with few tests (a random-game
run, a browser file) could start last and keep one worker busy while the other had finished.
`make test` passes `--no-loadscope-reorder`, so the files go out in collection order, which
``longest_first`` makes: the files below first, in this order, then every other file as collected.
The list is what the suite measured (docs/PERFORMANCE.md, "The test suite's time, balanced");
a file missing from it only runs later, nothing is skipped.
"""

from __future__ import annotations

from pathlib import PurePosixPath

import pytest

# Each over 90 s of a worker's time in a `make test` run at load 13 (about 25 s on a quiet
# machine), longest first.
LONGEST = (
    "tests/conformance/test_conformance.py",
    "tests/conformance/test_conformance_second_half.py",
    "tests/plays/test_stats_recount.py",
    "tests/browser/test_review_browser.py",
    "tests/plays/test_log_stats.py",
    "tests/browser/test_plays_browser.py",
    "tests/browser/test_ui_browser.py",
    "tests/browser/test_glance_browser.py",
    "tests/browser/test_table_taps_browser.py",
    "tests/test_render_corpus.py",
    "tests/security/test_fuzz_imports.py",
    "tests/browser/test_foresight_browser.py",
    "tests/browser/test_dragon_taps_browser.py",
    "tests/browser/test_rules_browser.py",
    "tests/ui/test_chinatown_trade_form.py",
    "tests/ui/test_foresight_ui.py",
    "tests/browser/test_game_screens_browser.py",
    "tests/security/test_player_view_surfaces.py",
    "tests/hosted/test_workers_browser.py",
    "tests/ui/test_parts_redraw.py",
    "tests/review/test_review_digests.py",
    "tests/ui/test_pseudo_locale_screens.py",
    "tests/browser/test_insights_browser.py",
)
_RANK = {path: rank for rank, path in enumerate(LONGEST)}


def file_of(item: pytest.Item) -> str:
    """The test's file as the node id names it, e.g. ``tests/test_i18n.py``."""
    return str(PurePosixPath(item.nodeid.split("::", 1)[0]))


def longest_first(items: list[pytest.Item]) -> None:
    """Reorder ``items`` in place: the listed files first, the rest in their collected order.
    The sort is stable, so the tests inside each file keep theirs."""
    items.sort(key=lambda item: _RANK.get(file_of(item), len(LONGEST)))
