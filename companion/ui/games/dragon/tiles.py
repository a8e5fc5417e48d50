"""The person question as a grid of tiles, one line each, two a row on a phone: playing a card,
taking the tile a card or the wildcard brings, the first recruits, Sunrise.

A tile is one tap: the card and the tile it takes (a tile of a type whose card is no longer in
hand is taken with the wildcard), and, where the player has several palaces with room, the
palace chosen above the grid (an empty palace first: it would lose a floor at the month's end).
Each tile shows its type's colour and symbol, its name and its value on the person track; its
name for a screen reader says who plays which card for which tile, and where it goes. What the
person does is in its tooltip.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core import Table, msg
from companion.games.dragon.public import RULES, DragonState, card_msg, tile_msg, tile_power_msg
from companion.share.live import stamp
from companion.ui.command import CommandButton, answer_key, busy_icon
from companion.ui.games.dragon.answers import Enters, own_turn, submit_tap, taps_now
from companion.ui.games.dragon.looks import WILD, badge
from companion.ui.games.dragon.taps import Tap, default_room, rooms
from companion.ui.gameui import Tap as TapHandler
from companion.ui.gameui import state_as
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.retap import use_every_tap
from companion.ui.table_model import TableModel
from companion.ui.widgets import LEFT, small, themed, tile_row, tile_tip, tiles_theme

# built once, shared by every tile (each tile is new after every entry: see actions.TILE_STYLE)
TILE_STYLE = ft.ButtonStyle(
    alignment=LEFT,
    shape=ft.RoundedRectangleBorder(radius=8),
    padding=ft.Padding.only(left=6, right=10),
)
TILE_THEME = tiles_theme(TILE_STYLE)  # the tiles' style, given once for the grid (widgets.themed)
VALUE_STYLE = ft.TextStyle(size=15, weight=ft.FontWeight.BOLD)  # a tile's value on the person track


def tile_grid(model: TableModel, shown: list[tuple[int, Any]], _tap: TapHandler) -> ft.Control:
    table = model.table
    state = state_as(table, DragonState)
    seat = table.prompt.seat if table.prompt is not None else None
    targets = rooms(state, seat) if seat is not None else []
    first = default_room(state, seat) if seat is not None else None
    drawn_for = stamp(table)  # the grid (its palace chosen, its tiles) is new with every stamp
    grid = PersonGrid(
        model.tr,
        model,
        not model.guest,
        table,
        drawn_for,
        targets,
        first,
        own_turn(model),
        key=answer_key(drawn_for, "tile-grid"),
    )
    return themed(grid, TILE_THEME, key="tile-grid-theme")  # kept from one person question to the next


@ft.component
def PersonGrid(
    tr: Tr,
    session: Enters,
    host: bool,
    table: Table,
    drawn_for: str,
    targets: list[int],
    first: int | None,
    own: bool = False,  # the chooser's own phone: each tile's name speaks to her (tile_name)
    key: str | None = None,  # the component's own, taken by Flet's wrapper (answer_key)
) -> ft.Control:
    chosen, set_chosen = ft.use_state(first)
    tapped = use_every_tap()  # the chosen palace tapped again: the phone unticked it

    def choose(i: int) -> None:
        set_chosen(i)
        tapped()

    into = chosen if chosen in targets else first
    found = taps_now(host, table, into)
    items: list[ft.Control] = []
    if len(targets) > 1:
        items.append(into_row(tr, table, targets, into, choose))
    tiles = [
        person_tile(tr, session, table, k, t, drawn_for, into if len(targets) > 1 else None, own)
        for k, t in enumerate(found)
    ]
    items.append(tile_row(tiles))
    if any(t.tile is not None for t in found):  # under the tiles: it never pushes one off screen
        items.append(small(tr("dragon.grid.key"), key="tile-grid-key"))
    return ft.Column(items, spacing=6, key="tile-grid")


def into_row(tr: Tr, table: Table, targets: list[int], into: int | None, choose: Any) -> ft.Control:
    """The palaces that could take the person, as chips (one selected): the tile tapped goes there."""
    state = state_as(table, DragonState)
    seat = table.prompt.seat if table.prompt is not None else None
    assert seat is not None
    chips: list[ft.Control] = []
    for i in targets:
        pal = state.players[seat].palaces[i]
        inside = ", ".join(tr.msg(tile_msg(t)) for t in pal.persons) or tr("dragon.empty")
        label = tr("dragon.into.palace", n=i + 1, floors=msg("dragon.n_floors", n=pal.floors), persons=inside)
        chips.append(
            ft.Chip(
                label=ft.Text(label, size=13),
                key=f"into-{i}",
                selected=i == into,
                on_select=lambda _, i=i: choose(i),
                tooltip=tile_tip(label),  # quiet by the grid's theme (widgets.tiles_theme)
                height=TAP,
            )
        )
    return ft.Column(
        [small(tr("dragon.into.title")), ft.Row(chips, wrap=True, spacing=6, run_spacing=4)],
        spacing=2,
        key="into-row",
    )


def _card_of(table: Table, tap: Tap) -> str | None:
    first = tap.entries[0]
    if first.kind == "card":
        return first.card
    return state_as(table, DragonState).card  # a tile for the card already played (None: recruiting)


# a tile's full name on the host's screen and a waiting phone ("Ben plays the ..."), and on the
# chooser's own phone, said as her own answer ("Play the ...")
NAMES = {"card": "dragon.tap.card", "recruit": "dragon.tap.recruit", "person": "dragon.tap.person"}
OWN_NAMES = {"card": "dragon.own.card", "recruit": "dragon.own.recruit", "person": "dragon.own.person"}


def tile_name(tr: Tr, table: Table, tap: Tap, into: int | None, own: bool = False) -> tuple[str, str]:
    """(the words on the tile, its full name for a screen reader and its tooltip). ``own``: on
    the chooser's own phone, whose name says what she does ("Play the ..."), not who ("Ben plays")."""
    state = state_as(table, DragonState)
    seat = tap.entries[0].seat
    player = state.players[seat].name
    card = _card_of(table, tap)
    said = OWN_NAMES if own else NAMES
    if tap.tile is None:  # a card alone: the wildcard, then its tile; or a card with no tile left
        text = tr.msg(card_msg(card or WILD))
        full = tr(said["card"], player=player, card=text)
    else:
        value = RULES.faces[tap.tile].value
        text = tr.msg(tile_msg(tap.tile))
        what = tr("dragon.tap.tile_value", tile=text, n=value)
        if card is None:
            full = tr(said["recruit"], player=player, tile=what)
        else:
            full = tr(said["person"], player=player, card=tr.msg(card_msg(card)), tile=what)
        full += " · " + tr.msg(tile_power_msg(tap.tile))
    if into is not None and tap.tile is not None:
        full += " · " + tr("dragon.tap.into", n=into + 1)
    return text, full


