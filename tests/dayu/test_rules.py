"""Da Yu rules: setup by player count, the turn's steps, and every illegal entry refused with its rule."""

from __future__ import annotations

from typing import Any

import pytest
from dayu_helpers import dump, new_table, with_flood

from companion.core import RuleViolation, Table
from companion.games.dayu import GAME
from companion.games.dayu.ring import neighbours
from companion.games.dayu.rules import apply
from companion.games.dayu.state import DayuState, Place


@pytest.mark.parametrize(("players", "placed", "pile"), [(2, 3, 9), (3, 4, 11), (4, 5, 11)])
def test_setup_by_player_count(players: int, placed: int, pile: int) -> None:
    t = Table.new("dayu", [f"P{i}" for i in range(players)])
    s = t.state
    assert len(s.ring) == placed and s.flood_pile == pile and s.removed == 20 - placed - pile
    assert s.supply == 45 and all(p.tokens == 0 for p in s.ring)
    # One card of each pile for every player, rune side up.
    assert s.piles == {"silver": 36 - players, "green": 30 - players, "red": 36 - players}
    assert all(sorted(c.frame for c in p.hand) == ["green", "red", "silver"] for p in s.players)
    assert all(c.side == "rune" for p in s.players for c in p.hand)
    assert t.prompt.kind == "marker" and t.prompt.auto and len(t.prompt.choices) == placed


def test_markers_and_start_player_entered_or_random() -> None:
    t = Table.new("dayu", ["Ana", "Ben", "Cy"])
    t.submit({"kind": "marker", "player": 0, "place": 2})
    with pytest.raises(RuleViolation) as err:
        t.submit({"kind": "marker", "player": 2, "place": 1})
    assert err.value.rule_id == "dayu.setup.markers"
    t.auto()
    t.auto()
    assert t.prompt.kind == "start"
    t.submit({"kind": "start", "player": 1})
    s = t.state
    assert [p.marker is not None for p in s.players] == [True] * 3 and s.players[0].marker == 2
    assert s.current == s.start == 1 and s.phase == "actions" and s.points_left == 3
    assert t.prompt.seat == 1


def test_opening_piles_chosen_by_the_table() -> None:
    t = new_table(2, start=1, opening="chosen")
    assert t.state.phase == "opening" and t.prompt.seat == 1
    for pile in ("red", "red", "green"):
        t.submit({"kind": "draw", "seat": 1, "pile": pile})
    for pile in ("silver", "silver", "silver"):
        t.submit({"kind": "draw", "seat": 0, "pile": pile})
    s = t.state
    assert [c.frame for c in s.players[1].hand] == ["red", "red", "green"]
    assert s.piles == {"silver": 33, "green": 29, "red": 34}
    assert s.phase == "actions" and s.current == 1


def drain(t: Table, seat: int, card: int, tools: int, vp: int) -> None:
    t.submit({"kind": "drain", "seat": seat, "card": card})
    t.submit({"kind": "drain_tools", "seat": seat, "tools": tools})
    t.submit({"kind": "drain_vp", "seat": seat, "vp": vp})


def test_a_whole_turn_drain_draw_and_next_player() -> None:
    t = new_table(2)
    drain(t, 0, 2, 3, 4)  # the red card
    s = t.state
    assert s.ring[0].tokens == 3 and s.supply == 42 and s.points_left == 2
    assert [(c.frame, c.vp) for c in s.players[0].vp_cards] == [("red", 4)]
    t.submit({"kind": "move", "seat": 0, "to": 1})
    t.submit({"kind": "flip", "seat": 0, "card": 0})
    assert t.state.players[0].hand[0].side == "other"
    assert t.state.phase == "draw" and t.prompt.seat == 0
    t.submit({"kind": "draw", "seat": 0, "pile": "green"})
    s = t.state
    assert s.current == 1 and s.phase == "actions" and s.points_left == 3 and s.turn == 2
    assert t.scoreboard.row("P0").total == 4


