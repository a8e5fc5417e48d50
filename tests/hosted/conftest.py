"""Several workers on one PostgreSQL: the throwaway server of tests/pg_server.py (one per pytest
worker, ``postgres_database`` of tests/store_backends.py) with a schema of its own per test."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from store_backends import schema_url

sys.path.insert(0, str(Path(__file__).parents[1] / "browser"))  # the browser tests' kit
from ui_browser_kit import browser  # noqa: F401  (the fixture, for the workers' browser tests)


@pytest.fixture
def pg_url(postgres_database: str, tmp_path: Any) -> str:
    """A PostgreSQL schema of this test's own (every worker and store of the test opens it)."""
    return schema_url(postgres_database, tmp_path / "hosted")
