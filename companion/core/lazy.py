"""Names of a package loaded on first use (PEP 562), so a short command that imports the package
pays only for what it reads: `companion rules` must not build every pydantic model to start."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_names(package: str, where: dict[str, str], into: dict[str, Any]) -> Callable[[str], Any]:
    """The package's ``__getattr__``: ``name`` is read from ``package.<where[name]>`` on first use
    and kept in ``into`` (the package's globals), so later reads skip this function."""

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        into[name] = value
        return value

    return __getattr__
