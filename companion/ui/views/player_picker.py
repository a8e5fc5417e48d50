"""New table's players: the seats in order, filled from the group's remembered players or typed.

A seat is ``{"name", "color", "player_id"}`` in the setup draft's ``players`` (views/setup.py). Tapping a remembered player
seats them (with their colour when it is free); "Same as last time" seats this game's last
players in their order; a typed name that is new is remembered when the table starts. Seats
move up and down (seat order is turn order for most games), colours never repeat.

The picker is a component (``PlayerPicker``) given two observables: the search (``PickerSearch``,
kept in the session's drafts) and ``Seating``, through which every tap changes the seats; either
redraws the picker alone, not the screen. Each seat's card is a component too (``SeatCard``): a
keystroke in a name redraws that card alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.ui.i18n import Tr
from companion.ui.palette import DEFAULT_ORDER, PLAYER_COLORS
from companion.ui.repos import PlayerInfo, PlayersRepo
from companion.ui.retap import use_every_tap
from companion.ui.search import Search
from companion.ui.views.players import namesakes_said
from companion.ui.widgets import (
    button,
    card,
    colour_swatch,
    icon_button,
    own_node,
    pill_button,
    search_field,
    small,
)

OFFERED = 12  # remembered players offered at once; a search finds the others


@ft.observable
@dataclass
class PickerSearch(Search):
    """The search among remembered players (kept while the session lasts), as typed and applied."""


class Unseated(ft.Observable):
    """Notifies when a name typed over a remembered player's takes that player out of the seat:
    the players offered (``Offered``) draw themselves again to offer them back, while the seats'
    cards, and the field being typed in, stay as they are."""

    def dropped(self) -> None:
        self.notify()


class Seating(ft.Observable):
    """The picker's changes to the seats, between ``low`` and ``high`` of them: each notifies
    the picker given this object, which then draws itself again.

    The list is the setup draft's own, changed in place (the draft holds every change); it is
    kept in a private attribute, which an observable neither copies nor watches."""

    def __init__(self, seats: list[dict[str, Any]], low: int, high: int) -> None:
        self._seats = seats
        self.low, self.high = low, high
        self._unseated = Unseated()

    @property
    def unseated(self) -> Unseated:
        return self._unseated

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self._seats

    def blank_seat(self) -> dict[str, Any] | None:
        """The first seat with neither a name nor a remembered player."""
        return next((s for s in self._seats if not s["name"].strip() and not s.get("player_id")), None)

    def full(self) -> bool:
        """Every seat taken and no seat to add."""
        return self.blank_seat() is None and len(self._seats) >= self.high

    def pick(self, player: PlayerInfo) -> None:
        """Seat ``player`` in the first blank seat (a new one when none is blank)."""
        seats, blank = self._seats, self.blank_seat()
        if blank is None:
            if len(seats) >= self.high:
                return
            seats.append({"name": "", "color": _free_colour(seats)})
            blank = seats[-1]  # the draft's observable list keeps a copy of what is appended
        _seat(seats, blank, player, None)
        self.notify()

    def seat_last(self, last: list[tuple[PlayerInfo, str | None]]) -> None:
        """Last time's players in their seats and colours (blank seats up to the least)."""
        new: list[dict[str, Any]] = []
        for player, colour in last[: self.high]:
            seat = {"name": "", "color": _free_colour(new)}
            new.append(seat)
            _seat(new, seat, player, colour)
        while len(new) < self.low:
            new.append({"name": "", "color": _free_colour(new)})
        self._seats[:] = new
        self.notify()

    def add(self) -> None:
        self._seats.append({"name": "", "color": _free_colour(self._seats)})
        self.notify()

    def remove(self, i: int) -> None:
        del self._seats[i]
        self.notify()

    def move(self, i: int, step: int) -> None:
        """Swap seat ``i`` with the one ``step`` away (seat order is turn order)."""
        seats = self._seats
        seats[i], seats[i + step] = seats[i + step], seats[i]
        self.notify()

    def give_colour(self, i: int, colour: str) -> None:
        """Seat ``i`` takes ``colour`` (the seat holding it swaps)."""
        _give_colour(self._seats, self._seats[i], colour)
        self.notify()

    def rename(self, i: int, text: str) -> None:
        """A name typed: it goes around the observables (the seat is part of the setup draft,
        whose change would draw the whole form again); the seat's card draws itself again
        (``SeatCard``). A typed name is matched (or remembered) when the table starts."""
        seat = self._seats[i]
        dict.__setitem__(seat, "name", text)
        if dict.pop(seat, "player_id", None) is not None:  # that player is free to seat again
            self._unseated.dropped()

    def use(self, i: int, player: PlayerInfo) -> None:
        """Seat ``i``, its name typed, takes the remembered namesake meant ("Lucía" for "lucia")."""
        _seat(self._seats, self._seats[i], player, None)
        self.notify()

    def keep_typed(self, i: int) -> None:
        """Seat ``i``'s typed name is another person than its namesakes: not asked again (a name
        typed afresh is). Around the observables, as a name typed is; its card draws itself."""
        seat = self._seats[i]
        dict.__setitem__(seat, "distinct", seat["name"])

    def namesakes(self, players: PlayersRepo, i: int) -> list[PlayerInfo]:
        """Remembered players named as seat ``i``'s typed name but for accents, case and spaces,
        not seated already; the same name itself is matched when the table starts."""
        seat = self._seats[i]
        typed = seat["name"]
        if seat.get("player_id") or not typed.strip() or seat.get("distinct") == typed:
            return []
        seated, same = {s.get("player_id") for s in self._seats}, " ".join(typed.split()).casefold()
        return [p for p in players.namesakes(typed) if p.id not in seated and p.name.casefold() != same]


