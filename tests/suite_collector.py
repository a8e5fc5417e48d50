"""Every test process sets the cyclic garbage collector as the app sets it (core/memory.py).

With Python's default thresholds a random-game test ran a full collection every few thousand
entries, and each walked every object the imports left alive (Flet's, pydantic's schemas, the
rules data) and every state of the tables the test held: a conformance chunk spent about a third
of its CPU there, freeing nothing. ``tune`` is what ``companion serve`` calls once its modules
are loaded: young collections every 10,000 allocations and everything alive now frozen out of
the collector's sight (still freed by reference counting). Called once the tests are collected,
so the test modules and their imports are frozen too; tests that need a collection call
``gc.collect()`` themselves, as they did.
"""

from __future__ import annotations

import pytest

from companion.core.memory import tune


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    tune()
