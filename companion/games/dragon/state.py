"""The state of a game: plain pydantic models, copied cheaply before each change.

``apply`` never touches the state it is given: it works on ``state.fork()``, a copy that
still shares every list and every player with the state it came from (docs/DECISIONS.md,
"Copy-on-write players"). So the engine never changes a list of a state or of a player in
place: it puts a new one in its place (``s.tasks = [*s.tasks, task]``, ``p.cards =
without(p.cards, card)``). And a player is copied (one object, its lists shared) the first time
the copy changes it: code that changes a player asks ``s.player_mut(seat)`` for it, and only
reads ``s.players[seat]`` (most entries change one player, so four of five are never copied).
``clone()`` copies every list and player at once, for code that changes a copy in place (the
forecasts, tests). Copies are written by hand because pydantic's deep copy is slow;
immutable parts (tile ids, palaces, score items, the options) are shared, never copied.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from companion.core.offers import offerer
from companion.games.dragon.data import RULES
from companion.games.dragon.options import DragonOptions

Phase = Literal[
    "event_row", "super_event", "start_player", "recruit", "groups", "actions", "persons", "event", "over"
]


_M = TypeVar("_M", bound=BaseModel)
_T = TypeVar("_T")
_points = operator.attrgetter("points")  # a score item's points


def without(items: list[_T], item: _T) -> list[_T]:
    """A new list: ``items`` less the first ``item`` (which must be there)."""
    new = items.copy()
    new.remove(item)  # the first one, as list.index finds it
    return new


def replaced(items: list[_T], i: int, value: _T) -> list[_T]:
    """A new list: ``items`` with ``value`` at ``i``."""
    new = items.copy()
    new[i] = value
    return new


def _copy(model: _M, lists: tuple[str, ...], **changes: Any) -> _M:
    """A shallow copy of a model whose ``lists`` (lists or dicts) are copied one level and some
    fields replaced, without pydantic's slower __copy__ (each entry copies a state)."""
    fields = model.__dict__.copy()
    for name in lists:
        fields[name] = fields[name].copy()
    fields.update(changes)
    return _made(model, fields)


# BaseModel's own slot setters: setting a slot through them skips the lookup by name that
# object.__setattr__ makes (a copy sets four, one or more copies an entry).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_new = object.__new__


def _made(model: _M, fields: dict[str, Any]) -> _M:
    """A model of ``model``'s class and fields set, whose fields are ``fields``."""
    new = _new(model.__class__)
    _set_dict(new, fields)
    _set_fields_set(new, model.__pydantic_fields_set__)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def updated(model: _M, **changes: Any) -> _M:
    """``model.model_copy(update=changes)`` (the same fields, and the changed names added to the
    fields set) in a third of its time: a release task is copied at each release."""
    fields = model.__dict__.copy()
    fields.update(changes)
    new = _made(model, fields)
    _set_fields_set(new, model.__pydantic_fields_set__ | changes.keys())
    return new


class _Changed(BaseModel):
    """A model whose fields the engine sets on its own copies, several times an entry: a field
    is written straight into the instance's dict by object's own setattr, without pydantic's
    handler (which does not validate an assignment here either). An unknown name is no longer
    refused at run time: mypy refuses it in the engine's code.

    ``__delattr__`` is object's too, though nothing deletes a field: only when both are object's
    does Python give the class object's own attribute store (its slot ``tp_setattro``); with
    pydantic's ``__delattr__`` beside it every store went through a call of ``__setattr__``, about
    six times as slow (a copy sets four, a handler several fields, an entry a dozen)."""

    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


class ScoreItem(BaseModel):
    """One scoring event in a player's ledger (month 13 = final scoring)."""

    model_config = ConfigDict(frozen=True)

    month: int
    source: str
    points: int
    count: int = 0


class Palace(BaseModel):
    model_config = ConfigDict(frozen=True)

    floors: int
    persons: tuple[str, ...] = ()

    @property
    def room(self) -> int:
        return self.floors - len(self.persons)


