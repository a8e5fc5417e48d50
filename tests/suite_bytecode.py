"""pytest keeps its rewritten test modules, even where PYTHONDONTWRITEBYTECODE is set.

pytest rewrites every test module's asserts (its failure messages) when it imports it, and keeps
the result in ``__pycache__`` unless bytecode is not to be written. Where the variable is set, as
on the machine `make test` is timed on, each worker rewrote and compiled all ~590 test modules at
every run: about 10 of the 14 s of CPU a process spends collecting the suite, paid by each of the
three workers (docs/PERFORMANCE.md, "The suite's CPU outside the browser, a fourth pass"). Only
while the tests are collected, bytecode is written (the test modules pytest rewrote, and the
app's and helpers' modules imported on the way, as `make compiled` writes the app's); the tests
then run, and start their processes, as the variable says. __pycache__ is ignored by git.
"""

from __future__ import annotations

import sys
from collections.abc import Generator

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    was = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        return (yield)
    finally:
        sys.dont_write_bytecode = was
