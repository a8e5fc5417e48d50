"""The coverage tracer runs only during the rules' own tests.

`make test` fails under a floor of coverage of the rules, companion/core and companion/games
(pyproject.toml, [tool.coverage]), and that floor is the rules' coverage by the rules' tests:
the tests in ``RULES`` below. On Python 3.11 coverage traces with a trace function, which slows
every Python line of the process, Flet's and the store's as much as the rules' (about twice in
CPU), though a screen, store or browser test reaching a rules line does not test that rule. So
for every other test, fixture setup and teardown included, the tracer is stopped
(``Coverage.stop()`` through pytest-cov's own ``pause()``, what its ``no_cover`` mark calls, and
the worker's second Coverage, see ``_stop_the_others``) and started again for the next rules
test. Each xdist worker does this with its own Coverage; without ``--cov`` nothing happens.
Test collection, which imports the modules, stays traced.

On Python 3.12+ pyproject.toml asks coverage for its ``sysmon`` core (``sys.monitoring``), which
costs far less than the trace function; 3.11 falls back to the trace function. Stopping that core
on 3.12 and 3.13 leaves its line callback on the code it already watches, so a stopped Coverage
would still count the rules lines an untraced test reaches: ``_silence_freed_monitors`` takes
the callback away once every Coverage is stopped (coverage registers it again when it starts).

Every folder of tests/ is named in ``RULES`` or ``OTHERS`` (tests/test_suite_coverage.py fails
on a new one): a new folder is a choice, never a silent default. A file at the top of tests/
is traced only if ``RULES`` names it.
"""

from __future__ import annotations

import sys
from pathlib import PurePosixPath
from typing import Any

import coverage
import pytest

# The rules' tests: the engine contract's and each game's own folders, the conformance run of
# random complete games of every game, the rules lookup's (the games' tips and moments are rules
# modules: companion/games/<game>/tips.py, situations.py), and the top-level files that check the
# rules' own output over random games (standing, foresight, the game packages' layout).
RULES = (
    "tests/core/",
    "tests/chinatown/",
    "tests/dayu/",
    "tests/dragon/",
    "tests/conformance/",
    "tests/lookup/",
    "tests/test_foresight_texts.py",
    "tests/test_game_layout.py",
    "tests/test_standing_and_tile_power.py",
)

# The other folders: they play games through the app's other layers (screens, browser, store,
# plays, review, sharing, command line, hosted servers), whose own lines are not measured.
OTHERS = (
    "tests/browser/",
    "tests/cli/",
    "tests/hosted/",
    "tests/live/",
    "tests/plays/",
    "tests/review/",
    "tests/security/",
    "tests/share/",
    "tests/store/",
    "tests/ui/",
)


def traced(nodeid: str) -> bool:
    """Whether the test with this node id (e.g. ``tests/core/test_table.py::test_x[a]``) runs
    under the coverage tracer."""
    path = str(PurePosixPath(nodeid.split("::", 1)[0]))
    return path.startswith(RULES)


def _controller(config: pytest.Config) -> Any:
    """pytest-cov's controller for this process (a worker's own under xdist), or None when the
    run measures no coverage."""
    plugin = config.pluginmanager.getplugin("_cov")
    controller = getattr(plugin, "cov_controller", None)
    return controller if getattr(controller, "cov", None) is not None else None


def _trace_only_rules(item: pytest.Item) -> None:
    """Puts the tracer in the state ``item`` needs; it stays so until a test needs the other,
    so a run of screen tests in a row stops it once."""
    controller = _controller(item.config)
    if controller is None:
        return
    if traced(item.nodeid) and not controller.started:
        controller.resume()
    elif not traced(item.nodeid) and controller.started:
        controller.pause()
        _stop_the_others()
        _silence_freed_monitors()


def tracing() -> bool:
    """Whether a coverage core is measuring now: a trace function (ctrace, pytrace) or a
    ``sys.monitoring`` tool coverage holds (sysmon)."""
    if sys.gettrace() is not None:
        return True
    monitoring = getattr(sys, "monitoring", None)
    return monitoring is not None and any(
        monitoring.get_tool(tool) == "coverage.py" for tool in range(monitoring.COVERAGE_ID, 6)
    )


def _stop_the_others() -> None:
    """Stops any Coverage still started once pytest-cov's own is stopped. In an xdist worker
    pytest-cov 7.1 starts two: a worker inherits the main process's ``-n``, so pytest-cov builds
    its main-process controller there too (whose data is never read) before the worker's own;
    coverage keeps its started instances in a stack and, when the top one stops, resumes the one
    beneath, which would go on tracing every line."""
    while (other := coverage.Coverage.current()) is not None:
        other.stop()


def _silence_freed_monitors() -> None:
    """Takes the line and return callbacks off the ``sys.monitoring`` tool ids no tool holds.
    coverage's sysmon core takes the first free id from ``COVERAGE_ID`` and frees it when it
    stops, but before Python 3.14 freeing leaves the code it watches calling its callback, which
    records the line. A Coverage that starts registers its callbacks again."""
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is None:
        return
    events = monitoring.events
    for tool in range(monitoring.COVERAGE_ID, 6):
        if monitoring.get_tool(tool) is None:
            monitoring.register_callback(tool, events.LINE, None)
            monitoring.register_callback(tool, events.PY_RETURN, None)


# Both phases, first among the plugins: the setup builds the test's fixtures (module-scoped ones
# with the file's first test), the teardown ends them (with the file's last test), and pytest-cov
# resumes the tracer after the call of a test marked no_cover.
@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _trace_only_rules(item)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    _trace_only_rules(item)
