"""Foresight: what a month's event (and month 7's super event) would do to each player if it struck now.

The forecast is the rule, not a second copy of it: it runs the engine's own resolution
(``events.start_event``, the wall check, ``events.decay``, ``superevents.start_super``) on a
private copy of the state and reads the numbers off the copy. Only the "what would change it"
hints are worked out here, from the same rules data.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from functools import partial
from itertools import product
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict

from companion.core.msg import Msg, msg
from companion.core.protocol import Effect
from companion.games.dragon.choices import release_options
from companion.games.dragon.data import RULES
from companion.games.dragon.events import DECAY_GONE, decay, settle_tasks, start_event, task_release
from companion.games.dragon.state import DragonState, PlayerState
from companion.games.dragon.superevents import flood_half, start_super, sunrise_picks, super_msg
from companion.games.dragon.text import event_msg
from companion.games.dragon.wall import wall_check

# The phases before a month's event: its forecast is still to come.
BEFORE_EVENT = ("groups", "actions", "persons")
# The setup's phases before the first persons are placed (initial recruitment is "recruit").
BEFORE_RECRUIT = ("event_row", "super_event", "start_player")


class SeatForecast(BaseModel):
    """What the event would do to one player. ``line`` is the compact line for the Play screen,
    ``detail`` the engine's own effects for that player, then what would change them."""

    model_config = ConfigDict(frozen=True)

    seat: int
    line: Effect
    detail: list[Effect]
    yuan: int = 0  # yuan paid
    rice: int = 0  # rice paid
    fireworks: int = 0  # fireworks handed back
    vp: int = 0  # VP scored by the event and the wall check
    releases: int = 0  # persons the player would have to let go (never more than they hold)
    helmets: int = 0
    decay: tuple[int, ...] = ()  # palaces (numbered from 1) losing a floor if nobody else leaves them
    gone: tuple[int, ...] = ()  # those of ``decay`` with a single floor: they would disappear
    track: int | None = None  # the person-track space after a Volcanic eruption

    def harm(self) -> tuple[int, int, int]:
        """How hard the event would hit this player, to compare players: persons lost first,
        then floors, then goods paid."""
        return (self.releases, len(self.decay), self.yuan + self.rice + self.fireworks)

    def loss(self) -> tuple[int, int, int, int]:
        """How hard the event would hit this player, to compare one player's ways out of an event
        ("at worst"): ``harm``, then the VP it would not score (the Mongols' helmets, a Buddha's
        monks: a way keeping fewer scores fewer). docs/DECISIONS.md, "At worst counts the VP a way
        does not score"."""
        return (*self.harm(), -self.vp)


class EventForecast(BaseModel):
    model_config = ConfigDict(frozen=True)

    month: int
    event: str  # the event id, or the super event id when ``super`` is set
    rule_id: str
    headline: Effect
    table: list[Effect]  # what concerns the whole table: the weakest, the wall, the ranking
    seats: list[SeatForecast]  # in seat order
    super: bool = False


def coming_months(state: DragonState) -> list[int]:
    """The months whose event is still to come that the table wants to see: this one and the next."""
    if not state.events or state.phase == "over":
        return []
    first = state.month if state.phase in BEFORE_EVENT else state.month + 1
    first = max(first, 1)
    return [m for m in (first, first + 1) if m <= RULES.setup.months]


def coming_events(state: DragonState) -> list[EventForecast]:
    """The forecasts of this month's event and the next one, then month 7's super event if it is still to come.
    While the event that has struck still owes releases, they are forecast from the table as it
    will stand once this event is over (``after_this_event``)."""
    if mid_event(state):
        return after_this_event(state)
    out = [forecast_event(state, m) for m in coming_months(state)]
    sup = forecast_super(state)
    if sup is not None:
        out.append(sup)
    return out


# ---- mid-event: the table as it will stand once this event is over ---------------------------


def mid_event(state: DragonState) -> bool:
    """The month's event has struck and persons are still owed to it (its releases, a wall
    check's): the forecasts of what comes next are made after them. A super event under way
    (its questions are not releases) is left to the forecast as before."""
    return state.phase == "event" and bool(state.tasks) and state.super_step is None and not state.floors_left


def after_this_event(state: DragonState) -> list[EventForecast]:
    """The coming events forecast once this event is over: the releases owed made, the wall
    checks still waiting run, then decay (unless month 7's super event comes first, which asks
    its own questions). Which persons go is the players' choice: each seat's ways to make its
    releases are tried, told apart by what the coming events read (``reads_of``), and a player's
    line that differs between them says whose choice it depends on (``_merge``). An event that
    compares nobody's persons is forecast on the packed tables (``_tables``), the Mongols on the
    seats' ways together (``_product``'s tables, read from fewer: ``_together``); each event on
    the ways told apart by what it alone reads (``_after``)."""
    ends = _ends_out(state, reads_of(state))
    out = [
        _after(
            state,
            ends,
            (partial(forecast_event, month=m), partial(event_table, month=m)),
            state.events[m - 1],
        )
        for m in coming_months(state)
    ]
    sup = _super_coming(state)
    if sup is not None:
        out.append(_after(state, ends, (forecast_super, super_table), sup))
    return out


