"""The play log: every finished table and every game logged from Quick score, latest first.

Filter by game, by player and by the dates a play ended between; tap a play that has a table
to open its scores (and from there its history), or send it to BG Stats. The filtered log exports
as CSV and JSON, and for BG Stats and BoardGameGeek (views/exchange.py); a BG Stats file or
BoardGameGeek's plays XML brings plays in; the whole store saves as a backup and comes back from
one (asking before it replaces anything).

The log under the app bar is a component (``PlayLog``) over two observables kept in the session's
drafts: its filters (``PlayLogFilters``, with a ``version`` that counts the changes made to the
plays from here: an edit, links, a delete undone) and its status line (``LogStatus``). A filter
tapped, a play edited or a line said redraws the log alone and reads its plays again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

import flet as ft

from companion.i18n import format_when
from companion.plays.bounds import stored_doubt
from companion.plays.labels import money_game, seat_score_text
from companion.plays.models import PlayRecord, PlaySeat
from companion.ui.command import command_button
from companion.ui.device import Device
from companion.ui.dialogs import Dialogs
from companion.ui.gameui import expansion_labels, game_title, known_game_ids
from companion.ui.i18n import Tr, day_hint
from companion.ui.palette import TAP
from companion.ui.repos import PlayerInfo, PlayersRepo, PlaysRepo, Repos, StoreError, TablesRepo
from companion.ui.retap import redraws_when_unchanged
from companion.ui.services import Services, Session
from companion.ui.state import Drafts
from companion.ui.views.backup import Backups, LogStatus, Say, backup_actions, status_line
from companion.ui.views.exchange import (
    BG_STATS,
    BGG,
    PlaysImport,
    exchange_actions,
    export_for,
    send_button,
    send_to_bgstats,
)
from companion.ui.views.files import save_bytes
from companion.ui.views.play_edit import PlayEdit, edit_dialog
from companion.ui.views.play_tie import tie_line
from companion.ui.widgets import button, card, dot, heading, named_dropdown, quiet, scroll_column, small

ALL = "all"
PAGE = 10  # plays drawn at first (about three phone screens); "Show more" adds as many again


@ft.observable
@dataclass
class PlayLogFilters:
    """The log's filters (kept while the session lasts): game, player id, since, until (as
    typed), how many plays are drawn, the play deleted last (until its undo or the next change),
    and the version of the plays read. Its status line is ``LogStatus`` (views/backup.py)."""

    game: str | None = None
    player: str | None = None
    since: str = ""
    until: str = ""
    shown: int = PAGE
    deleted: PlayRecord | None = None
    version: int = 0  # one more for each change made to the plays from the log

    def more(self) -> None:
        self.shown += PAGE

    def changed(self) -> None:
        """The plays changed in the store (an edit, links): the log reads them again."""
        self.version += 1

    def gone(self, play: PlayRecord) -> None:
        """``play`` was deleted: the log offers its undo."""
        self.deleted = play

    def undo_delete(self, plays: PlaysRepo) -> None:
        gone = self.deleted
        if gone is not None:
            plays.restore(gone)
            self.deleted = None

    # Each filter change starts the log again at its first page.
    @redraws_when_unchanged  # a chip calls it: redrawn even if nothing changed
    def by_game(self, game: str | None) -> None:
        self.game, self.shown = game, PAGE

    def by_player(self, value: str | None) -> None:
        self.player, self.shown = None if value in (None, ALL) else value, PAGE

    def by_day(self, field: str, text: str) -> None:
        if field == "since":
            self.since = text
        else:
            self.until = text
        self.shown = PAGE

    def day(self, field: str) -> str:
        return self.since if field == "since" else self.until


def filters(drafts: Drafts) -> PlayLogFilters:
    return drafts.keep(PlayLogFilters)


def _day(text: str) -> str | None:
    """A typed date as YYYY-MM-DD, or None when blank; ValueError when it is not a date."""
    text = text.strip()
    return date.fromisoformat(text).isoformat() if text else None


def _days(f: PlayLogFilters) -> tuple[str | None, str | None] | None:
    """(since, until) as the filters say; None when one typed is not a date."""
    try:
        return _day(f.since), _day(f.until)
    except ValueError:
        return None


def _filter_args(f: PlayLogFilters) -> tuple[str | None, str | None, str | None, str | None]:
    """(game, player, since, until) as the filters say (a date that is not one is not applied)."""
    since, until = _days(f) or (None, None)
    return f.game, f.player, since, until


def read_log(
    plays: PlaysRepo, f: PlayLogFilters, *, figures: bool = False, limit: int | None = None
) -> list[PlayRecord]:
    """The plays the filters let through (the latest ``limit`` of them)."""
    return plays.plays(*_filter_args(f), figures=figures, limit=limit)


def view(services: Services, session: Session) -> ft.View:
    drafts = session.drafts
    return ft.View(
        route="/plays",
        appbar=ft.AppBar(title=ft.Text(session.tr("plays.title"))),
        controls=[PlayLog(services, session, filters(drafts), drafts.keep(LogStatus), key="plays-log")],
        padding=12,
    )


@ft.component
def PlayLog(
    services: Services, session: Session, f: PlayLogFilters, status: LogStatus, key: str | None = None
) -> ft.Control:
    """The log as ``f`` filters it, its files and ``status``: a change to either redraws it alone."""
    tr, repos = session.tr, services.repos
    plays = read_log(repos.plays, f, limit=f.shown)  # the page drawn, read from an index
    total = repos.plays.count(*_filter_args(f))
    body = [
        *_deleted_line(tr, repos.plays, f),
        *_to_link_line(
            tr,
            repos.plays,
            lambda: _link_all_dialog(services.dialogs, tr, repos.plays, repos.players, f, status.say),
        ),
        *filter_controls(tr, repos.players, f),
    ]
    body.append(heading(tr("plays.count", n=total), key="plays-count"))
    linked = list(dict.fromkeys(s.player_id for p in plays for s in p.seats if s.player_id))
    colours = {p.id: p.color for p in repos.players.by_id(linked)}
    body += [play_card(services, session, p, colours) for p in plays] or [
        small(tr("plays.none"), key="plays-none")
    ]
    if total > f.shown:
        body.append(button(tr("plays.more"), "plays-more", lambda _: f.more(), icon=ft.Icons.EXPAND_MORE))
    body += [
        heading(tr("plays.files")),
        small(tr("plays.files_hint")),
        _files_row(services, session, status.say),
    ]
    if status.text:
        body.append(small(status.text, key="plays-status", color=ft.Colors.PRIMARY))
    return scroll_column(body, key="plays")


def _deleted_line(tr: Tr, plays: PlaysRepo, f: PlayLogFilters) -> list[ft.Control]:
    """ "Play deleted" with its undo, at the top where the tap that deleted it can see it."""
    gone: PlayRecord | None = f.deleted
    if gone is None:
        return []
    return [
        card(
            ft.Row(
                [
                    ft.Text(
                        tr(
                            "plays.deleted",
                            game=game_title(tr, gone.game),
                            when=format_when(gone.date, tr.lang, time=False, day_only=gone.day_only),
                        ),
                        expand=True,
                    ),
                    button(
                        tr("plays.undo_delete"),
                        "plays-undo-delete",
                        lambda _: f.undo_delete(plays),
                        icon=ft.Icons.UNDO,
                    ),
                ]
            ),
            key="plays-deleted",
        )
    ]


def _to_link_line(tr: Tr, plays: PlaysRepo, review: Callable[[], None]) -> list[ft.Control]:
    """Plays whose seats are named like remembered players but linked to nobody (imported, or
    logged before the player was added): one tap shows them (``review``), one confirm links them all."""
    pending = plays.count_to_link()
    if not pending:
        return []
    return [
        card(
            ft.Text(tr("plays.link.pending", n=pending), key="plays-to-link-text"),
            button(
                tr("plays.link.review"),
                "plays-to-link",
                lambda _: review(),
                icon=ft.Icons.LINK,
            ),
            key="plays-to-link-card",
        )
    ]


def _link_all_dialog(
    dialogs: Dialogs, tr: Tr, plays: PlaysRepo, players: PlayersRepo, f: PlayLogFilters, say: Say
) -> None:
    pending = plays.to_link()
    names = {p.id: p.name for p in players.all()}

    def body() -> list[ft.Control]:
        out: list[ft.Control] = [small(tr("plays.link.all_hint"))]
        for play, links in pending:
            pairs = [
                tr("plays.link.seat_is", seat=s.name, player=names.get(pid or "", ""))
                for s, pid in zip(play.seats, links, strict=True)
                if pid and s.player_id is None
            ]
            out.append(
                ft.Text(
                    f"{game_title(tr, play.game)} · {format_when(play.date, tr.lang, time=False, day_only=play.day_only)}: "
                    + ", ".join(pairs),
                    size=13,
                    key=f"link-all-{play.id}",
                )
            )
        return out

    def save() -> None:
        for play, links in pending:
            try:
                plays.link(play.id, links)
            except StoreError as exc:  # changed meanwhile: the others still link
                say(tr.msg(exc.msg))
        f.changed()

    dialogs.dialog(
        tr("plays.link.offer_title"),
        body,
        key="link-all",
        actions=lambda: [
            dialogs.dialog_button(tr("plays.link.not_now"), "link-all-skip", lambda: None),
            dialogs.dialog_button(tr("plays.link.confirm"), "link-all-save", save, filled=True, screen=False),
        ],
    )


def _files_row(services: Services, session: Session, say: Say) -> ft.Control:
    """The log's files: its exports, the backup, BG Stats: each a command that says its result
    on the status line under them."""
    tr, repos = session.tr, services.repos
    imports = PlaysImport(services.dialogs, tr, repos.plays, services.device, say, BG_STATS)
    from_bgg = PlaysImport(services.dialogs, tr, repos.plays, services.device, say, BGG)
    flow = backups(services, session, say)

    def shown() -> list[PlayRecord]:
        return read_log(repos.plays, filters(session.drafts))

    def export_log(kind: str) -> Any:
        return lambda: export(services.device, tr, repos, filters(session.drafts), say, kind)

    return ft.Row(
        [
            command_button(
                tr("plays.export_csv"), "plays-export-csv", export_log("csv"), icon=ft.Icons.TABLE_VIEW
            ),
            command_button(
                tr("plays.export_json"), "plays-export-json", export_log("json"), icon=ft.Icons.DATA_OBJECT
            ),
            *backup_actions(tr, flow.save, flow.pick_restore),
            *exchange_actions(
                tr,
                lambda kind: export_for(services.device, tr, say, kind, shown()),
                imports.pick,
                from_bgg.pick,
            ),
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


def backups(services: Services, session: Session, say: Say | None = None) -> Backups:
    """The backup's save and restore on this session (its status line by default)."""
    repos = services.repos
    say = say or status_line(session.drafts)
    return Backups(
        services.dialogs,
        session.tr,
        repos.backup,
        repos.tables,
        services.hub,
        services.device,
        say,
    )


