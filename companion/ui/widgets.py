"""Small building blocks shared by the screens: big buttons, headings, cards, dots (the rules
named by their titles, and effects with their rules, are in ui/rule_links.py).

Every tappable control gets a stable ``key`` (tests and the live share find it by that) and a
tooltip or label that screen readers announce. Tap targets are at least 48 px high.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.palette import TAP, swatch
from companion.ui.search import Search

Handler = Callable[..., Any]
# Flet's CENTER_LEFT with whole numbers: Alignment(-1.0, 0.0) goes out as two 9-byte floats in
# every style holding it, and the answers' styles are sent whole with every new button (about
# ten a late Dragon tap); the client reads -1 and 0 as the same place.
LEFT = ft.Alignment(-1, 0)


# Tiles a row: two on a phone, three from 576 px, four from 768 px. The row counts its columns
# by the screen's width and each tile takes one: the same widths as twelve columns with each
# tile taking 6, 4 or 3 of them (a row's gaps are taken out the same way), but a tile says
# "col": 1 where it said its three spans, and every answer tile is new after each entry.
TILES_A_ROW: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {"xs": 2, "sm": 3, "md": 4}


def tile_row(tiles: list[ft.Control]) -> ft.ResponsiveRow:
    """The answers' tiles (each ``col=1``), ``TILES_A_ROW`` to a row. Its breakpoints are the
    page's own (Flet's defaults, which the client applies when the row names none): Flet would
    otherwise send its six defaults with every new row."""
    return ft.ResponsiveRow(tiles, columns=TILES_A_ROW, spacing=6, run_spacing=6, breakpoints={})


def pills_theme() -> ft.Theme:
    """A theme giving every ``TextButton`` under it the pills' style (``pill_button(in_theme=True)``):
    built by the screen that uses it, once (Flet's theme module is not loaded for Home)."""
    return ft.Theme(text_button_theme=ft.TextButtonTheme(style=PILL_STYLE))


def tiles_theme(style: ft.ButtonStyle) -> ft.Theme:
    """A theme giving every ``OutlinedButton`` under it ``style`` (built once per kind of tile),
    and every tooltip under it a message screen readers do not hear (``quiet``): a grid's tiles
    say it as ``tile_tip``, without each saying so."""
    return ft.Theme(
        outlined_button_theme=ft.OutlinedButtonTheme(style=style),
        tooltip_theme=ft.TooltipTheme(exclude_from_semantics=True),
    )


def tile_tip(tip: str) -> ft.Tooltip:
    """``quiet(tip)`` for a tile in a box themed with ``tiles_theme``: the theme keeps it from
    screen readers, so the tooltip does not say so itself (24 bytes fewer a tile, and the tiles
    are new after each entry). Only under such a box: elsewhere a reader would hear it."""
    return ft.Tooltip(message=tip)


def themed(content: ft.Control, theme: ft.Theme, key: str) -> ft.Container:
    """``content`` whose answer tiles take their style from ``theme`` (``tiles_theme``), light
    and dark: the tiles are new after each entry (the stale-tap guarantee), so a style each tile
    carried was sent whole with every one of them; here it is sent when the box is new, and the
    box is kept from one question of the kind to the next. Flet's client lays the theme over the
    page's (no ``theme_mode``), so only these buttons change, and only in what ``style`` says;
    a button under it with a style of its own takes from the theme what its style leaves out
    (Skip among the action tiles: its icon size, answers.LINE_STYLE)."""
    return ft.Container(content, theme=theme, dark_theme=theme, key=key)


def quiet(tip: str | None) -> ft.Tooltip | None:
    """A hover text that screen readers do not hear: the control it sits on is named by its own
    text or semantics label. Flutter gives a tooltip's message a semantics node of its own outside
    the button's, so a reader met the name twice (an app bar's "Undo": a wrapper, then the button),
    or, where the wrapper merged into a card, heard the card named by a button's tooltip."""
    return None if tip is None else ft.Tooltip(message=tip, exclude_from_semantics=True)


def button(
    label: str,
    key: str,
    on_click: Handler,
    *,
    icon: Any = None,
    filled: bool = False,
    tooltip: str | None = None,
    expand: bool | int | None = None,
    disabled: bool = False,
    name: str | None = None,
    selected: bool | None = None,
) -> ft.Control:
    """A big button. ``name`` is what a screen reader says when the visible label is shared
    by several buttons on the screen ("Show QR" beside each player: "Show Ana's QR code"); it is
    also the hover text. No hover text repeats the label: Flutter gives a tooltip a semantics
    node of its own, so a screen reader met the label twice, and Flutter drew a node more.
    ``selected``: one of a set of choices, filled when chosen and said so to screen readers: the
    button in a Semantics that says so, all merged into one node (the state set on the button's
    text made a node of its own on the web, a button inside the button, read twice)."""
    name = name or tooltip  # what the hover text says, the reader hears on the button itself
    text = ft.Text(label, text_align=ft.TextAlign.CENTER, semantics_label=name)
    kind = ft.FilledButton if filled or selected else ft.OutlinedButton
    made = kind(
        content=text,
        icon=icon,
        key=key,
        tooltip=quiet(name),
        on_click=on_click,
        height=TAP,
        expand=expand,
        disabled=disabled,
    )
    if selected is None:
        return made
    return ft.MergeSemantics(content=ft.Semantics(content=made, selected=selected), expand=expand)


def tappable(
    box: ft.Container,
    name: str,
    *,
    button: bool = True,
    selected: bool | None = None,
    checked: bool | None = None,
) -> ft.Control:
    """A box tapped like a button (a map cell, a card, a swatch), named and stated for screen
    readers: one node, a button (when tapping does something) with ``name`` and, for a toggle,
    whether it is selected (or ``checked``: a checkbox to screen readers, as a chip is). What the
    box shows inside (a number, a bar) is left out of the name."""
    if box.content is not None:
        box.content = ft.Semantics(content=box.content, exclude_semantics=True)
    if box.tooltip is not None:  # the hover text stays, but the name is said once, not twice
        tip = box.tooltip if isinstance(box.tooltip, str) else getattr(box.tooltip, "message", name)
        box.tooltip = ft.Tooltip(message=tip, exclude_from_semantics=True)
    # Merged into one node with the box's own tap: one button per box (a wrapper node of its own
    # beside the box's would be read twice, and a tap on it would not reach the box's on_click).
    return ft.MergeSemantics(
        content=ft.Semantics(
            content=box, label=name, button=button or None, selected=selected, checked=checked
        )
    )


def named_dropdown(dropdown: ft.Dropdown, name: str | None = None) -> ft.Control:
    """A dropdown a screen reader names by its label and the option shown ("Player: All players").
    Flutter's menu button on the web is a button with neither (its field's label and text are not
    in the tree); the name merges into the button's own node, so it is said once, with its state.
    ``name``: said instead of the label where the label repeats ("Floor 1" in every palace)."""
    shown = next((o.text for o in dropdown.options or [] if o.key == dropdown.value), dropdown.value)
    label = name or (dropdown.label if isinstance(dropdown.label, str) else "")
    name = f"{label}: {shown}" if label and shown else label or str(shown or "")
    return ft.MergeSemantics(content=ft.Semantics(content=dropdown, label=name), expand=dropdown.expand)


def own_node(control: ft.Control, name: str | None = None) -> ft.Control:
    """A node of its own for a screen reader: a plain text left alone joins the nearest node (a
    form's field or card was named by every hint around it). ``name``: the group's name, for a
    card whose fields are every other card's too ("VP" in Ana's card), said on entering it."""
    return ft.Semantics(content=control, label=name, container=True)


def more_fold(title: str, controls: list[ft.Control], key: str) -> ft.Control:
    """The lines past a card's first few, folded in place under ``title`` ("And 9 more"): a tap
    opens them where they are. A finished game's cards say every line there (a mid-game card
    sends the rest to History); a node of its own, so a screen reader has a button to open it."""
    tile = ft.ExpansionTile(
        key=key,
        title=ft.Text(title, size=14),
        controls=controls,
        expanded=False,
        maintain_state=True,
        tile_padding=ft.Padding.all(0),
        controls_padding=ft.Padding.all(0),
    )
    return own_node(tile)


def colour_swatch(key: str, colour: str, name: str, chosen: bool, on_click: Handler) -> ft.Control:
    """A round colour to tap, ringed when chosen, named for screen readers ("Ana: red")."""
    circle = ft.Container(
        key=key,
        width=TAP,
        height=TAP,
        border_radius=TAP // 2,
        bgcolor=colour,
        border=ft.Border.all(4, ft.Colors.ON_SURFACE) if chosen else None,
        tooltip=name,
        on_click=on_click,
    )
    return tappable(circle, name, selected=chosen)


def text_button(
    label: str,
    key: str,
    on_click: Handler,
    *,
    filled: bool = False,
    danger: bool = False,
    tooltip: str | None = None,
) -> ft.Control:
    """A dialog action or an inline link-like button: flat, or filled for the main action (red when it destroys)."""
    colours: dict[str, Any] = {}
    if danger:  # a flat button has no fill: its label turns red instead
        colours = (
            {"bgcolor": ft.Colors.ERROR, "color": ft.Colors.ON_ERROR}
            if filled
            else {"style": ft.ButtonStyle(color=ft.Colors.ERROR)}
        )
    kind = ft.FilledButton if filled else ft.TextButton
    text = ft.Text(label, semantics_label=tooltip)  # the hover text, said on the button itself
    return kind(content=text, key=key, tooltip=quiet(tooltip), on_click=on_click, height=TAP, **colours)


# built once, shared by every pill: the button is the 48 px target, its pill the chip's look
PILL_STYLE = ft.ButtonStyle(
    padding=ft.Padding.all(0),
    shape=ft.RoundedRectangleBorder(radius=8),
    color={  # a chip's label colours, not a link's
        ft.ControlState.DISABLED: ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE),
        ft.ControlState.DEFAULT: ft.Colors.ON_SURFACE_VARIANT,
    },
)
PILL_PADDING = ft.Padding.symmetric(horizontal=16, vertical=6)
PILL_BORDER = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)


