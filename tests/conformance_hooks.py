"""Per-game hooks of the conformance suite: how to start a random table, how a random player
chooses, and the game's own invariants after every entry and at the end.

A new game adds one ``Hooks`` to ``HOOKS`` (the suite refuses to run without one for every
registered game).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from chinatown_helpers import illegal_entry, random_table_keep, random_trade
from chinatown_helpers import new_table as chinatown_table
from dayu_helpers import PAID
from dayu_helpers import check_invariants as dayu_invariants
from dragon_expansion_helpers import COMBOS, random_x_table
from dragon_helpers import random_table

from companion.core import Table, codes
from companion.games.chinatown.data import DATA as CT
from companion.games.chinatown.entries import Trade, TradingDone
from companion.games.dayu.data import DATA as DY
from companion.games.dragon.data import RULES

Player = Callable[[Table], Any]  # the next entry, or None to let the app make it (Prompt.auto)


@dataclass(frozen=True)
class Hooks:
    cases: list[int]  # seeds; each one is a complete random game
    chunks: int  # how many test items the seeds are split into (two cores share them)
    new_table: Callable[[int], tuple[Table, random.Random]]
    player: Callable[[Table, random.Random], Player]
    after_entry: Callable[[Any, Table, list[Any]], None]  # (state before, table, effects)
    at_end: Callable[[Table], None]
    undo_every: int = 20  # undo and redo the whole game for one seed in this many
    illegal: Callable[[Table, random.Random], tuple[Any, str] | None] | None = None  # (entry, its rule)


# ---- Dragon ---------------------------------------------------------------------------------
DRAGON_GAMES = int(os.environ.get("DRAGON_GAMES", "1000"))
DRAGON_EXPANSION_GAMES = int(os.environ.get("DRAGON_EXPANSION_GAMES", "200"))  # per combination


def dragon_table(seed: int) -> tuple[Table, random.Random]:
    """Seeds below DRAGON_GAMES play the base game; the rest each combination of the expansions."""
    if seed < DRAGON_GAMES:
        return random_table(seed)
    combo, n = divmod(seed - DRAGON_GAMES, DRAGON_EXPANSION_GAMES)
    return random_x_table(n, *COMBOS[combo])


def dragon_player(table: Table, rng: random.Random) -> Player:
    return lambda t: None if t.prompt.auto else rng.choice(t.prompt.choices)


def dragon_after(before: Any, table: Table, effects: list[Any]) -> None:
    after = table.state
    volcano = any(e.rule_id == "dragon.super.volcano" for e in effects)
    quake = any(t.palace is not None for t in after.tasks)  # an Earthquake's excess, being released
    for seat, (old, p) in enumerate(zip(before.players, after.players, strict=True)):
        assert p.yuan >= 0 and p.rice >= 0 and p.fireworks >= 0
        for pal in p.palaces:
            assert 1 <= pal.floors <= RULES.setup.max_floors
            assert len(pal.persons) <= pal.floors or quake
        assert p.track >= old.track or volcano, "a person marker moved back"
        assert p.vp >= old.vp, "victory points fell"
        built = sum(1 for s, _ in after.wall if s == seat)
        assert len(p.wall_tiles) + built == (len(RULES.wall_bonus) if after.options.great_wall else 0)
    assert len(after.wall) <= RULES.wall.max_sections
    assert after.tiles_in_play() == _person_tiles(len(after.players)), "tiles not conserved"
    assert all(n >= 0 for n in after.supply.values())


@cache  # the supply a player count starts with never changes; it was summed again every entry
def _person_tiles(players: int) -> int:
    return sum(RULES.supply(players).values())


def dragon_end(table: Table) -> None:
    state, board = table.state, table.scoreboard
    assert state.final and state.month == 12 and len(board.by_round[0]) == 12
    assert (state.super_event is not None) == state.options.super_events
    assert state.after == [] and state.super_step is None


# ---- Chinatown ------------------------------------------------------------------------------
def chinatown_new(seed: int) -> tuple[Table, random.Random]:
    rng = random.Random(seed)
    return chinatown_table(rng.choice([3, 4, 5])), rng


def chinatown_player(table: Table, rng: random.Random, trades: int = 3, table_keeps: float = 0.3) -> Player:
    made = [0]

    def move(t: Table) -> Any:
        prompt, state = t.prompt, t.state
        if prompt.kind == "buildings" and rng.random() < table_keeps:
            return random_table_keep(state, rng, state.order()[0])
        if prompt.kind == "keep_buildings" and prompt.choices is None:
            return random_table_keep(state, rng, next(s for s in state.order() if s not in state.kept))
        if prompt.auto:
            return None
        if prompt.kind == "trade":
            trade = random_trade(state, rng) if made[0] < trades else None
            if trade is not None and rng.random() < 0.8:
                made[0] += 1
                return trade
            made[0] = 0
            return TradingDone()
        return rng.choice(prompt.choices)

    return move


def chinatown_after(before: Any, table: Table, effects: list[Any]) -> None:
    s = table.state
    # Money: the start plus every income paid; trades only move it around.
    assert sum(s.money) == CT.starting_money * s.n + sum(map(sum, s.income))
    assert all(m >= 0 for m in s.money)
    # Tiles: bag + hands + board hold each type's tiles exactly.
    held = Counter(s.bag)
    for hand in s.hands:
        held.update(hand)
    held.update(s.shop.values())
    assert held == Counter({t.id: t.tiles for t in CT.shop_types})
    # Buildings: owned, in the deck, or out in an app-dealt hand not yet kept; never two of these.
    owned, deck = set(s.owner), set(s.deck)
    out = {c for seat, h in enumerate(s.dealt or []) if seat not in s.kept for c in h}
    assert not owned & deck and not owned & out and not deck & out
    assert owned | deck | out == set(range(1, 86))
    assert set(s.shop) <= owned  # a shop always stands on an owned building


def _taker(digits: list[tuple[int, int]]) -> Callable[[int], int]:
    """``take`` over the digits a game wrote, checking that each is read with its radix."""
    given = iter(digits)

    def take(radix: int) -> int:
        value, expected = next(given)
        assert expected == radix
        return value

    return take


def chinatown_end(table: Table) -> None:
    state, board = table.state, table.scoreboard
    assert len(board.by_round[0]) == 6
    assert [r.total for r in board.rows] == state.money
    public = table.view(None)  # at the end everything is public
    assert public.state.money == state.money and public.scoreboard == board
    players = state.players
    keys = [(state.money[players.index(n)], state.tiles_on_board(players.index(n))) for n in board.ranking]
    assert keys == sorted(keys, reverse=True)  # money, then shop tiles on the board
    # Every entry replays from its compact code, or is a trade, which replays from its digits.
    for n, entry in enumerate(table.entries):
        at = table.state_at(n)
        value, radix = codes.entry_code(table.game, at, entry)
        if radix == codes.RAW:
            assert isinstance(entry, Trade)
            digits = table.game.entry_digits(at, entry)
            assert digits is not None
            assert table.game.entry_from_digits(at, _taker(digits)) == entry
        else:
            assert codes.entry_from_code(table.game, at, value) == entry


# ---- Da Yu ----------------------------------------------------------------------------------
def dayu_new(seed: int) -> tuple[Table, random.Random]:
    rng = random.Random(seed)
    players = 2 + seed % 3
    return Table.new(
        "dayu", [f"P{i}" for i in range(players)], {"opening": rng.choice(["one_of_each", "chosen"])}
    ), rng


def dayu_player(table: Table, rng: random.Random) -> Player:
    spent: dict[int, int] = {}

    def move(t: Table) -> Any:
        prompt = t.prompt
        if prompt.auto and rng.random() < 0.5:
            return None
        entry = rng.choice(prompt.choices)
        turn = t.state.turn
        if entry.kind in PAID and not getattr(entry, "free", False):
            spent[turn] = spent.get(turn, 0) + 1
        elif entry.kind == "drain_cancel":
            spent[turn] -= 1
        assert spent.get(turn, 0) <= DY.action_points, "a turn spent more than its action points"
        return entry

    return move


def dayu_end(table: Table) -> None:
    state = table.state
    assert state.phase == "over" and state.end_reason in ("flood_conquered", "no_tokens", "no_tools")
    if state.end_reason == "flood_conquered":
        assert state.flood_pile == 0 and state.current == (state.start - 1) % len(state.players)
    board = table.scoreboard
    assert all(len(series) == len(state.round_totals) for series in board.by_round)
    assert [series[-1] for series in board.by_round] == [row.total for row in board.rows]


HOOKS: dict[str, Hooks] = {
    "dragon": Hooks(
        cases=list(range(DRAGON_GAMES + len(COMBOS) * DRAGON_EXPANSION_GAMES)),
        chunks=22,
        new_table=dragon_table,
        player=dragon_player,
        after_entry=dragon_after,
        at_end=dragon_end,
    ),
    "chinatown": Hooks(
        cases=list(range(int(os.environ.get("CHINATOWN_GAMES", "12")))),
        chunks=2,
        new_table=chinatown_new,
        player=chinatown_player,
        after_entry=chinatown_after,
        at_end=chinatown_end,
        undo_every=4,
        illegal=illegal_entry,
    ),
    "dayu": Hooks(
        cases=list(range(int(os.environ.get("DAYU_GAMES", "9")))),
        chunks=1,
        new_table=dayu_new,
        player=dayu_player,
        after_entry=lambda before, table, effects: dayu_invariants(table.state),
        at_end=dayu_end,
        undo_every=1,
    ),
}
