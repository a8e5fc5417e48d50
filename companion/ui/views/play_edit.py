"""Who sat where, after the game: a table just imported, and a play in the log.

An imported table whose seats are named like remembered players gets one question (each seat
can be unticked): nothing is linked without that confirm. A play in the log can be linked or
unlinked seat by seat, given another day, or deleted, with an undo on the log. The Edit
dialog's draft (``PlayEdit``) is observable and its form a component over it: a place or an
option tapped redraws the form alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core import Table
from companion.core.calc import CalcInputError
from companion.core.msg import Msg
from companion.i18n import local_day
from companion.plays.bounds import far_above, score_refusal
from companion.plays.models import MAX_LOCATION, PlayRecord
from companion.ui.dialogs import Dialogs
from companion.ui.i18n import Tr
from companion.ui.log_play import Typed
from companion.ui.repos import PlayersRepo, PlaysRepo, Repos, StoreError
from companion.ui.retap import redrawn
from companion.ui.widgets import named_dropdown, small

if TYPE_CHECKING:
    from companion.ui.gameui import OptionSpec
    from companion.ui.repos import PlayerInfo

NOBODY = "-"  # the dropdown's key for a seat linked to nobody
_UNSAID = object()  # an option the play never said: equal to no chip's value


CHOICES = 40  # players a seat's list offers beside the play's own: the latest to play
PLACES = 8  # remembered locations the Edit dialog offers: the latest used


def _choices(players: PlayersRepo, play: PlayRecord) -> list[PlayerInfo]:
    """A seat's choices: the players linked or suggested at this play, then the latest to play
    (a group of thousands is not sent to the phone in every dropdown)."""
    own = [s.player_id for s in play.seats if s.player_id] + [
        p for p in players.matching([s.name for s in play.seats]) if p
    ]
    first = players.by_id(list(dict.fromkeys(own)))
    ids = {p.id for p in first}
    return first + [p for p in players.page(limit=CHOICES) if p.id not in ids]


def offer_links(
    dialogs: Dialogs, tr: Tr, players: PlayersRepo, table: Table, then: Callable[[], Any]
) -> None:
    """After an import: offer the remembered players named like its seats, then run ``then``
    (at once when there is nothing to offer or the table's seats are linked already)."""
    found = players.matching([p.name for p in table.players])
    if any(players.seat_links(table.id)) or not any(found):
        dialogs.close_dialog()  # the Import dialog, when it came from there
        then()
        return
    names = {p.id: p.name for p in players.by_id([pid for pid in found if pid])}
    ticked = {seat: True for seat, pid in enumerate(found) if pid}

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
            players.link_seats(
                table.id, [pid if ticked.get(seat) else None for seat, pid in enumerate(found)]
            )
        except StoreError as exc:  # a player merged or removed meanwhile: say so, keep the dialog
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        dialogs.close_dialog()
        then()

    def actions() -> list[ft.Control]:
        return [
            dialogs.dialog_button(tr("plays.link.not_now"), "link-offer-skip", then),
            dialogs.dialog_button(
                tr("plays.link.confirm"), "link-offer-save", save, filled=True, closes=False
            ),
        ]

    opened = dialogs.open_dialog
    if opened is None:
        dialogs.dialog(tr("plays.link.offer_title"), body, key="link-offer-dialog", actions=actions)
        return
    # The Import dialog becomes the question: a browser kept the closing dialog on screen and
    # never drew a second one opened in the same redraw (seen in Chromium; the harness drew it).
    opened.title, opened.body, opened.actions = tr("plays.link.offer_title"), body, actions
    dialogs.dialog_note("")  # no note left from the Import dialog, and the dialog drawn again


def edit_dialog(
    draft: PlayEdit,
    on_saved: Callable[[], Any],
    on_deleted: Callable[[PlayRecord], Any],
    on_error: Callable[[str], Any],
) -> None:
    """Link each seat of ``play`` to a remembered player (a name match is offered, never saved
    unasked), change its day, its scores (not a table's) and, logged by hand, its options, or
    delete it. ``on_saved`` runs once the changes are stored, ``on_deleted`` gets the play deleted
    (for the undo), ``on_error`` the line to show when the play went meanwhile."""
    dialogs, tr, play = draft.dialogs, draft.tr, draft.play

    def delete() -> None:
        _delete_play(tr, draft.plays, play, on_deleted, on_error)

    dialogs.dialog(
        tr("plays.edit.title"),
        lambda: [PlayEditForm(draft, key="play-edit-form")],
        key="play-edit",
        actions=lambda: [
            dialogs.dialog_button(
                tr("plays.edit.delete"), "play-edit-delete", delete, danger=True, screen=False
            ),
            dialogs.dialog_button(
                tr("plays.edit.save"),
                "play-edit-save",
                lambda: draft.save(on_saved),
                filled=True,
                closes=False,
                screen=False,
            ),
        ],
    )


@ft.component
def PlayEditForm(draft: PlayEdit, key: str | None = None) -> ft.Control:
    """The Edit dialog's fields over its draft: a tap that changes it redraws this form alone."""
    return ft.Column(draft.body(), tight=True)


@ft.observable
@dataclass(eq=False)
class PlayEdit:
    """The Edit dialog's draft of one play, kept until Save: each seat's link, the day typed,
    its scores (logged by hand or brought in; a table's play keeps its table's) and, logged by
    hand, its options.
    What is typed sits on plain ``Typed`` holders (ui/log_play.py), never a redraw (the field shows
    it already); a tap redraws the form."""

    dialogs: Dialogs
    tr: Tr
    plays: PlaysRepo  # where Save writes
    play: PlayRecord
    links: list[str | None]  # each seat's remembered player, None for nobody
    day: Typed
    scores: list[Typed]
    players: list[PlayerInfo]  # the dropdowns' choices
    specs: list[OptionSpec]  # the options a play logged by hand records
    chosen: dict[str, Any]  # option field -> value, as on the chips
    location: Typed
    places: tuple[str, ...] = ()  # the remembered locations offered
    # a score refused on Save: its seat and why, said under that seat's field (the dialog's note
    # at the end of a long form was out of sight above Save: the tap seemed to do nothing)
    refused: tuple[int, str] | None = None
    # scores far above the log's usual (plays/bounds.far_above), said on Save under their fields:
    # seat -> (the score, what was said); Save with the same score again keeps it
    warned: dict[int, tuple[int, str]] = field(default_factory=dict)

    @classmethod
    def of(cls, dialogs: Dialogs, tr: Tr, repos: Repos, play: PlayRecord) -> PlayEdit:
        """The draft as the play stands, with the store's name matches as suggested links."""
        from companion.ui.game_options import logged_options

        specs = logged_options(play.game) if not_of_a_table(play) else []
        chosen = {spec.field: play.options[spec.field] for spec in specs if spec.field in play.options}
        return cls(
            dialogs=dialogs,
            tr=tr,
            plays=repos.plays,
            play=play,
            links=repos.plays.suggested_links(play),
            day=Typed(local_day(play.date, day_only=play.day_only)),
            scores=[Typed(_shown(seat.score)) for seat in play.seats],
            players=_choices(repos.players, play),
            specs=specs,
            chosen=dict(chosen),  # the options said so far; a chip tapped adds its own
            location=Typed(play.location or ""),
            places=tuple(repos.plays.locations()[:PLACES]),
        )

    @property
    def rescorable(self) -> bool:
        """Logged by hand or brought in from another logger: its scores can be typed again (or,
        brought in with its winners alone, filled in). A table's play keeps its table's."""
        return not_of_a_table(self.play)

    def pick(self, seat: int) -> Callable[[Any], None]:
        def go(e: Any) -> None:
            value = e.control.value
            self.links[seat] = None if value in (None, NOBODY) else value

        return go

    def typed_day(self, e: Any) -> None:
        self.day.text = e.control.value or ""

    def typed_score(self, seat: int) -> Callable[[Any], None]:
        def go(e: Any) -> None:
            self.scores[seat].text = e.control.value or ""

        return go

    def body(self) -> list[ft.Control]:
        from companion.ui.game_options import option_rows

        rows: list[ft.Control] = [small(self.tr("plays.edit.hint"))]
        rows += self.link_dropdowns()
        if self.rescorable:
            rows += self.score_fields()
        else:  # said where the scores would be: they come from the table's own game
            rows.append(small(self.tr("plays.edit.table_scores"), key="edit-scores-table"))
        rows += option_rows(
            self.tr, self.play.game, self.specs, self.chosen, prefix="edit-option", defaults=False
        )
        rows.append(self.day_field())
        rows += self.location_rows()
        return rows

    def location_rows(self) -> list[ft.Control]:
        """Where it was played: typed, or one of the remembered places tapped."""
        tr = self.tr

        def typed(e: Any) -> None:
            self.location.text = e.control.value or ""

        def chosen(place: str) -> Callable[[Any], None]:
            def go(_: Any) -> None:
                # a new holder: the form redraws (the chosen chip tapped again too: the phone unticked it)
                redrawn(self, lambda: setattr(self, "location", Typed(place)))

            return go

        chips: list[ft.Control] = [
            ft.Chip(
                label=ft.Text(p),
                key=f"edit-place-{i}",
                selected=p == self.location.text.strip(),
                on_select=chosen(p),
            )
            for i, p in enumerate(self.places)
        ]
        field = ft.TextField(
            label=tr("insights.location"),
            value=self.location.text,
            key="edit-location",
            on_change=typed,
            max_length=MAX_LOCATION,
            dense=True,
        )
        return [field, ft.Row(chips, wrap=True, spacing=6, run_spacing=6)] if chips else [field]

    def link_dropdowns(self) -> list[ft.Control]:
        tr = self.tr
        options = [ft.DropdownOption(key=NOBODY, text=tr("plays.link.nobody"))]
        options += [ft.DropdownOption(key=p.id, text=p.name) for p in self.players]
        return [
            named_dropdown(
                ft.Dropdown(
                    label=tr("plays.edit.seat", name=seat.name),
                    value=self.links[seat.seat] or NOBODY,
                    options=options,
                    key=f"edit-seat-{seat.seat}",
                    on_select=self.pick(seat.seat),
                    dense=True,
                    expand=True,
                )
            )
            for seat in self.play.seats
        ]

    def score_fields(self) -> list[ft.Control]:
        """A field per seat; a play brought in with its winners alone first says that the scores
        typed decide who won (docs/DECISIONS.md, "Scores typed into an imported play")."""
        said: list[ft.Control] = (
            [] if self.play.scored else [small(self.tr("plays.edit.no_scores"), key="edit-scores-winners")]
        )
        wrong_seat, why = self.refused or (None, None)
        return said + [
            ft.TextField(
                label=self.tr("plays.edit.score", name=seat.name),
                value=self.scores[seat.seat].text,
                key=f"edit-score-{seat.seat}",
                on_change=self.typed_score(seat.seat),
                keyboard_type=ft.KeyboardType.NUMBER,
                dense=True,
                error=why if seat.seat == wrong_seat else None,
                error_max_lines=4,  # the whole reason at 412 px, never cut to one line
                helper=self.far_said(seat.seat),
                helper_max_lines=5,
                helper_style=ft.TextStyle(color=ft.Colors.ERROR),
            )
            for seat in self.play.seats
        ]

    def far_said(self, seat: int) -> str | None:
        """The warning said on Save for this seat's score while the field still holds it."""
        score, said = self.warned.get(seat, (None, ""))
        try:
            if score is None or _whole(self.scores[seat].text) != score:
                return None
        except StoreError:  # changed since to no number: Save says so
            return None
        return f"{said} {self.tr('plays.edit.far_again')}"

    def day_field(self) -> ft.Control:
        return ft.TextField(
            label=self.tr("plays.edit.day"),
            value=self.day.text,
            hint_text="2026-05-31",
            key="edit-day",
            on_change=self.typed_day,
            dense=True,
        )

    def save(self, on_saved: Callable[[], Any]) -> None:
        """Store what changed, then ``on_saved()``; a refusal is said under the dialog, which
        stays open. A score refused is said under its seat's field, where the player typed it,
        before anything is stored."""
        typed = [t.text for t in self.scores]
        try:
            changed = self.rescorable and typed != [_shown(seat.score) for seat in self.play.seats]
            if changed and self.far_first(_typed_scores(self.play, typed)):  # said: Save again keeps it
                return
        except SeatRefused as exc:
            refused = (exc.seat, self.tr.msg(exc.msg))
            redrawn(self, lambda: setattr(self, "refused", refused))
            return
        if self.refused is not None:
            redrawn(self, lambda: setattr(self, "refused", None))
        try:
            self.store_changes()
        except (StoreError, CalcInputError) as exc:
            self.dialogs.dialog_note(self.tr.msg(exc.msg))
            return
        self.dialogs.close_dialog()
        on_saved()

    def far_first(self, scores: list[int]) -> bool:
        """Whether a score typed is far above the log's usual and not yet said as it is: then
        each such score is said under its field (a warning, not a refusal: the same scores saved
        again are kept) and nothing is stored yet."""
        usual, plays = self.plays.usual_win(self.play.game)
        far: dict[int, tuple[int, str]] = {}
        for seat, x in zip(self.play.seats, scores, strict=True):
            said = None if x == seat.score else far_above(self.play.game, seat.name, x, usual, plays)
            if said is not None:
                far[seat.seat] = (x, self.tr.msg(said))
        if all(self.warned.get(seat, (None, ""))[0] == x for seat, (x, _) in far.items()):
            return False
        redrawn(self, lambda: setattr(self, "warned", far))
        return True

    def store_changes(self) -> None:
        plays, play = self.plays, self.play
        if self.links != [s.player_id for s in play.seats]:
            plays.link(play.id, list(self.links))
        scores, day, location = [t.text for t in self.scores], self.day.text, self.location.text
        if self.rescorable and scores != [_shown(seat.score) for seat in play.seats]:
            plays.rescore(play.id, _typed_scores(play, scores))
        if day.strip() != local_day(play.date, day_only=play.day_only):
            plays.redate(play.id, day)
        if (location.strip() or None) != play.location:
            plays.set_location(play.id, location)
        # only what the chips said: an option never tapped (nor said before) stays not said
        options = {spec.field: self.chosen[spec.field] for spec in self.specs if spec.field in self.chosen}
        if self.specs and any(play.options.get(k, _UNSAID) != v for k, v in options.items()):
            plays.set_options(play.id, {**play.options, **options})


def not_of_a_table(play: PlayRecord) -> bool:
    """Logged by hand or brought in from another logger: its scores and options can be said again
    here. A finished table's play keeps its table's (they come from its log)."""
    return play.source != "table" and play.table_id is None


def _delete_play(
    tr: Tr,
    plays: PlaysRepo,
    play: PlayRecord,
    on_deleted: Callable[[PlayRecord], Any],
    on_error: Callable[[str], Any],
) -> None:
    """Delete ``play`` from the log, then ``on_deleted(play)``; ``on_error`` says why not (gone
    meanwhile)."""
    try:
        gone = plays.delete(play.id)
    except StoreError as exc:
        on_error(tr.msg(exc.msg))
        return
    on_deleted(gone)


def _shown(score: int | None) -> str:
    """A seat's score as its field starts: empty for a play logged with its winners alone."""
    return "" if score is None else str(score)


class SeatRefused(StoreError):
    """A score typed for one seat is refused (``seat``: its index)."""

    def __init__(self, seat: int, message: Msg | str, **args: Any) -> None:
        super().__init__(message, **args)
        self.seat = seat


def _typed_scores(play: PlayRecord, texts: list[str]) -> list[int]:
    """The scores typed, one whole number a seat: a seat left empty is refused by its name
    (scores are filled in or corrected, never taken back to none), a seat's text that is no
    number by what it says; each refusal knows its seat (``SeatRefused``)."""
    for seat, text in zip(play.seats, texts, strict=True):
        if not text.strip():
            raise SeatRefused(seat.seat, "plays.play.score_missing", name=seat.name)
    out = []
    for seat, text in zip(play.seats, texts, strict=True):
        try:
            out.append(_whole(text))
        except StoreError as exc:
            raise SeatRefused(seat.seat, exc.msg) from None
        too_far = score_refusal(play.game, seat.name, out[-1])  # a digit too many, at its field
        if too_far is not None:
            raise SeatRefused(seat.seat, too_far)
    return out


def _whole(text: str) -> int:
    """A typed score: a whole number ("760000", "760,000" and "-3" too), else StoreError."""
    cleaned = text.strip().replace(",", "").replace(".", "").replace(" ", "").replace("$", "")
    try:
        return int(cleaned)
    except ValueError:
        raise StoreError("plays.play.bad_score", found=text) from None