def pill_button(
    label: str,
    key: str,
    on_click: Handler,
    *,
    name: str,
    leading: ft.Control | None = None,
    bgcolor: Any = None,
    color: Any = None,
    disabled: bool = False,
    in_theme: bool = False,
) -> ft.Control:
    """A small rounded label that acts (opens a rule by its title, seats a player, takes back a
    card), looking like a chip but a button to screen readers, named ``name`` ("Read the rule:
    Action groups"): a Flet chip is a checkbox on the web whatever it does. The button is the
    48 px target, the pill inside it keeps the chip's 32 px look. No hover text: the pill says
    what it is, and a tooltip over a chip swallowed the next tap in Chromium. ``in_theme``: the
    pill sits in a box themed with ``pills_theme()`` (``themed``), which gives it its button's style
    (the same look; the style is then sent once with the box, not with every pill)."""
    text = ft.Text(label, semantics_label=name, size=14, weight=ft.FontWeight.W_500, color=color)
    inside: ft.Control = text if leading is None else ft.Row([leading, text], spacing=6, tight=True)
    pill = ft.Container(
        inside,
        padding=PILL_PADDING,
        border_radius=8,
        border=PILL_BORDER,
        bgcolor=bgcolor or ft.Colors.SURFACE,
    )
    return ft.TextButton(
        content=pill,
        key=key,
        on_click=on_click,
        style=None if in_theme else PILL_STYLE,
        height=TAP,
        disabled=disabled,
    )


