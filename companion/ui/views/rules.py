"""Rules: search the rule texts (case and accents ignored) and the rules for this moment."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core.rulebook import Rule, rule, search
from companion.games import get
from companion.ui.games import known_game_ids, ui_for
from companion.ui.palette import TAP
from companion.ui.shell import App
from companion.ui.views.chrome import table_view
from companion.ui.widgets import card, heading, scroll_column, small

MAX_RESULTS = 40


def rule_tile(app: App, r: Rule, prefix: str = "rule") -> ft.Control:
    status = "" if r.status == "official" else app.tr(f"rules.status.{r.status}")
    return ft.ExpansionTile(
        key=f"{prefix}-{r.id}",
        title=ft.Text(r.title, weight=ft.FontWeight.BOLD),
        subtitle=ft.Text(status, size=12) if status else None,
        controls=[
            ft.Container(
                ft.Text(r.text, selectable=True), padding=ft.Padding.only(left=16, right=16, bottom=12)
            )
        ],
        min_tile_height=TAP,
    )


def results(app: App, game_id: str, query: str) -> list[ft.Control]:
    found = search(game_id, query, app.tr.lang)
    if not found:
        return [small(app.tr("rules.none"), key="rules-none")]
    out: list[ft.Control] = [small(app.tr("rules.count", n=len(found)), key="rules-count")]
    out += [rule_tile(app, r) for r in found[:MAX_RESULTS]]
    return out


def search_block(app: App, game_id: str) -> list[ft.Control]:
    memo = app.memo.setdefault("rules", {"query": ""})
    box = ft.Column(results(app, game_id, memo["query"]), spacing=4, key="rules-results")

    def change(e: Any) -> None:
        memo["query"] = e.control.value or ""
        app.refresh()

    field = ft.TextField(
        label=app.tr("rules.search"),
        value=memo["query"],
        key="rules-search",
        on_change=change,
        prefix_icon=ft.Icons.SEARCH,
        dense=True,
    )
    return [field, box]


def moment(app: App, rule_ids: list[str]) -> list[ft.Control]:
    found = [r for r in (rule(i, app.tr.lang) for i in dict.fromkeys(rule_ids)) if r is not None]
    if not found:
        return []
    return [
        card(heading(app.tr("rules.moment")), *[rule_tile(app, r, "moment") for r in found], key="moment")
    ]


def table_rules(app: App, id: str) -> ft.View:
    table = app.hub.get(id)
    prompt = table.prompt
    ids = list(prompt.rule_ids) if prompt is not None else []  # the question now, not the last entry
    coming = ui_for(table.game_id).foresight_rules
    extra = coming(app, table) if coming is not None and prompt is not None else []
    body = [*moment(app, ids), *extra, heading(app.tr("rules.all")), *search_block(app, table.game_id)]
    return table_view(app, table, "rules", body)


def view(app: App) -> ft.View:
    tr = app.tr
    memo = app.memo.setdefault("rules", {"query": ""})
    games = known_game_ids()
    game_id = memo.get("game") or (games[0] if games else "core")

    def pick(g: str) -> Any:
        def go(_: Any = None) -> None:
            memo["game"] = g
            app.refresh()

        return go

    chips = [
        ft.Chip(
            label=ft.Text(tr.msg(get(g).title)),
            key=f"rules-game-{g}",
            tooltip=tr.msg(get(g).title),
            selected=g == game_id,
            on_select=pick(g),
            height=TAP,
        )
        for g in games
    ]
    body = [ft.Row(chips, wrap=True, spacing=8), *search_block(app, game_id)]
    return ft.View(
        route="/rules",
        appbar=ft.AppBar(title=ft.Text(tr("rules.title"))),
        controls=[scroll_column(body, key="rules")],
        padding=12,
    )
