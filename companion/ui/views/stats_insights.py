"""The deeper statistics' parts the Statistics screen and a player's page share (issue 31): a
game's records, each opening the play it came from, the month chart, and the period filter.
Every figure comes from the store (companion/store/plays_insights.py); this only lays them out.

The period filter (``PeriodFilter``) is an observable kept in the session's drafts: a screen
draws its figures in a component given it, so a changed day or place draws them again."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.i18n import format_month, format_percent, format_when, translate
from companion.plays.labels import THOUSANDS_LOGGED, average_shown, average_text, money_game, score_text
from companion.ui.chart_axes import (
    bottom_axis,
    left_axis,
    month_places,
    month_span,
    month_ticks,
    nice_step,
    tick_text,
)
from companion.ui.gameui import expansion_labels, game_title
from companion.ui.i18n import Tr, day_hint
from companion.ui.repos import GameRecord, Period
from companion.ui.services import Services, Session
from companion.ui.widgets import card, small

if TYPE_CHECKING:
    from companion.ui.views.stats_doubts import Fixable


@ft.observable
@dataclass
class PeriodFilter:
    """The period and location the statistics cover, as typed (kept while the session lasts);
    ``error`` says a typed date that is not one (it is then not applied)."""

    since: str = ""
    until: str = ""
    location: str = ""

    def enter(self, field: str, text: str) -> None:
        """A field as typed ("since", "until" or "location")."""
        setattr(self, field, text)

    def _days(self) -> tuple[str | None, str | None] | None:
        """since and until as ISO days (None: not given); None when one is not a date."""
        try:
            since, until = (
                date.fromisoformat(t.strip()).isoformat() if t.strip() else None
                for t in (self.since, self.until)
            )
        except ValueError:
            return None
        return since, until

    @property
    def error(self) -> bool:
        return self._days() is None

    def args(self) -> dict[str, str | None]:
        """since/until/location for the store, a date that is not one left out (and said)."""
        since, until = self._days() or (None, None)
        return {"since": since, "until": until, "location": self.location.strip() or None}


def period_controls(tr: Tr, shown: PeriodFilter, prefix: str) -> list[ft.Control]:
    """From / To days and a location, applied when a field is left or submitted (``shown`` is
    observable: the component given it draws the figures again)."""

    def setter(field: str) -> Any:
        return lambda e: shown.enter(field, e.control.value or "")

    def field(name: str, label: str, hint: str, width: int) -> ft.Control:
        return ft.TextField(
            label=tr(label),
            value=getattr(shown, name),
            key=f"{prefix}-{name}",
            hint_text=hint,
            on_blur=setter(name),
            on_submit=setter(name),
            width=width,
            dense=True,
        )

    row: list[ft.Control] = [
        ft.Row(
            [
                field("since", "plays.since", day_hint(tr, "01-31"), 160),
                field("until", "plays.until", day_hint(tr, "12-31"), 160),
                field("location", "insights.location", tr("insights.location_hint"), 200),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        )
    ]
    if shown.error:
        row.append(small(tr("plays.bad_date"), key=f"{prefix}-bad-date", color=ft.Colors.ERROR))
    return row


def shared(tr: Tr, key: str, **args: object) -> str:
    """A text the command line shows too (``insights.*`` keys, not the screens' ``ui.*``)."""
    return translate(key, tr.lang, **args)


def record_value(tr: Tr, r: GameRecord) -> str:
    if r.kind in ("longest", "shortest"):
        return tr("insights.minutes", n=max(1, round(r.value / 60)))
    return score_text(r.game, r.value, tr.lang)


def record_rows(
    services: Services,
    session: Session,
    records: list[GameRecord],
    *,
    with_game: bool = False,
    fixed: Fixable | None = None,
) -> list[ft.Control]:
    """One line per record: what, the value, who holds it and when; a tap opens its play. A score
    record whose play holds a score the game cannot give says so, with the play's Edit (``fixed``:
    what the page reads its figures again from once corrected)."""
    from companion.ui.views.stats_doubts import record_doubt

    tr = session.tr
    rows: list[ft.Control] = []
    for r in records:
        what = shared(tr, f"insights.record.{r.kind}")
        if with_game:
            what = f"{game_title(tr, r.game)} · {what}"
        holders = ", ".join(h.name for h in r.holders)
        rows.append(
            ft.ListTile(
                title=ft.Text(f"{what}: {record_value(tr, r)}"),
                subtitle=_held(
                    tr(
                        "insights.held",
                        names=holders,
                        when=format_when(r.date, tr.lang, time=False, day_only=r.day_only),
                    ),
                    record_doubt(services, session, r, f"record-{r.game}-{r.kind}", fixed)
                    if r.doubtful
                    else [],
                ),
                trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                on_click=lambda _, pid=r.play_id: open_play(services, session, pid),
                key=f"record-{r.game}-{r.kind}",
                dense=True,
                tooltip=tr("insights.open_play"),
            )
        )
    return rows


def _held(said: str, doubt: list[ft.Control]) -> ft.Control:
    """Who holds a record and when, and under it what is doubtful about it, if anything."""
    if not doubt:
        return ft.Text(said)
    return ft.Column([ft.Text(said), *doubt], spacing=2, tight=True)


def open_play(services: Services, session: Session, play_id: str) -> None:
    """The play a figure came from, in a dialog (the play log's own card)."""
    from companion.ui.views.plays import play_card

    play = services.repos.plays.play(play_id)
    if play is None:  # deleted meanwhile
        services.dialogs.dialog(
            session.tr("insights.play_title"),
            lambda: [small(session.tr("insights.play_gone"))],
            key="record-play",
        )
        return
    linked = [s.player_id for s in play.seats if s.player_id]
    colours = {p.id: p.color for p in services.repos.players.by_id(linked)}
    services.dialogs.dialog(
        session.tr("insights.play_title"),
        lambda: [play_card(services, session, play, colours)],
        key="record-play",
    )


def month_chart(tr: Tr, months: list[Period], game: str) -> ft.Control:
    """Average score per month as a line, at the figures its tooltips write (money to the
    nearest 1,000); each point's tooltip adds plays and win rate. A month whose plays kept no
    scores has no point (its line under the chart says so); ``months`` has one with scores."""
    months = [m for m in months if m.average is not None]
    values = [average_shown(game, m.average) for m in months if m.average is not None]
    low, high = math.floor(min(values)), math.ceil(max(values))
    unit = "money" if money_game(game) else "points"
    if len(set(values)) == 1:  # one figure (one month): the axis from 0, not a step of 1 around it
        low = min(0, low)
    # money is plotted to the nearest 1,000 (no step finer than that: "875,001 mil"), except
    # scores logged in thousands, plotted to the dollar: "$106" on an axis to 150, not to 1K
    thousands = unit == "money" and any(abs(v) >= THOUSANDS_LOGGED for v in values)
    step = max(nice_step(max(1, high - low), 4), 1000 if thousands else 1)
    bottom, top = step * math.floor(low / step), step * math.ceil((high + 0.5) / step)
    ticks = [(y, tick_text(y, unit, tr.lang)) for y in range(bottom, top + 1, step)]
    tips = [
        tr(
            "insights.month_point",
            month=format_month(m.key, tr.lang),
            average=average_text(game, m.average, tr.lang),
            n=m.plays,
            rate=format_percent(m.win_rate, tr.lang),
        )
        for m in months
    ]
    name = tr("insights.axis_average_money" if unit == "money" else "insights.axis_average_points")
    return _month_line(tr, months, values, (ticks, name), tips, "stats-month-chart", "stats-months")


def win_rate_chart(tr: Tr, months: list[Period]) -> ft.Control:
    """One player's win rate per month (0 to 100 %): whether they are winning more lately."""
    values = [100 * m.win_rate for m in months]
    ticks = [(y, format_percent(y / 100, tr.lang)) for y in range(0, 101, 25)]
    tips = [
        tr(
            "insights.win_point",
            month=format_month(m.key, tr.lang),
            rate=format_percent(m.win_rate, tr.lang),
            n=m.plays,
        )
        for m in months
    ]
    axis = (ticks, tr("insights.axis_win_rate"))
    return _month_line(tr, months, values, axis, tips, "stats-wins-chart", "stats-wins-by-month")


def _month_line(
    tr: Tr,
    months: list[Period],
    values: list[float],
    axis: tuple[list[tuple[int, str]], str],
    tips: list[str],
    key: str,
    box_key: str,
) -> ft.Control:
    """A line over the months, its value axis ``axis`` (the labels as (value, text), the title),
    a tooltip a point."""
    import flet_charts as fc  # loaded with the first chart

    ticks, name = axis
    keys = [m.key for m in months]
    place = month_places(keys)  # a month without a play keeps its room on the axis
    points = [
        fc.LineChartDataPoint(x=place[k], y=v, tooltip=tip)
        for k, v, tip in zip(keys, values, tips, strict=True)
    ]
    step = ticks[1][0] - ticks[0][0] if len(ticks) > 1 else 1
    # a lone point is a line of nothing: drawn as a dot
    line = fc.LineChartData(
        points=points, color=ft.Colors.PRIMARY, stroke_width=3, curved=False, point=len(points) == 1
    )
    first, last = month_span(place)
    chart = fc.LineChart(
        data_series=[line],
        min_y=ticks[0][0],
        max_y=ticks[-1][0],
        min_x=first,
        max_x=last,
        left_axis=left_axis(ticks, name, clear_corner=True),
        bottom_axis=bottom_axis(month_ticks(keys, tr.lang), tr("insights.axis_month")),
        horizontal_grid_lines=fc.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1),
        interactive=True,
        key=key,
    )
    # room on the right for the last month's name, centred on the chart's edge ("dic 202" was cut)
    box = ft.Container(chart, height=210, padding=ft.Padding.only(right=28, top=8))
    # a screen reader names the chart; its numbers are the lines under it (month_lines)
    return ft.Semantics(
        content=box, label=tr("insights.month_chart_label", what=name), container=True, key=box_key
    )


