"""Several workers on one PostgreSQL: the throwaway server of tests/pg_server.py (one per pytest
worker, ``postgres_database`` of tests/store_backends.py) with a schema of its own per test."""

from __future__ import annotations

from typing import Any

import pytest
from store_backends import schema_url


@pytest.fixture
def pg_url(postgres_database: str, tmp_path: Any) -> str:
    """A PostgreSQL schema of this test's own (every worker and store of the test opens it)."""
    return schema_url(postgres_database, tmp_path / "hosted")
