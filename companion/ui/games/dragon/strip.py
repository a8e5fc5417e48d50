"""Dragon at a glance (issue 25): this month's event and the next as coloured tiles, each with
the forecast line of the player it would hit hardest (a tap opens the event's detail, that
player first), then each seat's yuan, rice, fireworks, helmets, mortars, privileges, persons
and palaces, and the last month's summary one tap away.

Everything comes from this screen's player view and the engine's forecast (Dragon hides
nothing: every number lies open on the table). The strip is one part: drawn again only when a
count, a line or the summary changed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

import flet as ft

from companion.core import Table
from companion.core.msg import join_list, msg
from companion.games.dragon.public import (
    RULES,
    DragonState,
    EventForecast,
    SeatForecast,
    event_msg,
    super_msg,
    tile_msg,
)
from companion.ui import glance
from companion.ui.games.dragon.foresight import forecasts, show_detail
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.parts import part
from companion.ui.symbols import DRAGON_COUNTERS, EVENTS, PERSONS, glyph
from companion.ui.table_model import TableModel
from companion.ui.widgets import dot, quiet


class InPlay(NamedTuple):
    """The event being resolved while its questions are open: month ``month``'s, or month 7's
    super event (``super``). Who still answers is the banner's (``labels.turn_order``), right
    above the strip: the tile does not say it again."""

    month: int
    event: str
    super: bool

    @property
    def rule_id(self) -> str:
        return f"dragon.{'super' if self.super else 'event'}.{self.event}"


def in_play(state: DragonState) -> InPlay | None:
    """The event the table is resolving now (its releases, the super event's choices): in the
    event phase the engine only stops for a question, and the forecast has moved on to the next
    months (while month 3's Drought took its persons, the strip showed months 4 and 5)."""
    if state.phase != "event" or not 1 <= state.month <= len(state.events):
        return None
    sup = state.super_step is not None and state.super_event is not None
    event = state.super_event if sup and state.super_event else state.events[state.month - 1]
    return InPlay(state.month, event, sup)


COUNTERS = ("yuan", "rice", "fireworks", "helmets", "mortars", "privileges", "persons", "palaces")
SHOWN = 2  # this month's event and the next (month 7's super event stays in the card below)


def worst_hit(f: EventForecast, own: int | None = None) -> SeatForecast | None:
    """The player the event would hit hardest (the first in seat order on a tie; ``own``, the
    seat whose phone this is, when it is among them); when it would cost nobody anything, the one
    it would bring the most VP (the same tie rule); None when it does nothing."""
    worst = max(f.seats, key=SeatForecast.harm)
    if worst.harm() > (0, 0, 0):
        return _own_first(f, worst, own, SeatForecast.harm)
    best = max(f.seats, key=lambda sf: sf.vp)
    return _own_first(f, best, own, lambda sf: sf.vp) if best.vp > 0 else None


def _own_first(
    f: EventForecast, top: SeatForecast, own: int | None, by: Callable[[SeatForecast], object]
) -> SeatForecast:
    """``top``, or the phone's own seat's forecast when it ranks the same: on Ben's phone a
    Drought that costs Ana and Ben two persons each read "Ana: must release 2 persons (+1
    player)", and left Ben to guess that the one more was him."""
    mine = next((sf for sf in f.seats if sf.seat == own), None)
    return mine if mine is not None and by(mine) == by(top) else top


def hit_as_hard(f: EventForecast, worst: SeatForecast | None) -> list[SeatForecast]:
    """The other players the event would hit just as hard as ``worst`` (none when it costs nothing)."""
    if worst is None or worst.harm() == (0, 0, 0):
        return []
    return [sf for sf in f.seats if sf.seat != worst.seat and sf.harm() == worst.harm()]


def counts(state: DragonState, seat: int) -> list[str]:
    p = state.players[seat]
    helmet, mortar = RULES.types["warrior"].symbol, RULES.types["healer"].symbol
    return [
        str(p.yuan),
        str(p.rice),
        str(p.fireworks),
        str(p.symbols(helmet)),
        str(p.symbols(mortar)),
        f"{p.small_privileges}/{p.large_privileges}",
        str(len(p.persons())),
        str(len(p.palaces)),
    ]


def columns(tr: Tr) -> list[glance.Column]:
    names = {
        "yuan": tr("dragon.yuan"),
        "rice": tr("dragon.rice"),
        "fireworks": tr("dragon.fireworks"),
        "helmets": tr("glance.helmets"),
        "mortars": tr("glance.mortars"),
        "privileges": tr("dragon.privileges"),
        "persons": tr("glance.persons"),
        "palaces": tr("glance.palaces"),
    }
    legends = {"privileges": tr("glance.dragon.privileges_key")}  # "1/0": small / large
    return [glance.Column(c, DRAGON_COUNTERS[c], names[c], legends.get(c)) for c in COUNTERS]


def strip(model: TableModel) -> list[ft.Control]:
    table = model.table
    state = model.view.state
    assert isinstance(state, DragonState)
    now = in_play(state)
    # the event in play first, "now", then the next (as many tiles as ever)
    coming = [f for f in forecasts(table) if not f.super][: SHOWN - (now is not None)]
    events = (now, tuple((f.month, f.event, f.headline, _line(f, model.seat)) for f in coming))
    cells = tuple(tuple(counts(state, s)) for s in range(len(state.players)))
    seats = tuple((p.name, p.color) for p in table.players)
    props = (model.tr.lang, model.seat, seats, events, cells, glance.summary_props(table))
    return [part(props, lambda: draw(model, table, now, coming, cells), key="glance-part")]


def _line(f: EventForecast, own: int | None) -> tuple[object, int]:
    """What an event's tile says: the hardest-hit line, and how many more are hit as hard."""
    worst = worst_hit(f, own)
    return (None if worst is None else worst.line), len(hit_as_hard(f, worst))


def draw(
    model: TableModel,
    table: Table,
    now: InPlay | None,
    coming: list[EventForecast],
    cells: tuple[tuple[str, ...], ...],
) -> ft.Control:
    rows: list[ft.Control] = []
    if coming or now is not None:  # a part of its own: most taps change a count, not the events' lines
        lines = tuple((f.month, f.event, f.headline, _line(f, model.seat)) for f in coming)
        tiles = partial(
            _events_row,
            model.tr,
            now,
            coming,
            partial(show_detail, model, table),
            model.seat,
            model.show_rule,
        )
        rows.append(part((model.tr.lang, now, lines), tiles, key="glance-events-part"))
    rows.append(glance.seat_table(model, table, columns(model.tr), cells))
    button = part(
        (model.tr.lang, table.id),
        lambda: palaces_button(model.tr, partial(show_palaces, model, table)),
        key="glance-palaces-part",
    )
    return glance.frame(glance.with_summary(model, table, rows, [button]))


def _events_row(
    tr: Tr,
    now: InPlay | None,
    coming: list[EventForecast],
    open_detail: Callable[[int, int], None],
    own: int | None,
    show_rule: Callable[[str], None],
) -> ft.Control:
    # each tile a part: a tap that changes one event's line draws that tile again, not both
    first = (
        [] if now is None else [part((tr.lang, now), partial(now_tile, tr, now, show_rule), key="now-part")]
    )
    tiles = first + [
        part(
            (tr.lang, f.month, f.event, f.super, f.headline, _line(f, own), _seat(f, own)),
            partial(event_tile, tr, i, f, open_detail, own),
            key=f"glance-event-{i}-part",
        )
        for i, f in enumerate(coming)
    ]
    return ft.Row(tiles, spacing=6)


def _seat(f: EventForecast, own: int | None) -> int:
    """Whose forecast comes first when the event's tile is tapped: the player it hits hardest
    (else the first)."""
    worst = worst_hit(f, own)
    return worst.seat if worst is not None else 0


def with_others(
    tr: Tr, f: EventForecast, worst: SeatForecast | None, line: str, *, said: bool = False
) -> str:
    """``line`` with the others the event hits as hard, as the table says it: "(Ben too)";
    "Each player: −1 rice" when it does the very same to every player of three or more, else
    "(everyone too)" ("Ana: −1 rice and must release 1 person (everyone too)" did not fit the
    tile's two lines at 412 px: its ellipsis cut "(every…"); "(2 players too)" / "(otros 2 igual)"
    for some of them ("(Carla and Eva too)" took a third line of the tile; "(+1 player)" read as
    a count of something the line counted, "(y 2 jugadores)" as two players to release, and
    "(same for 2 others)" was cut to "(same for 2 ot…" at 412 px). ``said``: every
    name and the whole line, for a screen reader (and the detail)."""
    others = hit_as_hard(f, worst)
    if not others:
        return line
    if len(others) == len(f.seats) - 1 > 1:
        same = _same_parts(f)
        if same is not None and not said:  # "Ana: −1 rice and must release 1 person (every…" at 412 px
            return tr.msg(msg("foresight.dragon.line", player=tr("glance.dragon.each_player"), parts=same))
        return tr("glance.dragon.also_everyone", line=line)
    if len(others) > 1 and not said:
        return tr("glance.dragon.also_players", line=line, n=len(others))
    names = tuple(str(sf.line.msg.args.get("player", "")) for sf in others)
    return tr("glance.dragon.also_names", line=line, names=join_list(names, tr.lang))


def _same_parts(f: EventForecast) -> object | None:
    """What the event does to each player when it does the very same to all of them (each
    line "{player}: {parts}" with the same parts), else None."""
    lines = [sf.line.msg for sf in f.seats]
    parts = [m.args.get("parts") for m in lines]
    if (
        all(m.key == "foresight.dragon.line" for m in lines)
        and parts[0]
        and parts.count(parts[0]) == len(parts)
    ):
        return parts[0]
    return None


def event_tile(
    tr: Tr, i: int, f: EventForecast, open_detail: Callable[[int, int], None], own: int | None = None
) -> ft.Control:
    """An event as its tile, its month, and the line of the player it hits hardest (on a seat's
    phone, its own seat's among those hit as hard: ``own``); a tap opens the event's detail with
    that player first (the first player when it hits nobody): ``open_detail(i, seat)``."""
    worst = worst_hit(f, own)
    name = tr.msg(super_msg(f.event) if f.super else event_msg(f.event))
    line = tr.msg(worst.line.msg) if worst is not None else tr("glance.dragon.nobody")
    line, whole = with_others(tr, f, worst, line), with_others(tr, f, worst, line, said=True)
    seat = _seat(f, own)
    # Read once, by the event's name: the tile's whole name (month, event, the line, "tap for the
    # detail") and its other texts silent. No hover text (Flutter read it, then the texts again)
    # and no ExcludeSemantics wrapper: on the Play screen either made Chromium lose the next tap.
    said = tr("glance.dragon.event_hint", headline=tr.msg(f.headline.msg), line=whole)
    return _tile(
        _month_column(tr, i, f),
        (name, said, line),
        f"glance-event-{i}",
        lambda _: open_detail(i, seat),
        ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        texts_key=f"glance-event-{{}}-{i}",
    )


def now_tile(tr: Tr, now: InPlay, show_rule: Callable[[str], None]) -> ft.Control:
    """The event being resolved, as its tile: marked (a thicker border in the theme's colour),
    "In play now" under its name, not who answers (the banner above says "Ben, then Ana"); a tap
    opens its rule (what it does is happening: its forecast no longer says anything)."""
    name = tr.msg(super_msg(now.event) if now.super else event_msg(now.event))
    line = tr("glance.dragon.in_play")
    said = tr("glance.dragon.in_play_hint", month=now.month, event=name, line=line)
    return _tile(
        _month_glyph(tr, now.event, now.month, "glance-event-now-month"),
        (name, said, line),
        "glance-event-now",
        lambda _: show_rule(now.rule_id),
        ft.Border.all(2, ft.Colors.PRIMARY),
        texts_key="glance-event-now-{}",
    )


def _tile(
    month: ft.Control,
    words: tuple[str, str, str],
    key: str,
    on_click: Callable[[Any], None],
    border: ft.Border,
    texts_key: str,
) -> ft.Control:
    """An event's tile on the strip: its symbol and month, then its name (which says the whole
    tile to a screen reader, ``words[1]``) over its line (silent), tappable. ``texts_key`` names
    the two texts ("name", "line" put in its ``{}``)."""
    name, said, line = words
    texts: list[ft.Control] = [
        ft.Text(
            name,
            semantics_label=said,
            size=12,
            weight=ft.FontWeight.BOLD,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
            key=texts_key.format("name"),
        ),
        ft.Text(
            line,
            semantics_label="",
            size=11,
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
            key=texts_key.format("line"),
        ),
    ]
    return ft.Container(
        ft.Row(
            [month, ft.Column(texts, spacing=0, tight=True, expand=True)],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        key=key,
        on_click=on_click,
        expand=True,
        height=56,
        padding=ft.Padding.symmetric(horizontal=4, vertical=2),
        border_radius=8,
        border=border,
        ink=True,
    )


def _month_column(tr: Tr, i: int, f: EventForecast) -> ft.Control:
    return _month_glyph(tr, f.event, f.month, f"glance-event-month-{i}")


def _month_glyph(tr: Tr, event: str, month: int, key: str) -> ft.Control:
    """The event's symbol, its month under it (beside the name, "Month 4 · Dragon festival" cut a
    long name short at 412 px: "Month 3 · Imperial trib…"). Silent: the tile's name says the month.
    A part: a tile is drawn again when its line changes (who is hit hardest), not its month."""
    draw = partial(_month_face, tr, event, month, key)
    return part((tr.lang, event, month), draw, key=f"{key}-face")


def _month_face(tr: Tr, event: str, month: int, key: str) -> ft.Control:
    return ft.Column(
        [
            glyph(EVENTS[event], 30),
            ft.Text(
                tr("glance.dragon.event_month", month=month),
                size=10,
                semantics_label="",
                key=key,
            ),
        ],
        spacing=0,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        width=40,
    )


def palaces_button(tr: Tr, open_palaces: Callable[[], None]) -> ft.Control:
    return ft.TextButton(
        content=ft.Text(tr("glance.palaces"), semantics_label=tr("glance.dragon.palaces_hint")),
        icon=ft.Icons.FORT,
        key="glance-palaces",
        tooltip=quiet(tr("glance.dragon.palaces_hint")),
        on_click=lambda _: open_palaces(),
        height=TAP,
    )


def show_palaces(model: TableModel, table: Table) -> None:
    """Every seat's palaces as they stand on the table: a floor a square, a person on it as their
    type's tile (young or old in its name), an empty floor an outline."""

    def body() -> list[ft.Control]:
        state = model.view.state
        assert isinstance(state, DragonState)
        return [realm(model.tr, table, state, s) for s in range(len(state.players))]

    model.dialogs.dialog(model.tr("glance.dragon.palaces_title"), body, key="glance-palaces-dialog")


def realm(tr: Tr, table: Table, state: DragonState, seat: int) -> ft.Control:
    p = table.players[seat]
    palaces = [
        palace(tr, seat, k, pal.floors, pal.persons) for k, pal in enumerate(state.players[seat].palaces)
    ]
    return ft.Column(
        [
            ft.Row([dot(p.color, 12), ft.Text(p.name, weight=ft.FontWeight.BOLD)], spacing=6),
            ft.Row(
                palaces, wrap=True, spacing=10, run_spacing=6, vertical_alignment=ft.CrossAxisAlignment.END
            ),
        ],
        spacing=4,
        tight=True,
    )


def palace(tr: Tr, seat: int, k: int, floors: int, persons: tuple[str, ...]) -> ft.Control:
    """One palace, its floors stacked from the ground up."""
    cells: list[ft.Control] = []
    for f in range(floors):
        if f < len(persons):
            tile = persons[f]
            kind = tile.split(":")[0]
            cells.append(
                ft.Container(
                    glyph(PERSONS[kind], 26),
                    tooltip=tr.msg(tile_msg(tile)),
                    key=f"glance-person-{seat}-{k}-{f}",
                )
            )
        else:
            cells.append(
                ft.Container(
                    width=26,
                    height=26,
                    border_radius=6,
                    border=ft.Border.all(1, ft.Colors.OUTLINE),
                    tooltip=tr("dragon.empty"),
                    key=f"glance-room-{seat}-{k}-{f}",
                )
            )
    return ft.Column(list(reversed(cells)), spacing=2, tight=True, key=f"glance-palace-{seat}-{k}")
