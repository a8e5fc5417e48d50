"""Table: a game being played, kept as a log of entries.

The state is never stored: it is the fold of the game's ``apply`` over the entries, starting
from ``setup``. Undo pops the last entry onto a redo stack; a new entry clears that stack.
A journal (the store) may be attached: it is told of each change and must commit it before
the change becomes visible, so a crash never loses what the user saw.
"""

from __future__ import annotations

import json
import random
import uuid
import weakref
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any, Protocol, cast, overload

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, field_validator

from companion.core.limits import InputLimitError, check_shape, has_unsafe, load_json, safe_args
from companion.core.memory import replaying
from companion.core.msg import Msg, msg
from companion.core.protocol import (
    Effect,
    Entry,
    Game,
    PlayerView,
    Prompt,
    RuleViolation,
    Scoreboard,
    player_view,
)
from companion.core.registry import UnknownGame, get

FILE_FORMAT = "table-companion/table"
# Colour names a table may give its players (the UI maps them to swatches).
PLAYER_COLORS = ("red", "blue", "green", "yellow", "purple", "orange")
FILE_VERSION = 1
# Bounds of a table file beyond the generic JSON limits (docs/FORMAT.md, "Limits").
MAX_NAME = 500  # characters; a default name joins up to 8 player names
MAX_CREATED = 64
MAX_LOG = 5_000  # entries in force, and again undone ones; a long game has under 1,000


class Player(BaseModel):
    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = Field(min_length=1, max_length=24)
    color: str | None = None

    @field_validator("name")
    @classmethod
    def _strip(cls, v: str) -> str:
        v = " ".join(v.split())
        if not v:
            raise ValueError("a player needs a name")
        if has_unsafe(v):
            raise ValueError("a name cannot hold control characters")
        return v


class TableFile(BaseModel):
    """The exported file: the log, never the derived state (docs/FORMAT.md)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: str = Field(max_length=64)
    version: StrictInt = Field(ge=1)  # not 0, not negative, not `true`
    id: str = Field(min_length=1, max_length=64)
    game: str = Field(max_length=32)
    name: str = ""  # checked by Table.new, like a name typed in the app
    created: str = ""
    options: dict[str, Any] = {}
    players: list[Player] = Field(max_length=8)
    entries: list[dict[str, Any]] = Field([], max_length=MAX_LOG)
    redo: list[dict[str, Any]] = Field([], max_length=MAX_LOG)


class Journal(Protocol):
    """Receives every change of a table before it is shown (implemented by the store)."""

    def appended(self, table: Table, entry: BaseModel, state: BaseModel) -> None:
        """``entry`` is about to become entry number ``table.version``, leading to ``state``."""
        ...

    def undone(self, table: Table) -> None: ...

    def redone(self, table: Table) -> None: ...


class TableError(ValueError):
    """A table cannot be created or loaded (bad players, unknown game, damaged file)."""

    def __init__(self, message: Msg | str, **args: Any) -> None:
        self.msg = message if isinstance(message, Msg) else msg(message, **safe_args(args))
        super().__init__(self.msg.render())


class EntriesView(Sequence[Entry]):
    """The entries in force, read-only and live: a read costs O(1), not a copy of the log
    (History reads it on every tap). A slice is a new list of just the entries it names."""

    __slots__ = ("_log",)

    def __init__(self, log: list[Entry]) -> None:
        self._log = log

    def __len__(self) -> int:
        return len(self._log)

    @overload
    def __getitem__(self, i: int) -> Entry: ...
    @overload
    def __getitem__(self, i: slice) -> list[Entry]: ...
    def __getitem__(self, i: int | slice) -> Entry | list[Entry]:
        return self._log[i]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._log)

    def __reversed__(self) -> Iterator[Entry]:
        return reversed(self._log)

    def __eq__(self, other: object) -> bool:  # equal to a list of the same entries, as the copy was
        return self._log == (other._log if isinstance(other, EntriesView) else other)

    __hash__ = None  # type: ignore[assignment]  # live, so unhashable like the list it shows

    def __repr__(self) -> str:
        return f"EntriesView({self._log!r})"


HistoryItem = tuple[int, Entry, list[Effect]]


class HistoryView(Sequence[HistoryItem]):
    """``(i, entry, effects)`` of every entry in force, read-only and live: an item is built
    when read (its effects a copy of that entry's only), so History pays for what it shows."""

    __slots__ = ("_effects", "_entries", "_table")

    def __init__(
        self,
        entries: list[Entry],
        effects: list[list[Effect] | None],
        table: Table,
    ) -> None:
        self._entries, self._effects = entries, effects
        self._table = weakref.ref(table)  # not the table itself: no cycle, freed when let go

    def __len__(self) -> int:
        return len(self._entries)

    def _item(self, i: int) -> HistoryItem:
        effects = self._effects[i]
        if effects is None:  # a table resumed from a checkpoint: replayed once, then kept
            table = self._table()
            assert table is not None  # whoever reads the view holds the table
            effects = table._rebuild_effects()[i]
        return i, self._entries[i], list(effects or ())

    @overload
    def __getitem__(self, i: int) -> HistoryItem: ...
    @overload
    def __getitem__(self, i: slice) -> list[HistoryItem]: ...
    def __getitem__(self, i: int | slice) -> HistoryItem | list[HistoryItem]:
        n = len(self._entries)
        if isinstance(i, slice):
            return [self._item(k) for k in range(*i.indices(n))]
        k = i + n if i < 0 else i
        if not 0 <= k < n:
            raise IndexError(i)
        return self._item(k)

    def __iter__(self) -> Iterator[HistoryItem]:
        for k in range(len(self._entries)):
            yield self._item(k)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HistoryView):  # the two logs compared whole, no item built
            return self._entries == other._entries and self._every_effect() == other._every_effect()
        return isinstance(other, list) and list(self) == other

    def _every_effect(self) -> list[list[Effect]]:
        """Every entry's effects, as the items give them (rebuilt first if a checkpoint skipped them)."""
        effects = self._effects
        if None in effects:
            table = self._table()
            assert table is not None  # whoever compares the view holds the table
            effects = table._rebuild_effects()
        return [fx or [] for fx in effects]  # no copy: only compared

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"HistoryView({list(self)!r})"


