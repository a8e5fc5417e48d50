"""Da Yu on the Play screen: the turn (action points, privileges), the ring of flood cards with
tokens n/10 and markers (tap a neighbouring card to move there), the piles and the players."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core import Msg, Table, msg
from companion.core.msg import join_list
from companion.games.dayu.public import DATA, FRAMES, DayuState, Move, Privilege, flood_name, privilege_left
from companion.share.live import Access, may_act
from companion.ui.gameui import Tap, state_as
from companion.ui.i18n import Tr
from companion.ui.palette import TAP, swatch
from companion.ui.parts import part
from companion.ui.table_model import TableModel
from companion.ui.widgets import card, dot, quiet, small, tappable

# Frame colours for display only (the rules know frames by name).
FRAME_COLOURS = {"silver": "#9E9E9E", "green": "#388E3C", "red": "#D32F2F"}
FRAME_TEXT = {"silver": ft.Colors.BLACK, "green": ft.Colors.WHITE, "red": ft.Colors.WHITE}  # readable on each
PRIVILEGES: tuple[Privilege, ...] = ("free_move", "free_flip", "free_tool")
PLAYING = ("actions", "drain_tools", "drain_vp", "draw", "bonus", "exchange")


def board(model: TableModel) -> list[ft.Control]:
    table = model.table
    state = state_as(table, DayuState)
    out: list[ft.Control] = []
    tr = model.tr
    if state.phase in PLAYING:
        privileges = tuple(privilege_left(state, k) for k in PRIVILEGES)
        turn = (tr.lang, table.players[state.current], state.points_left, privileges)
        out.append(part(turn, lambda: turn_card(tr, table, state), key="dy-turn-part"))
    # while acting, the ring is in the question (action_form), but for a phone that only waits
    asked = state.phase == "actions" and (not model.guest or may_act(model.access, state.current))
    if not asked:
        out.append(shown_ring(model, table, state))
    out.append(piles_part(tr, state))
    return out


def shown_ring(model: TableModel, table: Table, state: DayuState) -> ft.Control:
    """The ring beside the question (not in it): nothing on it takes a tap here (a move is
    tapped in the question), so it is kept while its places, markers, players and the moves
    offered are the same: most entries of a drain or a draw leave it as it was."""
    prompt = table.prompt
    offered = frozenset(
        c.to for c in (prompt.choices or [] if prompt else []) if isinstance(c, Move) and not c.free
    )
    markers = tuple(p.marker for p in state.players)
    moving = (state.phase, state.current, state.points_left)  # what says who may move
    props = (model.tr.lang, model.access, tuple(state.ring), markers, tuple(table.players), offered, moving)
    draw = lambda: ring_card(model.tr, model.access, table, state, entering(model.submit))  # noqa: E731
    return part(props, draw, key="dy-ring-part")


def turn_card(tr: Tr, table: Table, state: DayuState) -> ft.Control:
    p = table.players[state.current]
    points = [
        ft.Container(
            width=22,
            height=22,
            border_radius=11,
            bgcolor=ft.Colors.PRIMARY if i < state.points_left else None,
            border=ft.Border.all(2, ft.Colors.PRIMARY),
            key=f"dy-point-{i}",
        )
        for i in range(DATA.action_points)
    ]
    unused = [
        ft.Chip(label=ft.Text(f"{tr.msg(flood_name(k, 0))} ×{privilege_left(state, k)}"), key=f"dy-priv-{k}")
        for k in PRIVILEGES
        if privilege_left(state, k) > 0
    ]
    rows: list[ft.Control] = [
        ft.Row([dot(p.color, 18), ft.Text(p.name, weight=ft.FontWeight.BOLD, key="dy-turn-name")]),
        ft.Row(
            [small(tr("dayu.points_left", n=state.points_left), key="dy-points"), *points],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    ]
    rows.append(
        ft.Row([small(tr("dayu.privileges")), *unused], wrap=True, spacing=6)
        if unused
        else small(tr("dayu.no_privileges"), key="dy-no-privileges")
    )
    return card(*rows, key="dy-turn")


def ring_card(tr: Tr, access: Access | None, table: Table, state: DayuState, enter: Tap) -> ft.Control:
    """One tile per place of the circle, in order (the last is next to the first), in one row.

    While the player has action points, a tap on another card asks to move there (``enter``
    enters it): a neighbour (highlighted) moves, any other card is refused by the engine with the rule
    that says why. Each such card is a button named by its place, tokens and markers. A phone
    that may not move (a viewer's, another seat's) shows the ring plain: no place looks tappable."""
    prompt = table.prompt
    offered = {
        c.to
        for c in (prompt.choices or [] if prompt is not None else [])
        if isinstance(c, Move) and not c.free
    }
    mover = state.seat if state.phase == "actions" and state.points_left > 0 else None
    if not may_act(access, state.current):  # a live-share viewer, or another seat's phone
        # nothing to tap here: the mover's neighbours are not ringed and filled as moves either
        mover, offered = None, set()

    width = tile_width(len(state.ring))
    tiles = []
    for i in range(len(state.ring)):
        move = None
        if mover is not None and mover.marker != i and state.ring[i].card is not None:
            move = Move(seat=state.current, to=i)
        tiles.append(place_tile(tr, table, state, i, move, i in offered, enter, width))
    # "tap a card to move" only where a tap moves: a viewer or another seat's phone reads the order
    hint = tr("dayu.ring_hint") if mover is not None else tr("dayu.ring_order")
    return card(
        small(hint, key="dy-ring-hint"),
        ft.Row(tiles, wrap=True, spacing=GAP, run_spacing=GAP, key="dy-ring"),
        key="dy-ring-card",
        padding=8,
    )


def entering(submit: Callable[[Any], Any]) -> Tap:
    """A click handler per move that enters it with ``submit`` (the ring under the question)."""

    def enter(m: Any) -> Callable[[Any], None]:
        def go(_: Any) -> None:
            submit(m)

        return go

    return enter


GAP = 6
RING_WIDTH = 300  # what a 412 px phone leaves for the ring inside the question's card


def tile_width(places: int) -> int:
    """Every place of the ring in one row on a phone (3 to 5 places), at most 100 px each."""
    return max(56, min(100, (RING_WIDTH - GAP * (places - 1)) // max(places, 1)))


def place_tile(
    tr: Tr,
    table: Table,
    state: DayuState,
    i: int,
    move: Move | None,
    neighbour: bool,
    enter: Tap,
    width: int,
) -> ft.Control:
    """Place i of the ring: its name, its tokens as a number and a fill, and the markers on it.
    A neighbour is ringed and filled; with ``move`` the tile is a button that enters it."""
    place = state.ring[i]
    here = [s for s, seat in enumerate(state.players) if seat.marker == i]
    label = tr("dayu.place", n=i + 1)
    markers = _markers(table, here, i)
    body = _place_fill(tr, state, i, width)
    words = _place_words(
        tr, table, state, i, move if neighbour else None, here, far=move is not None and not neighbour
    )
    box = ft.Container(
        ft.Column(
            [
                ft.Text(label, size=11, weight=ft.FontWeight.BOLD if neighbour else None),
                *body,
                ft.Row(markers, spacing=2, wrap=True, alignment=ft.MainAxisAlignment.CENTER, height=14),
            ],
            spacing=3,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        key=f"dy-place-{i}",
        tooltip=words,
        width=width,
        padding=ft.Padding.symmetric(horizontal=4, vertical=6),
        border_radius=10,
        border=ft.Border.all(3 if neighbour else 1, ft.Colors.PRIMARY if neighbour else ft.Colors.OUTLINE),
        # a neighbour: ringed and filled (more than an outline colour)
        bgcolor=ft.Colors.PRIMARY_CONTAINER
        if neighbour
        else ft.Colors.SURFACE_CONTAINER_HIGHEST
        if place.card is not None
        else None,
        on_click=enter(move) if move is not None else None,
    )
    # one node: "Move to place 3 (one action point) · 2/10 tokens · ..., button", or the place
    return tappable(box, words, button=move is not None)


def _markers(table: Table, here: list[int], i: int) -> list[ft.Control]:
    """A dot in the player's colour for each marker on place i."""
    return [
        ft.Container(
            width=14,
            height=14,
            border_radius=7,
            bgcolor=swatch(table.players[s].color),
            border=ft.Border.all(1, ft.Colors.OUTLINE),
            key=f"dy-marker-{i}-{s}",
        )
        for s in here
    ]


