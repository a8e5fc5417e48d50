"""Statistics of one game, for the whole group or one player: every number comes from the store's
SQL (Store.stats); this screen only lays them out.

Plays, wins and win rate, average, best and worst score, the spread of scores as a bar chart,
win rate by seat and by player count, each player's line, and the game's own figures (Dragon:
VP by source, persons lost by cause, the Great Wall; Chinatown: income by year, trades; Da Yu:
flood cards, frame bonuses).

Whose figures and over which period (``StatsFilter``, ``PeriodFilter``) are observables kept in
the session's drafts; the figures are a component given both, so a change draws them again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.i18n import format_number, format_percent
from companion.plays.figures import TRACK_PLACE
from companion.plays.labels import average_text, figure_label, figure_text, money_game, score_text
from companion.ui.chart_axes import bottom_axis, left_axis, nice_step, tick_text
from companion.ui.gameui import game_title, known_game_ids
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.repos import GameStats, Rate
from companion.ui.services import Services, Session
from companion.ui.views.plays import ALL, offered_players
from companion.ui.views.stats_doubts import doubts_card
from companion.ui.views.stats_insights import (
    PeriodFilter,
    expansion_lines,
    month_chart,
    month_lines,
    period_controls,
    record_rows,
    shared,
    win_rate_chart,
)
from companion.ui.views.stats_trend import MOST_LINES, trend_section
from companion.ui.widgets import card, heading, named_dropdown, quiet, scroll_column, small

BARS = 12  # at most this many bars in the spread chart (scores grouped in equal ranges)


@ft.observable
@dataclass
class StatsFilter:
    """Whose statistics the screen shows (kept while the session lasts): a player id, or None
    for the whole group."""

    player: str | None = None
    version: int = 0  # one more for each play corrected from here: the figures are read again
    said: str = ""  # why the last correction from here was not made (the play went meanwhile)

    def choose(self, value: str | None) -> None:
        self.player = None if value in (None, ALL) else value

    def changed(self, said: str = "") -> None:
        self.said = said
        self.version += 1


def view(services: Services, session: Session, game: str | None = None) -> ft.View:
    tr = session.tr
    games = known_game_ids()
    route = f"/stats/{game}" if game else "/stats"
    game = game or _busiest(services, session, games)
    shown = session.drafts.keep(StatsFilter)
    period = session.drafts.keep(PeriodFilter)
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(tr("stats.title"))),
        controls=[StatsBody(services, session, game, games, shown, period, key="stats-part")],
        padding=12,
    )


@ft.component
def StatsBody(
    services: Services,
    session: Session,
    game: str,
    games: list[str],
    shown: StatsFilter,
    period: PeriodFilter,
    key: str | None = None,
) -> ft.Control:
    """The pickers and the game's figures for ``shown`` over ``period``; drawn again when
    either changes."""
    tr = session.tr
    args = period.args()
    stats = services.repos.plays.stats(game, shown.player, **args)
    body: list[ft.Control] = [
        *_pickers(services, session, game, games, shown),
        *period_controls(tr, period, "stats"),
    ]
    # the group's, over every game the period keeps: h games played at least h times each
    h = services.repos.plays.h_index(**args)
    if h:  # none yet: "0 games played at least 0 times each" says nothing
        body.append(small(shared(tr, "insights.group_h_index", n=h), key="stats-h-index"))
    if not stats.plays:
        body.append(small(tr("stats.none", game=game_title(tr, game)), key="stats-none"))
    else:
        body += doubts(services, session, game, shown, args)
        body += figures_of(tr, stats)
        body += over_time(services, session, game, shown, period)
    return scroll_column(body, key="stats")


def doubts(
    services: Services, session: Session, game: str, shown: StatsFilter, period: dict[str, str | None]
) -> list[ft.Control]:
    """The plays these figures count with a score the game cannot give (typed before the score
    bounds, or restored from a backup): counted as typed, and said, each a tap from its Edit."""
    found = services.repos.plays.out_of_bounds(game, shown.player, **period)
    said = session.tr("stats.doubts", n=len(found), game=game_title(session.tr, game))
    return doubts_card(services, session, found, said, shown, "stats")


def over_time(
    services: Services, session: Session, game: str, chosen: StatsFilter, period: PeriodFilter
) -> list[ft.Control]:
    """The game's records (a tap opens the play) and its scores and win rate by month."""
    tr = session.tr
    player = chosen.player
    out: list[ft.Control] = []
    records = services.repos.plays.records(game, **period.args())
    if records:  # the group's, also while one player is chosen: said so then
        out += [
            heading(tr("insights.group_records" if player is not None else "insights.records")),
            card(*record_rows(services, session, records, fixed=chosen), key="stats-records"),
        ]
    periods = services.repos.plays.game_periods(game, player, **period.args())  # one pass for both
    splits = periods.by_expansion
    if len(splits) > 1:  # a game played with and without its expansions
        out += [
            heading(tr("insights.by_expansion")),
            expansion_lines(tr, splits, game, player is not None),
        ]
    months = periods.by_month
    if months:
        out += [
            heading(tr("insights.by_month")),
            *([month_chart(tr, months, game)] if any(m.average is not None for m in months) else []),
            month_lines(tr, months, game),
        ]
        if player is not None:  # the group's win rate is one seat in n; a player's tells a trend
            out += [heading(tr("insights.wins_by_month")), win_rate_chart(tr, months)]
    # each player's win rate up to each month, the players with most plays (or the one chosen)
    lines = services.repos.plays.win_rates(game, player, **period.args())
    shown = [line.player_id for line in lines[:MOST_LINES]]
    colours = {p.id: p.color for p in services.repos.players.by_id(shown)}
    return out + trend_section(tr, lines, colours, "stats")