def filter_controls(tr: Tr, players: PlayersRepo, f: PlayLogFilters) -> list[ft.Control]:
    """The log's filters: a chip per game, the player, and the days the plays ended between;
    a change to ``f`` redraws the log; a day that is not one is said, and not applied."""
    out: list[ft.Control] = [
        ft.Row(_game_chips(tr, f), wrap=True, spacing=6, run_spacing=6),
        _player_dropdown(tr, players, f),
        ft.Row(
            [
                _day_field(tr, f, "since", "plays.since", day_hint(tr, "01-31")),
                _day_field(tr, f, "until", "plays.until", day_hint(tr, "12-31")),
            ],
            wrap=True,
            spacing=8,
        ),
    ]
    if _days(f) is None:
        out.append(ft.Text(tr("plays.bad_date"), key="plays-error", color=ft.Colors.ERROR))
    return out


def _game_chips(tr: Tr, f: PlayLogFilters) -> list[ft.Control]:
    """ "All games", then one chip per game; the chip of the game filtered on is selected."""
    chips: list[ft.Control] = [
        ft.Chip(
            label=ft.Text(tr("plays.all_games")),
            key="plays-game-all",
            selected=f.game is None,
            on_select=lambda _: f.by_game(None),
            height=TAP,
        )
    ]
    chips += [
        ft.Chip(
            label=ft.Text(game_title(tr, g)),
            key=f"plays-game-{g}",
            selected=f.game == g,
            on_select=lambda _, g=g: f.by_game(g),
            tooltip=quiet(game_title(tr, g)),
            height=TAP,
        )
        for g in known_game_ids()
    ]
    return chips


