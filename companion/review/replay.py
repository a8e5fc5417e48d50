"""Replaying a table's log from a state with one decision changed (the review's policy).

``play_on`` continues from a state after the changed decision and plays the rest of the log:

1. the next logged entry, when it is legal now (offered by the prompt, or accepted by ``apply``
   for a free-form prompt), is played as logged;
2. otherwise, if a later entry of the same run (the same seat's consecutive entries, no table fact
   in between) is legal now, the entries before it are dropped: they belonged to a turn that went
   differently (the floors of a Build not taken);
3. otherwise, when the prompt asks for a table fact (a deal), the logged fact is redrawn with a
   fixed seed (``facts_replaced``); when it asks a seat, the policy chooses for that seat: the
   legal entry closest to the logged one of that seat and kind (most equal fields, ties to the
   first in the prompt's order), or the first legal one; a logged entry of that seat and kind it
   replaces is consumed (``replaced``).

Everything is deterministic, and the facts of the log are played as logged whenever they are legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from companion.core.protocol import Effect, Game, Prompt, RuleViolation

_UNKNOWN = object()  # the next prompt is not known yet: ask the game


@dataclass
class Outcome:
    """Where a replay ended: the last state, the effects on the watched seats, and how much of
    the log it kept. ``ok`` False: the policy found no legal entry (the alternative is left out)."""

    state: Any
    effects: list[Effect] = field(default_factory=list)
    kept: int = 0
    replaced: int = 0
    dropped: int = 0
    facts_replaced: int = 0
    ok: bool = True


class Replayer:
    """Plays entries of one game on states, with the Table's checks but without a Table."""

    def __init__(self, game: Game, log: Sequence[Any], facts: Sequence[bool], finished: bool) -> None:
        self.game = game
        self.log = log
        self.facts = facts  # per logged entry: a table fact (its prompt was an automatic one)
        self.finished = finished  # the real game is over: a replay plays on to its end
        self._prompted = getattr(game, "play_prompted", None)
        self._play = getattr(game, "play", None) or game.apply

    # ---- one entry ------------------------------------------------------------------
    def try_play(self, state: Any, prompt: Prompt, entry: Any) -> tuple[Any, list[Effect], Any] | None:
        """(next state, effects, next prompt or _UNKNOWN) when ``entry`` is legal now, else None."""
        if prompt.kind_refusal(entry.kind) is not None or not seat_fits(prompt, entry):
            return None
        choices = prompt.choices
        if choices is not None:
            if not offered(entry, choices):
                return None
            if self._prompted is not None:
                return self._prompted(state, entry)  # type: ignore[no-any-return]
            nxt, fx = self._play(state, entry)
            return nxt, fx, _UNKNOWN
        try:
            nxt, fx = self.game.apply(state, entry)
        except RuleViolation:
            return None
        return nxt, fx, _UNKNOWN

    def prompt(self, state: Any, known: Any) -> Prompt | None:
        return self.game.prompt(state) if known is _UNKNOWN else known  # type: ignore[no-any-return]

    # ---- the rest of the log ----------------------------------------------------------
    def play_on(
        self,
        state: Any,
        cursor: int,
        watch: Callable[[Effect], bool],
        first: list[Effect] | None = None,
        known: Any = _UNKNOWN,
    ) -> Outcome:
        """Play the log from entry ``cursor`` on ``state`` by the policy (module docstring)."""
        log, facts, n = self.log, self.facts, len(self.log)
        out = Outcome(state, [fx for fx in first or () if watch(fx)])
        steps_left = 2 * (n - cursor) + 200  # the policy never loops; this bounds a game that would
        prompt = self.prompt(state, known)
        while prompt is not None and steps_left > 0:
            steps_left -= 1
            if cursor >= n and not self.finished:
                break  # a table in progress: compared where its log ends
            played = None if cursor >= n else self.try_play(state, prompt, log[cursor])
            if played is not None:
                cursor += 1
                out.kept += 1
            else:
                played, cursor = self._instead(state, prompt, cursor, out)
                if played is None:
                    out.ok = False
                    break
            state, fx, known = played
            out.effects.extend(f for f in fx if watch(f))
            prompt = self.prompt(state, known)
        out.state = state
        if self.finished:
            out.dropped += max(0, n - cursor)  # logged entries after the replay's own end
        out.ok = out.ok and (prompt is None or not self.finished)
        return out

    def _instead(self, state: Any, prompt: Prompt, cursor: int, out: Outcome) -> tuple[Any, int]:
        """Steps 2 and 3 of the policy: (what was played, the new cursor)."""
        log, facts, n = self.log, self.facts, len(self.log)
        if cursor < n and not facts[cursor]:
            run_seat = log[cursor].seat
            j = cursor + 1
            while j < n:  # the run, and the first entry after it
                played = self.try_play(state, prompt, log[j])
                if played is not None:
                    out.dropped += j - cursor
                    out.kept += 1
                    return played, j + 1
                if facts[j] or log[j].seat != run_seat:
                    break
                j += 1
        if prompt.auto:
            entry = self.game.auto_entry(state, random.Random(cursor))
            played = None if entry is None else self.try_play(state, prompt, entry)
            if played is not None:
                out.facts_replaced += 1
                same = cursor < n and facts[cursor] and log[cursor].kind == entry.kind
                return played, cursor + 1 if same else cursor
            return None, cursor
        reference, consumed = self._reference(prompt, cursor)
        for entry in candidates(self.game, prompt, reference):
            played = self.try_play(state, prompt, entry)
            if played is not None:
                out.replaced += 1
                return played, cursor + 1 if consumed else cursor
        return None, cursor

    def _reference(self, prompt: Prompt, cursor: int) -> tuple[Any | None, bool]:
        """The logged entry the policy imitates: the one at the cursor when it is of the asked seat
        and kind (then it is consumed), else the next such one before the next table fact."""
        log, facts = self.log, self.facts
        for j in range(cursor, len(log)):
            entry = log[j]
            if wanted(prompt, entry):
                return entry, j == cursor
            if facts[j]:
                break
        return None, False