def _place_fill(tr: Tr, state: DayuState, i: int, width: int) -> list[ft.Control]:
    """The tokens on place i, "n/10" and a bar filled as far, or "empty" once its card is gone."""
    place = state.ring[i]
    spaces = DATA.spaces_per_flood_card
    if place.card is None:
        return [small(tr("dayu.place_empty"), key=f"dy-tokens-{i}")]
    # the fill is drawn, not a progress bar: the tile is a button, named by its words
    return [
        ft.Text(f"{place.tokens}/{spaces}", key=f"dy-tokens-{i}", size=18, weight=ft.FontWeight.BOLD),
        ft.Stack(
            [
                ft.Container(width=width - 20, height=6, border_radius=3, bgcolor=ft.Colors.OUTLINE_VARIANT),
                ft.Container(
                    width=(width - 20) * min(place.tokens, spaces) / spaces,
                    height=6,
                    border_radius=3,
                    bgcolor=ft.Colors.PRIMARY,
                ),
            ],
            width=width - 20,
            height=6,
        ),
    ]


def _place_words(
    tr: Tr, table: Table, state: DayuState, i: int, move: Move | None, here: list[int], far: bool = False
) -> str:
    """The tile's name in words (its tooltip): the move it offers or the place, its tokens, who is
    there; what the colours and the fill show, for a screen reader. A ``far`` place is still a
    button (the referee's refusal says which rule), but not announced as a move it is not."""
    place = state.ring[i]
    if move is not None:
        words = [tr("dayu.move_here", n=i + 1)]
    else:
        words = [tr("dayu.move_far", n=i + 1) if far else tr("dayu.place", n=i + 1)]
    words.append(
        tr("dayu.place_tokens", tokens=place.tokens, spaces=DATA.spaces_per_flood_card)
        if place.card is not None
        else tr("dayu.place_empty")
    )
    if here:
        names = join_list(tuple(table.players[s].name for s in here), tr.lang)
        words.append(tr("dayu.place_markers", names=names))
    return " · ".join(words)