def _player_dropdown(tr: Tr, players: PlayersRepo, f: PlayLogFilters) -> ft.Control:
    options = [ft.DropdownOption(key=ALL, text=tr("plays.all_players"))]
    options += [ft.DropdownOption(key=p.id, text=p.name) for p in offered_players(players, f.player)]
    return named_dropdown(
        ft.Dropdown(
            key="plays-player",
            label=tr("plays.player"),
            value=f.player or ALL,
            options=options,
            on_select=lambda e: f.by_player(e.control.value),
            dense=True,
        )
    )


OFFERED = 40  # players a filter offers: the latest to play (and the one chosen)


def offered_players(repo: PlayersRepo, chosen: str | None) -> list[PlayerInfo]:
    """The players a filter's list offers: the latest to play, and the one chosen if not among them
    (a group of thousands is not sent to the phone with every screen)."""
    players = repo.page(limit=OFFERED)
    if chosen and all(p.id != chosen for p in players):
        players += repo.by_id([chosen])
    return players


def _day_field(tr: Tr, f: PlayLogFilters, field: str, label: str, hint: str) -> ft.Control:
    """The ``since`` or ``until`` day, applied when the field is left or submitted."""

    def apply(e: Any) -> None:
        f.by_day(field, e.control.value or "")

    return ft.TextField(
        label=tr(label),
        value=f.day(field),
        key=f"plays-{field}",
        hint_text=hint,
        on_blur=apply,
        on_submit=apply,
        width=170,
        dense=True,
    )


