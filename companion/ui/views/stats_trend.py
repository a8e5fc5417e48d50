"""Win rate over time (issue 31): a line per player of the share of their plays they had won by
the end of each month, on a game's statistics (the players with most plays, or the one chosen)
and on a player's page (every game). The figures come from the store (Store.win_rates); this
only draws them, with the same numbers as text under the chart for a screen reader.

The functions take the translator and the figures, not the session: a caller reads the store
through its repos and passes what it read.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import format_month, format_percent
from companion.ui.chart_axes import bottom_axis, left_axis, month_places, month_span, month_ticks
from companion.ui.i18n import Tr
from companion.ui.palette import DEFAULT_ORDER, PLAYER_COLORS
from companion.ui.repos import WinRateLine, WinRatePoint
from companion.ui.widgets import card, heading, small

MOST_LINES = 5  # more lines than this cannot be told apart on a phone: the players with most plays


def line_colours(lines: list[WinRateLine], colours: dict[str, str | None]) -> list[str]:
    """A colour per line: the player's own (``colours``: id -> colour name) unless a line before
    took it, else the first player colour no line has; distinct while there are six or fewer."""
    taken: list[str] = []
    for line in lines:
        own = colours.get(line.player_id)
        free = [c for c in DEFAULT_ORDER if c not in taken] or DEFAULT_ORDER
        taken.append(own if own in PLAYER_COLORS and own not in taken else free[0])
    return [PLAYER_COLORS[c] for c in taken]


def trend_section(
    tr: Tr, lines: list[WinRateLine], colours: dict[str, str | None], prefix: str
) -> list[ft.Control]:
    """The heading, the chart, its legend and its lines as text; nothing without a line. Keys
    start with ``prefix`` (``stats``, ``player``): ``{prefix}-trend-chart`` is the chart."""
    shown = lines[:MOST_LINES]
    if not shown:
        return []
    paint = line_colours(shown, colours)
    # "the n players with the most plays" only when some are left out
    hint = "insights.trend_hint" if len(lines) > MOST_LINES else "insights.trend_hint_one"
    return [
        heading(tr("insights.trend"), key=f"{prefix}-trend-title"),
        small(tr(hint, n=len(shown)), key=f"{prefix}-trend-hint"),
        trend_chart(tr, shown, paint, prefix),
        card(*_legend(tr, shown, paint, prefix), key=f"{prefix}-trend-lines"),
    ]


def trend_months(lines: list[WinRateLine]) -> list[str]:
    """Every month any line has a point in, oldest first: the chart's x axis."""
    return sorted({q.month for line in lines for q in line.points})


def trend_chart(tr: Tr, lines: list[WinRateLine], paint: list[str], prefix: str) -> ft.Control:
    """One line per player, 0 to 100 %, a point per month they played; a tooltip per point."""
    import flet_charts as fc  # loaded with the first chart

    months = trend_months(lines)
    x_of = month_places(months)  # a month without a play keeps its room on the axis
    series = [
        fc.LineChartData(
            points=[
                fc.LineChartDataPoint(x=x_of[q.month], y=100 * q.rate, tooltip=_point_text(tr, line.name, q))
                for q in line.points
            ],
            color=colour,
            stroke_width=3,
            curved=False,
            point=len(line.points) == 1,  # a lone point is a line of nothing: drawn as a dot
        )
        for line, colour in zip(lines, paint, strict=True)
    ]
    chart = fc.LineChart(
        data_series=series,
        min_y=0,
        max_y=100,
        min_x=month_span(x_of)[0],
        max_x=month_span(x_of)[1],
        left_axis=left_axis(
            [(y, format_percent(y / 100, tr.lang)) for y in range(0, 101, 25)],
            tr("insights.axis_win_rate"),
            clear_corner=True,
        ),
        bottom_axis=bottom_axis(month_ticks(months, tr.lang), tr("insights.axis_month")),
        horizontal_grid_lines=fc.ChartGridLines(interval=25, color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=True,
        key=f"{prefix}-trend-chart",
    )
    box = ft.Container(chart, height=230, padding=ft.Padding.only(right=28, top=8))
    # a screen reader names the chart; its numbers are the lines of text under it
    return ft.Semantics(content=box, label=tr("insights.trend_label"), container=True, key=f"{prefix}-trend")


def _point_text(tr: Tr, name: str, q: WinRatePoint) -> str:
    return tr(
        "insights.trend_point",
        name=name,
        month=format_month(q.month, tr.lang),
        rate=format_percent(q.rate, tr.lang),
        n=q.plays_so_far,
    )


def _legend(tr: Tr, lines: list[WinRateLine], paint: list[str], prefix: str) -> list[ft.Control]:
    """Per line: its colour, the player and where they stand at their last month."""
    rows: list[ft.Control] = []
    for line, colour in zip(lines, paint, strict=True):
        last = line.points[-1]
        text = tr(
            "insights.trend_line",
            name=line.name,
            rate=format_percent(last.rate, tr.lang),
            wins=last.wins_so_far,
            n=last.plays_so_far,
            month=format_month(last.month, tr.lang),
        )
        row = ft.Row([_swatch(colour), ft.Text(text, size=13, expand=True)], spacing=8)
        rows.append(ft.Container(row, key=f"{prefix}-trend-line-{line.player_id}"))
    return rows


def _swatch(colour: str) -> ft.Control:
    return ft.Container(width=12, height=12, border_radius=6, bgcolor=colour)
