"""Fixtures for the attack tests: a real ``companion serve`` per module (see served.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # served.py and wire.py live beside this file

from served import seed_table


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    """One server per test module, trusting 127.0.0.1 as the proxy (phones use X-Forwarded-For)."""
    served = seed_table(tmp_path_factory.mktemp("served")).start(trust_proxy=True)
    yield served
    served.stop()
