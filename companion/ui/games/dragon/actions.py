"""The action question as the groups on the table with their cards: a card tapped is the group
and its action in one tap (a privilege of either size, a wall section with the bonus it takes).
Each group is a line that says what it costs and whose dragons are on it; a group's wall tiles
come last in it, under a line naming the section, each tile naming its reward; Skip comes last."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core import Table
from companion.games.dragon.public import GAME, RULES, DragonState, bonus_tile_msg
from companion.share.live import stamp
from companion.ui.command import CommandButton, answer_key, busy_icon
from companion.ui.games.dragon.answers import line_button, own_turn, submit_tap, taps_now
from companion.ui.games.dragon.looks import ACTIONS
from companion.ui.games.dragon.taps import Tap
from companion.ui.gameui import state_as
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.parts import part
from companion.ui.table_model import TableModel
from companion.ui.teach import question_text
from companion.ui.widgets import LEFT, dot, themed, tile_row, tile_tip, tiles_theme

# One style for every action tile, built once: every tile is new after each entry, and a style
# built per tile cost more than its button (about 30 us: the style, its shape and padding); a
# tile drawn again (busy) then holds the very style object, which Flet's diff passes over.
TILE_STYLE = ft.ButtonStyle(
    alignment=LEFT,
    shape=ft.RoundedRectangleBorder(radius=8),
    padding=ft.Padding.only(left=8, right=6),
    icon_size=20,
)
TILE_THEME = tiles_theme(TILE_STYLE)  # the tiles' style, given once for the grid (widgets.themed)


def action_grid(model: TableModel, shown: list[tuple[int, Any]], _tap: Any) -> ft.Control:
    table = model.table
    state = state_as(table, DragonState)
    drawn_for = stamp(table)
    found = taps_now(not model.guest, table)
    by_group: dict[int, list[tuple[int, Tap]]] = {}
    rest: list[tuple[int, Tap]] = []
    for k, t in enumerate(found):
        first = t.entries[0]
        (by_group.setdefault(first.group, []) if first.kind == "group" else rest).append((k, t))
    rows: list[ft.Control] = []
    run = lambda t, key: lambda: submit_tap(model, t, drawn_for, key)  # noqa: E731
    own = own_turn(model)
    tiles = lambda some: tile_row(  # noqa: E731
        [action_tile(model.tr, drawn_for, table, k, t, run(t, f"choice-{k}"), own) for k, t in some]
    )
    for g, group_taps in by_group.items():
        rows.append(group_part(model.tr, table, state, g))
        plain = [(k, t) for k, t in group_taps if wall_bonus(t) is None]
        walls = [(k, t) for k, t in group_taps if wall_bonus(t) is not None]
        if plain:
            rows.append(tiles(plain))
        if walls:  # the action said once over its tiles: each tile says its reward alone
            rows += [wall_heading(model.tr, state, g), tiles(walls)]
    for k, t in rest:  # Skip
        label = model.tr.msg(table.game.describe(state, t.entries[0]))
        rows.append(
            line_button(
                label,
                f"choice-{k}",
                lambda t=t, k=k: submit_tap(model, t, drawn_for, f"choice-{k}"),
                drawn_for,
                icon=ft.Icons.SKIP_NEXT,
            )
        )
    # stretched: Skip (a line_button) takes the width from its column, as the rows and lines do
    grid = ft.Column(rows, spacing=6, key="action-grid", horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return themed(grid, TILE_THEME, key="action-grid-theme")


def group_part(tr: Tr, table: Table, state: DragonState, g: int) -> ft.Control:
    """A group's line, kept while its dragons stay (a tap adds one dragon to one group). It takes
    no tap, so it is not among the commands that must be new after every entry (answer_key)."""
    dragons = state.dragons[g] if g < len(state.dragons) else []
    props = (tr.lang, g, tuple(dragons), tuple(table.players[s].color for s in dragons))
    return part(props, lambda: group_line(tr, table, state, g), key=f"act-group-{g}-part")


def group_line(tr: Tr, table: Table, state: DragonState, g: int) -> ft.Control:
    dragons = state.dragons[g] if g < len(state.dragons) else []
    cost = (
        tr("dragon.tap.group_cost", n=RULES.actions.occupied_group_cost)
        if dragons
        else tr("dragon.tap.group_free")
    )
    return ft.Row(
        [
            ft.Text(tr("dragon.group", n=g + 1), weight=ft.FontWeight.BOLD, size=13),
            ft.Text(cost, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            *(dot(table.players[s].color, 12) for s in dragons),
        ],
        spacing=8,
        key=f"act-group-{g}",
    )


def wall_bonus(tap: Tap) -> str | None:
    """The wall tile a tap builds the Great Wall with (only a wall action names a bonus)."""
    if len(tap.entries) > 1 and tap.entries[1].kind == "action":
        return getattr(tap.entries[1], "bonus", None)
    return None


def wall_heading(tr: Tr, state: DragonState, g: int) -> ft.Control:
    """ "Build the Wall (section n): choose its reward", over the tiles that each name a reward
    (six tiles all starting with the action's name left no room for the reward at 412 px)."""
    return ft.Text(
        tr("dragon.tap.wall", section=len(state.wall) + 1),
        size=12,
        color=ft.Colors.ON_SURFACE_VARIANT,
        key=f"act-wall-{g}",
    )


def action_label(tr: Tr, table: Table, tap: Tap, own: bool = False) -> tuple[str, str, Any]:
    """(the words on the tile, its full name, its icon): the action as the engine names it; a
    wall tile's words are its reward (its heading names the action), its full name says both.
    ``own``: on the chooser's own phone, the full name leaves her name out ("Group 2, Taxes")."""
    state = state_as(table, DragonState)
    first = tap.entries[0]
    player = state.players[first.seat].name
    group = tr("dragon.group", n=first.group + 1)
    if len(tap.entries) > 1 and tap.entries[1].kind == "action":
        act = tap.entries[1]
        after, _ = GAME.play(state, first)  # the action as it reads once the group is paid
        full = text = tr.msg(table.game.describe(after, act))
        bonus = wall_bonus(tap)
        if bonus is not None:
            text = tr.msg(bonus_tile_msg(bonus))
        icon = ACTIONS.get(act.card)
    else:  # the engine takes the group's one possible action itself: the tile names that action
        full = text = tr.msg(only_action(state, first) or table.game.describe(state, first))
        icon = ft.Icons.CHECK
    named = tr("dragon.tap.action", player=player, group=group, action=full)
    return text, question_text(named, player) if own else named, icon


def only_action(state: DragonState, group: Any) -> Any:
    """The action the engine takes by itself once ``group`` is chosen (the seat can afford only
    one of its cards), as the engine's own "only one possibility" line names it; None if none."""
    _after, effects = GAME.play(state, group)
    return next((e.msg.args["what"] for e in effects if e.rule_id == "dragon.auto"), None)


def action_tile(
    tr: Tr, drawn_for: str, table: Table, k: int, tap: Tap, run: Callable[[], Any], own: bool = False
) -> ft.Control:
    text, full, icon = action_label(tr, table, tap, own)

    def build(on_click: Any, busy: bool) -> ft.Control:
        # one control and its text: the action's icon sits in the button's icon slot (the busy
        # ring takes its place), and the text itself says the tile's full name to a screen
        # reader. Every tile is new after each entry (the stale-tap guarantee), so each control
        # in it is built, sent and diffed on every tap.
        return ft.OutlinedButton(
            content=ft.Text(
                text, size=13, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, semantics_label=full
            ),
            icon=busy_icon(icon, busy),
            key=f"choice-{k}",
            tooltip=tile_tip(full),  # quiet by the grid's theme (widgets.tiles_theme)
            on_click=on_click,
            col=1,  # widgets.TILES_A_ROW
            height=TAP + 4,
        )

    return CommandButton(build, run, key=answer_key(drawn_for, f"choice-{k}"))
