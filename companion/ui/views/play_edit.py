"""Who sat where, after the game: a table just imported, and a play in the log.

An imported table whose seats are named like remembered players gets one question (each seat
can be unticked): nothing is linked without that confirm. A play in the log can be linked or
unlinked seat by seat, given another day, or deleted, with an undo on the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core import Table
from companion.core.calc import CalcInputError
from companion.i18n import local_day
from companion.plays.models import PlayRecord
from companion.store import StoreError
from companion.ui.shell import App
from companion.ui.widgets import small

NOBODY = "-"  # the dropdown's key for a seat linked to nobody


def offer_links(app: App, table: Table, then: Callable[[], Any]) -> None:
    """After an import: offer the remembered players named like its seats, then run ``then``
    (at once when there is nothing to offer or the table's seats are linked already)."""
    store = app.hub.store
    found = store.matching_players([p.name for p in table.players])
    if any(store.seat_links(table.id)) or not any(found):
        app.close_dialog()  # the Import dialog, when it came from there
        then()
        return
    names = {p.id: p.name for p in store.players()}
    ticked = {seat: True for seat, pid in enumerate(found) if pid}
    tr = app.tr

    def toggle(seat: int) -> Callable[[Any], None]:
        def go(e: Any) -> None:
            ticked[seat] = bool(e.control.value)

        return go

    def body() -> list[ft.Control]:
        rows: list[ft.Control] = [small(tr("plays.link.offer_hint"), key="link-offer")]
        rows += [
            ft.Checkbox(
                label=tr("plays.link.seat_is", seat=table.players[seat].name, player=names[pid]),
                value=ticked[seat],
                key=f"link-offer-{seat}",
                on_change=toggle(seat),
            )
            for seat, pid in enumerate(found)
            if pid
        ]
        return rows

    def save() -> None:
        try:
            store.link_seats(table.id, [pid if ticked.get(seat) else None for seat, pid in enumerate(found)])
        except StoreError as exc:  # a player merged or removed meanwhile: say so, keep the dialog
            app.dialog_note(tr.msg(exc.msg))
            return
        app.close_dialog()
        then()

    def actions() -> list[ft.Control]:
        return [
            app.dialog_button(tr("plays.link.not_now"), "link-offer-skip", then),
            app.dialog_button(tr("plays.link.confirm"), "link-offer-save", save, filled=True, closes=False),
        ]

    opened = app.state.dialog
    if opened is None:
        app.dialog(tr("plays.link.offer_title"), body, key="link-offer-dialog", actions=actions)
        return
    # The Import dialog becomes the question: a browser kept the closing dialog on screen and
    # never drew a second one opened in the same redraw (seen in Chromium; the harness drew it).
    opened.title, opened.body, opened.actions, opened.note = tr("plays.link.offer_title"), body, actions, ""
    app.refresh()


def edit_dialog(
    app: App, play: PlayRecord, on_deleted: Callable[[PlayRecord], Any], on_error: Callable[[str], Any]
) -> None:
    """Link each seat of ``play`` to a remembered player (a name match is offered, never saved
    unasked), change its day (and, logged by hand, its options), or delete it (``on_deleted`` gets the play, for the undo;
    ``on_error`` the line to show when the play went meanwhile)."""
    from companion.ui.views.log_play import current_option, logged_options, option_rows

    store = app.hub.store
    tr = app.tr
    draft = {"links": store.suggested_links(play), "day": local_day(play.date)}
    # A play logged by hand can have its scores corrected; a table's are its table's.
    scores = [str(seat.score) for seat in play.seats]
    players = store.players()
    # A play logged by hand can have its options said again; a table's play keeps its table's.
    specs = logged_options(play.game) if play.source == "calculator" else []
    chosen: dict[str, Any] = {
        spec.field: play.options[spec.field] for spec in specs if spec.field in play.options
    }

    def pick(seat: int) -> Callable[[Any], None]:
        def go(e: Any) -> None:
            value = e.control.value
            draft["links"][seat] = None if value in (None, NOBODY) else value

        return go

    def typed(e: Any) -> None:
        draft["day"] = e.control.value or ""

    def typed_score(seat: int) -> Callable[[Any], None]:
        def go(e: Any) -> None:
            scores[seat] = e.control.value or ""

        return go

    def body() -> list[ft.Control]:
        options = [ft.DropdownOption(key=NOBODY, text=tr("plays.link.nobody"))]
        options += [ft.DropdownOption(key=p.id, text=p.name) for p in players]
        rows: list[ft.Control] = [small(tr("plays.edit.hint"))]
        rows += [
            ft.Dropdown(
                label=tr("plays.edit.seat", name=seat.name),
                value=draft["links"][seat.seat] or NOBODY,
                options=options,
                key=f"edit-seat-{seat.seat}",
                on_select=pick(seat.seat),
                dense=True,
                expand=True,
            )
            for seat in play.seats
        ]
        if play.source == "calculator":
            rows += [
                ft.TextField(
                    label=tr("plays.edit.score", name=seat.name),
                    value=scores[seat.seat],
                    key=f"edit-score-{seat.seat}",
                    on_change=typed_score(seat.seat),
                    keyboard_type=ft.KeyboardType.NUMBER,
                    dense=True,
                )
                for seat in play.seats
            ]
        rows += option_rows(app, play.game, specs, chosen, prefix="edit-option")
        rows.append(
            ft.TextField(
                label=tr("plays.edit.day"),
                value=draft["day"],
                hint_text="2026-05-31",
                key="edit-day",
                on_change=typed,
                dense=True,
            )
        )
        return rows

    def save() -> None:
        try:
            if draft["links"] != [s.player_id for s in play.seats]:
                store.link_play(play.id, draft["links"])
            if play.source == "calculator" and scores != [str(seat.score) for seat in play.seats]:
                store.rescore_play(play.id, [_whole(x) for x in scores])
            if draft["day"].strip() != local_day(play.date):
                store.redate_play(play.id, draft["day"])
            options = {spec.field: current_option(play.game, chosen, spec) for spec in specs}
            if specs and any(play.options.get(k) != v for k, v in options.items()):
                store.set_play_options(play.id, {**play.options, **options})
        except (StoreError, CalcInputError) as exc:
            app.dialog_note(tr.msg(exc.msg))
            return
        app.close_dialog()
        app.refresh()

    def delete() -> None:
        try:
            gone = store.delete_play(play.id)
        except StoreError as exc:
            on_error(tr.msg(exc.msg))
            return
        on_deleted(gone)
        app.refresh()

    app.dialog(
        tr("plays.edit.title"),
        body,
        key="play-edit",
        actions=lambda: [
            app.dialog_button(tr("plays.edit.delete"), "play-edit-delete", delete, danger=True),
            app.dialog_button(tr("plays.edit.save"), "play-edit-save", save, filled=True, closes=False),
        ],
    )


def _whole(text: str) -> int:
    """A typed score: a whole number ("760000", "760,000" and "-3" too), else StoreError."""
    cleaned = text.strip().replace(",", "").replace(".", "").replace(" ", "").replace("$", "")
    try:
        return int(cleaned)
    except ValueError:
        raise StoreError("plays.play.bad_score", found=text) from None