class PlayerState(_Changed):
    name: str
    yuan: int
    rice: int = 0
    fireworks: int = 0
    track: int = 0
    arrival: int = 0  # when the marker reached its space: later arrivals sit higher in the stack
    palaces: list[Palace]
    cards: list[str]  # person cards still in hand
    small_privileges: int = 0
    large_privileges: int = 0
    released: list[str] = Field(default_factory=list)
    ledger: list[ScoreItem] = Field(default_factory=list)
    # Great Wall: the bonuses of the wall tiles not yet laid
    wall_tiles: list[str] = Field(default_factory=list)

    def clone(self) -> PlayerState:
        """A copy sharing nothing mutable with this player."""
        return _copy(self, _PLAYER_LISTS)

    def fork(self) -> PlayerState:
        """A copy to change that shares its lists (the engine replaces a list, never changes one)."""
        return _made(self, self.__dict__.copy())  # only the fields' dict copied

    def score(self, *items: ScoreItem) -> None:
        self.ledger = [*self.ledger, *items]

    @property
    def vp(self) -> int:
        return sum(map(_points, self.ledger))  # read for every player each month: no generator

    def persons(self) -> list[str]:
        return [p for pal in self.palaces for p in pal.persons]

    def symbols(self, symbol: str) -> int:
        """How many of ``symbol`` the persons in the palaces show."""
        total = 0
        for pal in self.palaces:
            if pal.persons:
                total += _symbols_of(pal.persons).get(symbol, 0)
        return total

    def count_type(self, kind: str) -> int:
        return sum(1 for p in self.persons() if p.startswith(kind + ":"))


@functools.lru_cache(maxsize=4096)
def _symbols_of(persons: tuple[str, ...]) -> dict[str, int]:
    """symbol -> how many the persons of one palace show (read, never changed). Asked for each
    action and each month's scoring; a palace's persons change far less often."""
    faces, sym = RULES.faces, RULES.symbol_of
    out: dict[str, int] = {}
    for p in persons:
        out[sym[p]] = out.get(sym[p], 0) + faces[p].symbols
    return out


# Palaces as the engine makes them, one shared instance each (``offer``, keyed by position):
# with their persons, and new or emptied (only the floors set, as ``Palace(floors=n)``).
palace_with = offerer(Palace, "floors", "persons")
bare_palace = offerer(Palace, "floors")


# The mutable fields a copy must not share (the others are immutable values or replaced whole).
_PLAYER_LISTS = ("palaces", "cards", "released", "ledger", "wall_tiles")
_STATE_LISTS = (
    "supply",
    "events",
    "order",
    "pairs",
    "groups",
    "tasks",
    "by_round",
    "wall",
    "after",
    "super_left",
    "super_taken",
)


class ReleaseTask(BaseModel):
    """A pending loss of persons caused by an event, for one player."""

    model_config = ConfigDict(frozen=True)

    seat: int
    count: int
    rule_id: str
    per_palace: bool = False  # Drought: at most one person from each unsupplied palace
    hit: tuple[int, ...] = ()  # palaces already hit (Drought)
    palace: int | None = None  # Earthquake: the persons must leave this palace


# Score lines and release tasks as the engine makes them, one shared instance each (``offer``,
# keyed by position; both are frozen): the same few come back every month, and each was a
# pydantic validation. A task's fields beyond seat, count and rule are given only where the
# rule sets them (Drought's per palace, the Earthquake's palace), as its fields set records.
score_item = offerer(ScoreItem, "month", "source", "points", "count")
release_task = offerer(ReleaseTask, "seat", "count", "rule_id")
drought_task = offerer(ReleaseTask, "seat", "count", "rule_id", "per_palace")
palace_task = offerer(ReleaseTask, "seat", "count", "rule_id", "palace")


