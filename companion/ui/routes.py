"""Routing in one place: the route table, matching an address, and the stack of views under it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

import flet as ft

from companion.ui.services import use_services, use_session

Builder = Callable[..., ft.View]


def match(route: str, pattern: str) -> dict[str, str] | None:
    """Match ``/table/abc/scores`` against ``/table/:id/scores``; the params, or None."""
    parts = [p for p in route.split("?", 1)[0].split("/") if p]
    want = [p for p in pattern.split("/") if p]
    if len(parts) != len(want):
        return None
    params = {}
    for got, exp in zip(parts, want, strict=True):
        if exp.startswith(":"):
            params[exp[1:]] = got
        elif got != exp:
            return None
    return params


@dataclass(frozen=True)
class Screen:
    """The builder ``name`` of ``companion.ui.views.<module>``, imported when first drawn: the
    first screen loads its own module only (the server loads the others after it, ui/warmup.py).

    Drawn inside a screen's part, under the root component: the builder is given the session's
    ``Services`` and ``Session`` from the context the root provides (ui/services.py) and the
    route's params. ``reads_app``: a builder not yet moved off the session's ``App`` (issue 25)
    is given the App instead."""

    module: str
    name: str = "view"
    reads_app: bool = True

    def __call__(self, app: Any, **params: str) -> ft.View:
        build: Builder = getattr(import_module(f"companion.ui.views.{self.module}"), self.name)
        services, session = use_services(), use_session()  # always both: the hooks keep their order
        if self.reads_app:
            return build(app, **params)
        return build(services, session, **params)


ROUTES: list[tuple[str, Screen]] = [
    ("/", Screen("home", reads_app=False)),
    ("/new", Screen("setup", reads_app=False)),
    ("/table/:id", Screen("play", reads_app=False)),
    ("/table/:id/scores", Screen("scores", reads_app=False)),
    ("/table/:id/history", Screen("history", reads_app=False)),
    ("/table/:id/rules", Screen("rules", "table_rules", reads_app=False)),
    ("/table/:id/review", Screen("review", reads_app=False)),
    ("/rules", Screen("rules", reads_app=False)),
    ("/settings", Screen("settings", reads_app=False)),
    ("/quick", Screen("quick", reads_app=False)),
    ("/quick/:game", Screen("quick", reads_app=False)),
    ("/table/:id/share", Screen("share", reads_app=False)),
    ("/join", Screen("share", "join_view", reads_app=False)),
    ("/import", Screen("share", "import_view", reads_app=False)),
    ("/import/:code", Screen("share", "import_view", reads_app=False)),
    ("/players", Screen("players", reads_app=False)),
    ("/plays", Screen("plays", reads_app=False)),
    ("/stats", Screen("stats", reads_app=False)),
    ("/stats/:game", Screen("stats", reads_app=False)),
    ("/player/:id", Screen("player_page", reads_app=False)),
]
VIEW_MODULES = sorted({s.module for _, s in ROUTES})
"""Every screen module the route table names (the server's warm-up loads them)."""


def routes() -> list[tuple[str, Builder]]:
    """The route table; the first route is the fallback for an unknown address."""
    return list(ROUTES)


def parent(route: str) -> str:
    """Where Back goes: from a table's Share screen to the table, from anywhere else Home."""
    params = match(route, "/table/:id/share")
    if params is not None:
        return f"/table/{params['id']}"
    if match(route, "/player/:id") is not None:  # a player's page: back to the players
        return "/players"
    return "/"


def stack(route: str) -> list[str]:
    """The routes of the views on the stack for ``route``: Home, the parent, the screen."""
    path = route.split("?", 1)[0] or "/"
    if match(path, "/") is not None:
        return ["/"]
    up = parent(path)
    return ["/", path] if up == "/" else ["/", up, path]
