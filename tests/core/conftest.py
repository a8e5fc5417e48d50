import pytest
from toy_game import SPEC

from companion.games import register


@pytest.fixture(autouse=True, scope="session")
def _toy_registered():
    register(SPEC)