def _after(
    state: DragonState,
    ends: Ends,
    forecasts: tuple[Callable[[DragonState], EventForecast | None], Callable[[DragonState], list[Effect]]],
    event: str,
) -> EventForecast:
    """One coming event forecast once this event is over, on each seat's ways told apart by what
    this event alone reads (``reads_of``): packed when it compares nobody, else together (the
    whole forecast on some tables, the table's lines alone on others: ``forecasts``)."""
    forecast, table_only = forecasts
    ends = _only(ends, reads_of(state, event))
    if not _compares(state, event):
        found = [(mark, f) for mark, s in _tables(*ends, packed=True) if (f := forecast(s)) is not None]
        return _merge(state, found, True)
    together, helmets_only, every = _together(*ends)
    helmets = _helmet_ways(*ends)
    found = [(mark, f) for mark, s in together if (f := forecast(s)) is not None]
    tables = [(mark, table_only(s)) for mark, s in helmets_only]
    return _merge(state, _read_every(found, tables, every, helmets), False, helmets)


def _only(ends: Ends, told_apart: Callable[[PlayerState], Hashable]) -> Ends:
    """Each seat's other outcomes out of this event (``_ends_out``) told apart by ``told_apart``
    alone: the first met of each kept, in their order; a seat left with none, left out."""
    base, others = ends
    out: list[tuple[int, list[DragonState]]] = []
    for seat, seat_ends in others:
        seen = {told_apart(base.players[seat])}
        kept = []
        for end in seat_ends:
            key = told_apart(end.players[seat])
            if key not in seen:
                seen.add(key)
                kept.append(end)
        if kept:
            out.append((seat, kept))
    return base, out


class _Read(NamedTuple):
    """What a forecast reads of a table it was not made on (``_read_every``)."""

    seats: list[SeatForecast]
    table: list[Effect]


def _read_every(
    found: list[tuple[Mark, EventForecast]],
    tables: list[tuple[Mark, list[Effect]]],
    every: list[Mark],
    helmets: list[list[int]],
) -> list[tuple[Mark, EventForecast | _Read]]:
    """The forecast on each of ``every`` table (``_product``'s, in its order) read from those
    made (``_together``): a player's from the one with the same own way and the same fewest
    helmets among the others, the table's lines from the one with everyone's same helmets
    (``found``, else ``tables``: the table's lines alone)."""
    seat_of: dict[tuple[int, int, float], SeatForecast] = {}
    table_of: dict[tuple[int, ...], list[Effect]] = {}

    def keys(mark: Mark) -> tuple[tuple[int, ...], list[tuple[int, int, float]]]:
        ways = dict(mark)
        vec = tuple(hs[ways.get(j, 0)] for j, hs in enumerate(helmets))
        return vec, [
            (i, ways.get(i, 0), min((*vec[:i], *vec[i + 1 :]), default=math.inf)) for i in range(len(vec))
        ]

    for mark, f in found:
        vec, seats = keys(mark)
        table_of.setdefault(vec, f.table)
        for key, sf in zip(seats, f.seats, strict=True):
            seat_of.setdefault(key, sf)
    for mark, lines in tables:
        table_of.setdefault(keys(mark)[0], lines)
    out: list[tuple[Mark, EventForecast | _Read]] = [found[0]]
    for mark in every[1:]:
        vec, seats = keys(mark)
        out.append((mark, _Read([seat_of[key] for key in seats], table_of[vec])))
    return out


def _compares(state: DragonState, event: str) -> bool:
    """Whether this event (or super event) sets one player's persons against another's: the
    Mongol Invasion alone (the fewest helmets release), also when a Solar Eclipse repeats it.
    Every other event, and every other super event, takes each player's outcome from their own
    realm."""
    if event == "eclipse":
        event = state.events[RULES.super_events.month - 1]
    return event == "mongol"


def _compares_persons(state: DragonState) -> bool:
    """Whether any forecast event compares players (``_compares``): the way before each event
    had its own, kept for the test that both forecast alike."""
    events = {state.events[m - 1] for m in coming_months(state)}
    if state.super_event == "eclipse":
        events.add(state.events[RULES.super_events.month - 1])
    return "mongol" in events


# What a coming event reads of a player's persons beyond how many each palace holds: the symbols
# it counts (the Mongols' helmets, the Contagion's mortars; a Solar Eclipse repeats its month's
# event), and the Buddha's monks, palace by palace (Buddhas x floors).
_SYMBOLS_READ = {"mongol": "warrior", "contagion": "healer"}


def reads_of(state: DragonState, event: str | None = None) -> Callable[[PlayerState], tuple[object, ...]]:
    """The key telling apart two outcomes of a player's releases by what the forecasts after this
    event read: each palace's floors and whether anyone lives there (decay and its empty palaces,
    the inhabited palaces a Drought feeds, the Earthquake's floors), how many persons the player
    keeps (the releases a coming event can take: one forecast makes a single event's, so which
    palaces they come from changes no count; the Lantern festival), then the symbols a coming
    event counts. Two outcomes with
    the same key forecast alike, so only one is tried (docs/DECISIONS.md, "Dragon's forecast
    tells a player's ways apart by what the coming events read"). ``event``: what that one coming
    event (or super event) reads, each forecast told apart by its own (docs/DECISIONS.md, "Fewer
    tables for the Mongols")."""
    sup = _super_coming(state)
    if event is None:
        events = {state.events[m - 1] for m in coming_months(state)} | ({sup} if sup else set())
    else:
        events = {event}
    if "eclipse" in events:
        events.add(state.events[RULES.super_events.month - 1])
    symbols = tuple(RULES.types[kind].symbol for ev, kind in _SYMBOLS_READ.items() if ev in events)
    monk = RULES.types["monk"].symbol if "buddha" in events else None
    faces, symbol_of = RULES.faces, RULES.symbol_of

    def key(p: PlayerState) -> tuple[object, ...]:
        palaces = tuple(
            (
                pal.floors,
                bool(pal.persons),
                sum(faces[t].symbols for t in pal.persons if symbol_of[t] == monk) if monk else 0,
            )
            for pal in p.palaces
        )
        return (palaces, len(p.persons()), *(p.symbols(sym) for sym in symbols))

    return key


