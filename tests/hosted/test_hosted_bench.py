"""The hosted load benchmark's harness (benchmarks/hosted_bench.py), run tiny: 10 tables for 3 s,
an entry a second each, on two PostgreSQL workers with the relay and on one SQLite worker.

What is checked is the harness, not the speed: every entry stored, every viewer on either worker
saw every entry at its version, and every figure the report prints is there and positive. The
benchmark's own timings are never compared with a limit (docs/PERFORMANCE.md has them)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "hosted_bench.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("hosted_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["hosted_bench"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rows(bench, tmp_path_factory):
    out = tmp_path_factory.mktemp("hosted") / "rows.json"
    argv = ["--tables", "10", "--seconds", "3", "--warmup", "1", "--period", "1", "--drain", "2"]
    return bench.main([*argv, "--json", str(out)])


def test_both_backends_ran(rows):
    assert [(r["tables"], r["backend"]) for r in rows] == [(10, "postgresql"), (10, "sqlite")]


def test_every_viewer_saw_every_entry(rows):
    for row in rows:
        assert row["entries"] > 0, row
        assert (row["errors"], row["misses"], row["stale"], row["reconnects"]) == (0, 0, 0, 0), row


def test_figures_present_and_positive(rows):
    for row in rows:
        for name in ("entries_per_s", "p50_ms", "p90_ms", "max_ms", "tap_p50_ms"):
            assert row[name] > 0, (name, row)
        assert row["p50_ms"] <= row["p90_ms"] <= row["max_ms"]
        workers = 2 if row["backend"] == "postgresql" else 1
        assert len(row["cpu_ms_per_entry"]) == workers and all(c > 0 for c in row["cpu_ms_per_entry"])
    postgres, sqlite = rows
    assert postgres["db_ms_per_entry"] > 0 and 0 < postgres["db_share"] < 1
    assert sqlite["db_ms_per_entry"] is None and sqlite["db_share"] is None


def test_the_same_load_on_both(rows):
    """Both backends were given the same tables, entries and moments: the same entry count."""
    postgres, sqlite = rows
    assert postgres["entries"] == sqlite["entries"]


def test_a_viewer_that_heard_nothing_is_a_miss(bench):
    """The miss count itself: one entry, two workers' viewers, one of which never heard it."""
    args = bench.parse(["--seconds", "10", "--warmup", "0", "--viewers", "1"])
    tap = ("t1", 5, 100.5, 100.5, 100.51, "")
    outcome = {
        "workers": [
            {
                "name": "A",
                "start": 100.0,
                "taps": [tap],
                "seen": [("t1", 0, 5, 5, 100.52)],
                "cpu": 0.1,
                "reconnects": 0,
            },
            {
                "name": "B",
                "start": 100.0,
                "taps": [],
                "seen": [("t1", 0, 4, 4, 100.53)],
                "cpu": 0.1,
                "reconnects": 0,
            },
        ],
        "db_cpu": 0.05,
    }
    figures = bench.figures(outcome, args)
    assert (figures["entries"], figures["misses"]) == (1, 1)
    outcome["workers"][1]["seen"].append(("t1", 0, 5, 5, 100.7))
    figures = bench.figures(outcome, args)
    assert figures["misses"] == 0
    assert figures["p50_ms"] == pytest.approx(200.0)  # the slower viewer: 100.7 - 100.5


def test_growth_is_the_extra_cost_per_extra_entry(bench):
    """Two sizes of one run: 1 s of workers' CPU more for 1,000 entries more is 1 ms an entry,
    and what is left at no entries is the fixed cost."""
    rows = [
        {"run": 1, "backend": "postgresql", "tables": 100, "entries": 600, "cpu_s": 1.1, "db_s": 0.5},
        {"run": 1, "backend": "postgresql", "tables": 1000, "entries": 1600, "cpu_s": 2.1, "db_s": 1.0},
    ]
    [said] = bench.growth(rows)
    assert "workers 1.00 ms an entry + 0.50 s fixed" in said
    assert "database 0.50 ms an entry + 0.20 s fixed" in said