def month_lines(tr: Tr, months: list[Period], game: str) -> ft.Control:
    """The chart's numbers as text too (a screen reader, a narrow phone): month, plays, average, win rate."""
    return card(
        *[
            small(
                tr(
                    "insights.month_line" if m.average is not None else "insights.month_line_unscored",
                    # it opens the line, so a capital even where Spanish writes "mar" mid-sentence
                    month=format_month(m.key, tr.lang).capitalize(),
                    n=m.plays,
                    average=average_text(game, m.average, tr.lang),
                    rate=format_percent(m.win_rate, tr.lang),
                ),
                key=f"stats-month-{m.key}",
            )
            for m in months[-12:]
        ],
        key="stats-month-lines",
    )


def expansion_name(tr: Tr, game_id: str, key: str) -> str:
    """A split's expansions by name ("base", "great_wall+super_events"), as New table names them."""
    names = {option: tr(label) for option, label in expansion_labels(game_id).items()}
    if key == "base":
        return tr("insights.base")
    if key == "unsaid":  # imported plays whose expansions nobody said
        return tr("insights.expansions_unsaid")
    return " + ".join(names.get(part, part) for part in key.split("+"))


# a split's line: with a player or not, with an average or not (its plays kept no scores)
_SPLIT_KEYS = {
    (True, True): "insights.split_player",
    (False, True): "insights.split",
    (True, False): "insights.split_player_unscored",
    (False, False): "insights.split_unscored",
}


def expansion_lines(tr: Tr, splits: list[Period], game: str, player: bool) -> ft.Control:
    """Plays and average score per set of expansions (with a player: their wins too)."""
    lines = [
        small(
            tr(
                _SPLIT_KEYS[player, s.average is not None],
                what=expansion_name(tr, game, s.key),
                n=s.plays,
                average=average_text(game, s.average, tr.lang),
                wins=s.wins,
                rate=format_percent(s.win_rate, tr.lang),
            ),
            key=f"stats-expansion-{s.key}",
        )
        for s in splits
    ]
    return card(*lines, key="stats-expansions")