def _busiest(services: Services, session: Session, games: list[str]) -> str:
    """The game with the most plays in the log (the first game when the log is empty)."""
    return max(games, key=lambda g: services.repos.plays.stats(g).plays) if games else "dragon"


def _pickers(
    services: Services, session: Session, game: str, games: list[str], shown: StatsFilter
) -> list[ft.Control]:
    tr = session.tr

    def set_player(e: Any) -> None:
        shown.choose(e.control.value)  # the figures, given ``shown``, are drawn again

    chips: list[ft.Control] = [
        ft.Chip(
            label=ft.Text(game_title(tr, g)),
            key=f"stats-game-{g}",
            selected=g == game,
            on_select=lambda _, g=g: session.go(f"/stats/{g}"),
            tooltip=quiet(game_title(tr, g)),
            height=TAP,
        )
        for g in games
    ]
    options = [ft.DropdownOption(key=ALL, text=tr("stats.everyone"))]
    options += [
        ft.DropdownOption(key=p.id, text=p.name)
        for p in offered_players(services.repos.players, shown.player)
    ]
    return [
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        named_dropdown(
            ft.Dropdown(
                key="stats-player",
                label=tr("plays.player"),
                value=shown.player or ALL,
                options=options,
                on_select=set_player,
                dense=True,
            )
        ),
    ]


def pct(tr: Tr, rate: float) -> str:
    return format_percent(rate, tr.lang)


def _num(tr: Tr, x: float | None) -> str:
    return "-" if x is None else format_number(x, tr.lang)


def figures_of(tr: Tr, s: GameStats) -> list[ft.Control]:
    summary: list[ft.Control] = [
        ft.Text(tr("stats.plays", n=s.plays), key="stats-plays", size=18, weight=ft.FontWeight.BOLD)
    ]
    if s.player_id:
        summary.append(ft.Text(tr("stats.wins", n=s.wins, rate=pct(tr, s.win_rate)), key="stats-wins"))
    summary += _scores_lines(tr, s)
    if s.average_seconds is not None:
        summary.append(small(tr("stats.length", n=max(1, round(s.average_seconds / 60)))))
    out: list[ft.Control] = [card(*summary, key="stats-summary")]
    if s.spread:  # no chart of nothing where no play kept its scores (the summary says so)
        out += [heading(tr("stats.spread")), spread_chart(tr, s.spread, s.game)]
    out += [
        heading(tr("stats.players")),
        card(*[_player_line(tr, p, s.game) for p in s.players], key="stats-player-lines"),
    ]
    out += [heading(tr("stats.by_seat")), card(*_rates(tr, s.by_seat, "stats.seat", 1), key="stats-by-seat")]
    if s.player_id is None:  # the group wins every play: how often each count is played says more
        counts = card(*_count_shares(tr, s.by_count, s.plays), key="stats-by-count")
        out += [heading(tr("stats.plays_by_count")), counts]
    else:
        out += [
            heading(tr("stats.by_count")),
            card(*_rates(tr, s.by_count, "stats.count", 0), key="stats-by-count"),
        ]
    # points by rule: the VP sources say it better; a place on the person track (the tie-break's
    # figure, kept with each play) is no amount: its total means nothing, its mean is (n + 1) / 2
    shown = [f for f in s.figures if f.name not in ("points", TRACK_PLACE)]
    if shown:
        out += [
            heading(tr("stats.game_figures")),
            small(tr("stats.figures_hint_player" if s.player_id else "stats.figures_hint")),
            card(*[_figure_line(tr, s.game, f, s.player_id is not None) for f in shown], key="stats-figures"),
        ]
    return out


