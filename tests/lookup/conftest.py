import shutil
from pathlib import Path

import pytest

from companion.core.data import rules_data_dir
from companion.lookup import data, fts


def _clear() -> None:
    for cached in (data.book, data._book, data._check, fts.index):
        cached.cache_clear()


@pytest.fixture
def rules_copy(tmp_path, monkeypatch):
    """A private copy of rules_data/ that a test may damage; the lookup reads it afresh."""
    copy = tmp_path / "rules_data"
    shutil.copytree(rules_data_dir(), copy)
    monkeypatch.setenv("COMPANION_RULES_DATA", str(copy))
    _clear()
    yield Path(copy)
    monkeypatch.delenv("COMPANION_RULES_DATA")
    _clear()
