"""Dragon: the coming events on the Play screen and in the Rules screen's "for this moment".

This month's event and the next one (and month 7's super event while it is to come), one
compact line per player from the engine's forecast (``coming_events``); a tap on a line
opens the event's detail: that player's line and the engine's effects for them with their rules,
then what would change them, then every other player's the same way (hardest hit first). The
forecasts are computed once per table version (ui/foresight.py), whoever looks. Nothing here is
hidden information: every number comes from the open board.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.core import Table
from companion.games.dragon.public import DragonState, EventForecast, SeatForecast, coming_events
from companion.ui.foresight import effect_block, per_version
from companion.ui.gameui import state_as
from companion.ui.i18n import Tr
from companion.ui.palette import swatch
from companion.ui.parts import part
from companion.ui.rule_links import effect_line, rule_link
from companion.ui.table_model import TableModel
from companion.ui.widgets import card, dot, small


def forecasts(table: Table) -> list[EventForecast]:
    return per_version(table, "dragon-forecast", lambda: coming_events(state_as(table, DragonState)))


def coming(model: TableModel) -> list[ft.Control]:
    """The Play screen's "coming events" card (nothing once no event is left to come). The card
    is drawn again only when a line or a headline changed (most taps late in the game change
    neither: nothing of it is then built or diffed), and then each player's line only if it
    changed: most taps change one player's numbers."""
    table = model.table
    found = forecasts(table)
    if not found:
        return []
    colors = tuple(p.color for p in table.players)
    props = (model.tr.lang, colors, tuple((f.headline, tuple(sf.line for sf in f.seats)) for f in found))
    return [
        part(
            props,
            lambda: coming_card(model.tr, table, found, partial(show_detail, model, table)),
            key="forecast-part",
        )
    ]


def coming_card(
    tr: Tr, table: Table, found: list[EventForecast], open_detail: Callable[[int, int], None]
) -> ft.Control:
    # the heading and each headline parts too: the card is drawn again when one player's line
    # changed, and only that line and the card around them are then new objects
    heading = partial(small, tr("foresight.coming_tap"), key="forecast-heading")
    items: list[ft.Control] = [part(tr.lang, heading, key="forecast-heading-part")]
    for i, f in enumerate(found):
        items.append(part((tr.lang, f.headline), partial(headline, tr, i, f), key=f"forecast-{i}-part"))
        for sf in f.seats:
            props = (tr.lang, i, f.headline, sf.line, table.players[sf.seat].color)
            draw = partial(seat_line, tr, table, i, f, sf, open_detail)
            items.append(part(props, draw, key=f"forecast-part-{i}-{sf.seat}"))
    return card(*items, key="forecast")


def headline(tr: Tr, i: int, f: EventForecast) -> ft.Control:
    return ft.Text(tr.msg(f.headline.msg), weight=ft.FontWeight.BOLD, size=14, key=f"forecast-{i}")


def seat_line(
    tr: Tr,
    table: Table,
    i: int,
    f: EventForecast,
    sf: SeatForecast,
    open_detail: Callable[[int, int], None],
) -> ft.Control:
    """One player's compact line, marked by their colour; a tap opens what the event would do
    to them, and why. Two controls a line: the screen is diffed on every tap, so each counts.
    Named for a screen reader with its month and event ("Month 2: Drought, if it came now. Ana:
    ... Tap for ..."): the lines of two months read alike ("Ana: no change"), and a hover text
    naming the line beside its own text made every line's name say it twice."""
    text = tr.msg(sf.line.msg)
    name = tr("foresight.line_name", headline=tr.msg(f.headline.msg), line=text)
    return ft.Container(
        ft.Text(text, size=13, semantics_label=name),
        key=f"forecast-{i}-{sf.seat}",
        on_click=lambda _: open_detail(i, sf.seat),
        padding=ft.Padding.only(left=8, top=6, bottom=6),
        border=ft.Border.only(left=ft.BorderSide(4, swatch(table.players[sf.seat].color))),
        ink=True,
    )


def detail_order(f: EventForecast, first: int) -> list[SeatForecast]:
    """Every player in an event's detail: the one tapped first, then the others hardest hit
    first (seat order on a tie), those it spares last. A tap on one line must not hide that the
    event hits others as well."""
    others = sorted((sf for sf in f.seats if sf.seat != first), key=lambda sf: tuple(-n for n in sf.harm()))
    return [f.seats[first], *others]


def show_detail(model: TableModel, table: Table, i: int, seat: int) -> None:
    """The detail of forecast ``i``, ``seat``'s first, as the table stands at the tap (a line
    kept from an earlier draw never opens an old forecast)."""
    found = forecasts(table)
    if i >= len(found) or not 0 <= seat < len(found[i].seats):
        return
    f = found[i]

    def body() -> list[ft.Control]:
        # the event's own rule is named once, at the end; a line under another rule (a palace's
        # decay) names its own: four players' lines each citing "Epidemic" made a long dialog
        rows: list[ft.Control] = []
        for sf in detail_order(f, seat):
            rows.append(seat_heading(model, sf))
            rows += [
                effect_block(model, fx, f"forecast-detail-{sf.seat}-{k}", fx.rule_id != f.rule_id)
                for k, fx in enumerate(sf.detail)
            ]
        if f.table:
            rows.append(small(model.tr("foresight.whole_table")))
            rows += [
                effect_block(model, fx, f"forecast-table-{k}", fx.rule_id != f.rule_id)
                for k, fx in enumerate(f.table)
            ]
        rows.append(rule_link(model.tr, model.show_rule, f.rule_id, "forecast-detail-rule"))
        return rows

    model.dialogs.dialog(model.tr.msg(f.headline.msg), body, key="forecast-dialog")


def seat_heading(model: TableModel, sf: SeatForecast) -> ft.Control:
    """A player's compact line over their effects in the detail, marked by their colour."""
    color = model.table.players[sf.seat].color
    text = ft.Text(
        model.tr.msg(sf.line.msg),
        weight=ft.FontWeight.BOLD,
        expand=True,
        key=f"forecast-detail-line-{sf.seat}",
    )
    return ft.Row([dot(color, 12), text], spacing=6)


def moment(model: TableModel) -> list[ft.Control]:
    """The Rules screen's section: each coming event with its rule, and every player's line."""
    table = model.table
    found = forecasts(table)
    if not found:
        return []
    tr = model.tr
    items: list[ft.Control] = [
        ft.Text(tr("foresight.coming"), weight=ft.FontWeight.BOLD, key="coming-rules-heading")
    ]
    for i, f in enumerate(found):
        items.append(effect_line(model, f.headline, key=f"coming-rules-{i}"))
        items += [small(tr.msg(sf.line.msg), key=f"coming-rules-{i}-{sf.seat}") for sf in f.seats]
    return [card(*items, key="coming-rules")]