def player_picker(
    tr: Tr,
    players: PlayersRepo,
    looking: PickerSearch,
    seats: list[dict[str, Any]],
    game: str,
    low: int,
    high: int,
) -> list[ft.Control]:
    """The picker (``PlayerPicker``) over ``seats``, the setup draft's list, changed in place."""
    return [PlayerPicker(tr, players, looking, Seating(seats, low, high), game, key="player-picker")]


@ft.component
def PlayerPicker(
    tr: Tr, players: PlayersRepo, looking: PickerSearch, seating: Seating, game: str, key: str | None = None
) -> ft.Control:
    """The remembered players to tap (``Offered``), one row per seat, and "Add a player"; a tap
    changes the seats through ``seating``: this picker draws itself again."""
    seats = seating.seats
    out: list[ft.Control] = [Offered(tr, players, looking, seating, seating.unseated, game, key="offered")]
    out += [_seat_row(tr, players, seating, i) for i in range(len(seats))]
    out.append(
        button(
            tr("setup.add_player"),
            "player-add",
            lambda _: seating.add(),
            icon=ft.Icons.PERSON_ADD,
            disabled=len(seats) >= seating.high,
        )
    )
    return ft.Column(out, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def Offered(
    tr: Tr,
    players: PlayersRepo,
    looking: PickerSearch,
    seating: Seating,
    unseated: Unseated,
    game: str,
    key: str | None = None,
) -> ft.Control:
    """ "Same as last time" and the remembered players not seated (found by the search
    ``looking``): drawn again by a search applied, a seat change, and a name typed over a
    seated player's (``unseated``), who is offered again at once."""
    out: list[ft.Control] = []
    seats, last = seating.seats, _last(players, game)
    remembered, more = _offered(players, last, looking.search)
    seated = {s.get("player_id") for s in seats}
    free = [p for p in remembered if p.id not in seated]
    more, free = more or len(free) > OFFERED, free[:OFFERED]
    if last and [s.get("player_id") for s in seats] != [p.id for p, _ in last]:
        names = ", ".join(p.name for p, _ in last)
        out.append(
            button(
                tr("setup.same_as_last", names=names),
                "last-players",
                lambda _: seating.seat_last(last),
                icon=ft.Icons.HISTORY,
            )
        )
    if more or looking.search:  # a search only once there are more than it offers
        out.append(search_field(looking, "pick-search", tr("setup.search_player")))
    if free:
        out.append(small(tr("setup.remembered")))
        chips = [_pick_chip(tr, seating, p) for p in free]
        out.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6, key="remembered"))
    # nothing to offer (no one remembered): not laid out, so no gap of its own above the seats
    return ft.Column(
        out, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, visible=bool(out), key="offers"
    )


