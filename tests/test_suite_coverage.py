"""tests/suite_coverage.py: the coverage tracer runs during the rules' tests and is stopped during
every other test, its fixtures' setup and teardown included; every folder of tests/ is classified."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from suite_coverage import OTHERS, RULES, traced, tracing

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"


def _test_folders() -> set[str]:
    """Every folder of tests/ holding a test file, as ``tests/<name>/``."""
    return {
        f"tests/{path.parent.relative_to(TESTS).parts[0]}/"
        for path in TESTS.rglob("test_*.py")
        if path.parent != TESTS
    }


def test_every_folder_of_tests_is_named_once() -> None:
    """A new folder must be put in RULES (traced) or OTHERS (not traced) by a person."""
    rules_folders = {path for path in RULES if path.endswith("/")}
    assert not rules_folders & set(OTHERS)
    assert len(set(RULES)) == len(RULES) and len(set(OTHERS)) == len(OTHERS)
    assert _test_folders() == rules_folders | set(OTHERS)


def test_every_named_file_is_a_test_file_at_the_top_of_tests() -> None:
    files = [path for path in RULES if not path.endswith("/")]
    assert files
    for path in files:
        assert (ROOT / path).is_file() and Path(path).parent == Path("tests"), path
        assert Path(path).name.startswith("test_"), path


@pytest.mark.parametrize(
    ("nodeid", "expected"),
    [
        ("tests/dragon/test_tables.py::test_x", True),
        ("tests/conformance/test_conformance.py::test_random_complete_games_conform[dragon-0]", True),
        ("tests/core/test_table.py::test_y[a::b]", True),
        ("tests/test_standing_and_tile_power.py::test_u", True),
        ("tests/ui/test_dragon_ui.py::test_z", False),
        ("tests/browser/test_ui_browser.py::test_w", False),
        ("tests/plays/test_log_stats.py::test_v[sqlite]", False),
        ("tests/review/test_review_games.py::test_r", False),
        ("tests/test_i18n.py::test_t", False),
        ("tests/dragon_helpers.py::test_h", False),  # a file beside the folder is not in it
        ("tests/test_game_layout_extra.py::test_e", False),  # a file is named whole
    ],
)
def test_traced(nodeid: str, expected: bool) -> None:
    assert traced(nodeid) is expected


def _measuring(config: pytest.Config) -> bool:
    plugin = config.pluginmanager.getplugin("_cov")
    return getattr(getattr(plugin, "cov_controller", None), "cov", None) is not None


@pytest.fixture
def tracer_at_setup() -> Iterator[bool]:
    yield tracing()


def test_this_file_runs_without_the_tracer(request: pytest.FixtureRequest, tracer_at_setup: bool) -> None:
    """This file is not a rules test: under `make test`'s --cov the tracer is off here, in the
    fixture's setup as in the call."""
    if not _measuring(request.config):
        pytest.skip("this run measures no coverage (no --cov)")
    assert not tracer_at_setup
    assert not tracing()


# A small tree with tests in a rules folder (tests/core) between two other folders, run as
# `make test` runs (xdist, --cov): each test notes whether the tracer is on in its module
# fixture's setup and teardown, its own fixture's, and its call.
_CONFTEST = """
    import os
    import pytest
    from suite_coverage import pytest_runtest_setup, pytest_runtest_teardown, tracing

    def note(where):
        with open(os.environ["TRACER_NOTES"], "a") as notes:
            notes.write(f"{where} {tracing()}\\n")

    @pytest.fixture(scope="module")
    def per_file(request):
        note(f"{request.node.nodeid} module-setup")
        yield
        note(f"{request.node.nodeid} module-teardown")

    @pytest.fixture
    def per_test(request):
        note(f"{request.node.nodeid} setup")
        yield
        note(f"{request.node.nodeid} teardown")
"""

_TEST = """
    import pytest
    import measured
    from conftest import note

    def test_one(per_file, per_test, request):
        note(f"{{request.node.nodeid}} call")
        measured.{function}()
        measured.shared({rules})

    {mark}
    def test_two(per_file, per_test, request):
        note(f"{{request.node.nodeid}} call")
        measured.{function}()
        measured.shared({rules})
"""

# ``shared`` is run by both: its second return, run only by the other folders' tests after the
# rules' ones, must stay missing (a stopped sysmon core on 3.12 would still count it).
_MEASURED = """
    def by_rules_tests():
        return "rules"

    def by_other_tests():
        return "others"

    def shared(rules):
        if rules:
            return "rules"
        return "others"
"""

# The trace function everywhere; sys.monitoring where Python has it (3.12+).
_CORES = ["ctrace", pytest.param("sysmon", marks=pytest.mark.skipif(
    not hasattr(sys, "monitoring"), reason="no sys.monitoring before Python 3.12"))]  # fmt: skip


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))


@pytest.mark.parametrize("core", _CORES)
def test_a_run_under_cov_traces_the_rules_tests_alone(tmp_path: Path, core: str) -> None:
    """The other folders' tests, before and after the rules' ones on the same worker, run with
    the tracer off from their module fixture's setup to its teardown (and after pytest-cov's
    own resume at the end of a no_cover test's call); the rules' tests run with it on; and the
    coverage counts the lines only the rules' tests ran."""
    _write(tmp_path / "pytest.ini", "[pytest]\naddopts = -p no:cacheprovider\n")
    _write(tmp_path / "conftest.py", _CONFTEST)
    _write(tmp_path / "measured.py", _MEASURED)
    for folder in ("browser", "core", "ui"):
        rules = folder == "core"
        test = _TEST.format(
            function="by_rules_tests" if rules else "by_other_tests",
            mark="" if rules else "@pytest.mark.no_cover",
            rules=rules,
        )
        _write(tmp_path / "tests" / folder / f"test_{folder}.py", test)
    notes = tmp_path / "notes.txt"
    env = {
        **{k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"},  # the outer run's plugins
        "TRACER_NOTES": str(notes),
        "PYTHONPATH": os.pathsep.join([str(TESTS), str(tmp_path)]),
        "COVERAGE_FILE": str(tmp_path / ".coverage"),
        "COVERAGE_CORE": core,
    }
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "1", "--dist", "loadfile", "--cov=measured",
         "--cov-report=json:cov.json", "tests"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr

    seen = [line.rsplit(" ", 1) for line in notes.read_text().splitlines()]
    assert len(seen) == 3 * (2 + 2 * 3), seen  # per file: the module's 2 notes, each test's 3
    wrong = [(where, on) for where, on in seen if (on == "True") != where.startswith("tests/core/")]
    assert not wrong, f"tracer on in another folder's test, or off in a rules test: {wrong}"

    report = json.loads((tmp_path / "cov.json").read_text())["files"]["measured.py"]
    assert 3 in report["executed_lines"]  # by_rules_tests' return
    assert 6 in report["missing_lines"]  # by_other_tests' return
    assert 10 in report["executed_lines"] and 11 in report["missing_lines"]  # shared's two returns
