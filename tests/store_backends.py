"""Both store backends for the store's tests: every test that asks for ``store_backend`` (the store,
play-log and store security tests ask for it through their conftest or ``pytestmark``) runs twice,
``[sqlite]`` and ``[postgresql]``.

The tests open stores by file path, as the app does. On ``[postgresql]`` each path is one
PostgreSQL schema of this worker's database instead (the same path, the same store: reopening
finds what was written), so the very same test code runs against the real server. A test of
something only an SQLite file has (a damaged file, a full disk, a migration of an old file) is
marked ``sqlite_only`` and is collected once, ``[sqlite]`` (and one of only PostgreSQL's,
``postgresql_only``, once ``[postgresql]``).

A server that cannot start fails the PostgreSQL tests with the reason; none is skipped.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from pg_server import PostgresServer, PostgresUnavailable

import companion.store.sqlite_store as sqlite_store
from companion.store import connection

BACKENDS = ("sqlite", "postgresql")


def parametrize(metafunc: pytest.Metafunc) -> None:
    """Called by tests/conftest.py's pytest_generate_tests."""
    if "store_backend" in metafunc.fixturenames:
        marker = metafunc.definition.get_closest_marker
        only = ["sqlite"] if marker("sqlite_only") else ["postgresql"] if marker("postgresql_only") else None
        metafunc.parametrize("store_backend", only or list(BACKENDS), indirect=True)


@pytest.fixture(scope="session")
def postgres_database(worker_id: str) -> Iterator[str]:
    """One server per pytest-xdist worker (tests/pg_server.py says why), and its test database."""
    server = PostgresServer()
    try:
        server.start()
        url = server.create_database(f"store_tests_{worker_id}")
    except (PostgresUnavailable, OSError) as exc:
        server.stop()
        pytest.fail(
            f"The PostgreSQL store tests need a server and none could be started: {exc}", pytrace=False
        )
    yield url
    server.stop()


def schema_url(base: str, location: Any) -> str:
    """The URL of the PostgreSQL schema standing for one store file path (made on first use)."""
    import psycopg

    key = str(location)
    name = "s_" + (
        uuid.uuid4().hex
        if key == ":memory:"
        else hashlib.sha1(str(Path(key).resolve()).encode()).hexdigest()[:20]
    )
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {name}")
    return f"{base}&options=-c%20search_path%3D{name}"


@pytest.fixture
def store_backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The backend of this run of the test; on postgresql every Store path opens a schema."""
    if request.param == "postgresql":
        base = request.getfixturevalue("postgres_database")
        real = connection.connect

        def connect(location: Any) -> Any:
            return real(location if connection.is_url(location) else schema_url(base, location))

        monkeypatch.setattr(sqlite_store, "connect", connect)
        # Writer processes started by a test (tests/security/store_workers.py) do the same.
        monkeypatch.setenv(SUBPROCESS_ENV, base)
    return request.param


@pytest.fixture(scope="module")
def backend_shared() -> Iterator[Any]:
    """A module's store built once per backend and shared by its tests. A module-scoped fixture
    cannot ask for the function-scoped ``store_backend`` (its store would be SQLite's in the
    [postgresql] runs too), so a test's own fixture builds it on the first test of each backend:
    ``backend_shared(store_backend, build)``. ``build`` returns a tuple, the store first; it is
    closed when the module ends."""
    made: dict[str, tuple[Any, ...]] = {}

    def shared(backend: str, build: Any) -> tuple[Any, ...]:
        if backend not in made:
            made[backend] = build()
        return made[backend]

    yield shared
    for value in made.values():
        value[0].close()


SUBPROCESS_ENV = "TC_TEST_POSTGRES_BASE"


def redirect_in_subprocess() -> None:
    """In a process a test started: open store paths on PostgreSQL too when the test runs so."""
    base = os.environ.get(SUBPROCESS_ENV)
    if base:
        real = connection.connect
        sqlite_store.connect = lambda location: real(  # type: ignore[assignment]
            location if connection.is_url(location) else schema_url(base, location)
        )


def fresh_database(base: str, prefix: str) -> str:
    """A new empty database on the test server (its URL, from ``base``'s): a test that opens a
    registry of its own (hosted spaces, their counters) sees only what it made."""
    import psycopg

    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(urlsplit(base)._replace(path=f"/{name}"))
