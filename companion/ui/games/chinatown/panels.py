"""Chinatown on the Play screen: the map, placing by tapping a tile then a building, the income
of the board as it stands, and player cards whose money shows only on a tap (all at the end).

Everything is drawn from the table's view for this screen (``model.view``: the public's on the
shared screen and a viewer's phone, the player's own on a seat's phone); a player's money is
read from that player's own view, in the dialog a tap on their card opens. The board is a
component given the session's ``TilePick``: picking a tile in hand redraws the board alone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.core import Table
from companion.games.chinatown.public import (
    PlaceTile,
    SeenState,
    find_businesses,
    shop_name,
    tile_count,
    tiles_text,
)
from companion.share.live import may_act, may_see
from companion.ui import seen as views
from companion.ui.games.chinatown.board import (
    CELL,
    COMPACT,
    SHOP_COLORS,
    Target,
    building_text,
    business_of,
    income_card,
    map_view,
)
from companion.ui.games.chinatown.foresight import building_lines
from companion.ui.i18n import Tr
from companion.ui.palette import TAP, swatch
from companion.ui.table_model import TableModel
from companion.ui.widgets import button, card, dot, small, tappable


@ft.observable
@dataclass
class TilePick:
    """The tile type picked in hand while placing, for that table and seat (one per session,
    given to the board: a pick redraws the board alone)."""

    table_id: str = ""
    seat: int = -1
    shop: str = ""

    def pick(self, table_id: str, seat: int, shop: str) -> None:
        self.table_id, self.seat, self.shop = table_id, seat, shop


def _colour(table: Table) -> Any:
    return lambda seat: swatch(table.players[seat].color)


def seen_by(table: Table, seat: int | None) -> SeenState:
    """The state as ``seat`` (None: the public) sees it."""
    state = views.seen_by(table, seat).state
    assert isinstance(state, SeenState)
    return state


def board(model: TableModel) -> list[ft.Control]:
    table = model.table
    state = seen_by(table, model.seat)
    return [
        Board(model, state, model.drafts.keep(TilePick), key="ct-board-part"),
        income_card(
            model.tr,
            state.owner,
            state.shop,
            list(enumerate(state.players)),
            key="ct-income",
            title=income_title(model.tr, table),
        ),
    ]


def income_title(tr: Tr, table: Table) -> str:
    """What the income card's figures are: the board as it stands during the game (paid at the
    end of the year); once the game is over, what the final board paid in the last year (the
    last income is the game's last step, so no year end is still to come)."""
    if not table.finished:
        return tr("chinatown.income_now")
    from companion.games.chinatown.public import DATA

    return tr("chinatown.income_final", year=str(DATA.years[-1]))


@ft.component
def Board(model: TableModel, state: SeenState, held: TilePick, key: str | None = None) -> ft.Control:
    """The map; while placing, the placer's hand above it: a tile picked, then a building tapped."""
    table = model.table
    placing = state.phase == "place"
    seat = state.order()[state.placer] if placing else None
    if seat is not None and not may_act(model.access, seat):  # a live-share client: only its own turn
        seat = None
    picked = picked_tile(held, table, state, seat)
    targets = set(state.vacant_of(seat)) if seat is not None and picked else set()

    def tap(n: int) -> None:
        if seat is not None and picked and n in targets:
            model.submit(PlaceTile(seat=seat, shop=picked, building=n))  # the tile stays picked for the next
            return
        show_building(model, table, n)

    target = (
        Target(picked, model.tr("chinatown.place_here", shop=model.tr.msg(shop_name(picked))))
        if picked
        else None
    )
    items: list[ft.Control] = []
    if seat is not None:
        items.append(hand_row(model.tr, held, table, state, seat, picked))
    items.append(
        map_view(
            model.tr,
            state.owner,
            state.shop,
            _colour(table),
            tap,
            key_prefix="ct",
            highlight=targets,
            name=lambda s: table.players[s].name,
            target=target,
            cell=COMPACT if placing else CELL,  # placing: the whole map under the question
        )
    )
    return card(*items, key="ct-board", padding=4 if placing else 6)


def picked_tile(held: TilePick, table: Table, state: SeenState, seat: int | None) -> str | None:
    """The tile type in the placer's hand that a building tap places. It stays picked after a
    placement while that type is left; when only one type is in hand it is picked by itself
    (nothing to choose), so a building tap never silently shows a preview instead of placing."""
    if seat is None:
        return None
    hand = [s for s, k in sorted(state.hands[seat].items()) if k > 0]
    if (held.table_id, held.seat) == (table.id, seat) and held.shop in hand:
        return held.shop
    return hand[0] if len(hand) == 1 else None


def hand_row(
    tr: Tr, held: TilePick, table: Table, state: SeenState, seat: int, picked: str | None
) -> ft.Control:
    """The placer's tiles, one box per type (picked: ringed, with a check mark, and checked to
    screen readers): tap one, then tap a highlighted building. Tapping the picked one keeps it
    picked."""

    def pick(shop: str) -> Any:
        # never toggled off: a second tap changes nothing
        return lambda _=None: held.pick(table.id, seat, shop)

    tiles = [
        hand_tile(tr.msg(tile_count(s, k)), s, s == picked, pick(s))
        for s, k in sorted(state.hands[seat].items())
        if k > 0
    ]
    hint = (
        tr("chinatown.place_hint_shop", shop=tr.msg(shop_name(picked)))
        if picked
        else tr("chinatown.place_hint")
    )
    return ft.Column(
        [small(hint, key="ct-place-hint"), ft.Row(tiles, wrap=True, spacing=4, run_spacing=4)], spacing=4
    )


def hand_tile(label: str, shop: str, on: bool, tap: Any) -> ft.Control:
    """A tile type in hand, drawn by the server alone. Not a Flet chip: a chip flips its own
    ``selected`` on the phone at a tap, so the picked tile tapped again looked unpicked until the
    server drew it back, while a building tapped meanwhile still placed it (the phone and the
    building tap disagreed). A box keeps no state on the phone: it shows what a building tap does."""
    row: list[ft.Control] = [
        ft.Icon(ft.Icons.CHECK, size=18, color=ft.Colors.BLACK, key=f"ct-hand-check-{shop}")
    ]
    row = row if on else []
    row.append(ft.Text(label, color=ft.Colors.BLACK, weight=ft.FontWeight.BOLD if on else None))
    box = ft.Container(
        ft.Row(row, spacing=6, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        key=f"ct-hand-{shop}",
        bgcolor=SHOP_COLORS.get(shop),
        border=ft.Border.all(3, ft.Colors.PRIMARY) if on else ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=12),
        height=TAP,
        on_click=tap,
    )
    return tappable(box, label, checked=on)  # "Florist ×2, checkbox, checked", as a chip was


def show_building(model: TableModel, table: Table, n: int) -> None:
    state = seen_by(table, model.seat)
    where = business_of(find_businesses(state.owner, state.shop))
    text = building_text(model.tr, n, state.owner, state.shop, where, lambda s: table.players[s].name)
    model.dialogs.dialog(
        model.tr("chinatown.building_title", n=n),
        lambda: [ft.Text(text, key="ct-building-text"), *building_lines(model, table, n)],
        key="ct-building-dialog",
    )


def player_panel(model: TableModel, seat: int) -> ft.Control:
    table = model.table
    state = seen_by(table, model.seat)
    p = table.players[seat]
    tr = model.tr
    owned = sum(1 for s in state.owner.values() if s == seat)
    hand = tiles_text(t for t, k in state.hands[seat].items() for _ in range(k))
    hand_text = ", ".join(tr.msg(m) for m in hand) or tr("chinatown.no_tiles")
    shown = seen_by(table, None).money[seat]  # the card is public: None until the end
    private = may_see(model.access, seat)  # the host's shared screen, or this seat's own client
    money: ft.Control
    if shown is not None:
        money = ft.Text(
            tr("chinatown.money", amount=shown), key=f"ct-money-value-{seat}", weight=ft.FontWeight.BOLD
        )
    elif not private:
        money = ft.Text(tr("live.money_secret"), key=f"ct-money-hidden-{seat}")
    else:
        money = button(
            tr("chinatown.reveal"),
            f"ct-money-{seat}",
            lambda _: reveal(model, table, seat),
            icon=ft.Icons.VISIBILITY,
            tooltip=tr("chinatown.reveal_hint", name=p.name),
        )
    return card(
        ft.Row([dot(p.color), ft.Text(p.name, weight=ft.FontWeight.BOLD, expand=True), money]),
        small(
            tr("chinatown.holdings", buildings=owned, placed=state.tiles_on_board(seat)),
            key=f"ct-holdings-{seat}",
        ),
        small(tr("chinatown.hand", tiles=hand_text), key=f"ct-hand-text-{seat}"),
        key=f"player-{seat}",
    )


def reveal(model: TableModel, table: Table, seat: int) -> None:
    """Only this player's money and what makes it up (their own view), in a dialog the player
    closes after reading it."""
    if not may_see(model.access, seat):  # never for another seat's live-share client
        return
    mine = views.seen_by(table, seat)
    amount = seen_by(table, seat).money[seat]
    row = next(r for r in mine.scoreboard.rows if r.seat == seat)

    def body() -> list[ft.Control]:
        lines: list[ft.Control] = [
            ft.Text(model.tr("chinatown.money", amount=amount), key="ct-secret-money", size=22)
        ]
        lines += [
            small(
                f"{model.tr.msg(line.label)}: {model.tr('chinatown.money', amount=line.points)}",
                key=f"ct-secret-{k}",
            )
            for k, line in enumerate(row.breakdown)
        ]
        return lines

    model.dialogs.dialog(
        model.tr("chinatown.secret_title", name=table.players[seat].name), body, key="ct-money-dialog"
    )


def public_scores(model: TableModel) -> list[ft.Control]:
    """The Scores tab during the game: what the board paid each player, year by year, and the
    income of the board as it stands, both public. Money in hand stays secret."""
    table = model.table
    from companion.games.chinatown.public import DATA

    state = seen_by(table, model.seat)
    tr = model.tr
    rows: list[ft.Control] = [small(tr("screens.chinatown.income_by_year"))]
    for y, paid in enumerate(state.income):
        # income is public (the board paid it); money in hand is not (trades move it)
        amounts = ", ".join(
            tr("screens.chinatown.paid", name=table.players[s].name, amount=a) for s, a in enumerate(paid)
        )
        rows.append(ft.Text(f"{DATA.years[y]}: {amounts}", key=f"ct-year-{y}", size=14))
    if not state.income:
        rows.append(ft.Text(tr("screens.chinatown.no_income_yet"), key="ct-year-none", size=14))
    board_now = income_card(
        tr,
        state.owner,
        state.shop,
        list(enumerate(state.players)),
        key="ct-score-income",
        title=tr("chinatown.income_now"),
    )
    return [card(*rows, key="ct-income-years"), board_now]
