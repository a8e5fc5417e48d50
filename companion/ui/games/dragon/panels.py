"""Dragon panels on the Play screen: the months and their events, the action groups, the players."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core import Table
from companion.games.dragon.public import DragonState, action_msg, cards_text, event_msg, tile_msg
from companion.ui.games.dragon.expansions import expansion_rows
from companion.ui.gameui import state_as
from companion.ui.i18n import Tr
from companion.ui.parts import part
from companion.ui.symbols import EVENTS
from companion.ui.table_model import TableModel
from companion.ui.widgets import card, dot, small


def event_icon(event: str) -> Any:
    """The event's symbol, as the strip and the month summary draw it (symbols.EVENTS)."""
    look = EVENTS.get(event)
    return look.icon if look else ft.Icons.EVENT


def board(model: TableModel) -> list[ft.Control]:
    table = model.table
    state = state_as(table, DragonState)
    out: list[ft.Control] = []
    if state.events:
        out.append(
            part(
                (model.tr.lang, tuple(state.events), state.month),
                lambda: event_row(model.tr, state),
                key="events-part",
            )
        )
        out.extend(expansion_rows(model, table, state))  # super event and Great Wall, when in play
    if state.groups and state.phase == "actions":
        colors = tuple(p.color for p in table.players)
        props = (model.tr.lang, tuple(state.groups), tuple(map(tuple, state.dragons)), colors)
        out.append(part(props, lambda: groups(model.tr, table, state), key="groups-part"))
    return out


def event_row(tr: Tr, state: DragonState) -> ft.Control:
    """The months and their events; each month's tile a part (a new month changes two tiles)."""
    tiles: list[ft.Control] = []
    for m, ev in enumerate(state.events, start=1):
        past, now = m < state.month, m == state.month
        draw = partial(month_tile, tr, m, ev, past, now)
        tiles.append(part((tr.lang, ev, past, now), draw, key=f"month-{m}"))
    return card(
        small(tr("dragon.events")),
        ft.Row(tiles, wrap=True, spacing=4, run_spacing=4),
        key="event-row",
        padding=8,
    )


def month_tile(tr: Tr, m: int, ev: str, past: bool, now: bool) -> ft.Control:
    # what it says parts of their own: a new month dims one tile and marks the next, nothing else
    name = partial(month_name, tr, ev)
    return ft.Container(
        ft.Column(
            [
                part(m, lambda: ft.Text(str(m), size=11, weight=ft.FontWeight.BOLD), key=f"month-{m}-number"),
                part(ev, lambda: ft.Icon(event_icon(ev), size=18), key=f"month-{m}-icon"),
                part((tr.lang, ev), name, key=f"month-{m}-name"),
            ],
            spacing=1,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            tight=True,
        ),
        key=f"month-{m}",
        width=58,
        height=72,
        padding=4,
        border_radius=6,
        opacity=0.45 if past else 1.0,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if now else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        tooltip=f"{tr('dragon.month', n=m)}: {tr.msg(event_msg(ev))}",
    )


def month_name(tr: Tr, ev: str) -> ft.Control:
    return ft.Text(
        tr.msg(event_msg(ev)),
        size=10,
        text_align=ft.TextAlign.CENTER,
        max_lines=2,
        overflow=ft.TextOverflow.ELLIPSIS,
    )


def groups(tr: Tr, table: Table, state: DragonState) -> ft.Control:
    """The action groups; each group's row a part (a tap places one dragon: one row changes)."""
    rows = []
    for g, cards in enumerate(state.groups):
        seats = tuple(state.dragons[g]) if g < len(state.dragons) else ()
        colors = tuple(table.players[s].color for s in seats)
        draw = partial(group_row, tr, g, tuple(cards), colors)
        rows.append(part((tr.lang, tuple(cards), colors), draw, key=f"group-{g}"))
    heading = part(tr.lang, lambda: small(tr("dragon.groups")), key="groups-heading")
    return card(heading, *rows, key="groups", padding=8)


def group_row(tr: Tr, g: int, cards: tuple[str, ...], colors: tuple[str | None, ...]) -> ft.Control:
    # its texts parts of their own: a tap puts a dragon on a group (a dot), its actions unchanged
    names = partial(group_names, tr, cards)
    return ft.Row(
        [
            part(
                (tr.lang, g),
                lambda: ft.Text(tr("dragon.group", n=g + 1), weight=ft.FontWeight.BOLD, width=76),
                key=f"group-{g}-name",
            ),
            part((tr.lang, cards), names, key=f"group-{g}-actions"),
            *(dot(color, 12) for color in colors),
        ],
        key=f"group-{g}",
    )


def group_names(tr: Tr, cards: tuple[str, ...]) -> ft.Control:
    return ft.Text(", ".join(tr.msg(action_msg(c)) for c in cards), expand=True, size=13)


def stat(icon: Any, value: Any, tip: str, key: str) -> ft.Control:
    """One counter of a seat card, drawn again only when its value or tooltip changed (a tap
    changes one or two of a player's counters, not all five)."""
    return part((icon, value, tip), lambda: _stat(icon, value, tip, key), key=f"{key}-part")


