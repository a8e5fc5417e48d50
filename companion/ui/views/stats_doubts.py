"""The plays a page's figures count with a score the game cannot give (typed before the score
bounds, or restored from a backup, which keeps it): a card above the figures saying how many, each
play's day and what is wrong (plays/bounds.stored_doubt, the play log's words) with its own Edit,
one tap into the Edit dialog. The game's Statistics and a player's page show it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import flet as ft

from companion.i18n import format_when
from companion.plays.bounds import record_doubt as record_doubt_msg
from companion.plays.bounds import stored_doubt
from companion.plays.models import PlayRecord
from companion.ui.repos import GameRecord
from companion.ui.services import Services, Session
from companion.ui.views.play_edit import PlayEdit, edit_dialog
from companion.ui.widgets import button, card, small

DOUBTS_SHOWN = 5  # plays with an impossible score listed with their Edit (the count says all)


class Fixable(Protocol):
    """An observable a page's figures are drawn from that says a correction made from its card
    (``Corrected``, or the Statistics' own filter, which holds the same two)."""

    said: str

    def changed(self, said: str = "") -> None: ...


@ft.observable
@dataclass
class Corrected:
    """Plays corrected from a page's card (kept while the session lasts): the component given it
    reads its figures again after each one."""

    version: int = 0  # one more for each play corrected from here
    said: str = ""  # why the last correction from here was not made (the play went meanwhile)

    def changed(self, said: str = "") -> None:
        self.said = said
        self.version += 1


def edit_play(services: Services, session: Session, play: PlayRecord, fixed: Fixable) -> None:
    """The Edit dialog of ``play``; saved or deleted, ``fixed`` changes and the figures are read again."""
    draft = PlayEdit.of(services.dialogs, session.tr, services.repos, play)
    edit_dialog(draft, fixed.changed, lambda _: fixed.changed(), fixed.changed)


def record_doubt(
    services: Services, session: Session, record: GameRecord, key: str, fixed: Fixable | None
) -> list[ft.Control]:
    """Under a record (``key``: the record's) held by a play with a score the game cannot give:
    whose score it is ("Ben's 4,100 is more than the game can give"), and the play's Edit (where
    the page reads its figures again once saved: ``fixed``)."""
    doubt = record_doubt_msg(record.game, record.doubt_name or "", record.doubt_score or 0)
    out: list[ft.Control] = [small(session.tr.msg(doubt), key=f"{key}-doubt")]
    play = services.repos.plays.play(record.play_id) if fixed is not None else None
    if play is not None and fixed is not None:
        out.append(
            button(
                session.tr("plays.edit.open"),
                f"{key}-doubt-edit",
                lambda _: edit_play(services, session, play, fixed),
                icon=ft.Icons.EDIT,
            )
        )
    return out


def doubts_card(
    services: Services,
    session: Session,
    found: list[PlayRecord],
    count_text: str,
    fixed: Fixable,
    prefix: str,
) -> list[ft.Control]:
    """``found``, the plays with a score their game cannot give, under ``count_text`` (how many),
    each with its Edit; saved or deleted, ``fixed`` changes and the figures are read again. None
    found: only why the last correction was not made, if it was not."""
    tr = session.tr
    said: list[ft.Control] = [small(fixed.said, key=f"{prefix}-doubts-said")] if fixed.said else []
    if not found:
        return said

    def edit(play: PlayRecord) -> None:
        edit_play(services, session, play, fixed)

    rows: list[ft.Control] = [ft.Text(count_text, key=f"{prefix}-doubts-text"), *said]
    for play in found[:DOUBTS_SHOWN]:
        doubt = stored_doubt(play)
        day = format_when(play.date, tr.lang, time=False, day_only=play.day_only)
        rows += [
            small(f"{day}: {tr.msg(doubt) if doubt else ''}", key=f"{prefix}-doubt-{play.id}"),
            button(
                tr("plays.edit.open"),
                f"{prefix}-doubt-edit-{play.id}",
                lambda _, p=play: edit(p),
                icon=ft.Icons.EDIT,
            ),
        ]
    return [card(*rows, key=f"{prefix}-doubts")]
