"""Every game's ``narrate``: a made entry told as who did what, over random complete games.

The UI's History headers, the Play screen's "Last:" line and the why card read these sentences
(tests/ui/test_history_headers.py reads them there); here the engine's side: every entry of
every game, both languages, gives a whole sentence that names its actor, never the fallback."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from random_play import play_to_end

from companion.core import Table
from companion.i18n import LANGUAGES

NAMES = ["Ana", "Ben", "Carla", "Dai"]
# Seeds whose random games hold each kind of entry: Dragon's super events' own entries (a flood,
# a charter, an earthquake, a discard) and a Da Yu exchange, so every sentence is told once.
GAMES = [
    *[("dragon", {"great_wall": True, "super_events": True}, seed) for seed in (1, 2, 13, 20)],
    ("dragon", {}, 12),
    ("chinatown", {}, 13),
    *[("dayu", {}, seed) for seed in (3, 14)],
]


def finished(game: str, options: dict, seed: int) -> Table:
    table = Table.new(game, NAMES, options)
    play_to_end(table, random.Random(seed))
    assert table.prompt is None
    return table


@pytest.mark.parametrize(("game", "options", "seed"), GAMES)
def test_every_entry_of_a_whole_game_is_told_as_who_did_what(game, options, seed):
    table = finished(game, options, seed)
    keys: Counter[str] = Counter()
    for i, entry, _ in table.history:
        told = table.game.narrate(table.state_at(i), entry)
        keys[told.key] += 1
        assert not told.key.endswith(".unknown"), (i, entry)
        seat = getattr(entry, "seat", None)
        for lang in LANGUAGES:
            text = told.render(lang)
            assert text.strip() and "{" not in text and told.key not in text, (i, lang, text)
            if seat is not None:
                assert NAMES[seat] in text, (i, lang, text)
    assert len(keys) >= 6, keys  # a whole game tells many kinds of entry, not one sentence


def test_a_dragon_tax_is_told_with_the_yuan_it_brought():
    """A sentence's number is what the entry did: the yuan a Taxes action brought are the change
    in the player's yuan from before to after it (with the tax collectors' coins)."""
    table = finished("dragon", {}, 12)
    taxes = [(i, e) for i, e, _ in table.history if type(e).__name__ == "Act" and e.card == "taxes"]
    assert len(taxes) >= 2
    for i, entry in taxes:
        told = table.game.narrate(table.state_at(i), entry)
        before, after = table.state_at(i), table.state_at(i + 1)
        gained = after.players[entry.seat].yuan - before.players[entry.seat].yuan
        assert dict(told.args)["n"] == gained, (i, told)
