"""The one game registry: a ``GameSpec`` per game, found through the ``companion.games`` entry points.

A game package declares ``SPEC = GameSpec(...)`` in its ``__init__.py`` and one line in
pyproject.toml (``[project.entry-points."companion.games"]``). The core never names a game:
it asks this registry, which loads a game's package the first time its id is asked for.
Tests add toy games with ``register``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from types import MappingProxyType
from typing import Any, Generic

from pydantic import TypeAdapter

from companion.core.calc import Calculator as Calculator  # its home; the games import it here
from companion.core.msg import Msg
from companion.core.protocol import Game, HiddenInformation, OptionsT, PlayerView, StateT, player_view

ENTRY_POINT_GROUP = "companion.games"


@dataclass(frozen=True)
class GameSpec(Generic[StateT, OptionsT]):
    """Everything the app needs to know of a game, in one place.

    ``snapshot`` is the game's number in QR snapshots (docs/share.md): never reuse one; None
    writes the id as text. ``calculators`` maps a CLI name to its calculator. ``ui`` names
    the module holding the game's screens, or None for a game with the generic screens only.
    A game's own spec is typed with its state and options (``GameSpec[DragonState, DragonOptions]``,
    inferred from ``game``), so mypy checks the game against the protocol; the registry hands
    out ``GameSpec``, any game.
    """

    game: Game[StateT, OptionsT]
    snapshot: int | None = None
    calculators: Mapping[str, Calculator] = field(default_factory=dict)
    ui: str | None = None
    score_unit: str = "vp"  # what a final score counts: "vp", or "money" (Chinatown); the scoreboard's unit
    # The tie line from each seat's (name, final score, tie-break figure), in any order: the game
    # ranks them by its own tie-break (a play kept without its table says it: companion/plays/ties.py)
    figure_tie: Callable[[Sequence[tuple[str, int, int]]], Msg | None] | None = None

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def title(self) -> Msg:
        return self.game.title

    @property
    def min_players(self) -> int:
        return self.game.min_players

    @property
    def max_players(self) -> int:
        return self.game.max_players

    @property
    def options_model(self) -> type[OptionsT]:
        return self.game.options_model

    @property
    def entries(self) -> TypeAdapter[Any]:
        return self.game.entry_adapter

    @property
    def hidden_information(self) -> bool:
        """Whether some of the game is secret from some seats (it defines ``player_view``)."""
        return isinstance(self.game, HiddenInformation)

    def player_view(self, state: StateT, seat: int | None) -> PlayerView:
        """What ``seat`` (None: the public) may see of ``state``."""
        return player_view(self.game, state, seat)


class UnknownGame(KeyError):
    """No game is registered under this id (or its package failed to load)."""


_SPECS: dict[str, GameSpec] = {}


@cache
def _declared() -> Mapping[str, Any]:
    """The installed games' entry points by id (not loaded). Read once per process: reading
    them walks every installed package's metadata (tens of milliseconds), and the registry
    asked again for each snapshot code decoded (``by_snapshot``) and each game list shown;
    what is installed does not change while the app runs."""
    return MappingProxyType({ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)})


def spec(game_id: str) -> GameSpec:
    """The spec of a game, loading its package on first use."""
    found = _SPECS.get(game_id)
    if found is not None:
        return found
    declared = _declared().get(game_id)
    if declared is None:
        raise UnknownGame(game_id)
    loaded = declared.load()
    if not isinstance(loaded, GameSpec) or loaded.id != game_id:
        raise UnknownGame(game_id)
    _SPECS[game_id] = loaded
    return loaded


def get(game_id: str) -> Game:
    """The rules object of a game."""
    return spec(game_id).game


def available() -> list[str]:
    """Ids of every game that can be played: the installed ones, then any registered by hand."""
    ids = sorted(
        (g for g in _declared() if _loads(g)), key=lambda g: (spec(g).snapshot is None, spec(g).snapshot)
    )
    return ids + [game_id for game_id in _SPECS if game_id not in ids]


def installed() -> list[str]:
    """Ids of the games installed through entry points (not those registered by hand)."""
    return list(_declared())


def specs() -> list[GameSpec]:
    return [spec(game_id) for game_id in available()]


def by_snapshot(number: int) -> GameSpec:
    """The game a snapshot's number names."""
    for found in specs():
        if found.snapshot == number:
            return found
    raise UnknownGame(number)


def calculators() -> dict[str, Calculator]:
    """Every game's calculators by CLI name."""
    return {name: calc for found in specs() for name, calc in found.calculators.items()}


def calculator_named(name: str) -> Calculator | None:
    """The calculator ``name``, loading as few games as it can: the game whose id starts the
    name first ("chinatown-income": Chinatown; a calculator is named after its game), then
    every game, as ``calculators()``."""
    for game_id in _declared():
        if name.startswith(f"{game_id}-") and _loads(game_id):
            found = spec(game_id).calculators.get(name)
            if found is not None:
                return found
    return calculators().get(name)


def register(game: GameSpec | Game) -> GameSpec:
    """Add a game under its id (tests add toy games this way); a bare Game gets a spec of its own."""
    found = game if isinstance(game, GameSpec) else GameSpec(game=game)
    _SPECS[found.id] = found
    return found


def _loads(game_id: str) -> bool:
    try:
        spec(game_id)
    except (UnknownGame, ImportError):
        return False
    return True
