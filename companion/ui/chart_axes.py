"""A chart's axes as a phone shows them: each axis titled with what it measures and its unit
("Money at the end ($)", "Win rate (%)"), and tick labels on one line in the room kept for them.

Each axis tells the chart where its labels are (``label_spacing``): without it the chart asks
for labels at steps of its own choosing and draws only the ones it finds there, the first and the
last (a Da Yu game's turns read "0" ... "45", nothing between).

Money ticks are compact ("800K" / "800 mil", Babel's short forms) with the unit in the title: the
full amount with its sign ("800.000 $") broke over two lines in the 44 px a left axis kept, and
its labels ran into each other under a bar chart (the 412 px walkthrough, docs/DECISIONS.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import flet as ft

from companion.i18n import format_compact_number, format_month, format_number

TICK = 11  # a tick label's font size
TITLE = 12  # an axis title's font size
TITLE_ROOM = 18  # the band an axis title takes beside (left) or under (bottom) the tick labels
# Roboto's digits and lower-case letters are at most about 0.6 em wide: the room a tick label
# needs is counted from its characters (Flet cannot measure text on the server)
CHAR_EM = 0.6


def tick_text(value: float, unit: str, lang: str) -> str:
    """A tick's number: money compact ("800K" / "800 mil"), points as counted ("36" / "36,5")."""
    return format_compact_number(value, lang) if unit == "money" else format_number(value, lang)


def nice_step(top: int, lines: int = 5) -> int:
    """A round step (1, 2, 5, 10, 20, 25, 50, ...) giving about ``lines`` grid lines up to ``top``."""
    raw = max(1.0, top / lines)
    base = 10 ** math.floor(math.log10(raw))
    return int(next(m * base for m in (1, 2, 2.5, 5, 10) if m * base >= raw))


def round_ticks(rounds: int, end: int, lines: int = 6) -> list[int]:
    """Round numbers from 0 to ``rounds`` at a round step (0, 10, 20, 30, 40 for 45 turns), for
    about ``lines`` labels; the last left out when it would sit on the final scoring's label
    (at ``end``, past ``rounds``) closer than half a step."""
    step = nice_step(rounds, lines)
    xs = list(range(0, rounds + 1, step))
    if end > rounds and len(xs) > 1 and end - xs[-1] < step / 2:
        xs.pop()
    return xs


def spacing(ticks: Sequence[tuple[float, str]]) -> float | None:
    """The step at which the chart looks for labels: one every tick sits on (the greatest common
    divisor of whole values, 1 for a lone 0; None, the chart's own, for fractions)."""
    values = [v for v, _ in ticks]
    if not values or any(v != int(v) for v in values):
        return None
    step = 0
    for v in values:
        step = math.gcd(step, int(v))
    return step or 1


def label_room(texts: list[str], size: int = TICK) -> int:
    """The width a left axis keeps for ``texts`` on one line each: the longest, plus a gap."""
    longest = max((len(t) for t in texts), default=1)
    return math.ceil(longest * size * CHAR_EM) + 8


def month_number(key: str) -> int:
    """A month key ("2026-03") as a count of months, so that months apart subtract."""
    year, month = (int(part) for part in key.split("-"))
    return 12 * year + month - 1


def month_key(number: int) -> str:
    """``month_number``'s month key back ("2026-03")."""
    return f"{number // 12:04d}-{number % 12 + 1:02d}"


def month_places(months: list[str]) -> dict[str, int]:
    """Each month's place on a chart's x axis: months since the first (oldest first), so months
    without a play keep their room (January, May and December are not drawn side by side)."""
    first = month_number(months[0]) if months else 0
    return {m: month_number(m) - first for m in months}


def month_span(places: dict[str, int]) -> tuple[int, int]:
    """The x axis's ends for months at ``places``: from the first to the last, or, for a lone
    month, a month either side of it, so its point and its name are in the middle."""
    last = max(places.values(), default=0)
    return (-1, 1) if last == 0 else (0, last)


def month_ticks(months: list[str], lang: str, names: int = 5) -> list[tuple[float, str]]:
    """Calendar months from the first of ``months`` to the last at a round step, at most
    ``names`` of them (a month's short name, "sept 2026", is wide), each at its place."""
    if not months:
        return []
    first, last = month_number(months[0]), month_number(months[-1])
    every = max(1, math.ceil((last - first + 1) / names))
    return [(n - first, format_month(month_key(n), lang)) for n in range(first, last + 1, every)]


def tick(text: str) -> ft.Text:
    """A tick label that never wraps (the room is kept for it: ``label_room``)."""
    return ft.Text(text, size=TICK, no_wrap=True)


def title(text: str) -> ft.Text:
    return ft.Text(text, size=TITLE, no_wrap=True)


def left_axis(
    ticks: Sequence[tuple[float, str]], name: str, *, clear_corner: bool = False, **more: Any
) -> Any:
    """The value axis: ``ticks`` (value, text) in the room their longest needs, titled ``name``.
    ``clear_corner``: the lowest tick unlabelled, where its label would run into the first name
    under a line chart whose first point is on the left edge ("500 mil" over "ene 2026")."""
    import flet_charts as fc  # loaded with the first chart, not when the app starts

    step = spacing(ticks)
    if clear_corner:
        ticks = ticks[1:]
    return fc.ChartAxis(
        title=title(name),
        title_size=TITLE_ROOM,
        labels=[fc.ChartAxisLabel(value=v, label=tick(text)) for v, text in ticks],
        label_size=label_room([text for _, text in ticks]),
        label_spacing=step,
        **more,
    )


def bottom_axis(ticks: Sequence[tuple[float, str]], name: str) -> Any:
    """The axis along the bottom: ``ticks`` (position, text), titled ``name``."""
    import flet_charts as fc

    return fc.ChartAxis(
        title=title(name),
        title_size=TITLE_ROOM,
        labels=[fc.ChartAxisLabel(value=v, label=tick(text)) for v, text in ticks],
        label_size=24,
        label_spacing=spacing(ticks),
    )