def whole_palaces(p: PlayerState) -> tuple[object, ...]:
    """The key telling every different outcome apart (each palace's very persons): the way it
    was done before ``reads_of``, kept for the test that both forecast alike."""
    return tuple(p.palaces)


def _ways_out(
    state: DragonState, *, packed: bool, told_apart: Callable[[PlayerState], Hashable] | None = None
) -> list[tuple[Mark, DragonState]]:
    """The tables after this event that are forecast (``_tables``), each seat's ways told apart
    by ``told_apart`` (by default what the coming events read)."""
    return _tables(*_ends_out(state, told_apart or reads_of(state)), packed=packed)


# Which ways a table after this event is made of: (seat, k) for each seat whose choice is not the
# first way, its k-th other outcome (counted from 1); the first way itself is ().
Mark = tuple[tuple[int, int], ...]
Ends = tuple[DragonState, list[tuple[int, list[DragonState]]]]


def _ends_out(state: DragonState, told_apart: Callable[[PlayerState], Hashable]) -> Ends:
    """The table with every release made the first legal way, then each seat's other distinct
    outcomes (by ``told_apart``), each the others' releases made the first way; all decayed
    already unless month 7's super event comes first."""
    base = _endings(state.clone(), None, set(), set(), told_apart)[0]
    others: list[tuple[int, list[DragonState]]] = []
    for seat in range(len(state.players)):
        start = state.clone()
        # its tasks made last: the others' first legal releases are made once, not after each choice
        start.tasks = sorted(start.tasks, key=lambda t: t.seat == seat)
        ends = _endings(start, seat, {told_apart(base.players[seat])}, set(), told_apart)
        if ends:
            others.append((seat, ends))
    for s in [base, *(s for _, ends in others for s in ends)]:
        if not s.after:  # decay comes now; with the super event still to come it waits for it
            decay(s, [])  # each player's own palaces: decaying before packing is decaying after
    return base, others


def _tables(
    base: DragonState, others: list[tuple[int, list[DragonState]]], *, packed: bool
) -> list[tuple[Mark, DragonState]]:
    """(which ways it is made of, ``Mark``; the table after this event): the first way, then the
    others. A seat's releases touch its own realm alone, so for an event that compares nobody
    (``packed``) the k-th other outcome of every seat goes into one table (a forecast each k,
    not each way); else the seats' ways together (``_product``)."""
    out: list[tuple[Mark, DragonState]] = [((), base)]
    if not packed:
        return out + _product(base, others)
    for k in range(max((len(ends) for _, ends in others), default=0)):
        table = base.clone()
        for seat, ends in others:
            if k < len(ends):
                table.players[seat] = ends[k].players[seat].clone()
        out.append((tuple((seat, k + 1) for seat, ends in others if k < len(ends)), table))
    return out


def _product(
    base: DragonState, others: list[tuple[int, list[DragonState]]]
) -> list[tuple[Mark, DragonState]]:
    """The tables for an event that compares players, the Mongols (the fewest helmets release):
    every one of ``_combos`` but the first way. What is forecast is fewer (``_together``); these
    are the ones it reads, and the test's way before."""
    combos, _ = _combos(base, others)
    return [(_mark(others, c), _table_of(base, others, c)) for c in combos[1:]]


def _combos(
    base: DragonState, others: list[tuple[int, list[DragonState]]]
) -> tuple[list[tuple[int, ...]], list[list[int]]]:
    """The combinations of the seats' ways (for each seat with other ways, the k-th: 0 its first)
    that a forecast comparing players reads, in order, the first way first; and each such seat's
    helmets by way. Their choices together, not one seat's at a time, since two players keeping
    a helmet each can put a third among the fewest. Not every combination: each seat's ways by
    helmets together (the first met of each count: the helmets of everyone, so the whole table's
    lines, come out of these), then each seat's other ways once for each fewest helmets of the
    others it can meet (a player's line reads their own way and whether they have the fewest;
    its hint, how many the others' fewest is). docs/DECISIONS.md, "Dragon's forecast tries the
    seats' ways together"."""
    helmet = RULES.types["warrior"].symbol
    counts = [
        [base.players[seat].symbols(helmet), *(e.players[seat].symbols(helmet) for e in ends)]
        for seat, ends in others
    ]
    reps = [[k for k, h in enumerate(hs) if h not in hs[:k]] for hs in counts]
    fixed = [p.symbols(helmet) for seat, p in enumerate(base.players) if seat not in {s for s, _ in others}]
    combos = set(product(*reps))
    for i, hs in enumerate(counts):
        apart = [rs if j != i else [0] for j, rs in enumerate(reps)]
        fewest: dict[int, tuple[int, ...]] = {}  # the others' fewest helmets: one combination each
        for combo in product(*apart):
            theirs = [counts[j][k] for j, k in enumerate(combo) if j != i]
            fewest.setdefault(min([*theirs, *fixed], default=0), combo)
        for k in (k for k in range(len(hs)) if k not in reps[i]):
            combos.update((*c[:i], k, *c[i + 1 :]) for c in fewest.values())
    return sorted(combos), counts


