"""Entering table facts and trades: kept buildings, drawn tiles, and a multi-party trade.

Each form keeps its taps in its draft (``KeepDraft``, ``DrawDraft``, ``TradeDraft``: observables
kept as the session's fact form, ``model.drafts.form``, dropped after every accepted entry) and
sends one entry; the engine checks it, so a mistake comes back refused with its rule. Each form
is a component given its draft: a tap changes the draft, and Flet redraws that form alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import flet as ft

from companion.core import Prompt, RuleViolation, Table
from companion.games.chinatown.public import (
    BOARD,
    BUILDINGS,
    DATA,
    ChinatownState,
    DrawTiles,
    Give,
    KeepBuildings,
    Trade,
    TradingDone,
    dealing,
    shop_name,
    tiles_text,
)
from companion.share.live import Access, stamp
from companion.ui.games.chinatown.foresight import preview_of, trade_lines
from companion.ui.games.chinatown.money import money_field, parse_money
from companion.ui.gameui import state_as
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.retap import redraws_when_unchanged
from companion.ui.state import FactForm
from companion.ui.table_model import TableModel
from companion.ui.widgets import button, small, tappable


@ft.observable
@dataclass
class KeepDraft(FactForm):
    """The player keeping building cards, and the cards tapped so far."""

    seat: int
    picked: list[int] = field(default_factory=list)

    def choose(self, seat: int) -> None:
        """Another player's keep starts afresh."""
        self.seat, self.picked = seat, []

    def toggle(self, n: int) -> None:
        if n in self.picked:
            self.picked.remove(n)
        else:
            self.picked.append(n)


@ft.observable
@dataclass
class DrawDraft(FactForm):
    """The shop tiles tapped so far, as drawn from the bag."""

    picked: list[str] = field(default_factory=list)

    def draw(self, shop: str) -> None:
        self.picked.append(shop)

    def back(self) -> None:
        if self.picked:
            self.picked.pop()


# ---- kept building cards -----------------------------------------------------------------
def keep_form(model: TableModel, prompt: Prompt) -> ft.Control:
    """Pick the player, tap the buildings they keep (only cards still in the deck), enter."""
    waiting = _keep_waiting(model.access, state_as(model.table, ChinatownState))
    form = model.drafts.form(KeepDraft, lambda: KeepDraft(waiting[0]))
    if form.seat not in waiting:
        form.choose(waiting[0])
    return KeepForm(model, form, waiting, key="ct-keep-part")


@ft.component
def KeepForm(model: TableModel, form: KeepDraft, waiting: list[int], key: str | None = None) -> ft.Control:
    """The waiting players, the cards tapped so far and every building card, and Enter."""
    table = model.table
    tr = model.tr
    state = state_as(table, ChinatownState)
    _, kept, _ = dealing(state)
    picked: list[int] = form.picked
    cards = _keep_cards(tr, form, set(state.deck))
    chosen = ", ".join(str(n) for n in sorted(picked)) or "…"
    send = KeepBuildings(seat=form.seat, buildings=tuple(picked)) if len(picked) == kept else None
    own = model.access is not None and waiting == [model.access.seat]  # a seat's phone: no one to pick
    # the seat picker on the host's screen only: on a seat's phone it was one button, its own name
    seats = [] if own else [_keep_seats(table, form, waiting)]
    return ft.Column(
        [
            small(tr("chinatown.keep_hint_own" if own else "chinatown.keep_hint", k=kept)),
            *seats,
            ft.Text(
                tr(
                    "chinatown.keep_so_far_own" if own else "chinatown.keep_so_far",
                    name=table.players[form.seat].name,
                    cards=chosen,
                    n=len(picked),
                    k=kept,
                ),
                key="ct-keep-so-far",
            ),
            cards,
            button(
                tr("chinatown.enter"),
                "ct-keep-submit",
                lambda _: model.submit(send),
                icon=ft.Icons.CHECK,
                filled=True,
                disabled=send is None,
            ),
        ],
        spacing=8,
        key="ct-keep-form",
    )


def _keep_waiting(access: Access | None, state: ChinatownState) -> list[int]:
    """The seats that have not kept their cards yet, in turn order."""
    waiting = [s for s in state.order() if s not in state.kept]
    if access is not None and access.seat in waiting:  # a player's own phone: their keep only
        waiting = [access.seat]
    return waiting