def test_discard_goes_to_the_bottom_of_its_pile_for_one_point() -> None:
    t = new_table(2)
    t.submit({"kind": "discard", "seat": 0, "cards": [0, 2]})
    s = t.state
    assert [c.frame for c in s.players[0].hand] == ["green"]
    assert s.piles["silver"] == 35 and s.piles["red"] == 35 and s.points_left == 2


def test_cancelled_drain_returns_its_action_point() -> None:
    t = new_table(2)
    t.submit({"kind": "drain", "seat": 0, "card": 0})
    assert t.state.points_left == 2
    t.submit({"kind": "drain_cancel", "seat": 0})
    assert t.state.points_left == 3 and len(t.state.players[0].hand) == 3 and t.state.supply == 45


def fill(state: DayuState, place: int, tokens: int) -> DayuState:
    s = state.model_copy(deep=True)
    s.supply -= tokens - s.ring[place].tokens
    s.ring[place].tokens = tokens
    return s


def test_full_card_taken_after_drawing_and_refilled() -> None:
    t = new_table(2)
    state = fill(t.state, 0, 7)
    for entry in (
        {"kind": "drain", "seat": 0, "card": 0},
        {"kind": "drain_tools", "seat": 0, "tools": 3},
        {"kind": "drain_vp", "seat": 0, "vp": 1},
        {"kind": "rest", "seat": 0},
        {"kind": "rest", "seat": 0},
    ):
        state, _ = apply(state, GAME.entry_adapter.validate_python(entry))
    assert state.phase == "draw"
    state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "draw", "seat": 0, "pile": "red"}))
    assert state.phase == "bonus" and state.captures == [0]
    prompt = GAME.prompt(state)
    assert prompt.seat is None and len(prompt.choices) == 7 + 7
    state, fx = apply(
        state, GAME.entry_adapter.validate_python({"kind": "flood_bonus", "bonus": "points", "points": 4})
    )
    assert [(f.kind, f.points) for f in state.players[0].flood] == [("points", 4)]
    assert state.supply == 45 and state.ring[0] == Place(card=3, tokens=0) and state.flood_pile == 8
    assert state.current == 1 and state.phase == "actions"
    assert {f.rule_id for f in fx} >= {"dayu.capture", "dayu.capture.refill", "dayu.turn.order"}


def test_exchange_offered_when_taken_and_swaps_cards() -> None:
    t = new_table(2)
    state = with_flood(t.state, 1, "free_move", "free_tool")
    state = fill(state, 0, 10)
    for entry in ({"kind": "rest", "seat": 0},) * 3 + ({"kind": "flood_bonus", "bonus": "exchange"},):
        state, _ = apply(state, GAME.entry_adapter.validate_python(entry))
    assert state.phase == "exchange"
    prompt = GAME.prompt(state)
    assert prompt.seat == 0 and len(prompt.choices) == 3  # keep, or either of P1's two cards
    state, _ = apply(
        state, GAME.entry_adapter.validate_python({"kind": "exchange", "seat": 0, "player": 1, "card": 1})
    )
    assert [f.kind for f in state.players[0].flood] == ["free_tool"]
    assert [f.kind for f in state.players[1].flood] == ["free_move", "exchange"]
    board = GAME.score(state)
    assert board.row("P0").total == 3 and board.row("P1").total == 3


def test_game_ends_before_the_start_players_turn_when_the_pile_is_empty() -> None:
    t = new_table(2, start=1)
    state = t.state.model_copy(deep=True)
    state.flood_pile = 0
    for entry in [{"kind": "rest", "seat": 1}] * 3 + [{"kind": "rest", "seat": 0}] * 2:
        state, _ = apply(state, GAME.entry_adapter.validate_python(entry))
    assert state.phase == "actions"
    state, fx = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": 0}))
    assert state.phase == "over" and state.end_reason == "flood_conquered" and GAME.prompt(state) is None
    assert fx[-2].rule_id == "dayu.end.condition" and fx[-1].rule_id == "dayu.score.tie_break"
    assert GAME.score(state).final


def test_game_ends_when_no_token_is_left() -> None:
    t = new_table(4)
    state = t.state.model_copy(deep=True)
    for place in state.ring:
        place.tokens = 9
    state.supply = 0
    assert GAME.prompt(state).choices  # nothing to drain, but the turn goes on
    for _ in range(3):
        state, fx = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": 0}))
    assert state.phase == "over" and state.end_reason == "no_tokens" and fx[-2].rule_id == "dayu.end.deadlock"


