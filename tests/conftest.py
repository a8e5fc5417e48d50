"""For every test: the command line's prepared lookup index (companion/lookup/prepared.py) goes
to a folder of the test run's own, never the user's cache; subprocesses inherit it."""

import atexit
import os
import shutil
import tempfile

_CACHE = tempfile.mkdtemp(prefix="companion-cache-")
os.environ["COMPANION_CACHE"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

# ---- the store's tests on both backends (tests/store_backends.py) ----------------------------
from store_backends import backend_shared, parametrize, postgres_database, store_backend  # noqa: E402,F401

# pytest's rewritten test modules kept where bytecode is not written (tests/suite_bytecode.py).
from suite_bytecode import pytest_collection  # noqa: E402,F401

# The collector set as the app sets it, once the tests are collected (tests/suite_collector.py).
from suite_collector import pytest_collection_finish  # noqa: E402,F401

# The coverage tracer only during the rules' own tests (tests/suite_coverage.py).
from suite_coverage import pytest_runtest_setup, pytest_runtest_teardown  # noqa: E402,F401
from suite_order import longest_first  # noqa: E402


def pytest_generate_tests(metafunc):
    parametrize(metafunc)


def pytest_collection_modifyitems(items):
    """The longest test files first, for `make test`'s two workers (tests/suite_order.py)."""
    longest_first(items)
