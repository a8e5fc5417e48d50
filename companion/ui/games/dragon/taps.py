"""What one tap enters on a Dragon table: the question's choice, the choices that tap already
says, and the answers that decide nothing after it.

- An action card tapped directly is the group and the action (a privilege of a size, a wall
  tile with its bonus).
- A person tile tapped directly is the card and the tile; a tile of a type whose card is no
  longer in hand is played with the wildcard.
- After those, every question whose choices are all interchangeable (two identical palaces,
  the engine's ``distinct``) is answered with the first of them, within the same tap.

Each entry of a tap still goes to the Table one by one (``submit_tap``); nothing here changes a
table. Pure Python over the public module: the tap counts are measured without a screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core import Prompt, Table
from companion.games.dragon.public import GAME, RULES, DragonState, distinct, palace_key

WILD = "wild"
# the steps whose answer the table gives from the components (the app may deal them)
FACTS = ("event_row", "super_event", "groups")


@dataclass(frozen=True)
class Tap:
    """One tap: the entries it makes, in order (the first is a choice of the question asked)."""

    entries: tuple[Any, ...]
    tile: str | None = None  # the person tile it takes, if any (for its picture)


def _next(state: DragonState, entry: Any) -> tuple[DragonState, Prompt | None]:
    s, _fx, prompt = GAME.play_prompted(state, entry)
    return s, prompt


def follow(state: DragonState, prompt: Prompt | None, seat: int | None, host: bool) -> list[Any]:
    """The answers that decide nothing after a tap: while the question asked (of the tapping
    seat, or of anyone on the host's screen) offers only interchangeable choices, the first."""
    out: list[Any] = []
    while prompt is not None and prompt.choices and prompt.kind not in FACTS and prompt.seat is not None:
        if not host and prompt.seat != seat:
            break  # a player's phone enters for its own seat only
        kept = distinct(state, prompt.choices)
        if len(kept) != 1:
            break
        out.append(kept[0])
        state, prompt = _next(state, kept[0])
    return out


PLACE_STEPS = ("recruit_place", "person_place", "sunrise_place")


def _chain(
    state: DragonState, entries: Sequence[Any], host: bool, tile: str | None = None, into: int | None = None
) -> Tap:
    s, prompt = state, None
    for e in entries:
        s, prompt = _next(s, e)
    seat = getattr(entries[0], "seat", None)
    made = list(entries)
    if into is not None and prompt is not None and prompt.kind in PLACE_STEPS and prompt.seat == seat:
        place = next((c for c in prompt.choices or [] if c.palace == into and c.displace is None), None)
        if place is not None:  # the palace chosen above the tiles takes the person
            made.append(place)
            s, prompt = _next(s, place)
    return Tap((*made, *follow(s, prompt, seat, host)), tile)


def rooms(state: DragonState, seat: int) -> list[int]:
    """The palaces a new person may go into, one of each interchangeable kind (none when every
    palace is full: then the person replaces someone, a question of its own)."""
    palaces = state.players[seat].palaces
    seen: set[Any] = set()
    out = []
    for i, pal in enumerate(palaces):
        key = palace_key(state, seat, i)
        if pal.room > 0 and key not in seen:
            seen.add(key)
            out.append(i)
    return out


def default_room(state: DragonState, seat: int) -> int | None:
    """The palace offered first for a new person: an empty one (it would lose a floor at the
    month's end), else the one with the most room, else the first."""
    found = rooms(state, seat)
    if not found:
        return None
    palaces = state.players[seat].palaces
    return min(found, key=lambda i: (bool(palaces[i].persons), -palaces[i].room, i))


def taps(state: DragonState, prompt: Prompt, host: bool = True, into: int | None = None) -> list[Tap]:
    """Every tap the question offers, one per distinct answer, in the prompt's order. ``into``:
    the palace a person tile tapped goes into, where several could take it."""
    choices = prompt.choices or []
    if prompt.kind == "group":
        return [t for c in choices for t in _group_taps(state, c, host)]
    if prompt.kind == "card":
        return _card_taps(state, choices, host, into)
    kept = distinct(state, choices)
    picking = prompt.kind in ("recruit_pick", "person_pick", "sunrise_pick")
    return [_chain(state, [c], host, getattr(c, "tile", None), into if picking else None) for c in kept]


def _group_taps(state: DragonState, choice: Any, host: bool) -> list[Tap]:
    """A group: one tap per action it offers (the group and the action); Skip alone."""
    if choice.kind != "group":
        return [_chain(state, [choice], host)]
    _s, prompt = _next(state, choice)
    if prompt is None or prompt.kind != "action" or prompt.seat != choice.seat or not prompt.choices:
        return [_chain(state, [choice], host)]  # the engine took the group's one action itself
    return [_chain(state, [choice, a], host) for a in prompt.choices]


def _card_taps(state: DragonState, choices: Sequence[Any], host: bool, into: int | None) -> list[Tap]:
    """A person card: one tap per tile it can take (the card and the tile). The wildcard takes
    the tiles of the types whose card is no longer in hand directly; for a type whose card is
    still held, its own card takes the tile, and "Wildcard" (then the tile) stays offered."""
    held = {c.card for c in choices}
    out: list[Tap] = []
    wild: Any = None
    for c in choices:
        if c.card == WILD:
            wild = c
            continue
        out += _tile_taps(state, c, host, into, lambda t: True)
    if wild is None:
        return out
    covered = {t for card in held if card != WILD for t in RULES.card_tiles(card)}
    direct = _tile_taps(state, wild, host, into, lambda t: t not in covered)
    rest = [t for t in RULES.card_tiles(WILD) if state.supply.get(t, 0) > 0 and t in covered]
    if rest or not direct:
        out.append(_chain(state, [wild], host))  # the wildcard alone: then its tile
    return out + direct


def _tile_taps(
    state: DragonState, card: Any, host: bool, into: int | None, wanted: Callable[[str], bool]
) -> list[Tap]:
    s, prompt = _next(state, card)
    if prompt is not None and prompt.kind == "person_pick" and prompt.seat == card.seat and prompt.choices:
        return [_chain(state, [card, p], host, p.tile, into) for p in prompt.choices if wanted(p.tile)]
    tile = s.tile if s.tile is not None else None
    if tile is None:  # the engine picked the one tile there was, and maybe placed it too
        tile = next(
            (t for t in RULES.card_tiles(card.card) if s.supply.get(t, 0) < state.supply.get(t, 0)), None
        )
    if tile is not None and not wanted(tile):
        return []
    return [_chain(state, [card], host, tile, into)]


def table_taps(table: Table, host: bool = True, into: int | None = None) -> list[Tap]:
    prompt = table.prompt
    if prompt is None or prompt.choices is None:
        return []
    state = table.state
    assert isinstance(state, DragonState)
    return taps(state, prompt, host, into)


def last_tap_size(table: Table) -> int:
    """How many of the newest entries one tap made (what Undo takes back): the longest run of
    them that a tap offered at the state before them would make, else one."""
    entries = table.entries
    for n in range(min(len(entries), MAX_TAP), 1, -1):
        before = table.state_at(len(entries) - n)
        if _offered(before, tuple(entries[-n:])):
            return n
    return 1


def next_redo_size(table: Table) -> int:
    """How many undone entries one Redo puts back: the tap they were made by, as Undo took it."""
    ahead = list(reversed(table.redo_entries))  # the next to redo first
    for n in range(min(len(ahead), MAX_TAP), 1, -1):
        if _offered(table.state, tuple(ahead[:n])):
            return n
    return 1


MAX_TAP = 8  # no tap makes more entries (a card, a tile, a palace, then a few forced losses)


def _offered(state: Any, run: tuple[Any, ...]) -> bool:
    if not isinstance(state, DragonState):
        return False
    prompt = GAME.prompt(state)
    if prompt is None or prompt.choices is None:
        return False
    seat = prompt.seat
    targets: list[int | None] = [None, *(rooms(state, seat) if seat is not None else [])]
    return any(t.entries == run for into in targets for t in taps(state, prompt, True, into))