def test_an_empty_place_is_skipped_by_neighbours() -> None:
    t = new_table(4, markers=[2, 0, 0, 0])
    s = t.state.model_copy(deep=True)
    assert neighbours(s, 0) == [1, 4]
    s.ring[1] = Place(card=None)
    assert neighbours(s, 0) == [2, 4] and neighbours(s, 1) == [0, 2]


def test_privileges_once_per_card_and_turn_without_points() -> None:
    t = new_table(3, markers=[0, 0, 0])
    state = with_flood(t.state, 0, "free_move", "free_flip", "free_tool", "free_tool")
    for entry in (
        {"kind": "move", "seat": 0, "to": 1, "free": True},
        {"kind": "flip", "seat": 0, "card": 1, "free": True},
        {"kind": "free_tool", "seat": 0, "place": 3},
        {"kind": "free_tool", "seat": 0, "place": 2},
    ):
        state, _ = apply(state, GAME.entry_adapter.validate_python(entry))
    assert state.points_left == 3 and state.players[0].marker == 1 and state.supply == 43
    assert state.players[0].hand[1].side == "other"
    for _ in range(3):
        state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": 0}))
    assert state.current == 1  # every privilege used and no point left: the turn went on


def test_end_actions_leaves_privileges_unused() -> None:
    t = new_table(2)
    state = with_flood(t.state, 0, "free_move")
    for _ in range(3):
        state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": 0}))
    assert state.phase == "actions" and state.points_left == 0
    kinds = {c.kind for c in GAME.prompt(state).choices}
    assert kinds == {"move", "end_actions"}
    state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "end_actions", "seat": 0}))
    assert state.current == 1 and state.phase == "actions"  # a full hand: nothing to draw


# ---- illegal entries: refused with the rule, nothing changes -------------------------------------
def refused(state: DayuState, entry: dict[str, Any]) -> str:
    before = dump(state)
    with pytest.raises(RuleViolation) as err:
        apply(state, GAME.entry_adapter.validate_python(entry))
    assert dump(state) == before
    assert err.value.message and err.value.message_in("es")
    return err.value.rule_id


def test_fourth_action_point_refused() -> None:
    t = new_table(2)
    t.submit({"kind": "discard", "seat": 0, "cards": [2]})
    t.submit({"kind": "rest", "seat": 0})
    t.submit({"kind": "rest", "seat": 0})
    assert t.state.phase == "draw" and t.prompt.seat == 0
    before, version = dump(t.state), t.version
    for entry in (
        {"kind": "rest", "seat": 0},
        {"kind": "drain", "seat": 0, "card": 0},
        {"kind": "move", "seat": 0, "to": 1},
    ):
        with pytest.raises(RuleViolation) as err:
            t.submit(entry)
        assert err.value.rule_id == "dayu.turn.action_points"
    assert dump(t.state) == before and t.version == version
    state = with_flood(new_table(2).state, 0, "free_flip")
    for _ in range(3):
        state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": 0}))
    assert refused(state, {"kind": "rest", "seat": 0}) == "dayu.turn.action_points"


def test_overflowing_drain_refused() -> None:
    t = new_table(2)
    state = fill(t.state, 0, 8)
    state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "drain", "seat": 0, "card": 0}))
    assert [c.tools for c in GAME.prompt(state).choices if c.kind == "drain_tools"] == [1, 2]
    assert refused(state, {"kind": "drain_tools", "seat": 0, "tools": 3}) == "dayu.drain.fit"
    assert refused(fill(t.state, 0, 10), {"kind": "drain", "seat": 0, "card": 0}) == "dayu.drain.fit"
    assert refused(fill(t.state, 0, 10), {"kind": "free_tool", "seat": 0, "place": 0}) == "dayu.drain.fit"
    table = new_table(2)
    table.submit({"kind": "drain", "seat": 0, "card": 0})
    with pytest.raises(RuleViolation) as err:
        table.submit({"kind": "drain_tools", "seat": 0, "tools": 5})
    assert err.value.rule_id == "dayu.drain.tools"


