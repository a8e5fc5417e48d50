"""Routing in one place: the route table, matching an address, and the stack of views under it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

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
    route's params."""

    module: str
    name: str = "view"

    def __call__(self, **params: str) -> ft.View:
        build: Builder = getattr(import_module(f"companion.ui.views.{self.module}"), self.name)
        return build(use_services(), use_session(), **params)


ROUTES: list[tuple[str, Screen]] = [
    ("/", Screen("home")),
    ("/new", Screen("setup")),
    ("/table/:id", Screen("play")),
    ("/table/:id/scores", Screen("scores")),
    ("/table/:id/history", Screen("history")),
    ("/table/:id/rules", Screen("rules", "table_rules")),
    ("/table/:id/review", Screen("review")),
    ("/rules", Screen("rules")),
    ("/settings", Screen("settings")),
    ("/settings/space", Screen("space")),
    ("/quick", Screen("quick")),
    ("/quick/:game", Screen("quick")),
    ("/table/:id/share", Screen("share")),
    ("/join", Screen("share", "join_view")),
    ("/import", Screen("share", "import_view")),
    ("/import/:code", Screen("share", "import_view")),
    ("/players", Screen("players")),
    ("/plays", Screen("plays")),
    ("/stats", Screen("stats")),
    ("/stats/:game", Screen("stats")),
    ("/player/:id", Screen("player_page")),
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
    if match(route, "/settings/space") is not None:  # a hosted space's screen: back to Settings
        return "/settings"
    return "/"


def stack(route: str) -> list[str]:
    """The routes of the views on the stack for ``route``: Home, the parent, the screen."""
    path = route.split("?", 1)[0] or "/"
    if match(path, "/") is not None:
        return ["/"]
    up = parent(path)
    return ["/", path] if up == "/" else ["/", up, path]