def when(tr: Tr, play: PlayRecord) -> str:
    # stored in UTC, read in this device's time; a play known by its day alone shows that day
    day = format_when(play.date, tr.lang, day_only=play.day_only)
    if play.seconds is None:
        return day
    return tr("plays.when_long", when=day, n=max(1, round(play.seconds / 60)))


def _seat_row(tr: Tr, play: PlayRecord, s: PlaySeat, colours: dict[str, str | None]) -> ft.Control:
    """One seat of a play: its colour, name, a cup for a winner, the score. A winner logged with
    no score has "won" in the score's place: the cup is then not read out (heard twice)."""
    return ft.Row(
        [
            dot(s.color or colours.get(s.player_id or "")),
            ft.Text(s.name, expand=True, weight=ft.FontWeight.BOLD if s.winner else None),
            ft.Icon(
                ft.Icons.EMOJI_EVENTS,
                color=ft.Colors.AMBER,
                size=18,
                semantics_label=tr("plays.won") if s.score is not None else None,
                tooltip=quiet(tr("plays.won")),
                key=f"play-{play.id}-cup-{s.seat}",
            )
            if s.winner
            else ft.Container(width=18),
            ft.Text(
                seat_score_text(play.game, s.score, s.winner, tr.lang),
                # "$790,000" / "46 VP", "120 PV"; "sin puntos" where only who won was logged
                width=96 if money_game(play.game) or s.score is None else 60,
                text_align=ft.TextAlign.RIGHT,
                key=f"play-{play.id}-score-{s.seat}",
            ),
        ],
        spacing=6,
    )