def action_form(model: TableModel, shown: list[tuple[int, Any]], tap: Tap) -> ft.Control:
    """The action step as the table sees it: the ring first (tap a card to move there), then one
    row per tool card in hand (the card, Drain, Flip), then the other actions: all on the first
    screen of a phone. Each button is named in full (its tooltip: "Drain with a red card ...")."""
    table = model.table
    state = state_as(table, DayuState)
    hand = state.players[state.current].hand
    by_card: dict[int, list[ft.Control]] = {}
    others: list[ft.Control] = []
    for i, choice in shown:
        if isinstance(choice, Move) and not choice.free:  # paid moves: on the ring
            continue
        label = model.tr.msg(table.game.describe(table.state, choice))
        card_index = getattr(choice, "card", None) if choice.kind in CARD_ACTIONS else None
        if card_index is not None and 0 <= card_index < len(hand):
            short = model.tr(SHORT[choice.kind, bool(getattr(choice, "free", False))])
            by_card.setdefault(card_index, []).append(_action_button(short, label, i, tap(choice)))
        else:
            others.append(_action_button(label, label, i, tap(choice)))
    rows: list[ft.Control] = [ring_card(model.tr, model.access, table, state, tap)]
    for k, buttons in sorted(by_card.items()):
        chip = tool_chip(model.tr, hand[k].frame, hand[k].side, f"dy-act-card-{k}")
        rows.append(
            ft.Row(
                [ft.Container(chip, width=CARD_COLUMN), *buttons],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                key=f"dy-act-row-{k}",
            )
        )
    rows.append(ft.Row(others, wrap=True, spacing=6, run_spacing=6))
    return ft.Column(rows, spacing=6, key="dy-action-form")


CARD_ACTIONS = ("drain", "flip")  # the actions done with one tool card in hand
SHORT = {  # their words beside the card (the button's name says it in full)
    ("drain", False): "dayu.short.drain",
    ("flip", False): "dayu.short.flip",
    ("flip", True): "dayu.short.flip_free",
}
CARD_COLUMN = 110  # the card's chip, so every row's buttons line up


def _action_button(text: str, name: str, i: int, on_click: Any) -> ft.Control:
    return ft.OutlinedButton(
        content=ft.Text(text, size=13, semantics_label=name),  # said in full: "Drain with a red card ..."
        key=f"choice-{i}",
        tooltip=quiet(name),
        on_click=on_click,
        height=TAP,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
    )