def _stat(icon: Any, value: Any, tip: str, key: str) -> ft.Control:
    return ft.Container(
        ft.Row(
            [
                # the symbol a part: a tap changes the count beside it
                part(icon, lambda: ft.Icon(icon, size=16), key=f"{key}-icon"),
                ft.Text(str(value), key=key, weight=ft.FontWeight.BOLD),
            ],
            spacing=2,
            tight=True,
        ),
        tooltip=tip,
    )


def seat_props(table: Table, seat: int) -> Any:
    """Everything a player's card shows: their holdings and their place on the track."""
    state = state_as(table, DragonState)
    # a state in force is never changed (the engine changes its own copies), so the player itself
    # can stand for what it held: equal players are equal field by field
    return (state.players[seat], state.track_order().index(seat))


def player_panel(model: TableModel, seat: int) -> ft.Control:
    """A player's card: four parts (the name line, the counters, the palaces, the cards), each
    drawn again only when what it shows changed; a tap late in the game changes one or two."""
    table = model.table
    tr = model.tr
    state = state_as(table, DragonState)
    p = state.players[seat]
    place = state.track_order().index(seat) + 1
    color = table.players[seat].color
    # the turn order is over with the game: "#2 in order" beside the final points read as a place
    # in the ranking (which the tie-break takes from the track, and the card at the top says)
    badge = None if state.final else place
    head = (tr.lang, color, p.name, badge, p.vp)
    counters = (tr.lang, place, p.yuan, p.rice, p.fireworks, p.track, p.small_privileges, p.large_privileges)
    return card(
        part(head, lambda: _name_line(tr, seat, color, p.name, badge, p.vp), key=f"head-part-{seat}"),
        part(counters, lambda: _counters(tr, seat, p, place), key=f"counters-part-{seat}"),
        part((tr.lang, tuple(p.palaces)), lambda: _palaces(tr, seat, p), key=f"palaces-part-{seat}"),
        part((tr.lang, tuple(p.cards)), lambda: _cards(tr, seat, p.cards), key=f"cards-part-{seat}"),
        key=f"player-{seat}",
        padding=10,
    )


def _name_line(tr: Tr, seat: int, color: str | None, name: str, place: int | None, vp: int) -> ft.Control:
    # the dot, the name and the place parts of their own: a tap changes the points, not them;
    # no place (``None``) once the game is over
    row: list[ft.Control] = [
        part(color, lambda: dot(color), key=f"head-dot-{seat}"),
        part(name, lambda: ft.Text(name, weight=ft.FontWeight.BOLD, expand=True), key=f"head-name-{seat}"),
    ]
    if place is not None:
        row.append(
            part(
                (tr.lang, place),
                lambda: ft.Text(tr("dragon.order", n=place), size=12),
                key=f"head-place-{seat}",
            )
        )
    row.append(ft.Text(tr("play.points", n=vp), key=f"total-{seat}", weight=ft.FontWeight.BOLD))
    return ft.Row(row)


def _counters(tr: Tr, seat: int, p: Any, place: int) -> ft.Control:
    return ft.Row(
        [
            stat(ft.Icons.PAYMENTS, p.yuan, tr("dragon.yuan"), f"yuan-{seat}"),
            stat(ft.Icons.RICE_BOWL, p.rice, tr("dragon.rice"), f"rice-{seat}"),
            stat(ft.Icons.CELEBRATION, p.fireworks, tr("dragon.fireworks"), f"fireworks-{seat}"),
            stat(ft.Icons.DIRECTIONS_WALK, p.track, tr("dragon.track_tip", place=place), f"track-{seat}"),
            stat(
                ft.Icons.WORKSPACE_PREMIUM,
                f"{p.small_privileges}/{p.large_privileges}",
                tr("dragon.privileges"),
                f"privileges-{seat}",
            ),
        ],
        wrap=True,
        spacing=12,
    )


def _palaces(tr: Tr, seat: int, p: Any) -> ft.Control:
    # each palace's line a part: a tap changes one palace, not all of them
    lines = [
        part(
            (tr.lang, pal.floors, tuple(pal.persons), pal.room),
            partial(_palace, tr, seat, k, pal),
            key=f"palace-{seat}-{k}",
        )
        for k, pal in enumerate(p.palaces)
    ]
    return ft.Column(lines, spacing=8, tight=True)


def _palace(tr: Tr, seat: int, k: int, pal: Any) -> ft.Control:
    persons = [tr.msg(tile_msg(t)) for t in pal.persons] + [tr("dragon.empty")] * pal.room
    text = tr("dragon.palace_floors", palace=k + 1, n=pal.floors, persons=", ".join(persons))
    return ft.Text(text, size=13, key=f"palace-{seat}-{k}")


def _cards(tr: Tr, seat: int, cards: list[str]) -> ft.Control:
    if not cards:  # month 12, or a hand played out: not "0 cards left: " with an empty list
        return small(tr("dragon.no_cards_left"), key=f"cards-{seat}")
    names = ", ".join(tr.msg(m) for m in cards_text(cards))  # "craftsman, wildcard ×2"
    return small(tr("dragon.cards_left", n=len(cards), cards=names), key=f"cards-{seat}")
