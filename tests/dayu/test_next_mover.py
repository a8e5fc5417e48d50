"""Da Yu names the next mover (a seat's phone's "you're next", Table.next_after) only where the
rules have decided it: turns go round from the start player, but the game may end before the
next turn (the round's end with the flood pile empty, a supply run dry)."""

from __future__ import annotations

from dayu_helpers import new_table

from companion.games.dayu import GAME
from companion.games.dayu.rules import apply
from companion.games.dayu.state import DayuState


def play(state: DayuState, *entries: dict) -> DayuState:
    for entry in entries:
        state, _ = apply(state, GAME.entry_adapter.validate_python(entry))
    return state


def test_the_next_player_is_named_within_a_round_and_in_the_opening() -> None:
    state = new_table(3).state
    assert GAME.turn_order(state) == (0, 1)
    state = play(state, *[{"kind": "rest", "seat": 0}] * 3, {"kind": "rest", "seat": 1})
    assert GAME.turn_order(state) == (1, 2)
    opening = new_table(2, start=1, opening="chosen").state
    assert opening.phase == "opening" and GAME.turn_order(opening) == (1, 0)
    opening = play(opening, *[{"kind": "draw", "seat": 1, "pile": "red"}] * 3)
    assert opening.phase == "opening" and GAME.turn_order(opening) == (0, 1)  # then Ben's first turn


def test_the_start_player_is_not_named_when_the_round_may_end_the_game() -> None:
    """Ben starts; Ana's turn ends the round. With 9 flood cards in the pile and 3 in the circle
    the game goes on, so Ben is next; with 3 left, taking three full cards would empty it."""
    state = play(new_table(2, start=1).state, *[{"kind": "rest", "seat": 1}] * 3)
    assert state.current == 0 and state.flood_pile == 9 and len(state.ring) == 3
    assert GAME.turn_order(state) == (0, 1)
    for pile in (3, 0):
        assert GAME.turn_order(state.model_copy(update={"flood_pile": pile})) == (0,)
    ended = play(state.model_copy(update={"flood_pile": 0}), *[{"kind": "rest", "seat": 0}] * 3)
    assert ended.phase == "over"


def near_deadlock(supply: int) -> DayuState:
    """Four players (five cards in the circle), every marker on place 0; the tokens off the
    supply lie on the other four cards, nine each where they fit, the rest on place 0."""
    state = new_table(4).state.model_copy(deep=True)
    off = 45 - supply
    for place in state.ring[1:]:
        place.tokens = min(9, off)
        off -= place.tokens
    state.ring[0].tokens = off
    state.supply = supply
    return state


def test_nobody_is_named_while_the_turn_could_take_the_last_token() -> None:
    """Four tokens left and three action points: a drain of four tools on place 0 takes them
    all, and the game ends before Ben's turn (dayu.end.deadlock). Thirteen left: it cannot."""
    state = near_deadlock(4)
    assert GAME.turn_order(state) == (0,)
    assert GAME.turn_order(near_deadlock(13)) == (0, 1)
    drained = play(
        state,
        {"kind": "drain", "seat": 0, "card": 0},
        {"kind": "drain_tools", "seat": 0, "tools": 4},
        {"kind": "drain_vp", "seat": 0, "vp": 0},
        {"kind": "rest", "seat": 0},
        {"kind": "rest", "seat": 0},
        {"kind": "draw", "seat": 0, "pile": "red"},
    )
    assert drained.phase == "over" and drained.end_reason == "no_tokens"


def test_three_players_cards_cannot_hold_every_token() -> None:
    """Four cards of nine tokens hold 36 of the 45: the supply never runs dry at three."""
    state = new_table(3).state.model_copy(deep=True)
    for place in state.ring:
        place.tokens = 9
    state.supply = 9
    assert GAME.turn_order(state) == (0, 1)