def _mark(others: list[tuple[int, list[DragonState]]], combo: tuple[int, ...]) -> Mark:
    return tuple((seat, k) for (seat, _), k in zip(others, combo, strict=True) if k)


def _table_of(
    base: DragonState, others: list[tuple[int, list[DragonState]]], combo: tuple[int, ...]
) -> DragonState:
    """The table after this event with each seat on its way of ``combo``."""
    if not any(combo):
        return base
    table = base.fork()  # its own list of players, each shared: sealed, a change copies first
    for (seat, ends), k in zip(others, combo, strict=True):
        if k:
            table.players[seat] = ends[k - 1].players[seat]
    table.seal()
    return table


def _together(
    base: DragonState, others: list[tuple[int, list[DragonState]]]
) -> tuple[list[tuple[Mark, DragonState]], list[tuple[Mark, DragonState]], list[Mark]]:
    """The tables forecast for an event that compares players, those whose table's lines alone
    are made, and the marks of every table ``_product`` makes, in its order, which the forecast
    reads (``_read_every``). A player's forecast there reads their own way and the others'
    fewest helmets, the table's lines the helmets of everyone: of ``_combos``, the first way,
    then, one at a time, the one giving the most players an outcome (own way, others' fewest)
    not met yet, until every one is met; and for each helmets of everyone not met so, the first
    combination with them, for its table's lines (docs/DECISIONS.md, "Fewer tables for the
    Mongols")."""
    combos, counts = _combos(base, others)
    helmet = RULES.types["warrior"].symbol
    fixed = [p.symbols(helmet) for seat, p in enumerate(base.players) if seat not in {s for s, _ in others}]

    def reads(c: tuple[int, ...]) -> set[tuple[int, int, int]]:
        """Each player's (own way, the others' fewest helmets) on the table ``c``; a seat with
        no other way numbered from -1 down."""
        hs = [counts[j][k] for j, k in enumerate(c)]
        seats = {(i, k, min([*hs[:i], *hs[i + 1 :], *fixed], default=-1)) for i, k in enumerate(c)}
        alone = {(-1 - f, 0, min([*hs, *fixed[:f], *fixed[f + 1 :]], default=-1)) for f in range(len(fixed))}
        return seats | alone

    read = {c: reads(c) for c in combos}
    left = set().union(*read.values()) - read[combos[0]]
    made = [combos[0]]
    while left:
        best = max(combos, key=lambda c: len(read[c] & left))  # the first of the most
        made.append(best)
        left -= read[best]
    vectors = {tuple(counts[j][k] for j, k in enumerate(c)) for c in made}
    lines_only = []
    for c in combos:
        vec = tuple(counts[j][k] for j, k in enumerate(c))
        if vec not in vectors:
            vectors.add(vec)
            lines_only.append(c)
    return (
        [(_mark(others, c), _table_of(base, others, c)) for c in made],
        [(_mark(others, c), _table_of(base, others, c)) for c in lines_only],
        [_mark(others, c) for c in combos],
    )


def _helmet_ways(base: DragonState, others: list[tuple[int, list[DragonState]]]) -> list[list[int]]:
    """Each seat's helmets in each of its ways out of this event (its first way first; a seat
    with one way, its helmets alone)."""
    helmet = RULES.types["warrior"].symbol
    out = [[p.symbols(helmet)] for p in base.players]
    for seat, ends in others:
        out[seat] += [end.players[seat].symbols(helmet) for end in ends]
    return out


def _fewest_possible(counts: list[list[int]]) -> set[float]:
    """The fewest helmets a group of seats can have, each seat on one of its ways (``counts``: the
    helmets of each seat's ways): any count a seat can have that no other seat must stay under.
    No seat at all: none to compare (infinite)."""
    if not counts:
        return {math.inf}
    top = min(max(hs) for hs in counts)
    return {h for hs in counts for h in hs if h <= top}


def _fewest_of_others(mark: Mark, seat: int, helmets: list[list[int]]) -> float:
    """The fewest helmets of the seats other than ``seat`` on the table made of ``mark``."""
    ways = dict(mark)
    return min((hs[ways.get(j, 0)] for j, hs in enumerate(helmets) if j != seat), default=math.inf)


def _movers_together(seat: int, read: list[tuple[Mark, object]], helmets: list[list[int]]) -> set[int]:
    """For an event that compares players (the Mongols): the seats whose choice changes what is
    read of ``seat``'s forecast in some combination of everyone's ways. It reads ``seat``'s own way
    and the others' fewest helmets (``_product``), so it is known on every combination from the
    tables made: ``seat`` is one when two of its ways read differently beside the same fewest of
    the others; another seat when, ``seat``'s way held and the rest's fewest held, two of that
    seat's helmet counts read differently (docs/DECISIONS.md, "Only the players whose releases
    can change a line are named")."""
    value = {(dict(mark).get(seat, 0), _fewest_of_others(mark, seat, helmets)): v for mark, v in read}
    out: set[int] = set()
    first: dict[float, object] = {}  # by the others' fewest helmets, the first way's reading
    for (_, fewest), v in value.items():
        if first.setdefault(fewest, v) != v:
            out.add(seat)
    own = range(len(helmets[seat]))
    for j, hs in enumerate(helmets):
        if j == seat or len(set(hs)) < 2:
            continue
        rest = [h for i, h in enumerate(helmets) if i not in (seat, j)]
        for fewest, k in product(_fewest_possible(rest), own):
            read_j = [value[(k, min(h, fewest))] for h in hs]
            if any(v != read_j[0] for v in read_j):
                out.add(j)
                break
    return out