def _offered(
    players: PlayersRepo, last: list[tuple[PlayerInfo, str | None]], search: str
) -> tuple[list[PlayerInfo], bool]:
    """The players offered (last time's players of this game first, in their seats, then the
    latest to play; or those ``search`` finds), and whether there are more than that."""
    first = [] if search else [p for p, _ in last]
    # Enough rows that OFFERED remain once the seated (at most a table of them) are left out.
    limit = OFFERED + len(first) + 16
    page = players.page(search, limit)
    ids = {p.id for p in first}
    return first + [p for p in page if p.id not in ids], len(page) >= limit


def _last(players: PlayersRepo, game: str) -> list[tuple[PlayerInfo, str | None]]:
    return [(s.player, s.color) for s in players.last(game)]


def _free_colour(seats: list[dict[str, Any]], skip: dict[str, Any] | None = None) -> str:
    used = {s["color"] for s in seats if s is not skip}
    return next((c for c in DEFAULT_ORDER if c not in used), DEFAULT_ORDER[0])


def _give_colour(seats: list[dict[str, Any]], seat: dict[str, Any], colour: str | None) -> None:
    """``seat`` takes ``colour`` (a seat holding it gets this seat's old one): never two alike."""
    if colour is None or colour not in PLAYER_COLORS:
        return
    other = next((s for s in seats if s["color"] == colour and s is not seat), None)
    if other is not None:
        other["color"] = seat["color"]
    seat["color"] = colour


def _seat(seats: list[dict[str, Any]], seat: dict[str, Any], player: PlayerInfo, colour: str | None) -> None:
    seat.update(name=player.name, player_id=player.id)
    _give_colour(seats, seat, colour or player.color)


def _pick_chip(tr: Tr, seating: Seating, player: PlayerInfo) -> ft.Control:
    return pill_button(
        player.name,
        f"pick-player-{player.id}",
        lambda _: seating.pick(player),
        name=tr("setup.seat_player", name=player.name),  # a button: it seats, it is not a choice
        leading=ft.Icon(ft.Icons.CIRCLE, color=PLAYER_COLORS.get(player.color or "", None), size=14),
        disabled=seating.full(),  # every seat taken
    )


@dataclass(frozen=True)
class SeatAt:
    """Seat ``i`` of ``seating``, for its card. Not itself observable: given the ``Seating``
    directly, every seat's card would be drawn again by a seat change on top of the picker
    drawing them all."""

    seating: Seating
    i: int
    players: PlayersRepo  # the remembered players a typed name may be meant as


def _seat_row(tr: Tr, players: PlayersRepo, seating: Seating, i: int) -> ft.Control:
    return SeatCard(tr, SeatAt(seating, i, players), key=f"seat-{i}")


