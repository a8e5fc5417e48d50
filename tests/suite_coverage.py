"""Which tests `make test` runs under the coverage tracer: the rules' own tests.

`make test` checks that the rules (companion/core and companion/games) are covered to 95%
(pyproject.toml, [tool.coverage]). On Python 3.11 coverage traces with ``sys.settrace``, and an
interpreter with a trace function set runs *every* Python line about twice as slowly, Flet's and
the store's as well as the rules' (docs/PERFORMANCE.md, "The test suite's time, balanced").
So the tracer runs for the tests in ``COVERED`` alone, the tests written for the rules, and is
paused, setup and teardown included, for the screens', the store's, the browser's and the
server's tests, which still run and must pass. The 95% floor is then met by the rules' own tests;
if a change to the rules leaves a line that only a screen test reaches, the floor says so.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

# The rules' tests: the engines' own folders, the conformance run over every game, the rules
# lookup's and the table codes' tests (tips and moments, snapshots), and the rule-level files at
# the top of tests/.
COVERED = (
    "tests/core/",
    "tests/chinatown/",
    "tests/dayu/",
    "tests/dragon/",
    "tests/conformance/",
    "tests/lookup/",
    "tests/share/",
    "tests/test_foresight_texts.py",
    "tests/test_game_layout.py",
    "tests/test_i18n_texts.py",
    "tests/test_standing_and_tile_power.py",
)


def traced(nodeid: str) -> bool:
    """Whether the test with this node id runs under the coverage tracer."""
    return nodeid.startswith(COVERED)


def _controller(item: pytest.Item) -> Any:
    """pytest-cov's controller for this process, or None when the run has no --cov."""
    plugin = item.config.pluginmanager.getplugin("_cov")
    controller = getattr(plugin, "cov_controller", None)
    return controller if getattr(controller, "started", False) else None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, Any, Any]:
    """Runs the test (setup, call, teardown) with the tracer paused unless ``traced``.
    pytest-cov's own ``pause``/``resume``, the ones its ``no_cover`` mark uses for a test's call."""
    controller = None if traced(item.nodeid) else _controller(item)
    if controller is None:
        return (yield)
    controller.pause()
    try:
        return (yield)
    finally:
        controller.resume()