def _movers(read: list[tuple[Mark, object]]) -> set[int]:
    """The seats whose choice changes what is read of the forecast on each table (a player's
    line on the packed tables, the table's lines): a seat is one when a table where it chose
    otherwise reads differently from the same table with its first way, or, that table not made
    (the packed tables), from the first way itself. A player's line on the Mongols' tables:
    ``_movers_together``."""
    by = dict(read)
    out: set[int] = set()
    for mark, v in by.items():
        for seat, _ in mark:
            if by.get(tuple(x for x in mark if x[0] != seat), by[()]) != v:
                out.add(seat)
    return out


def _endings(
    s: DragonState,
    seat: int | None,
    seen: set[Hashable],
    visited: set[tuple[object, ...]],
    told_apart: Callable[[PlayerState], Hashable],
) -> list[DragonState]:
    """The distinct tables (by ``told_apart`` of ``seat``) once this event's releases are made,
    each of ``seat``'s choices tried and everyone else's first legal one; ``s`` is a private copy.
    Decay, still to come, reads only what the key holds (each palace's floors and persons)."""
    fx: list[Effect] = []
    while True:
        settle_tasks(s, fx)
        if s.tasks and s.tasks[0].seat == seat:
            break
        if s.tasks:
            choice = release_options(s)[0]
            task_release(s, choice.palace, choice.tile, fx)
        elif s.after and s.after[0] == "wall":
            s.after = s.after[1:]
            wall_check(s, fx)
        else:
            key = told_apart(s.players[seat]) if seat is not None else ()
            if key in seen:
                return []
            seen.add(key)
            return [s]
    node = (tuple(s.tasks), tuple(s.players[seat].palaces), tuple(s.after))
    if node in visited:
        return []
    visited.add(node)
    out: list[DragonState] = []
    for choice in release_options(s):
        t = s.fork()  # the engine replaces what it changes: the branches share the rest
        task_release(t, choice.palace, choice.tile, fx)
        out.extend(_endings(t, seat, seen, visited, told_apart))
    return out


def _merge(
    state: DragonState,
    found: Sequence[tuple[Mark, EventForecast | _Read]],
    own_only: bool,
    helmets: list[list[int]] | None = None,
) -> EventForecast:
    """The forecast made on the first way out of this event, each player's line kept where every
    way gives it; where it differs, the line says whose releases it depends on (``own_only``:
    their own, the event comparing nobody), the detail what it could be, and the numbers are the
    hardest hit way's (the strip names the worst hit). A line the same in every way whose
    detail is not says what each differing part could be; what concerns the whole table (the
    Mongols' helmets) whose choices could change it."""
    base = found[0][1]
    assert isinstance(base, EventForecast)  # the first way's is made, the others may be read (_Read)
    seats = []
    for i, sf in enumerate(base.seats):
        lines_read: list[tuple[Mark, object]] = [(mark, f.seats[i].line) for mark, f in found]
        if own_only or helmets is None:
            varied = _movers(lines_read)
            movers = sorted({sf.seat} if own_only and varied else varied)
        else:
            movers = sorted(_movers_together(sf.seat, lines_read, helmets))
        # this player's outcomes in the order of their own ways, however the tables were made
        own = [dict(mark).get(sf.seat, 0) for mark, _ in found]
        ways = [found[j][1].seats[i] for j in sorted(range(len(found)), key=own.__getitem__)]
        if not movers:
            details = [w.detail for w in ways]
            if any(d != sf.detail for d in details):
                sf = sf.model_copy(update={"detail": _could_be(base.rule_id, sf.seat, details)})
            seats.append(sf)
            continue
        lines: list[Effect] = []
        for w in ways:
            if w.line not in lines:
                lines.append(w.line)
        worst = max(ways, key=SeatForecast.loss)
        said = _depends(state, sf.seat, movers, worst, min(w.loss() for w in ways), max(w.vp for w in ways))
        line = Effect(rule_id=base.rule_id, seat=sf.seat, msg=said)
        could = [
            Effect(rule_id=base.rule_id, seat=sf.seat, msg=msg("foresight.dragon.could_be", line=w.msg))
            for w in lines
        ]
        seats.append(worst.model_copy(update={"line": line, "detail": [line, *could]}))
    key = "foresight.dragon.headline_super_after" if base.super else "foresight.dragon.headline_after"
    args = {**base.headline.msg.args, "now": state.month}
    headline = Effect(rule_id=base.rule_id, msg=msg(key, **args))
    return base.model_copy(update={"headline": headline, "seats": seats, "table": _table(state, found)})


def _could_be(rule_id: str, seat: int, details: list[list[Effect]]) -> list[Effect]:
    """One player's detail lines over the ways out of this event: those every way gives, then
    "Could be: ..." for each of the others (the Contagion's count with or without a mortar)."""
    common = [e for e in details[0] if all(e in d for d in details)]
    others: list[Effect] = []
    for d in details:
        others.extend(e for e in d if e not in common and e not in others)
    could = [
        Effect(rule_id=rule_id, seat=seat, msg=msg("foresight.dragon.could_be", line=e.msg)) for e in others
    ]
    return [*common, *could]