@ft.component
def SeatCard(tr: Tr, at: SeatAt, key: str | None = None) -> ft.Control:
    """Seat ``i``: its name, remove / up / down, and a swatch per colour (its own one ringed).
    A keystroke in the name draws this card alone again, so that its buttons and swatches say
    the name as typed ("Remove Ana"); the picker and the form stay as they are."""
    typed = use_every_tap()
    seating, i = at.seating, at.i
    label = seating.seats[i]["name"] or tr("setup.player_n", n=i + 1)  # what its buttons say they act on

    def rename(e: Any) -> None:
        seating.rename(i, e.control.value or "")
        typed()

    # The field itself is kept while only the name changes: drawn again, it would send the phone
    # the name of the keystroke being handled, and overwrite the keys typed since (measured:
    # "Anabelle" typed fast came back as "Ana"). A seat change (``Seating`` notifies) makes it anew.
    field = ft.use_memo(lambda: _name_field(tr, seating, i, rename), [tr, seating, i, seating.__version__])
    seat = card(
        ft.Row([field, *_seat_buttons(tr, seating, i, label)], spacing=0),
        *_namesake_note(tr, at, typed),
        ft.Row(_colour_swatches(tr, seating, i, label), wrap=True, spacing=6, run_spacing=6),
        key=f"player-{i}",
        padding=8,
    )
    return own_node(seat, label)  # the card is named by its player


def _namesake_note(tr: Tr, at: SeatAt, typed: Callable[[], None]) -> list[ft.Control]:
    """Under a typed name with a remembered namesake: "Lucía is already in your players: use
    that one?", a button to seat each such player, and one to keep the name as typed."""
    seating, i = at.seating, at.i
    found = seating.namesakes(at.players, i)
    if not found:
        return []

    def keep(_: Any) -> None:
        seating.keep_typed(i)
        typed()  # the card draws itself again, as for a keystroke

    uses = [
        button(
            tr("players.use_namesake", name=p.name), f"seat-use-{i}-{p.id}", lambda _, p=p: seating.use(i, p)
        )
        for p in found
    ]
    two = button(tr("setup.two_people"), f"seat-keep-{i}", keep, icon=ft.Icons.PERSON_ADD)
    said = ft.Text(
        namesakes_said(tr, found, "players.namesake", "players.namesakes"), size=14, key=f"seat-namesake-{i}"
    )
    return [said, ft.Row([*uses, two], wrap=True, spacing=8, run_spacing=8)]


def _name_field(tr: Tr, seating: Seating, i: int, rename: Callable[[Any], None]) -> ft.Control:
    return ft.TextField(
        label=tr("setup.player_n", n=i + 1),
        value=seating.seats[i]["name"],
        key=f"player-name-{i}",
        on_change=rename,
        max_length=24,
        expand=True,
        dense=True,
    )


def _seat_buttons(tr: Tr, seating: Seating, i: int, label: str) -> list[ft.Control]:
    """Remove the seat (not below the game's least), move it up or down (turn order)."""
    return [
        icon_button(
            ft.Icons.REMOVE_CIRCLE_OUTLINE,
            f"player-remove-{i}",
            tr("setup.remove", player=label),
            lambda _: seating.remove(i),
            disabled=len(seating.seats) <= seating.low,
        ),
        icon_button(
            ft.Icons.ARROW_UPWARD,
            f"player-up-{i}",
            tr("setup.move_up", player=label),
            lambda _: seating.move(i, -1),
            disabled=i == 0,
        ),
        icon_button(
            ft.Icons.ARROW_DOWNWARD,
            f"player-down-{i}",
            tr("setup.move_down", player=label),
            lambda _: seating.move(i, 1),
            disabled=i == len(seating.seats) - 1,
        ),
    ]


def _colour_swatches(tr: Tr, seating: Seating, i: int, label: str) -> list[ft.Control]:
    seat = seating.seats[i]

    def chooser(colour: str) -> Any:
        return lambda _=None: seating.give_colour(i, colour)

    return [
        colour_swatch(  # "Ana: red, button, selected"
            f"player-color-{i}-{c}",
            hexv,
            tr("setup.color", player=label, color=tr(f"color.{c}")),
            seat["color"] == c,
            chooser(c),
        )
        for c, hexv in PLAYER_COLORS.items()
    ]
