"""tests/suite_bytecode.py: pytest keeps its rewritten test modules; the tests run as the
environment says about bytecode."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def test_this_module_was_kept_rewritten_and_the_tests_run_as_the_environment_says() -> None:
    here = Path(__file__)
    kept = list((here.parent / "__pycache__").glob(f"{here.stem}.*-pytest-*.pyc"))
    assert kept, "pytest did not keep this module's rewritten bytecode"
    assert sys.dont_write_bytecode == bool(os.environ.get("PYTHONDONTWRITEBYTECODE"))
