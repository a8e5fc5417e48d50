"""The games: each package declares its ``SPEC`` (a companion.core.registry.GameSpec) and one
entry point in pyproject.toml. There is no list here: the registry is companion.core.registry.

``get``, ``available``, ``register`` and ``UnknownGame`` are the registry's, re-exported for
companion/ui/games until it imports them from the core.
"""

from companion.core.registry import UnknownGame, available, get, register

__all__ = ["UnknownGame", "available", "get", "register"]
