"""Every test here runs on both store backends, [sqlite] and [postgresql] (tests/store_backends.py)."""

import pytest


@pytest.fixture(autouse=True)
def _both_backends(store_backend):
    return store_backend
