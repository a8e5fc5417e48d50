"""Replaying a table's log from a state with one decision changed (the review's policy).

``play_on`` continues from a state after the changed decision and plays the rest of the log:

1. the next logged entry, when it is legal now (offered by the prompt, or accepted by ``apply``
   for a free-form prompt), is played as logged;
2. otherwise, if the logged entry is not even of the seat and kind asked, and a later entry of the same run (the same seat's consecutive entries, no table fact
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
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.protocol import Effect, Entry, Game, Prompt, RuleViolation

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
        if not kind_fits(prompt, entry.kind) or not seat_fits(prompt, entry):
            return None
        choices = prompt.choices
        if choices is not None:
            if not offered(entry, choices):
                return None
            if self._prompted is not None:
                return self._prompted(state, entry)
            nxt, fx = self._play(state, entry)
            return nxt, fx, _UNKNOWN
        try:
            nxt, fx = self.game.apply(state, entry)
        except RuleViolation:
            return None
        return nxt, fx, _UNKNOWN

    def prompt(self, state: Any, known: Any) -> Prompt | None:
        return self.game.prompt(state) if known is _UNKNOWN else known

    # ---- the rest of the log ----------------------------------------------------------
    def play_on(
        self,
        state: Any,
        cursor: int,
        watched: Collection[int],
        first: list[Effect] | None = None,
        known: Any = _UNKNOWN,
    ) -> Outcome:
        """Play the log from entry ``cursor`` on ``state`` by the policy (module docstring)."""
        log, n = self.log, len(self.log)
        out = Outcome(state, [fx for fx in first or () if fx.seat in watched])
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
            out.effects += [f for f in fx if f.seat in watched]
            prompt = self.prompt(state, known)
        out.state = state
        if self.finished:
            out.dropped += max(0, n - cursor)  # logged entries after the replay's own end
        out.ok = out.ok and (prompt is None or not self.finished)
        return out

    def _instead(self, state: Any, prompt: Prompt, cursor: int, out: Outcome) -> tuple[Any, int]:
        """Steps 2 and 3 of the policy: (what was played, the new cursor)."""
        log, facts, n = self.log, self.facts, len(self.log)
        if cursor < n and not facts[cursor] and not wanted(prompt, log[cursor]):
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
        reference, at = self._reference(prompt, cursor)
        if reference is not None and at > cursor and prompt.auto:
            # the table fact asked for comes later in the log: what lies before it belonged to a
            # part of the round that no longer happens
            played = self.try_play(state, prompt, reference)
            if played is not None:
                out.dropped += at - cursor
                out.kept += 1
                return played, at + 1
        consumed = at == cursor
        fact = consumed and self.facts[cursor]
        for entry in self._policy(state, prompt, reference, cursor):
            played = self.try_play(state, prompt, entry)
            if played is not None:
                if fact or prompt.auto:
                    out.facts_replaced += 1
                else:
                    out.replaced += 1
                return played, cursor + 1 if consumed else cursor
        return None, cursor

    def _policy(self, state: Any, prompt: Prompt, reference: Any | None, cursor: int) -> list[Any]:
        """The entries step 3 tries, best first: the game's nearest legal entry to the reference when
        it has such a function (Chinatown: a deal or a keep with the cards no longer in the deck
        swapped), then for a fact one drawn with a fixed seed, else the prompt's choices by
        closeness to the reference."""
        tried = []
        nearest = getattr(self.game, "nearest_fact", None)
        if nearest is not None and reference is not None:
            made = nearest(state, reference)
            if made is not None:
                tried.append(made)
        if prompt.auto:
            drawn = self.game.auto_entry(state, random.Random(cursor))
            return tried + ([] if drawn is None else [drawn])
        return tried + candidates(self.game, prompt, reference)

    def _reference(self, prompt: Prompt, cursor: int) -> tuple[Any | None, int]:
        """The logged entry the policy imitates and its index: the one at the cursor when it is of
        the asked seat and kind, else the next such one before the next table fact, or, for a
        prompt that lists no choices (nothing else to go by), the next such one anywhere."""
        log, facts = self.log, self.facts
        kinds = fitting_kinds(prompt)  # asked once, not of each entry passed (a Da Yu replay
        stop_at_fact = prompt.choices is not None  # that left the log scans hundreds)
        for j in range(cursor, len(log)):
            entry = log[j]
            if (kinds is None or entry.kind in kinds) and seat_fits(prompt, entry):
                return entry, j
            if facts[j] and stop_at_fact:
                break
        return None, -1


def wanted(prompt: Prompt, entry: Any) -> bool:
    """Whether ``entry`` is of a kind and seat the prompt asks for (legal or not)."""
    return kind_fits(prompt, entry.kind) and seat_fits(prompt, entry)


def fitting_kinds(prompt: Prompt) -> frozenset[str] | None:
    """The kinds ``kind_fits`` accepts for this prompt, as a set (None: any kind)."""
    choices = prompt.choices
    if not (prompt.kinds or choices):
        return None
    return frozenset(prompt.kinds).union(c.kind for c in choices or ())


def kind_fits(prompt: Prompt, kind: str) -> bool:
    """``prompt.kind_refusal(kind) is None`` without making the refusal (a rendered message): a
    replay asks it of most entries it tries."""
    choices = prompt.choices
    return kind in prompt.kinds or not (prompt.kinds or choices) or any(c.kind == kind for c in choices or ())


def seat_fits(prompt: Prompt, entry: Any) -> bool:
    """The Table's seat check: the seat asked, or one of the seats that may answer."""
    if prompt.seat is not None:
        return bool(entry.seat == prompt.seat)
    return not (prompt.seats and entry.seat is not None and entry.seat not in prompt.seats)


def offered(entry: Any, choices: list[Any]) -> bool:
    """``entry in choices``, by identity or by type and fields first (as the Table tests it)."""
    for c in choices:  # the same instance first: the engines share their offered entries
        if c is entry:
            return True
    cls, fields = type(entry), entry.__dict__
    return any(type(c) is cls and c.__dict__ == fields for c in choices)


def closeness(entry: Entry, reference: Entry | None) -> int:
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