def play_card(
    services: Services, session: Session, play: PlayRecord, colours: dict[str, str | None]
) -> ft.Control:
    """A play: the game, when and how long, the seats in order with scores, who won and how;
    a seat without a colour of its own (Quick score) shows its player's usual one."""
    tr = session.tr
    f, say_here = filters(session.drafts), status_line(session.drafts)

    def edit(_: Any = None) -> None:
        draft = PlayEdit.of(services.dialogs, tr, services.repos, play)
        edit_dialog(draft, f.changed, f.gone, say_here)

    seats = [_seat_row(tr, play, s, colours) for s in play.seats]
    lines: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(game_title(tr, play.game), weight=ft.FontWeight.BOLD, expand=True),
                small(when(tr, play), key=f"play-{play.id}-when"),
            ]
        ),
        *seats,
        small(
            tr("plays.winners", names=", ".join(play.winners), n=len(play.winners)),
            key=f"play-{play.id}-winners",
        ),
    ]
    if not play.scored:  # logged with its winners alone (a BoardGameGeek play, usually)
        lines.append(small(tr("plays.unscored"), key=f"play-{play.id}-unscored"))
    doubt = stored_doubt(play)  # typed before the score bounds, or restored: Edit corrects it
    if doubt is not None:
        lines.append(ft.Text(tr.msg(doubt), color=ft.Colors.ERROR, size=13, key=f"play-{play.id}-doubt"))
    lines += tie_line(tr, services.repos.plays, play)
    lines += expansions_line(tr, play)
    if play.location:
        lines.append(small(tr("insights.played_at", place=play.location), key=f"play-{play.id}-location"))
    if play.source == "calculator":
        lines.append(small(tr("plays.from_quick"), key=f"play-{play.id}-quick"))
    elif play.source == "import":
        lines.append(small(tr("plays.from_import"), key=f"play-{play.id}-imported"))
    elif play.source == "bgg":
        lines.append(small(tr("plays.from_bgg"), key=f"play-{play.id}-imported"))
    actions = [
        button(tr("plays.edit.open"), f"play-edit-{play.id}", edit, icon=ft.Icons.EDIT),
        send_button(
            tr, lambda: send_to_bgstats(services.device, tr, say_here, play), play, game_title(tr, play.game)
        ),
    ]
    actions += table_buttons(tr, services.repos.tables, session.go, play)
    lines.append(ft.Row(actions, wrap=True, spacing=8, run_spacing=8))
    return card(*lines, key=f"play-{play.id}", padding=10)


def expansions_line(tr: Tr, play: PlayRecord) -> list[ft.Control]:
    """The expansions a play was played with ("With The Great Wall (expansion)"), as New table
    names them: a Great Wall game's 59 VP is not a base game's. None played, or never said (an
    import): no line."""
    names = expansion_labels(play.game)
    played = [tr(label) for option, label in names.items() if play.options.get(option) is True]
    if not played:
        return []
    return [small(tr("plays.expansions", names=" + ".join(played)), key=f"play-{play.id}-expansions")]


def table_buttons(
    tr: Tr, tables: TablesRepo, go: Callable[[str], None], play: PlayRecord
) -> list[ft.Control]:
    """The play's own table, when it is still kept: its scores, and its review (``go`` opens one)."""
    if play.table_id is None or not tables.exists(play.table_id):
        return []
    to = f"/table/{play.table_id}"
    return [
        button(
            tr("plays.open_table"),
            f"play-open-{play.id}",
            lambda _: go(f"{to}/scores"),
            icon=ft.Icons.OPEN_IN_NEW,
        ),
        button(
            tr("nav.review"),
            f"play-review-{play.id}",
            lambda _: go(f"{to}/review"),
            icon=ft.Icons.INSIGHTS,
        ),
    ]


async def export(device: Device, tr: Tr, repos: Repos, f: PlayLogFilters, say: Say, kind: str) -> None:
    """The log the filters show, as a CSV file (one row per seat) or a JSON file (with figures)."""
    from companion.plays.export import plays_csv, plays_json

    if kind == "csv":
        names = {p.id: p.name for p in repos.players.all()}
        data = plays_csv(read_log(repos.plays, f), tr.lang, names).encode(
            "utf-8-sig"
        )  # a spreadsheet reads accents
    else:
        data = plays_json(read_log(repos.plays, f, figures=True)).encode("utf-8")
    saved = await save_bytes(device, f"play-log.{kind}", data, kind)
    say(tr("plays.saved") if saved else tr("plays.save_failed"))