class DragonState(_Changed):
    options: DragonOptions
    players: list[PlayerState]
    supply: dict[str, int]
    phase: Phase = "event_row"
    month: int = 0  # 0 during setup
    events: list[str] = Field(default_factory=list)  # the 12 event tiles, once entered
    start_player: int | None = None
    order: list[int] = Field(default_factory=list)  # seats in the order of the current phase
    turn: int = 0  # index into ``order``
    moves: int = 0  # counts marker moves, for stacking
    pairs: list[tuple[str, ...]] = Field(default_factory=list)  # initial recruitment pairs already taken
    first_pick: str | None = None  # the first tile of the current initial recruitment pair
    groups: list[tuple[str, ...]] = Field(default_factory=list)
    dragons: list[list[int]] = Field(default_factory=list)  # seats whose dragon is on each group
    chosen_group: int | None = None
    floors_left: int = 0  # floors still to place after a Build action
    card: str | None = None  # the person card just played
    tile: str | None = None  # the tile taken, waiting for a palace
    tasks: list[ReleaseTask] = Field(default_factory=list)
    by_round: list[list[int]] = Field(default_factory=list)  # each seat's VP after each completed month
    final: bool = False
    # The expansions (empty or None when they are off).
    # Great Wall sections in order: (builder seat, bonus)
    wall: list[tuple[int, str]] = Field(default_factory=list)
    super_event: str | None = None  # the super event on month 7
    # steps still to run after the event: "wall" (check), "super"
    after: list[str] = Field(default_factory=list)
    super_step: str | None = None  # the super event decision being asked, player by player
    # per seat: floors (Earthquake) or cards (Tornado) still to go
    super_left: list[int] = Field(default_factory=list)
    super_taken: list[str] = Field(default_factory=list)  # Sunrise: person types already taken

    # Not a field (never stored, compared or copied): while this state is being changed, the
    # players of the state it was forked from. A player that is not the one at its seat there
    # is this state's own copy. Unset or None: not being changed (setup, a file, a sealed state).
    __slots__ = ("_fork_base",)
    if TYPE_CHECKING:  # declared for mypy only: pydantic would take it for a private attribute
        _fork_base: Sequence[PlayerState | None] | None

    def clone(self) -> DragonState:
        """A copy sharing nothing mutable with this state: every player copied, and its own."""
        players = [p.clone() for p in self.players]
        new = _copy(self, _STATE_LISTS, players=players, dragons=[list(g) for g in self.dragons])
        new._fork_base = [None] * len(players)  # no player is any base's: all are the clone's own
        return new

    def fork(self) -> DragonState:
        """A copy to change that shares every list (the engine replaces a list, never changes
        one) and every player until ``player_mut`` copies it."""
        fields = self.__dict__.copy()  # only the fields' dict copied, the players' list put in
        base = fields["players"]
        fields["players"] = base.copy()
        new = _new(self.__class__)  # _made, without the extra call (one fork an entry)
        new.__dict__ = fields  # plain stores: a _Changed model sets its slots as any object does,
        new.__pydantic_fields_set__ = self.__pydantic_fields_set__  # faster than the setters' calls
        new.__pydantic_extra__ = None
        new.__pydantic_private__ = None
        new._fork_base = base
        return new

    def player_mut(self, seat: int) -> PlayerState:
        """The player at ``seat``, this state's own copy, to change (copied on first use)."""
        players = self.players
        p = players[seat]
        try:
            base = self._fork_base
        except AttributeError:  # made by pydantic (setup, a file): the slot was never set
            base = None
        if base is None:  # a state not being changed: take no chances, its list is left alone
            base = self._fork_base = players
            players = self.__dict__["players"] = players.copy()
        elif p is not base[seat]:
            return p  # this state's own copy already
        new = _new(p.__class__)  # p.fork(), without the extra calls (stores as in ``fork``)
        new.__dict__ = p.__dict__.copy()
        new.__pydantic_fields_set__ = p.__pydantic_fields_set__
        new.__pydantic_extra__ = None
        new.__pydantic_private__ = None
        players[seat] = new
        return new

    def seal(self) -> DragonState:
        """This state, done changing: a later ``player_mut`` copies the player first, so a state
        handed out never changes one it shares."""
        self._fork_base = None
        return self

    @property
    def current(self) -> int | None:
        """The seat whose turn it is in the current phase's order, if any."""
        f = self.__dict__  # each field read once, from the dict: asked a few times an entry
        tasks: list[ReleaseTask] = f["tasks"]
        if tasks:
            return tasks[0].seat
        turn: int = f["turn"]
        order: list[int] = f["order"]
        if 0 <= turn < len(order):
            return order[turn]
        return None

    def track_order(self) -> list[int]:
        """Seats from furthest ahead on the person track; on one space, the last arrival first."""
        # The seat last in each key: seats on one space and arrival keep their order, as a
        # stable sort by (track, arrival) alone would (no key function called per seat).
        ranked = sorted([(-p.track, -p.arrival, seat) for seat, p in enumerate(self.players)])
        return [seat for _, _, seat in ranked]

    def move(self, seat: int, steps: int) -> None:
        """Advance a person marker; it lands on top of any markers already on that space."""
        if steps <= 0:
            return
        self.moves += 1
        p = self.player_mut(seat)
        p.track += steps
        p.arrival = self.moves

    def tiles_in_play(self) -> int:
        """Every tile kept track of: supply, palaces, released, in hand (conservation check)."""
        held = sum(len(p.persons()) + len(p.released) for p in self.players)
        return sum(self.supply.values()) + held + (1 if self.tile else 0)
