"""Chinatown's Quick score: the final scoring of a game played without the app (final.py), and
Quick income: set owners and shops on the map by tapping, and see each player's income.

Both call the engine's calculators (companion.games.chinatown.calc: chinatown_final,
chinatown_income), so the numbers are exactly those of a game. The tabs and Quick income are
components given their drafts (``QuickTab``, ``QuickIncome``: observables kept in the session's
drafts): a tap changes the draft and redraws them alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.games.chinatown.public import DATA, GAME, chinatown_income, shop_name
from companion.ui.games.chinatown.board import income_card, map_view
from companion.ui.games.chinatown.final import final_form
from companion.ui.i18n import Tr
from companion.ui.palette import DEFAULT_ORDER, swatch
from companion.ui.repos import Repos
from companion.ui.services import Services, Session
from companion.ui.state import Drafts
from companion.ui.widgets import button, card, dot, small

OWNERS = GAME.max_players  # one brush per possible player
NONE = ""  # the "owner only" brush: a building without a shop
CLEAR = "-"  # the eraser brush


MODES = {"final": "chinatown.quick.mode_final", "income": "chinatown.quick.mode_income"}  # tab: its label


def quick_score(services: Services, session: Session) -> list[ft.Control]:
    """The two calculators, one at a time: final scores first (what a game played without the
    app needs to be logged), the income of a board on the other tab."""
    return [ChinatownQuick(session, services.repos, session.drafts.keep(QuickTab), key="ct-q-part")]


@ft.component
def ChinatownQuick(session: Session, repos: Repos, tab: QuickTab, key: str | None = None) -> ft.Control:
    """The tabs, and the calculator of the tab chosen."""
    mode = tab.mode

    def show(m: str) -> Any:
        return lambda _=None: tab.show(m)

    tabs = ft.Row(
        [
            button(session.tr(label), f"ct-q-mode-{m}", show(m), selected=mode == m)
            for m, label in MODES.items()
        ],
        wrap=True,
        spacing=8,
    )
    shown = final_form(session, repos) if mode == "final" else quick_income(session.tr, session.drafts)
    return ft.Column([tabs, *shown], spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.observable
@dataclass
class QuickTab:
    """Which of Chinatown's two calculators is shown ("final" or "income")."""

    mode: str = "final"

    def show(self, mode: str) -> None:
        self.mode = mode


@dataclass
class OwnerNames:
    """The owners' names as typed (a plain object: typing is kept, never a redraw itself)."""

    names: list[str]


@ft.observable
@dataclass
class QuickIncome:
    """Quick income's map as tapped (kept while the session lasts): the owners' names, the
    brush (owner and shop, or CLEAR) and each building's (owner, shop)."""

    typed: OwnerNames
    owner: int = 0
    shop: str = NONE
    board: dict[int, tuple[int, str]] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return self.typed.names

    def choose(
        self,
        owner: int | None = None,
        shop: str | None = None,
        board: dict[int, tuple[int, str]] | None = None,
    ) -> None:
        """The brush's owner or shop, or a new board (``{}`` clears it)."""
        if owner is not None:
            self.owner = owner
        if shop is not None:
            self.shop = shop
        if board is not None:
            self.board = board

    def paint(self, n: int) -> None:
        """Building ``n`` painted with the brush (or erased)."""
        if self.shop == CLEAR:
            self.board.pop(n, None)
        else:
            self.board[n] = (self.owner, self.shop)


def _draft(tr: Tr, drafts: Drafts) -> QuickIncome:
    names = lambda: QuickIncome(OwnerNames([tr("chinatown.quick.player", n=i + 1) for i in range(OWNERS)]))  # noqa: E731
    return drafts.keep(QuickIncome, make=names)


def quick_income(tr: Tr, drafts: Drafts) -> list[ft.Control]:
    return [QuickIncomeForm(tr, _draft(tr, drafts), key="ct-q-income-part")]