def wanted(prompt: Prompt, entry: Any) -> bool:
    """Whether ``entry`` is of a kind and seat the prompt asks for (legal or not)."""
    return prompt.kind_refusal(entry.kind) is None and seat_fits(prompt, entry)


def seat_fits(prompt: Prompt, entry: Any) -> bool:
    """The Table's seat check: the seat asked, or one of the seats that may answer."""
    if prompt.seat is not None:
        return bool(entry.seat == prompt.seat)
    return not (prompt.seats and entry.seat is not None and entry.seat not in prompt.seats)


def offered(entry: Any, choices: list[Any]) -> bool:
    """``entry in choices``, by identity or by type and fields first (as the Table tests it)."""
    cls, fields = type(entry), entry.__dict__
    return any(c is entry or (type(c) is cls and c.__dict__ == fields) for c in choices)


def closeness(entry: BaseModel, reference: BaseModel | None) -> int:
    """How many fields ``entry`` shares with ``reference`` (the same kind counts twice)."""
    if reference is None:
        return 0
    mine, theirs = entry.__dict__, reference.__dict__
    return sum(1 for k, v in mine.items() if theirs.get(k, _UNKNOWN) == v) + (entry.kind == reference.kind)


def candidates(game: Game, prompt: Prompt, reference: Any | None) -> list[Any]:
    """The entries the policy tries, best first: the prompt's choices by closeness to the
    reference (a stable sort: ties keep the prompt's order); for a free-form prompt, each of its
    kinds with nothing but the seat (ending trading, ending placing)."""
    if prompt.choices is not None:
        return sorted(prompt.choices, key=lambda c: -closeness(c, reference))
    made = []
    for kind in prompt.kinds or (prompt.kind,):
        try:
            made.append(game.entry_adapter.validate_python({"kind": kind, "seat": prompt.seat}))
        except ValueError:  # the kind needs more than a seat: not one the policy can make
            continue
    return made
