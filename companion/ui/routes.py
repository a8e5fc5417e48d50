"""Routing in one place: the route table, matching an address, and the stack of views under it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

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


def routes() -> list[tuple[str, Builder]]:
    """The route table; the first route is the fallback for an unknown address."""
    from companion.ui.views import (
        history,
        home,
        play,
        players,
        plays,
        quick,
        rules,
        scores,
        settings,
        setup,
        share,
        stats,
    )

    return [
        ("/", home.view),
        ("/new", setup.view),
        ("/table/:id", play.view),
        ("/table/:id/scores", scores.view),
        ("/table/:id/history", history.view),
        ("/table/:id/rules", rules.table_rules),
        ("/rules", rules.view),
        ("/settings", settings.view),
        ("/quick", quick.view),
        ("/quick/:game", quick.view),
        ("/table/:id/share", share.view),
        ("/join", share.join_view),
        ("/import", share.import_view),
        ("/import/:code", share.import_view),
        ("/players", players.view),
        ("/plays", plays.view),
        ("/stats", stats.view),
        ("/stats/:game", stats.view),
    ]


def parent(route: str) -> str:
    """Where Back goes: from a table's Share screen to the table, from anywhere else Home."""
    params = match(route, "/table/:id/share")
    if params is not None:
        return f"/table/{params['id']}"
    return "/"


def stack(route: str) -> list[str]:
    """The routes of the views on the stack for ``route``: Home, the parent, the screen."""
    path = route.split("?", 1)[0] or "/"
    if match(path, "/") is not None:
        return ["/"]
    up = parent(path)
    return ["/", path] if up == "/" else ["/", up, path]