def _table(state: DragonState, found: Sequence[tuple[Mark, EventForecast | _Read]]) -> list[Effect]:
    """The first way's lines for the whole table, then, when another way changes them (the
    helmets of a Mongol Invasion), whose releases could."""
    base = found[0][1]
    assert isinstance(base, EventForecast)
    movers = sorted(_movers([(mark, f.table) for mark, f in found]))
    if not movers:
        return base.table
    names = [state.players[m].name for m in movers]
    note = msg("foresight.dragon.table_depends", players=names, n=len(names))
    return [*base.table, Effect(rule_id=base.rule_id, msg=note)]


def _depends(
    state: DragonState,
    seat: int,
    movers: list[int],
    worst: SeatForecast,
    least: tuple[int, int, int, int],
    most_vp: int = 0,
) -> Msg:
    """The line of a player whose outcome depends on whom ``movers`` release now: the hardest
    way's parts ("at worst must release 3 persons") when one way is harder than another; when
    no way costs anything and one scores more (``most_vp``, the Buddha's monks kept or not),
    what is at stake ("nothing to lose, up to +2 VP"); else only whose choice it is (a super
    event's question)."""
    name = state.players[seat].name
    parts = worst.line.msg.args.get("parts") if worst.line.msg.key == "foresight.dragon.line" else None
    if not (parts and worst.loss() > least):
        parts = None
    if movers == [seat]:
        if parts:
            return msg("foresight.dragon.line_depends_own_worst", player=name, parts=parts)
        if worst.harm() == (0, 0, 0) and most_vp > worst.vp:  # it said "no change" or "+2 VP" only below
            vp = msg("foresight.dragon.part.vp", n=most_vp)
            return msg("foresight.dragon.line_depends_own_vp", player=name, vp=vp)
        return msg("foresight.dragon.line_depends_own", player=name)
    names = [state.players[m].name for m in movers]
    if parts:
        return msg(
            "foresight.dragon.line_depends_worst", player=name, players=names, n=len(names), parts=parts
        )
    return msg("foresight.dragon.line_depends", player=name, players=names, n=len(names))


# ---- the month's event ---------------------------------------------------------------------


def _event_copy(state: DragonState, month: int) -> DragonState:
    """A private copy of the state standing at month ``month``'s event, with nothing waiting
    (no tasks, no steps after it, no super event under way). The state given is never changed:
    the copy is a fork (the engine copies a player before it changes one, ``player_mut``)."""
    s = state.fork()
    s.month = month
    s.tasks = []
    s.after = []
    s.super_step = None
    return s


def strike(state: DragonState, month: int) -> tuple[DragonState, list[Effect]]:
    """A copy of the state after month ``month``'s event struck now, with the wall check that
    follows it; the persons it costs wait in ``tasks``. The state given is never changed."""
    s = _event_copy(state, month)
    fx: list[Effect] = []
    start_event(s, fx)
    _wall_checks(s, fx)
    return s, fx


def _wall_checks(s: DragonState, fx: list[Effect]) -> None:
    """The wall checks waiting in ``s.after``, as the engine runs them; the super event is
    forecast on its own (forecast_super)."""
    for step in s.after:
        if step == "wall":
            wall_check(s, fx)


def _decay_effects(s: DragonState) -> list[Effect]:
    """The engine's decay effects if it came now, ``s`` left as it was (decay runs on a fork)."""
    fx: list[Effect] = []
    decay(s.fork(), fx)
    return fx


def _release_in_place(s: DragonState) -> list[int]:
    """How many persons each player would let go for the losses waiting in ``s.tasks``: the
    engine makes them on ``s`` itself, a private copy (``settle_tasks``, then the first legal
    release each time a player would choose), so the count is the rule's, whatever the players
    pick. Only the palaces, the released persons and the tasks of ``s`` change."""
    before = [len(p.released) for p in s.players]
    fx: list[Effect] = []
    while True:
        settle_tasks(s, fx)
        if not s.tasks:
            break
        choice = release_options(s)[0]
        task_release(s, choice.palace, choice.tile, fx)
    return [len(p.released) - n for p, n in zip(s.players, before, strict=True)]


def forecast_event(state: DragonState, month: int) -> EventForecast:
    """What month ``month``'s event would do to each player if it struck now."""
    event = state.events[month - 1]
    rule_id = f"dragon.event.{event}"
    after, fx = strike(state, month)  # the one copy: decay is undone, the releases come last
    decay_fx = _decay_effects(after)
    placing = placing_first(state)
    helmet = RULES.types["warrior"].symbol
    helmets = [p.symbols(helmet) for p in state.players]
    released = _release_in_place(after)  # moves only persons, which nothing below reads
    seats = []
    for seat, (old, new) in enumerate(zip(state.players, after.players, strict=True)):
        own_fx = [e for e in fx if e.seat == seat]
        # A seat still to place its first persons has empty palaces that will not stay so: its
        # decay is not told (a hint says when it counts), nor read into its line.
        own_decay = [] if seat in placing else [e for e in decay_fx if e.seat == seat]
        numbers: dict[str, Any] = {
            "yuan": old.yuan - new.yuan,
            "rice": old.rice - new.rice,
            "fireworks": old.fireworks - new.fireworks,
            "vp": _scored(old, new),
            "releases": released[seat],
            "helmets": helmets[seat],
            "decay": tuple(sorted(n for e in own_decay for n in e.msg.args["palaces"])),
            "gone": tuple(
                sorted(n for e in own_decay if e.msg.key == DECAY_GONE for n in e.msg.args["palaces"])
            ),
        }
        hints = _hints(state, event, seat, own_fx, helmets, numbers["decay"], numbers["gone"])
        if seat in placing:
            hints.append(_setup_hint(old.name, seat))
        line = Effect(rule_id=rule_id, seat=seat, msg=_line(old.name, numbers, placing=seat in placing))
        seats.append(SeatForecast(seat=seat, line=line, detail=[*own_fx, *own_decay, *hints], **numbers))
    table = _event_table(state, event, after, fx, helmets)
    headline = Effect(
        rule_id=rule_id, msg=msg("foresight.dragon.headline", month=month, event=event_msg(event))
    )
    return EventForecast(
        month=month, event=event, rule_id=rule_id, headline=headline, table=table, seats=seats
    )


