"""Table facts carry no seat: a forged fact entry naming a seat is refused and changes nothing.

A prompt with ``seat`` None asks the whole table for a fact of the components (a deal, a draw,
a setup choice). The core lets any entry through the seat check then, so each game's fact
entries declare ``seat: None`` and the entry is refused when it is parsed (rule ``core.entry``).
Each game is played at random through its prompts; at every table-fact prompt the entry that
would be made is forged with ``seat=1`` first.
"""

from __future__ import annotations

import random

import pytest
from chinatown_helpers import random_trade

from companion.core import RuleViolation, Table
from companion.games.chinatown.entries import TradingDone

# Entries that legitimately name a seat under a table prompt: Chinatown's kept buildings,
# when the table enters each player's cards from the physical deck.
SEATED_UNDER_TABLE = {"keep_buildings"}

CASES = {
    "dragon": (
        {"great_wall": True, "super_events": True},
        {"event_row", "start_player", "groups", "super_event"},
    ),
    "chinatown": ({}, {"first_player", "deal_buildings", "trade", "trading_done"}),
    "dayu": ({}, {"marker", "start", "flood_bonus"}),
}


def fact_entries(table: Table, rng: random.Random) -> list:
    """The table-fact entries the current prompt would accept, the first of them to be submitted."""
    prompt = table.prompt
    if prompt.kind == "trade":
        trade = random_trade(table.state, rng)
        return [TradingDone()] + ([trade] if trade is not None else [])
    if prompt.choices:
        return [rng.choice(prompt.choices)]
    return [table.game.auto_entry(table.state, rng)]


def refuse_seated(table: Table, entry) -> None:
    before, version = table.state.model_dump(mode="json"), table.version
    forged = entry.model_dump(mode="json") | {"seat": 1}
    with pytest.raises(RuleViolation) as info:
        table.submit(forged)
    assert info.value.rule_id == "core.entry"
    assert table.state.model_dump(mode="json") == before and table.version == version


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_a_fact_entry_naming_a_seat_is_refused(game_id: str) -> None:
    options, expected = CASES[game_id]
    rng = random.Random(7)
    table = Table.new(game_id, ["Ana", "Ben", "Carla"], options)
    forged: set[str] = set()
    for _ in range(5000):
        prompt = table.prompt
        if prompt is None or forged == expected:
            break
        if prompt.seat is None and prompt.kind not in SEATED_UNDER_TABLE:
            entries = fact_entries(table, rng)
            for entry in entries:
                refuse_seated(table, entry)
                forged.add(entry.kind)
            table.submit(entries[0])
        elif prompt.auto:
            table.auto(rng)
        else:
            table.submit(rng.choice(prompt.choices))
    assert forged == expected
