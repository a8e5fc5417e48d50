"""Helpers for the Da Yu tests: tables at known points, random play through the prompt, invariants."""

from __future__ import annotations

import random
from typing import Any

from random_play import play_to_end

from companion.core import Table
from companion.games.dayu.data import DATA, FRAMES
from companion.games.dayu.state import DayuState, FloodCard

PAID = {"drain", "move", "flip", "discard", "rest"}


def new_table(players: int = 3, markers: list[int] | None = None, start: int = 0, **options: Any) -> Table:
    """A table past setup: markers on the given places (default all on place 0), ``start`` begins."""
    t = Table.new("dayu", [f"P{i}" for i in range(players)], options or None)
    for i, place in enumerate(markers or [0] * players):
        t.submit({"kind": "marker", "player": i, "place": place})
    t.submit({"kind": "start", "player": start})
    return t


def dump(state: DayuState) -> dict[str, Any]:
    return state.model_dump(mode="json")


def with_flood(state: DayuState, seat: int, *kinds: str) -> DayuState:
    """A copy of the state where ``seat`` owns flood cards of these kinds."""
    s = state.model_copy(deep=True)
    for kind in kinds:
        s.players[seat].flood.append(FloodCard(kind=kind, points=DATA.flood_kinds[kind].points))
    return s


def check_invariants(s: DayuState) -> None:
    spaces = DATA.spaces_per_flood_card
    assert all(0 <= p.tokens <= spaces for p in s.ring)
    assert all(p.tokens == 0 for p in s.ring if p.card is None)
    assert s.supply >= 0
    assert s.supply + sum(p.tokens for p in s.ring) == DATA.drainage_tokens
    for frame in FRAMES:
        held = sum(1 for p in s.players for c in p.hand if c.frame == frame)
        played = sum(1 for p in s.players for c in p.vp_cards if c.frame == frame)
        assert s.piles[frame] >= 0
        assert s.piles[frame] + held + played == DATA.piles[frame], frame
    on_ring = sum(1 for p in s.ring if p.card is not None)
    owned = sum(len(p.flood) for p in s.players)
    assert on_ring + s.flood_pile + s.removed + owned == DATA.flood_cards
    assert 0 <= s.points_left <= DATA.action_points
    assert all(len(p.hand) <= DATA.hand_size for p in s.players)


def play_random(table: Table, rng: random.Random, max_entries: int = 20_000, undo_every: int = 0) -> int:
    """Play through the prompt alone until the game ends; returns the entries made.

    Checks the invariants after every entry and that no turn spends more than three action
    points. With ``undo_every``, now and then undoes a few entries and redoes them, checking
    that the state comes back the same.
    """
    spent: dict[int, int] = {}
    made = 0
    while table.prompt is not None:
        assert made < max_entries, "the game did not end"
        prompt = table.prompt
        if prompt.auto and rng.random() < 0.5:
            table.auto(rng)
        else:
            entry = rng.choice(prompt.choices)
            turn = table.state.turn
            table.submit(entry)
            if entry.kind in PAID and not getattr(entry, "free", False):
                spent[turn] = spent.get(turn, 0) + 1
            elif entry.kind == "drain_cancel":
                spent[turn] -= 1
            assert spent.get(turn, 0) <= DATA.action_points
        made += 1
        check_invariants(table.state)
        if undo_every and made % undo_every == 0:
            before = dump(table.state)
            steps = rng.randint(1, 5)
            undone = table.undo(steps)
            assert table.redo(undone) == undone
            assert dump(table.state) == before
    return made


def told_walk(players: list[str], opening: str, seed: int) -> tuple[int, int, int]:
    """A random whole Da Yu game; every time a seat is asked after another, the seat the phones
    were told was next (if any) must be it, and a game told to go on must not end first.
    Returns (new movers told, new movers not told, turns ended with nobody named next)."""
    table = Table.new("dayu", players, {"opening": opening})
    told = untold = quiet = 0
    said: list[tuple[int, int | None]] = []  # (asked, said next) while one seat is asked

    def on_step(t: Table) -> None:
        nonlocal told, untold, quiet
        p = t.prompt
        seat = p.seat if p is not None else None
        if said and p is None:  # the game ended: it must not have named anyone
            assert said[-1][1] is None, (said[-1], t.state.end_reason)
            quiet += 1
        elif said and seat is not None and seat != said[-1][0]:
            asked, nxt = said[-1]
            assert nxt is None or seat == nxt, (asked, nxt, seat, t.state.phase)
            told, untold = told + (nxt is not None), untold + (nxt is None)
            said.clear()
        if seat is not None:
            nxt = t.next_after(seat)
            if said and said[-1][0] == seat and said[-1][1] is not None:
                assert nxt == said[-1][1], "a seat told it is next is not untold within the turn"
            said.append((seat, nxt))

    on_step(table)
    play_to_end(table, random.Random(seed), on_step)
    return told, untold, quiet