def test_drain_needs_tokens_in_the_supply() -> None:
    state = new_table(2).state.model_copy(deep=True)
    state.ring[1].tokens, state.ring[2].tokens, state.supply = 9, 9, 27
    state.ring[0].tokens, state.supply = 8, 0  # (an impossible count, to reach an empty supply)
    assert refused(state, {"kind": "drain", "seat": 0, "card": 0}) == "dayu.drain.supply"


def test_move_to_a_card_that_is_not_a_neighbour_refused() -> None:
    state = new_table(4).state
    assert refused(state, {"kind": "move", "seat": 0, "to": 2}) == "dayu.move.neighbour"
    assert refused(state, {"kind": "move", "seat": 0, "to": 0}) == "dayu.move.neighbour"


def test_privilege_twice_in_a_turn_refused() -> None:
    state = with_flood(new_table(3).state, 0, "free_move", "free_flip", "free_tool")
    state, _ = apply(
        state, GAME.entry_adapter.validate_python({"kind": "move", "seat": 0, "to": 1, "free": True})
    )
    assert refused(state, {"kind": "move", "seat": 0, "to": 2, "free": True}) == "dayu.privilege.once"
    state, _ = apply(
        state, GAME.entry_adapter.validate_python({"kind": "flip", "seat": 0, "card": 0, "free": True})
    )
    assert refused(state, {"kind": "flip", "seat": 0, "card": 0, "free": True}) == "dayu.privilege.once"
    state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "free_tool", "seat": 0, "place": 2}))
    assert refused(state, {"kind": "free_tool", "seat": 0, "place": 2}) == "dayu.privilege.once"
    # A privilege the player does not own at all.
    assert (
        refused(new_table(3).state, {"kind": "move", "seat": 0, "to": 1, "free": True})
        == "dayu.flood.free_move"
    )


def test_draw_from_an_empty_pile_refused() -> None:
    t = new_table(2)
    t.submit({"kind": "discard", "seat": 0, "cards": [0]})
    t.submit({"kind": "rest", "seat": 0})
    t.submit({"kind": "rest", "seat": 0})
    state = t.state.model_copy(deep=True)
    state.piles["silver"] = 0
    assert refused(state, {"kind": "draw", "seat": 0, "pile": "silver"}) == "dayu.draw.empty_pile"
    assert [c.pile for c in GAME.prompt(state).choices] == ["green", "red"]


def refused_by_table(t: Table, entry: dict[str, Any], rule_id: str) -> RuleViolation:
    """The Table refuses ``entry`` citing ``rule_id``, and nothing changes."""
    before, version = dump(t.state), t.version
    with pytest.raises(RuleViolation) as err:
        t.submit(entry)
    assert err.value.rule_id == rule_id and err.value.message_in("es")
    assert dump(t.state) == before and t.version == version
    return err.value


def test_the_table_refuses_another_players_entry_naming_whose_turn_it_is() -> None:
    t = new_table(3, start=1)
    for entry in ({"kind": "rest", "seat": 0}, {"kind": "move", "seat": 2, "to": 1}):
        refusal = refused_by_table(t, entry, "dayu.turn.order")
        assert refusal.msg.key == "core.entry.wrong_seat" and refusal.msg.args["player"] == "P1"
    t.submit({"kind": "drain", "seat": 1, "card": 0})  # the drain's numbers are P1's to enter too
    refused_by_table(t, {"kind": "drain_tools", "seat": 0, "tools": 2}, "dayu.turn.order")


def test_the_table_refuses_an_entry_of_another_step() -> None:
    t = new_table(2)
    for entry in (
        {"kind": "draw", "seat": 0, "pile": "red"},  # drawing while action points remain
        {"kind": "drain_tools", "seat": 0, "tools": 2},  # no drain in progress
        {"kind": "flood_bonus", "bonus": "exchange"},  # no full card taken
        {"kind": "marker", "player": 0, "place": 1},  # the markers are placed
    ):
        refusal = refused_by_table(t, entry, "dayu.turn.phase")
        assert refusal.msg.key == "core.entry.wrong_kind" and refusal.msg.args["expected"] == t.prompt.msg
    t.submit({"kind": "drain", "seat": 0, "card": 0})
    refused_by_table(t, {"kind": "rest", "seat": 0}, "dayu.turn.phase")  # the drain's numbers first