def icon_button(
    icon: Any, key: str, tooltip: str, on_click: Handler, *, disabled: bool = False
) -> ft.IconButton:
    """An icon-only button named on the button itself: the icon's semantics label merges into the
    button's own node, so a screen reader says "Settings, button" (a tooltip alone names a wrapper).
    ``icon``: an icon's name, or a control already named (a command's busy ring)."""
    return ft.IconButton(
        icon=icon if isinstance(icon, ft.Control) else ft.Icon(icon, semantics_label=tooltip),
        key=key,
        tooltip=quiet(tooltip),
        on_click=on_click,
        disabled=disabled,
        width=TAP,
        height=TAP,
    )


def heading(
    text: str, key: str | ft.ScrollKey | None = None, on_size_change: Handler | None = None
) -> ft.Text:
    return ft.Text(
        text,
        key=key,
        theme_style=ft.TextThemeStyle.TITLE_MEDIUM,
        weight=ft.FontWeight.BOLD,
        on_size_change=on_size_change,
    )


# An app bar's title: a table's name is its players' by default, and four of them ("Alejandra,
# Bartolomé, Carla, Dionisio") were cut at 412 px after "Bartolo…", on a seat's phone and on the
# Share screen ("Compartir: …"). A title longer than its bar's room (in characters at the Material
# size) is drawn smaller and may take two lines (docs/DECISIONS.md, "Seat phones and the Share
# screen at a table of four"). The room: BAR_SHORT beside Back and three actions (a host's table),
# BAR_ROOMY beside Back or one action alone (Share, a guest's bar), where "Share: Ana, Ben, Carla"
# fits at 412 px (about 10 px a character at 22 px, 320 px free).
BAR_SHORT, BAR_ROOMY, BAR_LONG_SIZE = 18, 26, 17


