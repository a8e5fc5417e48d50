"""A player's page (issue 31), opened from Players: plays and wins per game, streaks, first and
last play, favourite seat, rival and nemesis, the records they hold (a tap opens the play) and a
head-to-head line against each other player, over a period and a location. Every figure comes
from the store (Store.player_page); docs/API.md defines each. The figures are a component given
the period filter (an observable): a changed day or place draws them again, not the screen."""

from __future__ import annotations

import re
from collections.abc import Callable

import flet as ft

from companion.i18n import format_percent, format_when
from companion.plays.labels import average_text, score_text, streak_text
from companion.ui.gameui import game_title
from companion.ui.i18n import Tr
from companion.ui.repos import MIN_SHARED, HeadToHead, PlayerGame, PlayerPage, StoreError
from companion.ui.services import Services, Session
from companion.ui.views.stats_doubts import Corrected, doubts_card
from companion.ui.views.stats_insights import PeriodFilter, period_controls, record_rows, shared
from companion.ui.views.stats_trend import trend_section
from companion.ui.widgets import card, heading, scroll_column, small


def view(services: Services, session: Session, id: str) -> ft.View:  # the route's parameter
    shown = session.drafts.keep(PeriodFilter)
    fixed = session.drafts.keep(Corrected)
    named = services.repos.players.by_id([id])  # none once deleted or merged meanwhile
    return ft.View(
        route=f"/player/{id}",
        appbar=ft.AppBar(title=ft.Text(named[0].name if named else session.tr("nav.players"))),
        controls=[PlayerFigures(services, session, id, shown, fixed, key="player-page-part")],
        padding=12,
    )


@ft.component
def PlayerFigures(
    services: Services,
    session: Session,
    id: str,
    shown: PeriodFilter,
    fixed: Corrected,
    key: str | None = None,
) -> ft.Control:
    """The period filter and the player's figures over it; drawn again when it changes, or when a
    play is corrected from the card of plays with a score their game cannot give."""
    tr = session.tr
    period = shown.args()  # before the fields: they say a date that is not one
    body: list[ft.Control] = period_controls(tr, shown, "player-page")
    try:
        page = services.repos.plays.player_page(id, **period)
    except StoreError as exc:  # a player deleted or merged meanwhile
        body.append(small(tr.msg(exc.msg), key="player-page-gone"))
        page = None
    if page is not None:
        body += _doubts(services, session, page, fixed, period) if page.plays else []
        body += _figures(services, session, page, fixed)
    if page is not None and page.plays:  # their win rate up to each month, over every game
        colours = {p.id: p.color for p in services.repos.players.by_id([id])}
        body += trend_section(tr, services.repos.plays.win_rates(None, id, **period), colours, "player")
    return scroll_column(body, key="player-page")


def _doubts(
    services: Services, session: Session, page: PlayerPage, fixed: Corrected, period: dict[str, str | None]
) -> list[ft.Control]:
    """The player's plays these figures count with a score their game cannot give (any seat's:
    a margin or a record reads the others' scores too), as the game's Statistics say them."""
    found = services.repos.plays.out_of_bounds(None, page.player_id, **period)
    said = session.tr("player.doubts", n=len(found), name=page.name)
    return doubts_card(services, session, found, said, fixed, "player-page")


def _figures(services: Services, session: Session, page: PlayerPage, fixed: Corrected) -> list[ft.Control]:
    tr = session.tr
    if not page.plays:
        return [small(shared(tr, "insights.page_none", name=page.name), key="player-page-none")]
    out: list[ft.Control] = [_summary(tr, page)]
    out += [
        heading(tr("insights.games")),
        card(*[_game_line(tr, g) for g in page.games], key="player-games"),
    ]
    out += [heading(tr("insights.rivals")), card(*_rivals(tr, page), key="player-rivals")]
    if page.records:
        out += [
            heading(tr("insights.records")),  # a heading: the command line's "Records:" ends in a colon
            card(
                *record_rows(services, session, page.records, with_game=True, fixed=fixed),
                key="player-records",
            ),
        ]
    if page.head_to_head:
        out += [
            heading(tr("insights.head_to_head")),
            card(*[_h2h_line(tr, session.go, h) for h in page.head_to_head], key="player-h2h"),
        ]
    return out


def _summary(tr: Tr, page: PlayerPage) -> ft.Control:
    first, last = page.first_play, page.last_play
    assert first is not None and last is not None and page.favourite_seat is not None  # page.plays > 0
    return card(
        ft.Text(
            shared(
                tr,
                "insights.page_head",
                name=page.name,
                plays=page.plays,
                wins=page.wins,
                rate=format_percent(page.win_rate, tr.lang),
            ),
            size=18,
            weight=ft.FontWeight.BOLD,
            key="player-page-head",
        ),
        ft.Text(
            shared(
                tr,
                "insights.page_streaks",
                longest=page.longest_win_streak,
                current=streak_text(page.current_streak, tr.lang),
            ),
            key="player-streaks",
        ),
        small(
            shared(
                tr,
                "insights.page_first_last",
                first=format_when(first.date, tr.lang, time=False, day_only=first.day_only),
                last=format_when(last.date, tr.lang, time=False, day_only=last.day_only),
            ),
            key="player-first-last",
        ),
        small(
            shared(tr, "insights.page_seat", seat=page.favourite_seat + 1)
            + " · "
            + shared(tr, "insights.page_h_index", n=page.h_index),
            key="player-seat",
        ),
        key="player-summary",
    )


def _game_line(tr: Tr, g: PlayerGame) -> ft.Control:
    return small(
        shared(
            tr,
            "insights.page_game" if g.average is not None else "insights.page_game_unscored",
            game=game_title(tr, g.game),
            plays=g.plays,
            wins=g.wins,
            rate=format_percent(g.win_rate, tr.lang),
            average=average_text(g.game, g.average, tr.lang),
            best=score_text(g.game, g.best, tr.lang),
        ),
        key=f"player-game-{g.game}",
    )


def _rivals(tr: Tr, page: PlayerPage) -> list[ft.Control]:
    if page.rival is None:
        return [small(shared(tr, "insights.page_no_rival", min=MIN_SHARED), key="player-no-rival")]
    out: list[ft.Control] = [
        ft.Text(
            shared(tr, "insights.page_rival", name=page.rival.name, n=page.rival.shared, min=MIN_SHARED),
            key="player-rival",
        )
    ]
    if page.nemesis is not None:
        n = page.nemesis
        out.append(
            ft.Text(
                shared(tr, "insights.page_nemesis", name=n.name, n=n.behind, shared=n.shared),
                key="player-nemesis",
            )
        )
    return out


# a tally's dash ("wins 1–2") ends no line: a word joiner after it ("ahead 2–" then "6" under it)
TALLY_DASH = re.compile(r"(\d)–(?=\d)")


def _h2h_line(tr: Tr, go: Callable[[str], None], h: HeadToHead) -> ft.Control:
    said = TALLY_DASH.sub("\\1–\u2060", shared(tr, "insights.page_h2h_line", n=h.shared, **h.model_dump()))
    return ft.ListTile(
        title=ft.Text(said),
        on_click=lambda _: go(f"/player/{h.player_id}"),
        key=f"player-h2h-{h.player_id}",
        dense=True,
    )