class Table:
    def __init__(
        self,
        game: Game,
        options: BaseModel,
        players: list[Player],
        *,
        table_id: str | None = None,
        name: str = "",
        created: str | None = None,
    ) -> None:
        self.game = game
        self.options = options
        self.players = players
        self.id = table_id or uuid.uuid4().hex
        self.name = name or ", ".join(p.name for p in players)
        self.created = created or datetime.now(UTC).isoformat(timespec="seconds")
        self.journal: Journal | None = None
        self._entries: list[Entry] = []
        # None marks a state or effects not rebuilt yet (a table resumed from a checkpoint).
        self._effects: list[list[Effect] | None] = []
        self._states: list[BaseModel | None] = [game.setup(options, [p.name for p in players])]
        self._redo: list[Entry] = []
        # One view of each, made once: the lists are only ever changed in place.
        self._entries_view = EntriesView(self._entries)
        self._history_view = HistoryView(self._entries, self._effects, self)
        # The prompt of the current state, computed once per version (the screens read it often).
        self._prompt: tuple[BaseModel, Prompt | None] | None = None
        # The prompt of the state the last checked entry leads to, when the game gave it (PromptedPlay,
        # PromptedApply).
        self._next_prompt: tuple[BaseModel, Prompt | None] | None = None

    # ---- creation -------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_id: str,
        players: list[str] | list[dict[str, Any]] | list[Player],
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Table:
        game = get(game_id)  # UnknownGame if no such game is registered
        _check_header(kwargs.get("table_id") or "", kwargs.get("name") or "", kwargs.get("created") or "")
        people = _players(players)
        if not game.min_players <= len(people) <= game.max_players:
            raise TableError(
                "core.table.player_count", low=game.min_players, high=game.max_players, n=len(people)
            )
        try:
            opts = game.options_model.model_validate(options or {})
        except ValidationError as exc:
            raise TableError("core.table.bad_options", detail=_first_error(exc)) from exc
        return cls(game, opts, people, **kwargs)

    # ---- reading --------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def state(self) -> BaseModel:
        state = self._states[-1]
        if state is None:  # undone back into states a checkpoint skipped
            state = self._rebuild()[-1]
        return state

    @property
    def entries(self) -> EntriesView:
        return self._entries_view

    @property
    def redo_entries(self) -> list[Entry]:
        """Undone entries, the next one to redo last."""
        return list(self._redo)

    @property
    def history(self) -> HistoryView:
        return self._history_view

    @property
    def last(self) -> tuple[int, Entry, list[Effect]] | None:
        """The newest entry in force with its effects (``history[-1]``, without the whole list)."""
        if not self._entries:
            return None
        i = len(self._entries) - 1
        effects = self._effects[i]
        if effects is None:
            effects = self._rebuild_effects()[i]
        return i, self._entries[i], list(effects or ())

    def state_at(self, version: int) -> BaseModel:
        """The state after the first ``version`` entries (0: the setup), e.g. to label old entries."""
        if not 0 <= version <= len(self._entries):
            raise IndexError(version)
        state = self._states[version]
        return state if state is not None else self._rebuild()[version]

    @property
    def version(self) -> int:
        """How many entries are in force: clients compare it to detect a stale view."""
        return len(self._entries)

    @property
    def prompt(self) -> Prompt | None:
        state = self._states[-1]  # self.state, without a second call (read twice an entry)
        if state is None:
            state = self.state
        cached = self._prompt
        if cached is None or cached[0] is not state:
            ahead = self._next_prompt
            cached = self._prompt = (
                ahead if ahead is not None and ahead[0] is state else (state, self.game.prompt(state))
            )
        return cached[1]

    @property
    def scoreboard(self) -> Scoreboard:
        return self.game.score(self.state)

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` (None: the public, a viewer, the shared screen) may see now: the state,
        the scoreboard and, through ``view.effect``, every effect of the history. Hidden
        information is the game's business (its ``player_view``); no caller reads secrets itself."""
        return player_view(self.game, self.state, seat)

    @property
    def banner(self) -> Msg:
        return self.game.banner(self.state)

    @property
    def standing(self) -> Msg:
        """Where the game stands in a few words (round and phase, no names), for a list of
        tables; a game without its own ``standing`` gives its banner."""
        short = getattr(self.game, "standing", None)
        return short(self.state) if short is not None else self.banner

    def next_after(self, seat: int) -> int | None:
        """The seat this step asks after ``seat``, in the order the game's banner says ("Ben,
        then Ana": Ana after Ben; Da Yu's banner names the mover alone, and its order names the
        next one only where the game cannot end first); None when the game gives no such order
        (its optional ``turn_order``) or ``seat`` is last or not in it. Never guessed from the
        seats' numbers."""
        order = getattr(self.game, "turn_order", None)
        seats: tuple[int, ...] = order(self.state) if order is not None else ()
        if seat not in seats or seats.index(seat) + 1 >= len(seats):
            return None
        return seats[seats.index(seat) + 1]

    @property
    def finished(self) -> bool:
        return self.prompt is None

    def can_undo(self) -> bool:
        return bool(self._entries)

    def can_redo(self) -> bool:
        return bool(self._redo)

    # ---- changing -------------------------------------------------------------------
    def parse_entry(self, entry: BaseModel | dict[str, Any]) -> Entry:
        """An entry model from a model or its JSON dict; a malformed dict is a RuleViolation."""
        # A model of one of the game's entry classes passes as it is (pydantic does not validate
        # an instance again); any other model is refused like a malformed dict.
        if not isinstance(entry, (dict, BaseModel)):
            raise RuleViolation("core.entry", "core.entry.malformed", detail=type(entry).__name__)
        try:
            parsed: Entry = self.game.entry_adapter.validate_python(entry)  # every game's entries are Entry
        except ValidationError as exc:
            raise RuleViolation("core.entry", "core.entry.malformed", detail=_first_error(exc)) from exc
        return parsed

    def check(self, entry: BaseModel | dict[str, Any]) -> tuple[Entry, BaseModel, list[Effect]]:
        """Validate an entry against the current state without changing anything.

        Returns (entry, next state, effects). Used by submit, and by the UI to show what a
        choice would do before the player confirms it.
        """
        cached, state = self._prompt, self._states[-1]
        # The current state's cached prompt without the property's call (one check an entry).
        prompt = cached[1] if cached is not None and state is not None and cached[0] is state else self.prompt
        shown = prompt.choices if prompt is not None else None
        if shown and id(entry) in map(id, shown):
            # The very instance the prompt offered (a tap, random play): of its kind and parsed
            # already, so a membership test by identity stands for the parse, the kind and the
            # search; the seat is still checked.
            return self._play_offered(entry, prompt)  # type: ignore[arg-type]  # a game's entry, a prompt
        parsed = self.parse_entry(entry)
        if prompt is None:
            raise RuleViolation("core.game_over", "core.entry.game_over")
        refusal = prompt.kind_refusal(parsed.kind)
        if refusal is not None:
            raise refusal
        choices = prompt.choices
        self._check_seat(parsed, prompt)
        offered = choices is not None and _offered(parsed, choices)
        if offered and hasattr(self.game, "play"):
            return self._play_offered(parsed, prompt)
        applied = getattr(self.game, "apply_prompted", None)
        if applied is not None:
            state, effects, ahead = applied(self.state, parsed)
        else:
            state, effects = self.game.apply(self.state, parsed)
        if choices is not None and not offered:
            # apply() accepted it, but the prompt did not offer it: the prompt is authoritative.
            raise RuleViolation(
                prompt.step_rule, "core.entry.not_a_choice", kind=parsed.kind, expected=prompt.msg
            )
        if applied is not None:
            self._next_prompt = (state, ahead)
        return parsed, state, effects

    def _play_offered(self, entry: Entry, prompt: Prompt) -> tuple[Entry, BaseModel, list[Effect]]:
        """An entry among the prompt's choices, of its seat: the game applies it without checking
        it again (TrustedPlay), or checks it (``apply``) when it has no such path."""
        asked = prompt.seat
        if asked is None or entry.seat != asked:  # the seat asked answers: nothing to refuse
            self._check_seat(entry, prompt)
        game = self.game
        state = self._states[-1]
        if state is None:
            state = self.state
        prompted = getattr(game, "play_prompted", None)
        if prompted is not None:
            state, effects, ahead = prompted(state, entry)
            self._next_prompt = (state, ahead)
        else:
            state, effects = getattr(game, "play", game.apply)(state, entry)
        return entry, state, effects

    def _check_seat(self, entry: Entry, prompt: Prompt) -> None:
        """The entry comes from the seat the prompt asks, or one of the seats it lets answer."""
        if prompt.seat is not None:
            if entry.seat != prompt.seat:
                who = self.players[prompt.seat].name
                raise RuleViolation(prompt.turn_rule, "core.entry.wrong_seat", player=who)
        elif prompt.seats and entry.seat is not None and entry.seat not in prompt.seats:
            names = [self.players[s].name for s in prompt.seats]
            raise RuleViolation(prompt.turn_rule, "core.entry.not_among", players=names, n=len(names))

    def submit(self, entry: BaseModel | dict[str, Any]) -> list[Effect]:
        cached = self._prompt
        if cached is not None and cached[0] is self._states[-1] and cached[1] is not None:
            # ``check``'s first path, taken here without its calls (random play and every tap):
            # the very instance the current prompt offered, of the seat it asks, played by a game
            # that gives the next prompt with the state (PromptedPlay). Else ``check`` does it all.
            prompt = cached[1]
            asked = prompt.seat
            for offered in prompt.choices or ():  # by identity: a third of ``in map(id, ...)``'s time
                if offered is entry:
                    chosen = cast(Entry, offered)  # the prompt's own instance: an Entry
                    prompted = getattr(self.game, "play_prompted", None)
                    if prompted is None or asked is None or chosen.seat != asked:
                        break  # ``check`` sees to the seat, or to a game that checks its entries
                    played: tuple[BaseModel, list[Effect], Prompt | None] = prompted(cached[0], chosen)
                    state, effects, ahead = played
                    if self.journal is not None:  # ``_append``, written out
                        self.journal.appended(self, chosen, state)
                    self._entries.append(chosen)
                    self._effects.append(effects)
                    self._states.append(state)
                    self._redo.clear()
                    self._prompt = (state, ahead)  # the new state's prompt, as ``prompt`` would take it
                    return effects
        parsed, state, effects = self.check(entry)
        self._append(parsed, state, effects)
        return effects

    def _append(self, entry: Entry, state: BaseModel, effects: list[Effect]) -> None:
        """Put a checked entry in force."""
        if self.journal is not None:
            self.journal.appended(self, entry, state)  # commit first: a crash must not lose a shown entry
        self._entries.append(entry)
        self._effects.append(effects)
        self._states.append(state)
        self._redo.clear()

    def auto(self, rng: random.Random | None = None) -> list[Effect]:
        """Let the app make the current entry itself (deal, draw, shuffle)."""
        prompt = self.prompt
        if prompt is None or not prompt.auto:
            raise RuleViolation("core.entry", "core.entry.no_auto")
        entry = self.game.auto_entry(self.state, rng or random.Random())
        if entry is None:
            raise RuleViolation("core.entry", "core.entry.no_auto")
        return self.submit(entry)

    def undo(self, steps: int = 1) -> int:
        """Take back up to ``steps`` entries; returns how many were undone."""
        done = 0
        while done < steps and self._entries:
            if self.journal is not None:
                self.journal.undone(self)
            self._redo.append(self._entries.pop())
            self._effects.pop()
            self._states.pop()
            done += 1
        return done

    def redo(self, steps: int = 1) -> int:
        done = 0
        while done < steps and self._redo:
            # Checked like a new entry: a redo stack read from a file or the store must not slip one in.
            entry, state, effects = self.check(self._redo[-1])
            if self.journal is not None:
                self.journal.redone(self)
            self._redo.pop()
            self._entries.append(entry)
            self._effects.append(effects)
            self._states.append(state)
            done += 1
        return done

    # ---- files ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return TableFile(
            format=FILE_FORMAT,
            version=FILE_VERSION,
            id=self.id,
            game=self.game.id,
            name=self.name,
            created=self.created,
            options=self.options.model_dump(mode="json"),
            players=self.players,
            entries=[e.model_dump(mode="json", exclude_defaults=False) for e in self._entries],
            redo=[e.model_dump(mode="json") for e in self._redo],
        ).model_dump(mode="json")

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    @classmethod
    def from_dict(
        cls,
        data: Any,
        *,
        legal_redo_only: bool = False,
        trusted: bool = False,
        checkpoint: BaseModel | None = None,
    ) -> Table:
        """The table a file's data describes, every entry (and every undone one) checked.

        ``legal_redo_only``: keep the undone entries up to the first illegal one instead of
        refusing the table (the store's rows written before Redo checked its entries).
        ``trusted``: the entries in force come from the app's own store, where each passed
        every check when it was made; they are parsed and played without checking them again
        (the undone ones are still checked). Files, codes and imports never pass it.
        ``checkpoint`` (only with ``trusted``): the state the entries in force lead to, which the
        store kept with its log's digest. The entries are parsed but not played; the earlier
        states and the effects are rebuilt from the log the first time something reads them.
        """
        try:
            check_shape(data)
            file = TableFile.model_validate(data)
        except InputLimitError as exc:
            raise TableError("sec-input.core.file.over_limit", detail=exc.msg) from exc
        except ValidationError as exc:
            raise TableError("core.file.damaged", detail=_first_error(exc)) from exc
        if file.format != FILE_FORMAT:
            raise TableError("core.file.foreign", found=file.format)
        if file.version > FILE_VERSION:
            raise TableError("core.file.too_new", found=file.version, known=FILE_VERSION)
        try:
            get(file.game)
        except UnknownGame as exc:
            raise TableError("core.file.unknown_game", game=file.game) from exc
        table = cls.new(
            file.game,
            file.players,
            file.options,
            table_id=file.id,
            name=file.name,
            created=file.created or None,
        )
        with replaying():  # no collections while the states pile up (core/memory.py)
            resumed = trusted and checkpoint is not None and table._resume(file.entries, checkpoint)
            if not resumed and not (trusted and table._replay_trusted(file.entries)):
                for i, raw in enumerate(file.entries):
                    try:
                        table.submit(raw)
                    except RuleViolation as exc:
                        raise TableError("core.file.bad_entry", n=i + 1, detail=exc.message) from exc
            table._check_redo(file.redo, legal_redo_only)
        return table

    def _replay_trusted(self, raws: list[dict[str, Any]]) -> bool:
        """Play entries that were checked when they were made: parse each once, skip the prompt.

        False (and the table back at its setup) if any entry fails: the caller then replays
        with every check, which names the damaged entry and its rule.
        """
        play = getattr(self.game, "play", None) or self.game.apply
        for raw in raws:
            try:
                entry = self.game.entry_adapter.validate_python(raw)
                state, effects = play(self.state, entry)
            except Exception:  # a damaged log: let the checked replay say what is wrong
                del self._entries[:], self._effects[:], self._states[1:]
                return False
            self._entries.append(entry)
            self._effects.append(effects)
            self._states.append(state)
        return True

    def drop_history(self) -> None:
        """Let go of the states and effects before the current one (rebuilt from the log, without
        checks, if anything reads them again), as a table resumed from a checkpoint holds. A
        restore checks a thousand tables before it stores them: kept whole, their states would
        fill the memory and slow every collection."""
        if len(self._states) > 2:
            self._states[1:-1] = [None] * (len(self._states) - 2)
        self._effects[:] = [None] * len(self._effects)

    def _resume(self, raws: list[dict[str, Any]], final: BaseModel) -> bool:
        """Take the entries in force and their final state as they are; nothing is played now.

        False (nothing taken) if an entry cannot be parsed: the caller replays the log instead.
        """
        parse = self.game.entry_adapter.validate_python
        try:
            entries = [parse(raw) for raw in raws]
        except ValidationError:
            return False
        if entries:  # in place: the views handed out (entries, history) hold these lists
            self._entries[:] = entries
            self._effects[:] = [None] * len(entries)
            self._states += [None] * (len(entries) - 1) + [final]
        return True

    def _rebuild(self) -> list[BaseModel]:
        """Fill in the states (and effects) a checkpoint skipped, playing the log without checks."""
        play = getattr(self.game, "play", None) or self.game.apply
        states, effects = self._states, self._effects
        state = states[0]
        assert state is not None  # the setup is always there
        for i, entry in enumerate(self._entries):
            known = states[i + 1]
            if known is not None and effects[i] is not None:
                state = known
                continue
            state, effects[i] = play(state, entry)
            if known is None:
                states[i + 1] = state
            else:  # keep the state already handed out (the prompt cache holds it)
                state = known
        return cast(list[BaseModel], states)  # every slot is filled now

    def _rebuild_effects(self) -> list[list[Effect] | None]:
        self._rebuild()
        return self._effects

    def _check_redo(self, redo: list[dict[str, Any]], legal_only: bool) -> None:
        """Replay the undone entries (the next one to redo last) with every check, then undo them again."""
        base = len(self._entries)
        for i, raw in enumerate(reversed(redo)):
            try:
                self.submit(raw)
            except RuleViolation as exc:
                if legal_only:
                    break
                raise TableError("sec-input.core.file.bad_redo", n=base + i + 1, detail=exc.message) from exc
        self.undo(len(self._entries) - base)

    @classmethod
    def from_json(cls, text: str | bytes) -> Table:
        try:
            data = load_json(text)
        except InputLimitError as exc:
            raise TableError("sec-input.core.file.over_limit", detail=exc.msg) from exc
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise TableError("core.file.not_json", detail=str(exc)) from exc
        return cls.from_dict(data)


def _offered(entry: Entry, choices: list[Any]) -> bool:
    """``entry in choices``, faster: an offered instance itself, or one of its type with the
    same fields (pydantic's own ``==`` then confirms the one that matches)."""
    cls, fields = type(entry), entry.__dict__
    return any(c is entry or (type(c) is cls and c.__dict__ == fields and c == entry) for c in choices)


def _check_header(table_id: str, name: str, created: str) -> None:
    """A table's id, name and creation time as a file or a code gives them: bounded, printable, a real time."""
    if has_unsafe(table_id):
        raise TableError("sec-input.core.table.bad_id")
    if len(name) > MAX_NAME or has_unsafe(name):
        raise TableError("sec-input.core.table.bad_name", limit=MAX_NAME)
    if created:
        try:
            if len(created) > MAX_CREATED:
                raise ValueError(created)
            datetime.fromisoformat(created)
        except ValueError as exc:
            raise TableError("sec-input.core.table.bad_created", found=created) from exc


def _players(players: list[Any]) -> list[Player]:
    try:
        people = [
            p if isinstance(p, Player) else Player(name=p) if isinstance(p, str) else Player.model_validate(p)
            for p in players
        ]
    except ValidationError as exc:
        raise TableError("core.table.bad_player", detail=_first_error(exc)) from exc
    names = [p.name.casefold() for p in people]
    if len(set(names)) != len(names):
        raise TableError("core.table.duplicate_names")
    return _with_colors(people)


def _with_colors(people: list[Player]) -> list[Player]:
    """Give a player without a colour the first colour nobody has, so every screen tells them apart."""
    free = [c for c in PLAYER_COLORS if c not in {p.color for p in people}]
    return [p if p.color else p.model_copy(update={"color": free.pop(0) if free else None}) for p in people]


def _first_error(exc: ValidationError) -> Msg:
    """Pydantic's first complaint as a reason in the reader's language (core/reasons.py)."""
    from companion.core.reasons import first_reason

    return first_reason(exc)
