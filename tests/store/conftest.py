"""Every test here runs on both store backends, [sqlite] and [postgresql] (tests/store_backends.py).
``spaces_location`` and ``spaces`` give the hosted spaces' tests a registry of their own."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from store_backends import fresh_database

from companion.store import postgres
from companion.store.spaces import Spaces


@pytest.fixture(autouse=True)
def _both_backends(store_backend):
    return store_backend


@pytest.fixture
def location(store_backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str | Path]:
    """Where a test's spaces live: a folder, or a database of its own on the test server."""
    if store_backend == "sqlite":
        yield tmp_path / "data"
        return
    yield fresh_database(request.getfixturevalue("postgres_database"), "spaces")
    postgres.close_shared_pools()


@pytest.fixture
def spaces(location: str | Path) -> Iterator[Spaces]:
    made = Spaces(location)
    yield made
    made.close()
