"""Scores: each player's total and breakdown (label, points, rule), a chart by round, the winner."""

from __future__ import annotations

import flet as ft
import flet_charts as fc

from companion.core import Scoreboard, Table
from companion.ui.games import ui_for
from companion.ui.palette import swatch
from companion.ui.shell import App
from companion.ui.views.chrome import table_view
from companion.ui.widgets import card, dot, heading, rule_link, small


def view(app: App, id: str) -> ft.View:
    table = app.hub.get(id)
    tr = app.tr
    board = table.scoreboard
    body: list[ft.Control] = []
    if board.final:
        winners = board.shared or board.ranking[:1]
        items: list[ft.Control] = [
            heading(tr("scores.final")),
            ft.Text(tr("scores.winner", names=", ".join(winners)), key="winner", size=18),
        ]
        if board.shared and len(board.shared) > 1:
            items.append(small(tr("scores.shared")))
        if board.tie_break is not None:
            items.append(small(tr.msg(board.tie_break), key="tie-break"))
        body.append(card(*items, key="final-card"))
    elif ui_for(table.game_id).secret_scores:  # hidden information (Chinatown money) until the end
        body.append(small(tr("scores.secret"), key="secret"))
        return table_view(app, table, "scores", body)
    else:
        body.append(small(tr("scores.running"), key="running"))
    body.append(ranking(app, table, board))
    if any(board.by_round):
        body += [heading(tr("scores.by_round")), chart(app, table, board)]
    body += [row_card(app, table, board, name) for name in board.ranking]
    return table_view(app, table, "scores", body)


def ranking(app: App, table: Table, board: Scoreboard) -> ft.Control:
    rows = []
    for place, name in enumerate(board.ranking, start=1):
        r = board.row(name)
        rows.append(
            ft.Row(
                [
                    ft.Text(f"{place}.", width=28),
                    dot(table.players[r.seat].color),
                    ft.Text(name, expand=True),
                    ft.Text(str(r.total), key=f"score-{r.seat}", weight=ft.FontWeight.BOLD),
                ]
            )
        )
    return card(*rows, key="ranking")


def row_card(app: App, table: Table, board: Scoreboard, name: str) -> ft.Control:
    tr = app.tr
    r = board.row(name)
    lines: list[ft.Control] = [
        ft.Row(
            [
                dot(table.players[r.seat].color),
                heading(name),
                ft.Text(tr("play.points", n=r.total), weight=ft.FontWeight.BOLD),
            ]
        )
    ]
    for k, line in enumerate(r.breakdown):
        lines.append(
            ft.Row(
                [
                    ft.Text(tr.msg(line.label), expand=True, size=14),
                    ft.Text(
                        f"{line.points:+d}", width=44, text_align=ft.TextAlign.RIGHT, key=f"line-{r.seat}-{k}"
                    ),
                    rule_link(app, line.rule_id, key=f"line-{r.seat}-{k}-rule"),
                ],
                spacing=4,
            )
        )
    return card(*lines, key=f"breakdown-{r.seat}")


def chart(app: App, table: Table, board: Scoreboard) -> ft.Control:
    series, top, rounds = [], 1, 0
    for seat, totals in enumerate(board.by_round):
        if not totals:
            continue
        rounds = max(rounds, len(totals))
        top = max(top, *totals)
        series.append(
            fc.LineChartData(
                points=[fc.LineChartDataPoint(x, y) for x, y in enumerate([0, *totals])],
                color=swatch(table.players[seat].color),
                stroke_width=3,
            )
        )
    step = max(1, rounds // 6)
    return ft.Container(
        fc.LineChart(
            data_series=series,
            min_x=0,
            max_x=max(rounds, 1),
            min_y=0,
            max_y=top + 2,
            left_axis=fc.ChartAxis(label_size=36),
            bottom_axis=fc.ChartAxis(
                title=ft.Text(app.tr("scores.round_axis"), size=12),
                labels=[
                    fc.ChartAxisLabel(value=x, label=ft.Text(str(x), size=11))
                    for x in range(0, rounds + 1, step)
                ],
                label_size=24,
            ),
            horizontal_grid_lines=fc.ChartGridLines(
                interval=max(5, (top // 5 // 5) * 5 or 5), color=ft.Colors.OUTLINE_VARIANT, width=1
            ),
            key="chart",
        ),
        height=220,
        padding=ft.Padding.only(right=12, top=8),
        key="chart-box",
    )