def test_the_table_refuses_a_marker_out_of_order_naming_the_next_player() -> None:
    t = Table.new("dayu", ["Ana", "Ben", "Cy"])
    t.submit({"kind": "marker", "player": 0, "place": 2})
    refusal = refused_by_table(t, {"kind": "marker", "player": 2, "place": 1}, "dayu.setup.markers")
    assert refusal.msg.key == "core.entry.not_a_choice" and "Ben" in refusal.message
    assert "Ben" in refusal.message_in("es")
    refused_by_table(t, {"kind": "marker", "player": 0, "place": 1}, "dayu.setup.markers")  # placed
    refused_by_table(t, {"kind": "marker", "player": 7, "place": 1}, "dayu.setup.markers")  # nobody
    refused_by_table(t, {"kind": "start", "player": 0}, "dayu.setup.markers")  # markers first


def test_other_illegal_entries_refused() -> None:
    state = new_table(2).state
    assert refused(state, {"kind": "flip", "seat": 0, "card": 5}) == "dayu.flip"
    assert refused(state, {"kind": "discard", "seat": 0, "cards": [1, 1]}) == "dayu.discard"
    assert refused(state, {"kind": "end_actions", "seat": 0}) == "dayu.turn.action_points"
    moved = state.model_copy(deep=True)
    moved.ring[0] = Place(card=None)
    assert refused(moved, {"kind": "drain", "seat": 0, "card": 0}) == "dayu.drain.marker"


def test_game_ends_at_the_end_of_the_round_when_no_tool_card_is_left() -> None:
    """Every tool card is a VP card: nothing can be drained, so the round ends the game (dayu.end.no_tools)."""
    t = new_table(2, start=0)
    state = t.state.model_copy(deep=True)
    assert state.flood_pile > 0
    state.piles = {frame: 0 for frame in state.piles}
    for p in state.players:
        p.hand = []
    for seat in (0, 0, 0, 1, 1):
        state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": seat}))
    assert state.phase == "actions" and state.current == 1  # the round is played to its end
    state, fx = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": 1}))
    assert state.phase == "over" and state.end_reason == "no_tools" and GAME.prompt(state) is None
    assert fx[-2].rule_id == "dayu.end.no_tools"
    assert GAME.score(state).final and len(state.round_totals) == 1
    assert GAME.banner(state).render("es") and "tool card" in GAME.banner(state).render("en")


def test_a_tool_card_still_held_keeps_the_game_going() -> None:
    t = new_table(2, start=0)
    state = t.state.model_copy(deep=True)
    state.piles = {frame: 0 for frame in state.piles}
    state.players[0].hand = []
    for seat in (0, 0, 0, 1, 1, 1):
        state, _ = apply(state, GAME.entry_adapter.validate_python({"kind": "rest", "seat": seat}))
    assert state.phase == "actions" and state.round == 2


def test_the_vp_card_kept_by_a_drain_says_its_unit() -> None:
    # Walkthrough 2026-12-06: "Ben guarda una carta de PV de marco plateado que vale 2." (and each
    # drain_vp choice said it): a number with no unit, wrapped alone on its line at 412 px.
    t = new_table(2)
    t.submit({"kind": "drain", "seat": 0, "card": 2})
    t.submit({"kind": "drain_tools", "seat": 0, "tools": 3})
    fx = t.submit({"kind": "drain_vp", "seat": 0, "vp": 4})
    kept = next(e for e in fx if e.msg.key == "dayu.fx.vp_card")
    # the number and its unit never apart (a non-breaking space: "VP" alone on a line otherwise)
    assert kept.msg.render("en") == "P0 keeps a red VP card worth 4\u00a0VP"
    assert kept.msg.render("es") == "P0 guarda una carta de PV de marco rojo que vale 4\u00a0PV"