def _scores_lines(tr: Tr, s: GameStats) -> list[ft.Control]:
    """The scores' average, best and worst, over the plays that kept their scores: "none" when
    no play did, and how many were left out when some did not (plays logged with who won alone)."""
    if s.average is None and s.plays:
        return [ft.Text(tr("stats.scores_none"), key="stats-scores")]
    out: list[ft.Control] = [
        ft.Text(
            tr(
                "stats.scores_money" if money_game(s.game) else "stats.scores",
                average=average_text(s.game, s.average, tr.lang),
                best=score_text(s.game, s.best, tr.lang),
                worst=score_text(s.game, s.worst, tr.lang),
            ),
            key="stats-scores",
        )
    ]
    if s.unscored_plays:
        out.append(small(tr("stats.unscored", n=s.unscored_plays), key="stats-unscored"))
    return out


def _figure_line(tr: Tr, game: str, f: Any, one_player: bool = False) -> ft.Control:
    """A game figure: its name over the whole width, its total and mean under it (side by side,
    the numbers kept their width and the name broke mid-word: "Ingres / os en 1970"). A seat's
    figure is "a player a game" for the group, "a game" for the one player chosen."""
    said = tr(
        "stats.figure" if f.per_seat and not one_player else "stats.figure_table",
        total=figure_text(game, f.name, f.total, tr.lang),
        mean=figure_text(game, f.name, f.mean, tr.lang, mean=True),
    )
    return ft.Column(
        [
            ft.Text(
                figure_label(game, f.name, f.key, tr.lang), size=14, key=f"stats-fig-label-{f.name}-{f.key}"
            ),
            small(said, key=f"stats-fig-{f.name}-{f.key}"),
        ],
        spacing=0,
    )


def _player_line(tr: Tr, p: Any, game: str) -> ft.Control:
    return ft.Column(
        [
            ft.Text(p.name, weight=ft.FontWeight.BOLD),
            small(
                tr(
                    "stats.player_line" if p.average is not None else "stats.player_line_unscored",
                    n=p.plays,
                    won=tr("stats.won", n=p.wins),
                    rate=pct(tr, p.win_rate),
                    average=average_text(game, p.average, tr.lang),
                    best=score_text(game, p.best, tr.lang),
                )
            ),
        ],
        spacing=2,
        key=f"stats-line-{p.player_id or p.name}",
    )


def _rates(tr: Tr, rates: list[Rate], key: str, shift: int) -> list[ft.Control]:
    """One line per seat (or player count): the win rate, as a bar, and what it is of."""
    return [
        _bar_line(
            (label := tr(key, n=r.key + shift)),
            (said := _rate_line(tr, r)),
            r.win_rate,
            f"{key.replace('.', '-')}-{r.key}",
            tr("stats.rate_name", label=label, said=said),
        )
        for r in rates
    ]


def _count_shares(tr: Tr, rates: list[Rate], plays: int) -> list[ft.Control]:
    """The group's plays by player count: how many, and their share of all plays as the bar (a
    play of n players has n seats, one of them the winner's: its win rate is always 1 in n)."""
    lines = []
    for r in rates:
        games = r.seats // r.key
        share = games / plays if plays else 0.0
        said = tr("stats.count_share", n=games, share=pct(tr, share))
        label = tr("stats.count", n=r.key)
        name = tr("stats.share_name", label=label, said=said)
        lines.append(_bar_line(label, said, share, f"stats-count-{r.key}", name))
    return lines