def tile_badge(tile_or_card: str | None, with_wild: bool) -> ft.Control:
    """The type's badge; a tile taken with the wildcard shows the wildcard's small badge beside it."""
    if not with_wild:
        return badge(tile_or_card, 30)
    return ft.Row([badge(tile_or_card, 30), badge(WILD, 18)], spacing=2, tight=True)


def person_tile(
    tr: Tr,
    session: Enters,
    table: Table,
    k: int,
    tap: Tap,
    drawn_for: str,
    into: int | None,
    own: bool = False,
) -> ft.Control:
    text, full = tile_name(tr, table, tap, into, own)
    card = _card_of(table, tap)
    key = f"choice-{k}"
    value = str(RULES.faces[tap.tile].value) if tap.tile is not None else ""
    with_wild = card == WILD and tap.tile is not None and tap.entries[0].kind == "card"

    def build(on_click: Any, busy: bool) -> ft.Control:
        # the type's badge in the button's icon slot (the busy ring takes its place while the
        # command runs), the name and the value one Text with a span (a span is a control too in
        # Flet 1.0, but a light one), which also says the tile's full name to a screen reader:
        # six controls where a Semantics and a Row held two Texts and the badge. Every tile is
        # new after each entry (the stale-tap guarantee), so each is built, sent and diffed on
        # every tap (docs/PERFORMANCE.md, issue 25, branch tap5).
        spans = [ft.TextSpan("  " + value, style=VALUE_STYLE)] if value else None
        return ft.OutlinedButton(
            content=ft.Text(
                text,
                spans=spans,
                size=12,
                max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS,
                semantics_label=full,
            ),
            icon=busy_icon(tile_badge(tap.tile or card, with_wild), busy),
            key=key,
            tooltip=tile_tip(full),  # quiet by the grid's theme (widgets.tiles_theme)
            on_click=on_click,
            col=1,  # widgets.TILES_A_ROW
            height=TAP,
        )

    return CommandButton(build, lambda: submit_tap(session, tap, drawn_for, key))
