"""The engine's value types (Msg, Effect, Prompt) may change, their forms may not: every stored,
exported and shown form of a complete game of each game is byte-identical to what the tree
before the change (db15046, pydantic models) made. tests/value_forms.py says how to make
value_forms.json again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from value_forms import GAMES, digests

EXPECTED = json.loads((Path(__file__).parent / "value_forms.json").read_text())


@pytest.fixture(scope="module")
def made() -> dict[str, dict[str, str]]:
    return digests()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_form_is_what_the_older_tree_made(made: dict[str, dict[str, str]], game: str) -> None:
    changed = [name for name, digest in made[game].items() if EXPECTED[game].get(name) != digest]
    assert made[game].keys() == EXPECTED[game].keys()
    assert changed == []