def _event_table(
    state: DragonState, event: str, after: DragonState, fx: list[Effect], helmets: list[int]
) -> list[Effect]:
    """What the event would do to the whole table: the engine's lines for nobody in particular,
    after the fireworks' or the helmets' ranking."""
    table = [e for e in fx if e.seat is None and e.msg.key != "dragon.fx.event"]
    if event == "festival":
        table.insert(0, _ranking(state, after, "fireworks", [p.fireworks for p in state.players], "festival"))
    elif event == "mongol":
        table.insert(0, _ranking(state, after, "helmets", helmets, "mongol"))
    return table


def event_table(state: DragonState, month: int) -> list[Effect]:
    """``forecast_event(state, month).table`` alone: the event struck, no player's line made."""
    after, fx = strike(state, month)
    helmet = RULES.types["warrior"].symbol
    return _event_table(state, state.events[month - 1], after, fx, [p.symbols(helmet) for p in state.players])


def super_table(state: DragonState) -> list[Effect]:
    """``forecast_super(state).table`` alone (the super event still to come): no player's line made."""
    s = _event_copy(state, RULES.super_events.month)
    fx: list[Effect] = []
    start_super(s, fx)
    _wall_checks(s, fx)
    return [e for e in fx if e.seat is None and e.msg.key != "dragon.fx.super"]


def _scored(old: PlayerState, new: PlayerState) -> int:
    """The VP ``new`` scored since ``old``: the ledger only grows, so the new items alone (the
    whole ledger summed twice per player was a tenth of the forecast's time)."""
    return sum(i.points for i in new.ledger[len(old.ledger) :])


def _line(name: str, n: dict[str, Any], *, placing: bool = False) -> Msg:
    """The compact line; ``placing``: the seat is still to place its first persons, so its line
    says that decay is not counted yet rather than "no change"."""
    parts: list[Msg] = []
    if n["yuan"]:
        parts.append(msg("foresight.dragon.part.yuan", n=n["yuan"]))
    if n["rice"]:
        parts.append(msg("foresight.dragon.part.rice", n=n["rice"]))
    if n["fireworks"]:
        parts.append(msg("foresight.dragon.part.fireworks", n=n["fireworks"]))
    if n["vp"]:
        parts.append(msg("foresight.dragon.part.vp", n=n["vp"]))
    if n["releases"]:
        parts.append(msg("foresight.dragon.part.releases", n=n["releases"]))
    # The palaces losing a floor together, then those gone (a one-floor palace), as decay says them
    for key, palaces in _decay_groups(n["decay"], n.get("gone", ())):
        parts.append(msg(f"foresight.dragon.part.{key}", palaces=palaces, n=len(palaces)))
    if placing:
        parts.append(msg("foresight.dragon.part.decay_setup"))
    if not parts:
        return msg("foresight.dragon.line_safe", player=name)
    return msg("foresight.dragon.line", player=name, parts=parts)


def _hints(
    state: DragonState,
    event: str,
    seat: int,
    own_fx: list[Effect],
    helmets: list[int],
    decayed: tuple[int, ...],
    gone: tuple[int, ...] = (),
) -> list[Effect]:
    """What would change the outcome for this player, worked out from the same rules data."""
    p = state.players[seat]
    ev = RULES.events
    out: list[tuple[str, str, dict[str, Any]]] = []
    if event == "tribute" and p.yuan < ev.tribute_yuan:
        short = ev.tribute_yuan - p.yuan
        out.append(("dragon.event.tribute", "tribute", {"yuan": short, "n": short}))
    elif event == "drought":
        per = ev.drought_rice_per_inhabited_palace
        need = per * sum(1 for pal in p.palaces if pal.persons)
        if p.rice < need:
            out.append(
                ("dragon.event.drought", "drought", {"rice": need - p.rice, "need": need, "held": p.rice})
            )
    elif event == "contagion":
        count = next((e.msg.args["count"] for e in own_fx if e.msg.key == "dragon.fx.contagion"), 0)
        if count and p.persons():
            out.append(("dragon.event.contagion", "contagion", {"n": count}))
    elif event == "mongol":
        others = [h for i, h in enumerate(helmets) if i != seat]
        if others and helmets[seat] <= min(others) and p.persons():
            out.append(("dragon.event.mongol", "mongol", {"n": min(others) + 1 - helmets[seat]}))
    elif event == "festival":
        others = [q.fireworks for i, q in enumerate(state.players) if i != seat]
        top = max(others, default=0)
        if p.fireworks < top:
            out.append(("dragon.event.festival", "festival", {"n": top - p.fireworks}))
        elif top == 0 and p.fireworks == 0:
            places = {"first": ev.festival_vp["first"], "second": ev.festival_vp["second"]}
            out.append(("dragon.event.festival", "festival_any", places))
    for key, palaces in _decay_groups(decayed, gone):
        out.append(("dragon.decay", key, {"palaces": palaces, "n": len(palaces)}))
    return [
        Effect(rule_id=rule, seat=seat, msg=msg(f"foresight.dragon.hint.{key}", player=p.name, **args))
        for rule, key, args in out
    ]


