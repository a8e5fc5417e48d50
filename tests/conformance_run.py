"""The conformance checks of tests/conformance, shared by its files: one random complete game
played through the Table with the generic checks after every entry and at the end (see
tests/conformance/test_conformance.py). The cases are split over two files so that
`--dist loadfile` gives each test worker half of them (a file runs on one worker)."""

from __future__ import annotations

import random

import pytest
from conformance_hooks import HOOKS, Hooks

from companion.core import RuleViolation, Scoreboard, Table
from companion.core.rulebook import rule
from companion.store import checkpoint

CASES = [(game_id, chunk) for game_id, hooks in HOOKS.items() for chunk in range(hooks.chunks) if hooks.cases]


def half(part: int) -> list[tuple[str, int]]:
    """Every other case, from the first (part 0) or the second (part 1): each game in both."""
    return CASES[part::2]


def run_chunk(game_id: str, chunk: int) -> None:
    hooks = HOOKS[game_id]
    for seed in hooks.cases[chunk :: hooks.chunks]:
        table, rng = hooks.new_table(seed)
        play(table, rng, hooks, check_mutation=seed % 10 == 0)
        at_end(table, hooks, undo_redo=seed % hooks.undo_every == 0)


def play(table: Table, rng: random.Random, hooks: Hooks, check_mutation: bool) -> None:
    move = hooks.player(table, rng)
    steps = 0
    while (prompt := table.prompt) is not None:
        steps += 1
        assert steps < 20_000, "the game did not end"
        before, version = table.state, table.version
        if steps % 9 == 0:
            refuse_wrong_seat(table, prompt)
        if hooks.illegal is not None and steps % 7 == 0 and (bad := hooks.illegal(table, rng)) is not None:
            refuse(table, *bad)
        dump = before.model_dump() if check_mutation else None
        entry = move(table)
        effects = table.auto(rng) if entry is None else table.submit(entry)
        assert table.version == version + 1 and table.state is not before
        if dump is not None:
            assert before.model_dump() == dump, "an entry changed the state it was applied to"
        for effect in effects:
            assert effect.rule_id.startswith("core.") or rule(effect.rule_id) is not None, effect.rule_id
        hooks.after_entry(before, table, effects)


def refuse(table: Table, entry: object, rule_id: str) -> None:
    """A game's own illegal entry is refused with its rule, and nothing changes."""
    before, version = table.state, table.version
    with pytest.raises(RuleViolation) as refused:
        table.submit(entry)
    assert refused.value.rule_id == rule_id and rule(rule_id, "es") is not None
    assert table.state is before and table.version == version


def refuse_wrong_seat(table: Table, prompt) -> None:
    """An offered choice made by another seat is refused with a rule id, and nothing changes."""
    if prompt.seat is None or not prompt.choices or len(table.players) < 2:
        return
    before, version = table.state, table.version
    other = (prompt.seat + 1) % len(table.players)
    wrong = prompt.choices[0].model_copy(update={"seat": other})
    with pytest.raises(RuleViolation) as refused:
        table.submit(wrong)
    assert refused.value.rule_id and refused.value.message_in("es")
    assert table.state is before and table.version == version


def everything_public(table: Table, board: Scoreboard) -> None:
    """Once the game is over, every seat and the public see the whole table (issue 13).
    ``board`` is the table's scoreboard, scored once: it is a function of the final state, so
    scoring it again for each seat compared the same value (each view still scores its own)."""
    effects = [fx for _, _, fxs in table.history for fx in fxs]
    full = table.state.model_dump()
    for seat in [None, *range(len(table.players))]:
        view = table.view(seat)
        assert view.seat == seat and view.scoreboard == board and not view.scoreboard.hidden
        assert view.effects(effects) == effects
        seen = view.state.model_dump()
        assert {k: seen.get(k) for k in full} == full, "the view at the end hides or changes a value"


def at_end(table: Table, hooks: Hooks, undo_redo: bool) -> None:
    board = table.scoreboard
    assert board.final
    assert sorted(board.ranking) == sorted(p.name for p in table.players)
    assert set(board.shared) <= set(board.ranking)
    with pytest.raises(RuleViolation) as over:
        table.submit(table.entries[-1])
    assert over.value.rule_id == "core.game_over"
    everything_public(table, board)
    hooks.at_end(table)

    final = table.state.model_dump()
    imported = Table.from_json(table.to_json())
    assert imported.state.model_dump() == final and imported.entries == table.entries
    data = table.to_dict()  # read, never changed, by both loads below
    stored = Table.from_dict(data, trusted=True)
    assert stored.state.model_dump() == final and stored.history == table.history
    saved = checkpoint.load(checkpoint.dump("log", table.state), "log", table.game)  # as the store keeps it
    assert saved == table.state, "the state does not come back the same from its checkpoint"
    resumed = Table.from_dict(data, trusted=True, checkpoint=saved)
    assert resumed.history == table.history and resumed.state_at(1) == table.state_at(1)

    if undo_redo:
        n = table.version
        setup = table.state_at(0).model_dump()
        assert table.undo(n) == n and table.state.model_dump() == setup
        assert table.redo(n) == n and table.state.model_dump() == final
