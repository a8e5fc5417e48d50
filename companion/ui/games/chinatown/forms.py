"""Entering table facts and trades: kept buildings, drawn tiles, and a multi-party trade.

Each form keeps its taps in ``app.memo["form"]`` (cleared after every accepted entry) and sends
one entry; the engine checks it, so a mistake comes back refused with its rule.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core import Prompt, RuleViolation, Table
from companion.games.chinatown.public import (
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
)
from companion.ui.games import state_as
from companion.ui.games.chinatown.foresight import preview_of, trade_lines
from companion.ui.games.chinatown.money import money_field
from companion.ui.shell import App
from companion.ui.widgets import button, small


def _memo(app: App, kind: str, **fresh: Any) -> dict[str, Any]:
    form = app.memo.get("form")
    if not form or form.get("kind") != kind:
        form = {"kind": kind, **fresh}
        app.memo["form"] = form
    return form


def _redraw(app: App, change: Any) -> Any:
    def go(_: Any = None) -> None:
        change()
        app.refresh()

    return go


# ---- kept building cards -----------------------------------------------------------------
def keep_form(app: App, table: Table, prompt: Prompt) -> ft.Control:
    """Pick the player, tap the buildings they keep (only cards still in the deck), enter."""
    tr = app.tr
    state = state_as(table, ChinatownState)
    _, kept, _ = dealing(state)
    waiting = [s for s in state.order() if s not in state.kept]
    if app.access is not None and app.access.seat in waiting:  # a player's own phone: their keep only
        waiting = [app.access.seat]
    form = _memo(app, "ct-keep", seat=waiting[0], picked=[])
    if form["seat"] not in waiting:
        form["seat"], form["picked"] = waiting[0], []
    picked: list[int] = form["picked"]
    deck = set(state.deck)

    def choose(seat: int) -> Any:
        return _redraw(app, lambda: form.update(seat=seat, picked=[]))

    def toggle(n: int) -> Any:
        return _redraw(app, lambda: picked.remove(n) if n in picked else picked.append(n))

    seats = ft.Row(
        [
            button(table.players[s].name, f"ct-keep-seat-{s}", choose(s), filled=s == form["seat"])
            for s in waiting
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )
    cards = ft.Row(
        [
            ft.Container(
                ft.Text(str(n), size=12, weight=ft.FontWeight.BOLD if n in picked else None),
                key=f"ct-card-{n}",
                width=40,
                height=40,
                alignment=ft.Alignment.CENTER,
                border_radius=6,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if n in picked else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                opacity=1.0 if n in deck else 0.25,
                disabled=n not in deck,
                on_click=toggle(n),
                tooltip=tr("chinatown.card", n=n),
            )
            for n in range(1, BUILDINGS + 1)
        ],
        wrap=True,
        spacing=3,
        run_spacing=3,
    )
    chosen = ", ".join(str(n) for n in sorted(picked)) or "…"
    send = KeepBuildings(seat=form["seat"], buildings=tuple(picked)) if len(picked) == kept else None
    return ft.Column(
        [
            small(tr("chinatown.keep_hint", k=kept)),
            seats,
            ft.Text(
                tr(
                    "chinatown.keep_so_far",
                    name=table.players[form["seat"]].name,
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
                lambda _: app.submit(send),
                icon=ft.Icons.CHECK,
                filled=True,
                disabled=send is None,
            ),
        ],
        spacing=8,
        key="ct-keep-form",
    )


# ---- drawn shop tiles --------------------------------------------------------------------
def draw_form(app: App, table: Table, prompt: Prompt) -> ft.Control:
    """Tap each tile drawn from the bag (the bag's count shows beside each type), then enter."""
    tr = app.tr
    state = state_as(table, ChinatownState)
    _, _, count = dealing(state)
    form = _memo(app, "ct-draw", picked=[])
    picked: list[str] = form["picked"]
    left = {s: state.bag.get(s, 0) - picked.count(s) for s in DATA.shop_ids}
    full = len(picked) >= count
    chosen = ", ".join(tr.msg(shop_name(s)) for s in picked) or "…"
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
                        _redraw(app, lambda s=s: picked.append(s)),
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
                        tr("chinatown.back"),
                        "ct-draw-back",
                        _redraw(app, lambda: picked and picked.pop()),
                        icon=ft.Icons.BACKSPACE,
                        disabled=not picked,
                    ),
                    button(
                        tr("chinatown.enter"),
                        "ct-draw-submit",
                        lambda _: app.submit(DrawTiles(seat=seat, tiles=tuple(picked))),
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
def trade_form(app: App, table: Table, prompt: Prompt) -> ft.Control:
    """Build a trade part by part (who gives whom what), review it, confirm; or end trading."""
    tr = app.tr
    state = state_as(table, ChinatownState)
    form = _memo(
        app,
        "ct-trade",
        gives=[],
        giver=0,
        receiver=1 % state.n,
        buildings=[],
        tiles=[],
        money=0,
        money_text="",
    )
    gives: list[Give] = form["gives"]
    giver, receiver = form["giver"], form["receiver"]
    owned = sorted(b for b, s in state.owner.items() if s == giver)
    hand = dict(state.hands[giver])
    for t in form["tiles"]:
        hand[t] -= 1

    def set_giver(s: int) -> None:
        # the buildings and tiles were the old giver's; who receives stays as it was chosen
        form.update(giver=s, buildings=[], tiles=[])

    def toggle(b: int) -> None:
        form["buildings"].remove(b) if b in form["buildings"] else form["buildings"].append(b)

    def add_part() -> None:
        part = Give(
            giver=giver,
            receiver=receiver,
            buildings=tuple(form["buildings"]),
            tiles=tuple(form["tiles"]),
            money=form["money"],
        )
        if part.buildings or part.tiles or part.money:
            gives.append(part)
        form.update(buildings=[], tiles=[], money=0, money_text="")

    def people(prefix: str, current: int, pick: Any) -> ft.Control:
        return ft.Row(
            [
                button(p.name, f"{prefix}-{s}", _redraw(app, lambda s=s: pick(s)), filled=s == current)
                for s, p in enumerate(table.players)
            ],
            wrap=True,
            spacing=6,
            run_spacing=6,
        )

    items: list[ft.Control] = [
        small(tr("chinatown.trade_giver")),
        people("ct-giver", giver, set_giver),
        small(tr("chinatown.trade_receiver")),
        people("ct-receiver", receiver, lambda s: form.update(receiver=s)),
    ]
    if giver == receiver:
        items.append(
            small(
                tr("chinatown.same_party", name=table.players[giver].name),
                key="ct-same-party",
                color=ft.Colors.ERROR,
            )
        )
    if owned:
        items.append(small(tr("chinatown.trade_buildings")))
        items.append(
            ft.Row(
                [
                    button(
                        str(b),
                        f"ct-give-b-{b}",
                        _redraw(app, lambda b=b: toggle(b)),
                        filled=b in form["buildings"],
                    )
                    for b in owned
                ],
                wrap=True,
                spacing=4,
                run_spacing=4,
            )
        )
    if any(k > 0 for k in hand.values()):
        items.append(small(tr("chinatown.trade_tiles")))
        items.append(
            ft.Row(
                [
                    button(
                        f"{tr.msg(shop_name(t))} ({k})",
                        f"ct-give-t-{t}",
                        _redraw(app, lambda t=t: form["tiles"].append(t)),
                        disabled=k <= 0,
                    )
                    for t, k in sorted(hand.items())
                    if k > 0 or t in form["tiles"]
                ],
                wrap=True,
                spacing=4,
                run_spacing=4,
            )
        )
    items.append(money_field(app, form, DATA.money_unit))
    items.append(
        button(
            tr("chinatown.trade_add"),
            "ct-give-add",
            _redraw(app, add_part),
            icon=ft.Icons.ADD,
            disabled=giver == receiver or form["money"] is None,
        )
    )
    if gives:
        trade = Trade(gives=tuple(gives))
        items.append(ft.Text(tr.msg(table.game.describe(state, trade)), key="ct-trade-so-far", size=13))
    items.append(
        ft.Row(
            [
                button(
                    tr("chinatown.trade_review"),
                    "ct-trade-review",
                    lambda _: review(app, table, gives),
                    icon=ft.Icons.FACT_CHECK,
                    filled=True,
                    disabled=not gives,
                ),
                button(
                    tr("chinatown.trade_clear"),
                    "ct-trade-clear",
                    _redraw(app, lambda: app.memo.pop("form", None)),
                    icon=ft.Icons.CLEAR,
                    disabled=not gives,
                ),
            ],
            wrap=True,
            spacing=6,
        )
    )
    items.append(
        button(
            tr("chinatown.trading_done"),
            "ct-trading-done",
            lambda _: app.submit(TradingDone()),
            icon=ft.Icons.DONE_ALL,
        )
    )
    return ft.Column(items, spacing=8, key="ct-trade-form")


def review(app: App, table: Table, gives: list[Give]) -> None:
    """Show the whole trade, and what it would do, before it is entered."""
    trade = Trade(gives=tuple(gives))
    try:
        _, _, effects = table.check(trade)
    except RuleViolation as exc:
        app.fail(exc.msg, exc.rule_id)
        return
    preview = preview_of(table, trade)  # once: the dialog is drawn again on every redraw
    app.dialog(
        app.tr("chinatown.trade_title"),
        lambda: [
            *[ft.Text(app.tr.msg(fx.msg), key=f"ct-trade-line-{i}") for i, fx in enumerate(effects)],
            *trade_lines(app, table, preview),
        ],
        key="ct-trade-dialog",
        actions=lambda: [
            app.dialog_button(
                app.tr("chinatown.trade_confirm"), "ct-trade-confirm", lambda: app.submit(trade), filled=True
            )
        ],
    )
