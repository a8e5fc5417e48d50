"""Every test here runs on both store backends, [sqlite] and [postgresql] (tests/store_backends.py)."""

import pytest
from plays_helpers import session_folder, share_games


@pytest.fixture(autouse=True)
def _both_backends(store_backend):
    return store_backend


@pytest.fixture(scope="session")
def shared_games(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The random games of tests/plays_helpers.py played once for the session's workers."""
    share_games(session_folder(tmp_path_factory.getbasetemp()))