def bar_title(text: str, key: str | None = None, room: int = BAR_SHORT) -> ft.Text:
    """An app bar's title: the Material size while it fits ``room`` characters, smaller and on up
    to two lines when longer (cut with "…" only past those)."""
    return ft.Text(
        text,
        key=key,
        max_lines=2,
        overflow=ft.TextOverflow.ELLIPSIS,
        size=BAR_LONG_SIZE if len(text) > room else None,
    )


BODY = 14  # px: body text (Material's body medium)


def small(text: str, key: str | None = None, color: Any = None) -> ft.Text:
    return ft.Text(text, key=key, size=13, color=color or ft.Colors.ON_SURFACE_VARIANT)


def selectable_text(text: str, key: str | None = None, **style: Any) -> ft.Text:
    """Text a person can select and copy, read out by a screen reader: selectable text reaches
    it as a text area, an empty one unless it is named by what it says."""
    return ft.Text(text, key=key, selectable=True, semantics_label=text, **style)


def card(*controls: ft.Control, key: str | ft.ScrollKey | None = None, padding: int = 12) -> ft.Card:
    # the column's own margin pads it inside the card: two controls, not a Container between
    # them (a card drawn again is diffed control by control, several times a tap: issue 25)
    return ft.Card(key=key, content=ft.Column(list(controls), spacing=8, margin=padding))


def dot(color: str | None, size: int = 14) -> ft.Container:
    return ft.Container(width=size, height=size, border_radius=size // 2, bgcolor=swatch(color))


def scroll_column(controls: list[ft.Control], key: str | None = None) -> ft.Column:
    return ft.Column(
        controls,
        key=key,
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def search_field(state: Search, key: str, label: str, hint: str | None = None) -> ft.Control:
    """A search box for a paged list (Home, Players, the pickers): applied when submitted or
    left (``state.find``); the component given ``state`` then draws the list found."""
    return ft.TextField(
        label=label,
        hint_text=hint,
        value=state.typed,
        key=key,
        prefix_icon=ft.Icons.SEARCH,
        on_change=lambda e: state.keep_typed(e.control.value or ""),
        on_submit=lambda e: state.find(e.control.value or ""),
        on_blur=lambda e: state.find(e.control.value or ""),
        dense=True,
    )
