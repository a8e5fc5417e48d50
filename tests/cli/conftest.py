"""What the play-log commands' tests share: a data folder with three finished tables logged."""

import pytest
from plays_helpers import finished_game

from companion.store import Store


@pytest.fixture
def data(tmp_path):
    """A data folder whose store logged three random finished games, Ana linked at seat 1."""
    store = Store(tmp_path / "tables.sqlite3")
    ana = store.create_player("Ana")
    for seed in (0, 1, 2):
        table = finished_game(seed)
        store.create(table, [ana.id] + [None] * (len(table.players) - 1))
    store.close()
    return tmp_path
