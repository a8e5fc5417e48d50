"""Chinatown: what a trade does to each party's income (in the trade review), and what a shop
tile would add on a tapped empty building (on the map), from the engine's previews.

Money stays secret: the previews never read a player's total; the review shows only the money
that changes hands, which the whole table hears when the deal is made.
"""

from __future__ import annotations

import flet as ft

from companion.core import RuleViolation, Table
from companion.games.chinatown.public import (
    ChinatownState,
    Trade,
    TradePreview,
    building_preview,
    trade_preview,
)
from companion.ui.foresight import effect_block
from companion.ui.gameui import state_as
from companion.ui.table_model import TableModel
from companion.ui.widgets import dot, small


def preview_of(table: Table, trade: Trade) -> TradePreview | None:
    """The engine's preview of ``trade`` (None if it is not legal: the review shows the refusal)."""
    try:
        return trade_preview(state_as(table, ChinatownState), trade)
    except RuleViolation:
        return None


def trade_lines(model: TableModel, table: Table, preview: TradePreview | None) -> list[ft.Control]:
    """Per party: income this year before and after, the money in or out, then each business
    the trade changes (new, grows, completes, splits...) with its rule."""
    if preview is None:
        return []
    tr = model.tr
    out: list[ft.Control] = [small(tr("foresight.trade_income"), key="ct-preview-heading")]
    for party in preview.parties:
        out.append(
            ft.Row(
                [
                    dot(table.players[party.seat].color, 12),
                    ft.Text(
                        tr.msg(party.line.msg),
                        weight=ft.FontWeight.BOLD,
                        expand=True,
                        key=f"ct-preview-{party.seat}",
                    ),
                ],
                spacing=6,
            )
        )
        out += [
            effect_block(model, c.effect, key=f"ct-preview-{party.seat}-{k}")
            for k, c in enumerate(party.changes)
        ]
        if not party.changes:
            out.append(small(tr("foresight.trade_no_change"), key=f"ct-preview-{party.seat}-none"))
    return out


def building_lines(model: TableModel, table: Table, n: int) -> list[ft.Control]:
    """For an owned empty building: which business each tile would start, extend or complete
    for its owner, and the income it adds (nothing for an unowned or occupied building)."""
    state = state_as(table, ChinatownState)
    if n not in state.owner or n in state.shop:
        return []
    preview = building_preview(state, n)
    out: list[ft.Control] = [ft.Text(model.tr.msg(preview.line.msg), key="ct-building-preview")]
    out += [effect_block(model, o.effect, key=f"ct-building-option-{o.shop}") for o in preview.options]
    return out