def piles_part(tr: Tr, state: DayuState) -> ft.Control:
    """The piles, drawn again only when a count changed (most taps change none)."""
    props = (tr.lang, state.flood_pile, state.supply, tuple(state.piles[f] for f in FRAMES))
    return part(props, lambda: piles_card(tr, state), key="dy-piles-part")


def piles_card(tr: Tr, state: DayuState) -> ft.Control:
    tools = [
        ft.Row(
            [
                ft.Container(width=14, height=20, border_radius=3, bgcolor=FRAME_COLOURS[f]),
                ft.Text(f"{tr.msg(frame_name(f))} {state.piles[f]}", key=f"dy-pile-{f}"),
            ],
            spacing=4,
            tight=True,
        )
        for f in FRAMES
    ]
    return card(
        ft.Row(
            [
                ft.Text(tr("dayu.flood_pile", n=state.flood_pile), key="dy-flood-pile"),
                ft.Text(tr("dayu.supply", n=state.supply, of=DATA.drainage_tokens), key="dy-supply"),
            ],
            wrap=True,
            spacing=16,
        ),
        ft.Row([small(tr("dayu.tool_piles")), *tools], wrap=True, spacing=12),
        key="dy-piles",
    )


def seat_props(table: Table, seat: int) -> Any:
    """Everything a player's card shows besides the seat itself: their cards and marker, their
    total, and whether it is their turn. A state in force is never changed (the engine changes
    its own copies), so the seat's state stands for what it held, compared field by field."""
    state = state_as(table, DayuState)
    current = state.phase in PLAYING and state.current == seat
    return (state.players[seat], table.scoreboard.rows[seat].total, current)


def player_panel(model: TableModel, seat: int) -> ft.Control:
    table = model.table
    state = state_as(table, DayuState)
    tr = model.tr
    p, who = table.players[seat], state.players[seat]
    row = table.scoreboard.rows[seat]
    hand = [tool_chip(tr, c.frame, c.side, f"dy-hand-{seat}-{k}") for k, c in enumerate(who.hand)]
    by_frame = {f: [c.vp for c in who.vp_cards if c.frame == f] for f in FRAMES}
    vp_text = ", ".join(
        tr("dayu.vp_frame", frame=frame_name(f), n=len(v), vp=sum(v)) for f, v in by_frame.items() if v
    )
    flood_text = ", ".join(tr.msg(flood_name(c.kind, c.points)) for c in who.flood)
    current = state.phase in PLAYING and state.current == seat
    marker = tr("dayu.marker_at", n=who.marker + 1) if who.marker is not None else tr("dayu.marker_none")
    return card(
        ft.Row(
            [
                dot(p.color),
                ft.Text(p.name, weight=ft.FontWeight.BOLD, expand=True),
                ft.Text(tr("dayu.total", n=row.total), key=f"total-{seat}", weight=ft.FontWeight.BOLD),
            ]
        ),
        small(marker + (" · " + tr("dayu.to_play") if current else ""), key=f"dy-marker-text-{seat}"),
        ft.Row([small(tr("dayu.hand")), *hand], wrap=True, spacing=6)
        if hand
        else small(tr("dayu.hand_empty"), key=f"dy-hand-empty-{seat}"),
        small(tr("dayu.vp_cards", cards=vp_text or tr("dayu.none")), key=f"dy-vp-{seat}"),
        small(tr("dayu.flood_cards", cards=flood_text or tr("dayu.none")), key=f"dy-flood-{seat}"),
        key=f"player-{seat}",
    )


def tool_chip(tr: Tr, frame: str, side: str, key: str) -> ft.Control:
    """A held tool card: its frame colour, and whether the rune side is up."""
    text = tr("dayu.side_rune") if side == "rune" else tr("dayu.side_other")
    name = tr.msg(_card(frame, side))  # said in full: the colour is the frame ("runes" thrice otherwise)
    return ft.Container(
        ft.Text(text, size=12, color=FRAME_TEXT[frame], weight=ft.FontWeight.BOLD, semantics_label=name),
        key=key,
        tooltip=quiet(name),  # the text says it
        bgcolor=FRAME_COLOURS[frame],
        border_radius=6,
        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        height=TAP // 2 + 4,
    )


def frame_name(frame: str) -> Msg:
    return msg(f"dayu.frame.{frame}")


def _card(frame: str, side: str) -> Msg:
    return msg(f"dayu.card.{side}", frame=frame_name(frame))
