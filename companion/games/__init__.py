"""The games: each package declares its ``SPEC`` (a companion.core.registry.GameSpec) and one
entry point in pyproject.toml. There is no list here: the registry is companion.core.registry.

``get``, ``available``, ``register`` and ``UnknownGame`` are the registry's, re-exported for
companion/ui/games until it imports them from the core. They load on first use: a game's light
module (``companion.games.chinatown.income``) imports this package, and must not pay for the
registry and its pydantic models (issue 27).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.core.registry import UnknownGame, available, get, register

__all__ = ["UnknownGame", "available", "get", "register"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from companion.core import registry

    value = getattr(registry, name)
    globals()[name] = value
    return value
