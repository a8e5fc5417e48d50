"""tests/suite_coverage.py: which tests run under the coverage tracer."""

from __future__ import annotations

from pathlib import Path

import pytest
from suite_coverage import COVERED, traced

ROOT = Path(__file__).resolve().parents[1]


def test_every_covered_folder_or_file_exists_and_holds_tests() -> None:
    for path in COVERED:
        if path.endswith("/"):
            assert list((ROOT / path).glob("test_*.py")), path
        else:
            assert (ROOT / path).is_file() and path.startswith("tests/test_"), path


@pytest.mark.parametrize(
    ("nodeid", "expected"),
    [
        ("tests/dragon/test_tables.py::test_x", True),
        ("tests/conformance/test_conformance.py::test_random_complete_games_conform[dragon-0]", True),
        ("tests/core/test_table.py::test_y[a]", True),
        ("tests/ui/test_dragon_ui.py::test_z", False),
        ("tests/browser/test_ui_browser.py::test_w", False),
        ("tests/dragon_helpers.py", False),  # a file beside the folder is not in it
        ("tests/plays/test_log_stats.py::test_v[sqlite]", False),
        ("tests/test_standing_and_tile_power.py::test_u", True),
        ("tests/test_i18n.py::test_t", False),
    ],
)
def test_traced(nodeid: str, expected: bool) -> None:
    assert traced(nodeid) is expected
