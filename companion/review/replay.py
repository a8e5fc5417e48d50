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

A fact about one component of the game (Da Yu: the printed face of a flood card, which lies face up
in the ring: the game's ``fact_key`` names the card) is not a fact of the log's order: it is played
when the replay asks about that very component, wherever the log has it (``kept`` where the log
has it, else counted as a table fact changed: the log's order of such facts is not kept), and
passed over where the log has it but the replay is elsewhere; one the log never told is the game's
``unknown_fact`` (Da Yu: a card worth nothing, not the prompt's first, a frame bonus), counted as a
table fact changed (``facts_replaced``); one the replay never asks is ``dropped``.

A game that numbers its turns (``turn_of``; Da Yu, whose log has no table fact after the setup at
which a replay could meet the log again) keeps the replay to the log's turns: a logged entry of a
turn the replay has ended is left out (``dropped``), as the rest of a turn that went differently;
without this the cursor stayed on it, no later turn asked for it, and every move after it was the
policy's own. And a choice that takes the policy's last choice back, to the very state before it
(Da Yu: a drain that does not fit, cancelled), makes the policy leave that choice out there.

Each later logged entry is counted once, whatever the replay did on the way (``_Fates``): ``kept``,
``replaced`` (a choice for a seat took its place), ``facts_replaced`` or ``dropped``; the four sum
to the moves after the decision. A choice that took no logged entry's place (the alternative's own
follow-up, a turn the real game did not have, the replay going on past the log's end) is
``added``, not one of the game's moves.

Everything is deterministic, and the facts of the log are played as logged whenever they are legal.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.protocol import Effect, Entry, Game, Prompt, RuleViolation
from companion.core.table import Table

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
    added: int = 0
    ok: bool = True


@dataclass
class _Fates:
    """What became of each later logged entry during one replay (its index in the log), so that
    each is counted once: played as logged in its place (``kept``), its place taken by the
    policy's choice for a seat (``chosen``) or by a table fact redrawn, or a component's fact
    played where the replay came to it (``facts``); any other is left out (``dropped``). A
    choice that takes no logged entry's place (a turn the real game did not have, a component
    the log never told) is ``added``: it is none of the game's later moves."""

    kept: set[int] = field(default_factory=set)
    chosen: set[int] = field(default_factory=set)
    facts: set[int] = field(default_factory=set)
    added: int = 0

    def count(self, out: Outcome, start: int, n: int) -> None:
        """The four counts of ``out`` over the later entries ``start``..``n - 1``: they sum to
        ``n - start``, the moves after the decision."""
        later = range(start, n)
        out.kept = sum(1 for j in later if j in self.kept)
        out.replaced = sum(1 for j in later if j in self.chosen)
        out.facts_replaced = sum(1 for j in later if j in self.facts)
        out.dropped = len(later) - out.kept - out.replaced - out.facts_replaced
        out.added = self.added


def table_replayer(table: Table, prompts: Sequence[Prompt | None]) -> Replayer:
    """The Replayer of ``table``'s log (``prompts``: the prompt at each logged entry): which
    entries are table facts, and what component each fact is about (the game's ``fact_key``)."""
    game, n = table.game, table.version
    fact_key = getattr(game, "fact_key", None)
    facts = [p is not None and p.auto for p in prompts]
    keys = [None if fact_key is None else fact_key(table.state_at(i)) for i in range(n)]
    turn_of = getattr(game, "turn_of", None)
    turns = None if turn_of is None else [turn_of(table.state_at(i)) for i in range(n)]
    return Replayer(game, list(table.entries), facts, table.finished, keys, turns)


class Replayer:
    """Plays entries of one game on states, with the Table's checks but without a Table."""

    def __init__(
        self,
        game: Game,
        log: Sequence[Any],
        facts: Sequence[bool],
        finished: bool,
        keys: Sequence[Hashable | None] | None = None,
        turns: Sequence[int | None] | None = None,
    ) -> None:
        self.game = game
        self.log = log
        self.facts = facts  # per logged entry: a table fact (its prompt was an automatic one)
        self.finished = finished  # the real game is over: a replay plays on to its end
        # per logged entry: the component its fact is about (the game's ``fact_key``), or None
        self.keys: Sequence[Hashable | None] = keys if keys is not None else [None] * len(log)
        self.by_key = {k: i for i, k in enumerate(self.keys) if k is not None}
        # per logged entry: the turn of the game it was made in (the game's ``turn_of``), or None
        self.turns = turns
        self._fact_key = getattr(game, "fact_key", None)
        self._turn_of = getattr(game, "turn_of", None) if turns is not None else None
        self._prompted = getattr(game, "play_prompted", None)
        self._play = getattr(game, "play", None) or game.apply
        self._latest_of: dict[tuple[int, str], Any | None] = {}  # (seat, kind) -> its latest entry

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

    def asked_key(self, state: Any) -> Hashable | None:
        """The component whose fact ``state`` asks for (Da Yu: the flood card taken), or None."""
        return None if self._fact_key is None else self._fact_key(state)

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
        fates, start = _Fates(), cursor
        steps_left = 2 * (n - cursor) + 200  # the policy never loops; this bounds a game that would
        prompt = self.prompt(state, known)
        used: set[int] = set()  # facts about a component played where the replay came to it
        passed: set[int] = set()  # such facts the cursor went by before the replay came to them
        undo: tuple[Any, Any, list[Any]] | None = None  # the state before the policy's last choice,
        # the choice, and what it was not to choose there
        avoid: tuple[Any, list[Any]] = (None, [])  # a state the policy came back to: not again there
        while prompt is not None and steps_left > 0:
            steps_left -= 1
            if cursor >= n and not self.finished:
                break  # a table in progress: compared where its log ends
            asked = self.asked_key(state)
            if cursor < n and (
                cursor in used or self.keys[cursor] not in (None, asked) or self._past(state, cursor)
            ):
                passed.add(cursor)  # played already, or about another component: not here
                cursor += 1
                continue
            played = self._keyed(state, prompt, asked, used)
            if played is not None and cursor in used:  # the fact logged right here
                fates.kept.add(cursor)
                cursor += 1
            elif played is not None:  # logged elsewhere: at this point of the log, another fact
                fates.facts.add(self.by_key.get(asked, -1))
            else:
                played = None if cursor >= n else self.try_play(state, prompt, log[cursor])
                if played is not None:
                    fates.kept.add(cursor)
                    cursor += 1
                    undo = None  # a logged move between: no choice taken back
                else:
                    skip = avoid[1] if avoid[0] is not None and avoid[0] == state else []
                    played, cursor, chosen = self._instead(state, prompt, cursor, fates, skip)
                    if played is None:
                        out.ok = False
                        break
                    if chosen is not None and undo is not None and played[0] == undo[0]:
                        # this choice took the last one back (Da Yu: a drain that did not fit,
                        # cancelled): the policy would choose it again, round and round
                        avoid = (undo[0], [*undo[2], undo[1]])
                    undo = None if chosen is None else (state, chosen, skip)
            state, fx, known = played
            out.effects += [f for f in fx if f.seat in watched]
            prompt = self.prompt(state, known)
        out.state = state
        # the rest are dropped: passed over (facts about components the replay never came to),
        # skipped, or after the replay's own end
        fates.count(out, start, n)
        out.ok = out.ok and (prompt is None or not self.finished)
        return out

    def _past(self, state: Any, cursor: int) -> bool:
        """Whether the logged entry at ``cursor`` was made in a turn the replay has ended (the game's
        ``turn_of``): the rest of a turn that went differently, which no later turn asks for."""
        if self._turn_of is None or self.turns is None:
            return False
        logged, now = self.turns[cursor], self._turn_of(state)
        return logged is not None and now is not None and logged < now

    def _keyed(
        self, state: Any, prompt: Prompt, asked: Hashable | None, used: set[int]
    ) -> tuple[Any, list[Effect], Any] | None:
        """The logged fact about the component ``state`` asks about (``asked``), played (``kept``),
        or None when there is none to play."""
        at = None if asked is None else self.by_key.get(asked)
        if at is None or at in used:
            return None
        played = self.try_play(state, prompt, self.log[at])
        if played is not None:
            used.add(at)
        return played

    def _instead(
        self, state: Any, prompt: Prompt, cursor: int, fates: _Fates, skip: Sequence[Any] = ()
    ) -> tuple[Any, int, Any]:
        """Steps 2 and 3 of the policy: (what was played, the new cursor, the entry the policy chose
        or None for a logged one); ``skip``: choices taken back here before, not made again."""
        log, facts, n = self.log, self.facts, len(self.log)
        if cursor < n and not facts[cursor] and not wanted(prompt, log[cursor]):
            run_seat = log[cursor].seat
            j = cursor + 1
            while j < n and self.keys[j] is None:  # the run, and the first entry after it
                played = self.try_play(state, prompt, log[j])
                if played is not None:  # the entries before it are dropped
                    fates.kept.add(j)
                    return played, j + 1, None
                if facts[j] or log[j].seat != run_seat:
                    break
                j += 1
        reference, at = self._reference(prompt, cursor)
        if reference is not None and at > cursor and prompt.auto:
            # the table fact asked for comes later in the log: what lies before it belonged to a
            # part of the round that no longer happens
            played = self.try_play(state, prompt, reference)
            if played is not None:  # the entries before it are dropped
                fates.kept.add(at)
                return played, at + 1, None
        consumed = at == cursor
        fact = consumed and self.facts[cursor]
        for entry in self._policy(state, prompt, reference, cursor):
            if skip and offered(entry, list(skip)):
                continue
            played = self.try_play(state, prompt, entry)
            if played is not None:
                if not consumed:  # no logged entry's place: a component's fact the log never
                    fates.added += 1  # told, a turn the real game did not have
                elif fact or prompt.auto or self.asked_key(state) is not None:
                    fates.facts.add(cursor)
                else:
                    fates.chosen.add(cursor)
                return played, cursor + 1 if consumed else cursor, entry
        return None, cursor, None

    def _policy(self, state: Any, prompt: Prompt, reference: Any | None, cursor: int) -> list[Any]:
        """The entries step 3 tries, best first: the game's nearest legal entry to the reference when
        it has such a function (Chinatown: a deal or a keep with the cards no longer in the deck
        swapped), or, for a component the log never told, the game's ``unknown_fact`` (Da Yu: a
        flood card of 0 printed points); then for a fact one drawn with a fixed seed, else the
        prompt's choices by closeness to the reference."""
        tried = []
        nearest = getattr(self.game, "nearest_fact", None)
        if nearest is not None and reference is not None:
            made = nearest(state, reference)
            if made is not None:
                tried.append(made)
        unknown = getattr(self.game, "unknown_fact", None)
        if unknown is not None and reference is None and self.asked_key(state) is not None:
            made = unknown(state)  # a component the log never told (Da Yu: a card worth nothing)
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
            if self.keys[j] is not None:
                continue  # a fact about one component (another one: this one's was played first)
            if (kinds is None or entry.kind in kinds) and seat_fits(prompt, entry):
                return entry, j
            if facts[j] and stop_at_fact:
                break
        return (self._latest(prompt) if cursor >= len(log) else None), -1

    def _latest(self, prompt: Prompt) -> Any | None:
        """For a seat's prompt with choices whose entries are of the prompt's own kind (Da Yu:
        how many tools a face shows, its VP) once the replay has passed the log's end: the seat's latest
        logged entry of that kind. Past the log's end the seat plays faces like the ones it last
        played, not the prompt's first (one tool, 0 VP), at which pace the flood went down a
        token a drain and the replay ran rounds past the game's end. Not for a step of several
        kinds (Da Yu's actions: no entry is of kind "action"): a seat's last action was the end
        game's rest."""
        if prompt.seat is None or prompt.choices is None:
            return None
        key = (prompt.seat, prompt.kind)
        if key not in self._latest_of:  # asked at every step past the end: looked up once
            found = (e for e in reversed(self.log) if e.kind == prompt.kind and e.seat == prompt.seat)
            self._latest_of[key] = next(found, None)
        return self._latest_of[key]


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