def _bar_line(label: str, said: str, value: float, key: str, name: str) -> ft.Control:
    """A label and its figure on one line, the bar under them over the whole width: every bar as
    long as the card, so they compare, and neither text squeezed by the other or the bar.
    A screen reader meets the bar alone, named by what it shows (``name``: "Seat 1: won 2 of 3
    games (67%)"): unnamed, it was a progress bar saying only its percentage, after the line's
    two texts read on their own."""
    texts = ft.Row(
        [ft.Text(label, expand=True, no_wrap=True), ft.Text(said, no_wrap=True, key=f"{key}-said")],
        spacing=8,
    )
    return ft.Column(
        [
            ft.Semantics(content=texts, exclude_semantics=True),
            ft.ProgressBar(
                value=value,
                color=ft.Colors.PRIMARY,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                semantics_label=name,
                key=f"{key}-bar",
            ),
        ],
        spacing=2,
        key=key,
    )


def _rate_line(tr: Tr, r: Rate) -> str:
    """ "2 of 3 games (67%)": a play has one seat of each position, and one player sits once in
    a play, so those lines count games."""
    return tr("stats.rate", n=r.seats, wins=r.wins, rate=pct(tr, r.win_rate))


def buckets(spread: list[tuple[int, int]], bars: int = BARS) -> list[tuple[int, int, int]]:
    """Scores grouped in equal ranges of a round width: (from, to, how many), lowest first."""
    if not spread:
        return []
    low, high = spread[0][0], spread[-1][0]
    width = nice_step(high - low + 1, bars) if high - low + 1 > bars else 1
    start = math.floor(low / width) * width
    counts: dict[int, int] = {}
    for score, times in spread:
        b = (score - start) // width
        counts[b] = counts.get(b, 0) + times
    last = max(counts)
    return [(start + b * width, start + (b + 1) * width - 1, counts.get(b, 0)) for b in range(last + 1)]


def spread_chart(tr: Tr, spread: list[tuple[int, int]], game: str = "") -> ft.Control:
    import flet_charts as fc  # loaded with the first chart, not when the app starts

    unit = "money" if money_game(game) else "points"

    def shown(score: int) -> str:  # Chinatown's scores are money
        return score_text(game, score, tr.lang)

    groups = buckets(spread)
    top = max([1, *(n for _, _, n in groups)])
    step = nice_step(top, 4)
    max_y = step * math.ceil((top + 0.5) / step)
    every = max(1, math.ceil(len(groups) / 6))  # at most 6 labels under the bars
    said = [
        tr("stats.bar", low=shown(a), high=shown(b), n=n)
        if a != b
        else tr("stats.bar_one", score=shown(a), n=n)
        for a, b, n in groups
    ]
    bars = [
        fc.BarChartGroup(
            x=i,
            rods=[
                fc.BarChartRod(
                    to_y=n,
                    width=max(6, 240 // max(1, len(groups))),
                    color=ft.Colors.PRIMARY,
                    border_radius=3,
                    tooltip=said[i],
                )
            ],
        )
        for i, (_, _, n) in enumerate(groups)
    ]
    under = [(i, tick_text(a, unit, tr.lang)) for i, (a, _, _) in enumerate(groups) if i % every == 0]
    box = ft.Container(
        fc.BarChart(
            groups=bars,
            max_y=max_y,
            min_y=0,
            left_axis=left_axis([(y, str(y)) for y in range(0, max_y + 1, step)], tr("stats.axis_count")),
            bottom_axis=bottom_axis(
                under, tr("stats.axis_money" if unit == "money" else "stats.axis_points")
            ),
            horizontal_grid_lines=fc.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1),
            interactive=True,
            key="stats-spread-chart",
        ),
        height=210,
        padding=ft.Padding.only(right=12, top=8),
    )
    # a screen reader hears the chart as its bars' own words, one after the other
    label = tr("stats.spread_label", bars="; ".join(said))
    return ft.Semantics(content=box, label=label, container=True, key="stats-spread")