@ft.component
def QuickIncomeForm(tr: Tr, form: QuickIncome, key: str | None = None) -> ft.Control:
    """The map to paint (owners and shops, by brush), and the income of what is painted."""
    board: dict[int, tuple[int, str]] = form.board
    pick = _picker(form)
    tools = _tools_card(tr, form, pick)
    owner = {n: o for n, (o, _) in board.items()}
    shop = {n: s for n, (_, s) in board.items() if s}
    result = _board_income(board)
    names = [(i, form.names[i]) for i in range(OWNERS) if str(i) in result["income"]]
    out: list[ft.Control] = [
        small(tr("chinatown.quick.hint")),
        tools,
        _board_card(tr, form, owner, shop),
        income_card(tr, owner, shop, names, key="ct-q-income", title=tr("chinatown.quick.result")),
        button(tr("chinatown.quick.reset"), "ct-q-reset", pick(board={}), icon=ft.Icons.DELETE_SWEEP),
    ]
    return ft.Column(out, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _picker(form: QuickIncome) -> Callable[..., Any]:
    """pick(**change): a click handler that sets these fields of the form (it redraws)."""

    def pick(**change: Any) -> Any:
        return lambda _=None: form.choose(**change)

    return pick


def _tools_card(tr: Tr, form: QuickIncome, pick: Callable[..., Any]) -> ft.Control:
    """The brush: who owns what the next tap paints (a player) and which shop, said in words."""
    owners = ft.Row(
        [_owner_chip(tr, form, i, pick) for i in range(OWNERS)],
        wrap=True,
        spacing=4,
        run_spacing=4,
    )
    brushes = _brushes(tr, form, pick)
    return card(
        small(tr("chinatown.quick.owners")),
        owners,
        small(tr("chinatown.quick.brush")),
        ft.Row(brushes, wrap=True, spacing=4, run_spacing=4),
        small(next_tap(tr, form), key="ct-q-next"),  # the choice in words, not colour only
        key="ct-q-tools",
        padding=8,
    )


def _owner_chip(tr: Tr, form: QuickIncome, i: int, pick: Callable[..., Any]) -> ft.Control:
    """Player i: their colour and a field for their name; a tap makes them the brush's owner."""

    def rename(e: Any) -> None:
        form.names[i] = e.control.value or tr("chinatown.quick.player", n=i + 1)

    box = ft.Container(
        ft.Row(
            [
                dot(DEFAULT_ORDER[i]),
                ft.TextField(
                    label=tr("setup.player_n", n=i + 1),
                    value=form.names[i],
                    key=f"ct-q-name-{i}",
                    on_change=rename,
                    dense=True,
                    width=110,
                    max_length=24,
                ),
            ],
            spacing=4,
            tight=True,
        ),
        on_click=pick(owner=i),
        key=f"ct-q-owner-{i}",
        padding=4,
        border_radius=6,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if form.owner == i else None,
        # the hover hint stays, kept out of the name a screen reader says (the label below)
        tooltip=ft.Tooltip(message=tr("chinatown.quick.pick_owner"), exclude_from_semantics=True),
    )
    # Named and stated for a screen reader, but not merged: the name field inside stays a field.
    chosen = form.owner == i
    return ft.Semantics(
        content=box, label=tr("chinatown.quick.owner_named", name=form.names[i]), button=True, selected=chosen
    )


def _brushes(tr: Tr, form: QuickIncome, pick: Callable[..., Any]) -> list[ft.Control]:
    """One button per brush: owner only, each shop, and the eraser (the chosen one filled)."""
    brushes = [button(brush_label(tr, NONE), "ct-q-shop-none", pick(shop=NONE), selected=form.shop == NONE)]
    brushes += [
        button(brush_label(tr, s), f"ct-q-shop-{s}", pick(shop=s), selected=form.shop == s)
        for s in DATA.shop_ids
    ]
    brushes.append(
        button(
            tr("chinatown.quick.erase"),
            "ct-q-shop-clear",
            pick(shop=CLEAR),
            icon=ft.Icons.CLEAR,
            selected=form.shop == CLEAR,
        )
    )
    return brushes


def _board_income(board: dict[int, tuple[int, str]]) -> dict[str, Any]:
    """The engine's income calculator, on the painted buildings (owners as seat strings)."""
    return chinatown_income(
        {
            "buildings": {
                str(n): ({"owner": str(o), "shop": s} if s else {"owner": str(o)})
                for n, (o, s) in board.items()
            }
        }
    )


def _board_card(tr: Tr, form: QuickIncome, owner: dict[int, int], shop: dict[int, str]) -> ft.Control:
    """The map: a tap on a building paints it with the brush (or erases it)."""
    return card(
        map_view(
            tr,
            owner,
            shop,
            lambda o: swatch(DEFAULT_ORDER[o]),
            form.paint,
            key_prefix="ct-q",
            name=lambda o: form.names[o],
        ),
        key="ct-q-board",
        padding=6,
    )


def next_tap(tr: Tr, form: QuickIncome) -> str:
    """What a tap on the map does now, in words: the chosen player and shop are otherwise shown
    only by colour, which a screen reader does not say."""
    if form.shop == CLEAR:
        return tr("chinatown.quick.now_erase")
    return tr("chinatown.quick.now", owner=form.names[form.owner], shop=brush_label(tr, form.shop))


def brush_label(tr: Tr, shop: str) -> str:
    """A brush's name, on its button and in the next-tap line: a shop, or "Owner only"."""
    return tr("chinatown.quick.owner_only") if shop == NONE else tr.msg(shop_name(shop))
