"""tests/suite_collector.py: the tests run with the collector as the app sets it."""

from __future__ import annotations

import gc

from companion.core.memory import APP_MIDDLE, APP_THRESHOLD


def test_the_tests_run_with_the_apps_collector() -> None:
    assert gc.get_threshold()[:2] == (APP_THRESHOLD, APP_MIDDLE)
    assert gc.get_freeze_count() > 0  # the modules and the collected tests, out of its sight
    assert gc.isenabled()