def _keep_seats(table: Table, form: KeepDraft, waiting: list[int]) -> ft.Control:
    """A button per waiting player; picking another one starts their keep afresh."""

    def choose(seat: int) -> Any:
        return lambda _=None: form.choose(seat)

    return ft.Row(
        [
            button(table.players[s].name, f"ct-keep-seat-{s}", choose(s), selected=s == form.seat)
            for s in waiting
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def _keep_cards(tr: Tr, form: KeepDraft, deck: set[int]) -> ft.Control:
    """Every building card, a tap picks or unpicks it; cards no longer in the deck are greyed out."""
    picked = form.picked

    def toggle(n: int) -> Any:
        return lambda _=None: form.toggle(n)

    return ft.Row(
        [
            tappable(  # a toggle: "Building card 16, button, selected"
                ft.Container(
                    _card_face(n, n in picked),
                    key=f"ct-card-{n}",
                    width=40,
                    height=40,
                    alignment=ft.Alignment.CENTER,
                    border_radius=6,
                    # picked: filled in the primary colour with a check mark, as a selected chip
                    # is (a pale tint and a bold number were missed at a glance)
                    bgcolor=ft.Colors.PRIMARY if n in picked else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                    opacity=1.0 if n in deck else 0.25,
                    disabled=n not in deck,
                    on_click=toggle(n),
                    tooltip=tr("chinatown.card", n=n),
                ),
                tr("chinatown.card", n=n),
                selected=n in picked,
            )
            for n in range(1, BUILDINGS + 1)
        ],
        wrap=True,
        spacing=3,
        run_spacing=3,
    )


def _card_face(n: int, picked: bool) -> ft.Control:
    """A building card's number; picked, in the colour on the primary fill under a check mark."""
    if not picked:
        return ft.Text(str(n), size=12)
    return ft.Column(
        [
            ft.Icon(ft.Icons.CHECK, size=12, color=ft.Colors.ON_PRIMARY, key=f"ct-card-check-{n}"),
            ft.Text(str(n), size=12, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY),
        ],
        spacing=0,
        tight=True,
        alignment=ft.MainAxisAlignment.CENTER,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


# ---- drawn shop tiles --------------------------------------------------------------------
def draw_form(model: TableModel, prompt: Prompt) -> ft.Control:
    """Tap each tile drawn from the bag (the bag's count shows beside each type), then enter."""
    return DrawForm(model, prompt, model.drafts.form(DrawDraft, DrawDraft), key="ct-draw-part")


@ft.component
def DrawForm(model: TableModel, prompt: Prompt, form: DrawDraft, key: str | None = None) -> ft.Control:
    """A button per shop type (with what is left of it in the bag), the tiles so far, Back, Enter."""
    table = model.table
    tr = model.tr
    state = state_as(table, ChinatownState)
    _, _, count = dealing(state)
    picked = form.picked
    left = {s: state.bag.get(s, 0) - picked.count(s) for s in DATA.shop_ids}
    full = len(picked) >= count
    chosen = ", ".join(tr.msg(m) for m in tiles_text(picked)) or "…"  # "Photo ×2, Tea House"
    seat = prompt.seat if prompt.seat is not None else 0
    return ft.Column(
        [
            small(tr("chinatown.draw_hint", n=count)),
            ft.Text(tr("chinatown.draw_so_far", tiles=chosen, n=len(picked), k=count), key="ct-draw-so-far"),
            ft.Row(
                [
                    button(
                        f"{tr.msg(shop_name(s))} ({left[s]})",
                        f"ct-draw-{s}",
                        lambda _, s=s: form.draw(s),
                        disabled=full or left[s] <= 0,
                    )
                    for s in DATA.shop_ids
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            ),
            ft.Row(
                [
                    button(
                        tr("chinatown.remove_last"),
                        "ct-draw-back",
                        lambda _: form.back(),
                        icon=ft.Icons.BACKSPACE,
                        disabled=not picked,
                    ),
                    button(
                        tr("chinatown.enter"),
                        "ct-draw-submit",
                        lambda _: model.submit(DrawTiles(seat=seat, tiles=tuple(picked))),
                        icon=ft.Icons.CHECK,
                        filled=True,
                        disabled=not full,
                    ),
                ],
                wrap=True,
                spacing=6,
            ),
        ],
        spacing=8,
        key="ct-draw-form",
    )


# ---- trades ------------------------------------------------------------------------------
SIDES = ("a", "b")  # the two parties of a trade: a gives b, b gives a


@dataclass(frozen=True)
class TradeSide:
    """What one party of the pair hands the other: buildings, tiles (a count per shop), and money
    as typed (``money``: the amount, None while the text is not one). Replaced, never changed in
    place, so that the draft holding it notices every change."""

    buildings: frozenset[int] = frozenset()
    tiles: dict[str, int] = field(default_factory=dict)
    money: int | None = 0
    money_text: str = ""


def _sides() -> dict[str, TradeSide]:
    return {k: TradeSide() for k in SIDES}


@ft.observable
@dataclass
class TradeDraft(FactForm):
    """A trade being drafted: the two parties (seats ``a`` and ``b``), the parts of pairs kept
    so far (a trade of three or more), and what each party of this pair gives (``TradeSide``)."""

    a: int
    b: int
    gives: list[Give] = field(default_factory=list)
    sides: dict[str, TradeSide] = field(default_factory=_sides)

    def party(self, k: str) -> int:
        return self.a if k == "a" else self.b

    def _seat(self, k: str, seat: int) -> None:
        if k == "a":
            self.a = seat
        else:
            self.b = seat

    @redraws_when_unchanged  # a chip calls it: redrawn even if nothing changed
    def pick_party(self, k: str, seat: int) -> None:
        """``seat`` trades as party ``k``: the other party's player swaps places with it; what
        was drafted was the old player's, so the sides start afresh."""
        if self.party(_other(k)) == seat:
            self._seat(_other(k), self.party(k))
        if self.party(k) != seat:
            self._seat(k, seat)
            self.sides = _sides()

    def keep_pair(self, gives: list[Give]) -> None:
        """Keep this pair's parts and draft another pair."""
        self.gives = list(gives)
        self.sides = _sides()

    def start_over(self, players: int) -> None:
        """Nothing drafted, the first two players as the parties (as a new draft)."""
        self.a, self.b, self.gives, self.sides = 0, 1 % players, [], _sides()

    def _set(self, k: str, side: TradeSide) -> None:
        self.sides = {**self.sides, k: side}

    def toggle_building(self, k: str, b: int) -> None:
        self._set(k, replace(self.sides[k], buildings=self.sides[k].buildings ^ {b}))

    def toggle_tile(self, k: str, t: str, held: int) -> None:
        """The chip of shop ``t`` (the giver holds ``held`` such tiles): one tile more, and after
        all of them none again."""
        tiles = self.sides[k].tiles
        self._set(k, replace(self.sides[k], tiles={**tiles, t: (tiles.get(t, 0) + 1) % (held + 1)}))

    def type_money(self, k: str, text: str) -> None:
        """The money typed (or stepped) for party ``k``; the amount only while it is one."""
        amount = parse_money(text, DATA.money_unit)[0]
        self._set(k, replace(self.sides[k], money=amount, money_text=text))


def trade_form(model: TableModel, prompt: Prompt) -> ft.Control:
    """A trade as the table says it: two players, what each hands the other (buildings, tiles,
    money), entered with one tap."""
    state = state_as(model.table, ChinatownState)
    form = model.drafts.form(TradeDraft, lambda: TradeDraft(a=0, b=1 % state.n))
    return TradeForm(model, form, key="ct-trade-part")


def own_trade_form(model: TableModel, seat: int) -> ft.Control:
    """The same form on a seat's phone: the seat is one party (party a), the form sends the
    trade as an offer to the other party's phone (ui/offer_desk.py). No partner is picked at
    first (``b`` is the seat itself): the phone cannot know whom its player is talking to, and a
    wrong guess drafted on costs the draft when changed (docs/DECISIONS.md)."""
    form = model.drafts.form(TradeDraft, lambda: TradeDraft(a=seat, b=seat))
    if form.a != seat or form.gives:
        form.a, form.b, form.gives, form.sides = seat, seat, [], _sides()
    return TradeForm(model, form, own=seat, key="ct-offer-part")


@ft.component
def TradeForm(
    model: TableModel, form: TradeDraft, own: int | None = None, key: str | None = None
) -> ft.Control:
    """The parties, what each gives, the trade so far; "Review" shows what it would do first;
    "Add another pair" keeps these parts for a trade of three or more players. On a seat's phone
    (``own``: its seat) the other party alone is picked, and the trade is sent as an offer."""
    table = model.table
    tr = model.tr
    state = state_as(table, ChinatownState)
    seats = {"a": form.a, "b": form.b}
    gives = [*form.gives, *_current_gives(form)]
    trade = Trade(gives=tuple(gives)) if gives else None
    money_ok = all(form.sides[k].money is not None for k in SIDES)
    last = _last_trade(tr, table)
    items: list[ft.Control] = [*last, _parties(tr, table, form, own)]
    if form.a != form.b:  # a seat's phone shows the sides once its partner is picked
        items += [_side_card(tr, table, state, form, k, seats[k], seats[_other(k)]) for k in SIDES]
    if trade is not None:
        items.append(ft.Text(tr.msg(table.game.describe(state, trade)), key="ct-trade-so-far", size=13))
    ready = trade is not None and money_ok
    if own is not None:
        items.append(_offer_button(tr, model, table, trade, ready))
        return ft.Column(items, spacing=8, key="ct-offer-form")
    items.append(_enter_row(tr, model.submit, partial(review, model, table, gives), table, trade, ready))
    items.append(_pair_row(tr, form, state.n, gives, trade, ready))
    # "Trading done" under the question that names it, above the form: below it, the host
    # scrolled past both sides' chips to end a year's trading (walk59, 4 players)
    done = button(
        tr("chinatown.trading_done"),
        "ct-trading-done",
        lambda _: model.submit(TradingDone()),
        icon=ft.Icons.DONE_ALL,
    )
    items.insert(len(last), done)
    return ft.Column(items, spacing=8, key="ct-trade-form")


def _last_trade(tr: Tr, table: Table) -> list[ft.Control]:
    """The trade just entered, at the top of the emptied form: the table sees it was taken (the
    "why" card saying so is a screen lower, under the form)."""
    from companion.ui.views.history import entry_label

    if table.last is None or not isinstance(table.last[1], Trade):
        return []
    i, entry, _ = table.last
    return [small(tr("play.last", label=entry_label(tr, table, i, entry)), key="ct-trade-entered")]


def _offer_button(tr: Tr, model: TableModel, table: Table, trade: Trade | None, ready: bool) -> ft.Control:
    """Send the trade to the other party's phone as an offer (made on the table as drawn)."""
    drawn_for = stamp(table)
    send = model.offer
    return button(
        tr("chinatown.offer_send"),
        "ct-offer-send",
        lambda _: send(trade, seen=drawn_for, at="ct-offer-send") if send is not None else None,
        icon=ft.Icons.SEND,
        filled=True,
        disabled=not ready or send is None,
    )


def _enter_row(
    tr: Tr,
    submit: Callable[..., Any],
    open_review: Callable[[], None],
    table: Table,
    trade: Trade | None,
    ready: bool,
) -> ft.Control:
    """Enter the trade (``submit``), or review it first (``open_review``): both only once it is whole."""
    drawn_for = stamp(table)  # the table this form was drawn for: a trade on a newer one is refused
    return ft.Row(
        [
            button(
                tr("chinatown.trade_enter"),
                "ct-trade-enter",
                lambda _: submit(trade, seen=drawn_for),
                icon=ft.Icons.CHECK,
                filled=True,
                disabled=not ready,
            ),
            button(
                tr("chinatown.trade_review"),
                "ct-trade-review",
                lambda _: open_review(),
                icon=ft.Icons.FACT_CHECK,
                disabled=not ready,
            ),
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def _pair_row(
    tr: Tr, form: TradeDraft, players: int, gives: list[Give], trade: Trade | None, ready: bool
) -> ft.Control:
    """Keep this pair's parts and draft another pair (a trade of three or more), or start over."""
    return ft.Row(
        [
            button(
                tr("chinatown.trade_another"),
                "ct-give-add",
                lambda _: form.keep_pair(gives),
                icon=ft.Icons.GROUP_ADD,
                disabled=not (ready and _current_gives(form)),
            ),
            button(
                tr("chinatown.trade_clear"),
                "ct-trade-clear",
                lambda _: form.start_over(players),
                icon=ft.Icons.CLEAR,
                disabled=trade is None,
            ),
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def _other(side: str) -> str:
    return "b" if side == "a" else "a"


def _current_gives(form: TradeDraft) -> list[Give]:
    """The parts of the pair being drafted: what a gives b, what b gives a (empty sides left out)."""
    out = []
    for k in SIDES:
        side = form.sides[k]
        tiles = tuple(t for t, n in sorted(side.tiles.items()) for _ in range(n))
        part = Give(
            giver=form.party(k),
            receiver=form.party(_other(k)),
            buildings=tuple(sorted(side.buildings)),
            tiles=tiles,
            money=side.money or 0,
        )
        if part.buildings or part.tiles or part.money:
            out.append(part)
    return out


def _parties(tr: Tr, table: Table, form: TradeDraft, own: int | None = None) -> ft.Control:
    """Who trades: a row of players for each party; picking a party's partner swaps them. On a
    seat's phone (``own``) only the row of whom it trades with, itself left out."""

    def pick(k: str, s: int) -> Any:
        return lambda _=None: form.pick_party(k, s)

    rows: list[ft.Control] = []
    for k, label, name in (
        ("a", "chinatown.trade_between", "chinatown.party_a"),
        ("b", "chinatown.trade_with", "chinatown.party_b"),
    ):
        if own is not None and k == "a":
            continue
        chips = [  # named with their row: "Trade with: Ana", not "Ana" twice
            _chip((p.name, tr(name, name=p.name)), f"ct-party-{k}-{s}", form.party(k) == s, pick(k, s))
            for s, p in enumerate(table.players)
            if s != own
        ]
        rows.append(
            ft.Row(
                [ft.Text(tr(label), size=13, width=64), *chips],
                wrap=True,
                spacing=4,
                run_spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        )
    return ft.Column(rows, spacing=4)


def _side_card(
    tr: Tr,
    table: Table,
    state: ChinatownState,
    form: TradeDraft,
    k: str,
    giver: int,
    receiver: int,
) -> ft.Control:
    """What ``giver`` hands ``receiver``: a chip per building and per tile (selected: filled with
    a check mark, and said so to screen readers), and money."""
    side = form.sides[k]
    chosen, tiles = side.buildings, side.tiles
    chips: list[ft.Control] = [
        _chip(
            (str(b), tr("chinatown.building", n=b, district=BOARD.buildings[b].district)),
            f"ct-give-{k}-b-{b}",
            b in chosen,
            lambda _, b=b: form.toggle_building(k, b),
        )
        for b in sorted(b for b, s in state.owner.items() if s == giver)
    ]
    chips += [
        _chip(
            tile_label(tr, table.players[giver].name, t, tiles.get(t, 0), n),
            f"ct-give-{k}-t-{t}",
            tiles.get(t, 0) > 0,
            lambda _, t=t, n=n: form.toggle_tile(k, t, n),
        )
        for t, n in sorted(state.hands[giver].items())
        if n
    ]
    names = {"giver": table.players[giver].name, "receiver": table.players[receiver].name}
    return ft.Container(
        ft.Column(
            [
                ft.Text(tr("chinatown.gives_to", **names), weight=ft.FontWeight.BOLD, key=f"ct-side-{k}"),
                ft.Row(chips, wrap=True, spacing=4, run_spacing=4),
                money_field(
                    tr, side.money, side.money_text, k, table.players[giver].name, partial(form.type_money, k)
                ),
            ],
            spacing=4,
        ),
        key=f"ct-give-{k}",
        padding=6,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


def tile_label(tr: Tr, giver: str, shop: str, given: int, held: int) -> tuple[str, str]:
    """A shop's tiles as one chip, as the placing hand shows them ("Antiques ×2", not two
    "Antiques" chips that looked alike): what it shows ("Antiques", "Antiques ×2", "Antiques: 1
    of 2" once some are given) and its name for a screen reader, with its giver (both sides of a
    trade can hold Antiques tiles) and the count ("Ana: Antiques tiles, giving 1 of 2")."""
    name = tr.msg(shop_name(shop))
    if held == 1:
        shown = name
    elif given:
        shown = tr("chinatown.trade_tiles_given", shop=name, given=given, n=held)
    else:
        shown = f"{name} ×{held}"
    return shown, tr("chinatown.trade_tile", player=giver, shop=name, given=given, n=held)


def _chip(label: tuple[str, str], key: str, on: bool, tap: Any) -> ft.Control:
    """A toggle: selected or not to screen readers, filled with a check mark when on. ``label``:
    what it shows ("16", "Tea House") and its name ("Building 16 (district 2)", "Ana: Tea House
    tiles, giving 2 of 3": each chip its own). No tooltip: a tooltip over a chip swallowed the next tap in Chromium."""
    return ft.Chip(
        label=ft.Text(label[0], semantics_label=label[1]),
        key=key,
        selected=on,
        on_select=tap,
        border_side=ft.BorderSide(2, ft.Colors.PRIMARY) if on else None,
        height=TAP,
    )


def review(model: TableModel, table: Table, gives: list[Give]) -> None:
    """Show the whole trade, and what it would do, before it is entered."""
    trade = Trade(gives=tuple(gives))
    try:
        _, _, effects = table.check(trade)
    except RuleViolation as exc:
        model.fail(exc.msg, exc.rule_id)
        return
    preview = preview_of(table, trade)  # once: the dialog is drawn again on every redraw
    model.dialogs.dialog(
        model.tr("chinatown.trade_title"),
        lambda: [
            *[ft.Text(model.tr.msg(fx.msg), key=f"ct-trade-line-{i}") for i, fx in enumerate(effects)],
            *trade_lines(model, table, preview),
        ],
        key="ct-trade-dialog",
        actions=lambda: [
            model.dialogs.dialog_button(
                model.tr("chinatown.trade_confirm"),
                "ct-trade-confirm",
                lambda: model.submit(trade),
                filled=True,
            )
        ],
    )