def _decay_groups(decayed: tuple[int, ...], gone: tuple[int, ...]) -> list[tuple[str, list[int]]]:
    """The palaces that would lose a floor and those that would disappear, each group named once
    ("palaces 1 and 2 lose a floor"), by the key of its line part or hint."""
    floors = [n for n in decayed if n not in gone]
    lost = [n for n in decayed if n in gone]
    return [(key, group) for key, group in (("decay_floors", floors), ("decay_lost", lost)) if group]


def placing_first(state: DragonState) -> frozenset[int]:
    """The seats still to place their first persons (the setup's recruitment): their palaces are
    empty now but will not be by month 1, so the forecast does not tell their decay."""
    phase = state.phase
    if phase in BEFORE_RECRUIT:
        return frozenset(range(len(state.players)))
    if phase == "recruit":
        return frozenset(state.order[state.turn :])
    return frozenset()


def _setup_hint(name: str, seat: int) -> Effect:
    return Effect(
        rule_id="dragon.decay", seat=seat, msg=msg("foresight.dragon.hint.decay_setup", player=name)
    )


def _ranking(state: DragonState, after: DragonState, what: str, counts: list[int], source: str) -> Effect:
    """Fireworks (festival) or helmets (Mongols) by player, most first, with the VP the engine gave each."""
    old = [len(p.ledger) for p in state.players]
    ranked = [
        msg(
            "foresight.dragon.rank",
            player=state.players[s].name,
            n=counts[s],
            vp=sum(i.points for i in after.players[s].ledger[old[s] :] if i.source == source),
        )
        for s in sorted(range(len(counts)), key=lambda s: -counts[s])
    ]
    return Effect(rule_id=f"dragon.event.{source}", msg=msg(f"foresight.dragon.{what}", ranking=ranked))


# ---- month 7's super event -----------------------------------------------------------------


def forecast_super(state: DragonState) -> EventForecast | None:
    """What month 7's super event would do to each player if it struck now, or None when there is
    none still to come. Five super events act at once (the engine resolves them on a copy); the
    other five ask each player something, and the forecast says what they would be asked for."""
    event = _super_coming(state)
    if event is None:
        return None
    month = RULES.super_events.month
    s = _event_copy(state, month)
    fx: list[Effect] = []
    start_super(s, fx)
    _wall_checks(s, fx)  # a Solar Eclipse repeating a Mongol Invasion brings another wall check
    rule_id = f"dragon.super.{event}"
    table = [e for e in fx if e.seat is None and e.msg.key != "dragon.fx.super"]
    seat_asks = [_super_asks(s, event, seat) for seat in range(len(s.players))]  # before the releases
    released = _release_in_place(s)
    seats = []
    for seat, (old, new) in enumerate(zip(state.players, s.players, strict=True)):
        own_fx = [e for e in fx if e.seat == seat]
        asks = seat_asks[seat]
        numbers: dict[str, Any] = {
            "yuan": old.yuan - new.yuan,
            "rice": old.rice - new.rice,
            "fireworks": old.fireworks - new.fireworks,
            "vp": _scored(old, new),
            "releases": released[seat],
        }
        track = new.track if event == "volcano" else None
        # An eclipse is a month's event again (payments, VP, releases): its line sums them as one
        if event != "eclipse" and (own_fx or asks):
            line = replace((asks or own_fx)[0], rule_id=rule_id)
        else:
            line = Effect(rule_id=rule_id, seat=seat, msg=_line(old.name, {**numbers, "decay": ()}))
        seats.append(SeatForecast(seat=seat, line=line, detail=[*own_fx, *asks], track=track, **numbers))
    headline = Effect(
        rule_id=rule_id, msg=msg("foresight.dragon.headline_super", month=month, event=super_msg(event))
    )
    return EventForecast(
        month=month, event=event, rule_id=rule_id, headline=headline, table=table, seats=seats, super=True
    )


def _super_coming(state: DragonState) -> str | None:
    """Month 7's super event when it is still to come, else None."""
    month = RULES.super_events.month
    event = state.super_event
    if not state.options.super_events or event is None or not state.events or state.phase == "over":
        return None
    if state.month > month or (state.month == month and not _super_to_come(state)):
        return None
    return event


def _super_to_come(state: DragonState) -> bool:
    """In month 7: before the event, or after it while the super event still waits its turn."""
    return state.phase in BEFORE_EVENT or (state.phase == "event" and "super" in state.after)


def _super_asks(s: DragonState, event: str, seat: int) -> list[Effect]:
    """The decision a super event would ask of this player (Earthquake, Flood, Tornado, Sunrise, Charter)."""
    p = s.players[seat]
    rule_id = f"dragon.super.{event}"
    args: dict[str, Any] | None = None
    if event == "earthquake" and p.palaces:
        args = {"n": s.super_left[seat]}
    elif event == "flood" and flood_half(s, seat):
        args = {"n": flood_half(s, seat)}
    elif event == "tornado" and p.cards:
        args = {"n": s.super_left[seat]}
    elif (event == "sunrise" and sunrise_picks(s, seat)) or (event == "charter" and p.persons()):
        args = {}
    if args is None:
        return []
    return [
        Effect(rule_id=rule_id, seat=seat, msg=msg(f"foresight.dragon.ask.{event}", player=p.name, **args))
    ]
