"""Da Yu's captured flood card: its bonus or printed number must be one the cards have, and the
Exchange bonus swaps it for another player's flood card (or keeps it), the line in the log naming
the card the player gets. The app draws only the setup's markers and start player."""

from __future__ import annotations

import random

import pytest
from dayu_helpers import new_table

from companion.core import RuleViolation
from companion.games.dayu import GAME
from companion.games.dayu.data import DATA, POINTS_KIND
from companion.games.dayu.entries import Exchange, FloodBonus
from companion.games.dayu.flow import auto_entry, describe
from companion.games.dayu.state import DayuState
from companion.games.dayu.tally import flood_name


def bonus_states(seed: int):
    """The states of random 3-player games where the player to move chooses a captured card's bonus."""
    rng = random.Random(seed)
    table = new_table(3)
    while (prompt := table.prompt) is not None:
        if table.state.phase == "bonus":
            yield table.state
        table.submit(rng.choice(prompt.choices))


def exchanging() -> DayuState:
    """A state asking the player whether to swap a just-taken Exchange card, others holding flood cards."""
    for seed in range(20):
        for s in bonus_states(seed):
            if any(p.flood for i, p in enumerate(s.players) if i != s.current):
                after, _ = GAME.apply(s, FloodBonus(bonus="exchange"))
                assert after.phase == "exchange"
                return after
    raise AssertionError("no capture while others held flood cards")


def refused(state: DayuState, entry: object) -> str:
    before = state.model_dump()
    with pytest.raises(RuleViolation) as err:
        GAME.apply(state, entry)
    assert state.model_dump() == before
    return err.value.msg.key


def test_a_captured_card_takes_a_real_bonus_or_a_printed_number_in_range() -> None:
    s = next(bonus_states(0))
    low, high = DATA.flood_card_points.low, DATA.flood_card_points.high
    assert refused(s, FloodBonus(bonus=POINTS_KIND, points=high + 1)) == "dayu.err.points_range"
    assert refused(s, FloodBonus(bonus=POINTS_KIND, points=low - 1)) == "dayu.err.points_range"
    assert refused(s, FloodBonus(bonus=POINTS_KIND)) == "dayu.err.points_range"
    assert (
        refused(s, FloodBonus(bonus="free_move", points=3)) == "dayu.err.bonus_kind"
    )  # a bonus has no number
    after, _ = GAME.apply(s, FloodBonus(bonus=POINTS_KIND, points=high))
    assert after.players[s.current].flood[-1].points == high


def test_the_exchange_names_the_card_the_player_gets_and_swaps_it() -> None:
    s = exchanging()
    me = s.current
    swaps = [c for c in GAME.prompt(s).choices if c.player is not None]
    assert swaps and Exchange(seat=me) in GAME.prompt(s).choices
    for choice in swaps:
        theirs = s.players[choice.player].flood[choice.card]
        text = describe(s, choice).render("en")
        assert s.players[choice.player].name in text
        assert flood_name(theirs.kind, theirs.points).render("en") in text
        after, _ = GAME.apply(s, choice)
        assert after.players[me].flood[s.taken] == theirs
        assert after.players[choice.player].flood[choice.card] == s.players[me].flood[s.taken]
    assert describe(s, Exchange(seat=me)).key == "dayu.do.keep"
    kept, _ = GAME.apply(s, Exchange(seat=me))
    assert kept.players[me].flood == s.players[me].flood


def test_an_exchange_with_oneself_or_a_card_nobody_holds_is_refused() -> None:
    s = exchanging()
    me = s.current
    other = next(i for i, p in enumerate(s.players) if i != me and p.flood)
    beyond = len(s.players[other].flood)
    assert refused(s, Exchange(seat=me, player=me, card=0)) == "dayu.err.bad_exchange"
    assert refused(s, Exchange(seat=me, player=other)) == "dayu.err.bad_exchange"
    assert refused(s, Exchange(seat=me, player=other, card=beyond)) == "dayu.err.bad_exchange"
    assert refused(s, Exchange(seat=me, player=len(s.players), card=0)) == "dayu.err.bad_exchange"
    # the log line of such an entry says the card is unknown instead of failing
    assert describe(s, Exchange(seat=me, player=other, card=beyond)).key == "dayu.do.exchange_unknown"


def test_the_app_draws_only_the_markers_and_the_start_player() -> None:
    table = new_table(2)
    rng = random.Random(4)
    assert auto_entry(table.state, rng) is None  # markers placed and start player chosen
    phases = set()
    while (prompt := table.prompt) is not None:
        assert auto_entry(table.state, rng) is None
        phases.add(table.state.phase)
        table.submit(rng.choice(prompt.choices))
    assert {"actions", "bonus"} <= phases
