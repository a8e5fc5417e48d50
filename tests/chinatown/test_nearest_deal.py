"""A logged deal or keep the deck no longer allows, made legal with the fewest cards changed
(flow.nearest_fact, used by the review's replays); and the app's own draws (auto_entry) happen
only in the phases where the components decide, not the players."""

from __future__ import annotations

import random

import pytest
from chinatown_helpers import new_table, play_random, step_without_trades

from companion.core import RuleViolation
from companion.games.chinatown import GAME
from companion.games.chinatown.entries import ChooseFirst, DealBuildings, KeepBuildings
from companion.games.chinatown.flow import auto_entry, describe, nearest_fact, standing
from companion.games.chinatown.rules import dealing
from companion.games.chinatown.state import ChinatownState


def second_year_deal() -> tuple[ChinatownState, DealBuildings]:
    """Year 2's dealing, and a deal logged for it in another history of year 1: each hand's first
    card is one this history's year 1 took out of the deck (owned now)."""
    table = new_table(3)
    rng = random.Random(2)
    while table.state.year == 0:
        step_without_trades(table, rng)
    state = table.state
    assert table.prompt.kind == "buildings" and state.dealt is None
    legal = auto_entry(state, random.Random(1))
    owned = sorted(state.owner)
    logged = DealBuildings(hands=tuple((owned[i], *hand[1:]) for i, hand in enumerate(legal.hands)))
    return state, logged


def test_an_old_deal_keeps_its_cards_still_in_the_deck_and_takes_the_lowest_spare_ones() -> None:
    state, old = second_year_deal()
    with pytest.raises(RuleViolation):
        GAME.apply(state, old)
    made = nearest_fact(state, old)
    # every hand keeps its cards still in the deck and its size; the owned card of each gives
    # way to one of the lowest deck cards no hand holds
    deck = set(state.deck)
    spare = sorted(deck - {c for hand in old.hands for c in hand})
    added = set()
    for before, after in zip(old.hands, made.hands, strict=True):
        assert len(after) == len(before)
        assert {c for c in before if c in deck} <= set(after)
        added |= set(after) - set(before)
    assert added == set(spare[: len(old.hands)])
    after, _ = GAME.apply(state, made)  # the deal is legal now
    assert [sorted(h) for h in after.dealt] == [sorted(h) for h in made.hands]


def test_no_deal_is_made_when_the_deck_cannot_replace_every_missing_card() -> None:
    state, old = second_year_deal()
    in_old = {c for hand in old.hands for c in hand}
    short = state.model_copy(update={"deck": sorted(c for c in state.deck if c in in_old)})
    assert nearest_fact(short, old) is None


def test_a_keep_from_the_physical_deck_is_mended_the_same_way() -> None:
    state, _ = second_year_deal()
    _, kept, _ = dealing(state)
    owned = sorted(state.owner)[:2]  # two cards of year 1, built on since
    still = state.deck[-(kept - 2) :]
    made = nearest_fact(state, KeepBuildings(seat=0, buildings=(*owned, *still)))
    assert made.seat == 0
    assert sorted(made.buildings) == sorted([*state.deck[:2], *still])
    after, _ = GAME.apply(state, made)
    assert sorted(after.kept[0]) == sorted(made.buildings)


def test_only_deals_and_table_keeps_are_mended() -> None:
    state, old = second_year_deal()
    assert nearest_fact(state, ChooseFirst(first=1)) is None
    dealt, _ = GAME.apply(state, nearest_fact(state, old))
    # once the app dealt, a keep is one of the offered subsets of the hand: nothing to mend
    assert nearest_fact(dealt, KeepBuildings(seat=0, buildings=tuple(dealt.deck[:3]))) is None


def test_the_app_draws_only_for_the_first_player_the_deal_and_the_tiles() -> None:
    table = new_table(4)
    seen = set()

    def check(t) -> None:
        drawn = auto_entry(t.state, random.Random(0))
        assert (drawn is not None) == bool(t.prompt and t.prompt.auto), t.prompt
        seen.add((t.state.phase, drawn is None))

    check(table)
    play_random(table, random.Random(5), table_keeps=0.0, on_step=check)
    assert ("trade", True) in seen and ("tiles", False) in seen and ("over", True) in seen
    # once the game is over, the standing says so instead of naming a year and phase
    assert standing(table.state).key == "chinatown.banner.over"


def test_an_entry_of_another_game_is_described_as_unknown() -> None:
    state, _ = second_year_deal()
    assert describe(state, object()).key == "chinatown.entry.unknown"
