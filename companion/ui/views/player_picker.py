"""New table's players: the seats in order, filled from the group's remembered players or typed.

A seat is ``{"name", "color", "player_id"}`` in the setup draft's ``players`` (views/setup.py). Tapping a remembered player
seats them (with their colour when it is free); "Same as last time" seats this game's last
players in their order; a typed name that is new is remembered when the table starts. Seats
move up and down (seat order is turn order for most games), colours never repeat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.ui.i18n import Tr
from companion.ui.palette import DEFAULT_ORDER, PLAYER_COLORS, TAP
from companion.ui.repos import PlayerInfo, PlayersRepo
from companion.ui.shell import App
from companion.ui.widgets import button, card, colour_swatch, icon_button, small

OFFERED = 12  # remembered players offered at once; a search finds the others


@dataclass
class PickerSearch:
    """The search among remembered players (kept while the session lasts), as typed and applied."""

    typed: str = ""
    search: str = ""

    def find(self, text: str) -> None:
        self.typed, self.search = text, " ".join(text.split())


def player_picker(app: App, seats: list[dict[str, Any]], game: str, low: int, high: int) -> list[ft.Control]:
    """The remembered players to tap, one row per seat, and "Add a player"."""
    from companion.ui.widgets import search_field

    out: list[ft.Control] = []
    looking = app.drafts.keep(PickerSearch)
    last = _last(app.repos.players, game)
    remembered, more = _offered(app.repos.players, last, looking.search)
    seated = {s.get("player_id") for s in seats}
    free = [p for p in remembered if p.id not in seated]
    more, free = more or len(free) > OFFERED, free[:OFFERED]
    if last and [s.get("player_id") for s in seats] != [p.id for p, _ in last]:
        names = ", ".join(p.name for p, _ in last)
        out.append(
            button(
                app.tr("setup.same_as_last", names=names),
                "last-players",
                lambda _: _seat_last(app.refresh, seats, last, low, high),
                icon=ft.Icons.HISTORY,
            )
        )
    if more or looking.search:  # a search only once there are more than it offers
        out.append(search_field(looking, "pick-search", app.tr("setup.search_player"), app.refresh))
    if free:
        out.append(small(app.tr("setup.remembered")))
        out.append(
            ft.Row(
                [_pick_chip(app.tr, app.refresh, seats, p, high) for p in free],
                wrap=True,
                spacing=6,
                run_spacing=6,
                key="remembered",
            )
        )
    out += [_seat_row(app.tr, app.refresh, seats, i, low) for i in range(len(seats))]
    out.append(
        button(
            app.tr("setup.add_player"),
            "player-add",
            lambda _: _add(app.refresh, seats),
            icon=ft.Icons.PERSON_ADD,
            disabled=len(seats) >= high,
        )
    )
    return out


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


def _pick_chip(
    tr: Tr, refresh: Callable[[], None], seats: list[dict[str, Any]], player: PlayerInfo, high: int
) -> ft.Control:

    def blank_seat() -> dict[str, Any] | None:
        return next((s for s in seats if not s["name"].strip() and not s.get("player_id")), None)

    def pick(_: Any = None) -> None:
        blank = blank_seat()
        if blank is None:
            if len(seats) >= high:
                return
            blank = {"name": "", "color": _free_colour(seats)}
            seats.append(blank)
        _seat(seats, blank, player, None)
        refresh()

    return ft.Chip(
        label=ft.Text(player.name),
        leading=ft.Icon(ft.Icons.CIRCLE, color=PLAYER_COLORS.get(player.color or "", None), size=14),
        key=f"pick-player-{player.id}",
        on_click=pick,
        tooltip=tr("setup.seat_player", name=player.name),
        height=TAP,
        disabled=blank_seat() is None and len(seats) >= high,  # every seat taken
    )


def _seat_last(
    refresh: Callable[[], None],
    seats: list[dict[str, Any]],
    last: list[tuple[PlayerInfo, str | None]],
    low: int,
    high: int,
) -> None:
    new: list[dict[str, Any]] = []
    for player, colour in last[:high]:
        seat = {"name": "", "color": _free_colour(new)}
        new.append(seat)
        _seat(new, seat, player, colour)
    while len(new) < low:
        new.append({"name": "", "color": _free_colour(new)})
    seats[:] = new
    refresh()


def _seat_row(
    tr: Tr, refresh: Callable[[], None], seats: list[dict[str, Any]], i: int, low: int
) -> ft.Control:
    """Seat ``i``: its name, remove / up / down, and a swatch per colour (its own one ringed)."""
    label = seats[i]["name"] or tr("setup.player_n", n=i + 1)  # what its buttons say they act on
    seat = card(
        ft.Row([_name_field(tr, seats[i], i), *_seat_buttons(tr, refresh, seats, i, low, label)], spacing=0),
        ft.Row(_colour_swatches(tr, refresh, seats, i, label), wrap=True, spacing=6, run_spacing=6),
        key=f"player-{i}",
        padding=8,
    )
    return ft.Semantics(content=seat, label=label, container=True)  # the card is named by its player


def _name_field(tr: Tr, seat: dict[str, Any], i: int) -> ft.Control:
    def rename(e: Any) -> None:
        seat["name"] = e.control.value or ""
        seat.pop("player_id", None)  # a typed name is matched (or remembered) when the table starts

    return ft.TextField(
        label=tr("setup.player_n", n=i + 1),
        value=seat["name"],
        key=f"player-name-{i}",
        on_change=rename,
        max_length=24,
        expand=True,
        dense=True,
    )


def _seat_buttons(
    tr: Tr, refresh: Callable[[], None], seats: list[dict[str, Any]], i: int, low: int, label: str
) -> list[ft.Control]:
    """Remove the seat (not below the game's least), move it up or down (turn order)."""
    return [
        icon_button(
            ft.Icons.REMOVE_CIRCLE_OUTLINE,
            f"player-remove-{i}",
            tr("setup.remove", player=label),
            lambda _: _remove(refresh, seats, i),
            disabled=len(seats) <= low,
        ),
        icon_button(
            ft.Icons.ARROW_UPWARD,
            f"player-up-{i}",
            tr("setup.move_up", player=label),
            _mover(refresh, seats, i, -1),
            disabled=i == 0,
        ),
        icon_button(
            ft.Icons.ARROW_DOWNWARD,
            f"player-down-{i}",
            tr("setup.move_down", player=label),
            _mover(refresh, seats, i, 1),
            disabled=i == len(seats) - 1,
        ),
    ]


def _mover(refresh: Callable[[], None], seats: list[dict[str, Any]], i: int, step: int) -> Any:
    """Swap seat ``i`` with the one ``step`` away."""

    def go(_: Any = None) -> None:
        seats[i], seats[i + step] = seats[i + step], seats[i]
        refresh()

    return go


def _colour_swatches(
    tr: Tr, refresh: Callable[[], None], seats: list[dict[str, Any]], i: int, label: str
) -> list[ft.Control]:
    seat = seats[i]
    return [
        colour_swatch(  # "Ana: red, button, selected"
            f"player-color-{i}-{c}",
            hexv,
            tr("setup.color", player=label, color=tr(f"color.{c}")),
            seat["color"] == c,
            _colourer(refresh, seats, seat, c),
        )
        for c, hexv in PLAYER_COLORS.items()
    ]


def _colourer(
    refresh: Callable[[], None], seats: list[dict[str, Any]], seat: dict[str, Any], colour: str
) -> Any:
    """``seat`` takes ``colour`` (the seat holding it swaps)."""

    def pick(_: Any = None) -> None:
        _give_colour(seats, seat, colour)
        refresh()

    return pick


def _add(refresh: Callable[[], None], seats: list[dict[str, Any]]) -> None:
    seats.append({"name": "", "color": _free_colour(seats)})
    refresh()


def _remove(refresh: Callable[[], None], seats: list[dict[str, Any]], i: int) -> None:
    del seats[i]
    refresh()
