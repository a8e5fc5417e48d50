"""tests/suite_order.py: the longest files go first, and the list names files that exist."""

from __future__ import annotations

from pathlib import Path

import pytest
from suite_order import LONGEST, longest_first

ROOT = Path(__file__).resolve().parents[1]


def test_every_listed_file_exists_once() -> None:
    assert len(set(LONGEST)) == len(LONGEST)
    missing = [path for path in LONGEST if not (ROOT / path).is_file()]
    assert not missing, f"tests/suite_order.py lists files that are gone: {missing}"


def test_the_makefile_keeps_the_order() -> None:
    """Without --no-loadscope-reorder pytest-xdist would sort the files by their test count."""
    test_target = (ROOT / "Makefile").read_text().split("\ntest:", 1)[1].split("\n\n", 1)[0]
    assert "--dist loadfile" in test_target and "--no-loadscope-reorder" in test_target


class _Item:
    def __init__(self, nodeid: str) -> None:
        self.nodeid = nodeid


def test_listed_files_go_first_in_their_order_and_tests_keep_theirs() -> None:
    items = [
        _Item("tests/a_test.py::one"),
        _Item(f"{LONGEST[1]}::x"),
        _Item("tests/a_test.py::two"),
        _Item(f"{LONGEST[0]}::y[1]"),
        _Item(f"{LONGEST[1]}::z"),
        _Item(f"{LONGEST[0]}::y[2]"),
    ]
    longest_first(items)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == [
        f"{LONGEST[0]}::y[1]",
        f"{LONGEST[0]}::y[2]",
        f"{LONGEST[1]}::x",
        f"{LONGEST[1]}::z",
        "tests/a_test.py::one",
        "tests/a_test.py::two",
    ]


@pytest.mark.parametrize("nodeid", ["tests/test_i18n.py::test_x[a::b]", "tests/test_i18n.py"])
def test_the_file_is_read_from_the_node_id(nodeid: str) -> None:
    from suite_order import file_of

    assert file_of(_Item(nodeid)) == "tests/test_i18n.py"  # type: ignore[arg-type]


def test_a_hanging_test_fails_instead_of_holding_the_suite(request: pytest.FixtureRequest) -> None:
    """pytest-timeout is loaded with the project's limit (pyproject.toml): a browser page that
    never answers once held `make test` for good."""
    assert request.config.pluginmanager.hasplugin("timeout")
    assert float(request.config.getini("timeout")) == 900
    assert request.config.getini("timeout_method") == "thread"
