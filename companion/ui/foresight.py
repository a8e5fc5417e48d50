"""Foresight and hindsight on the screens, the parts every game shares: one cache per table
version, and the round-summary card (Play shows the last round's; History's round headers can
show any round's).

The engines compute everything (companion/games/*/forecast.py, preview.py, hindsight.py, given
to the screens by each game's public module and its ``GameUI``); this module only keeps their
answers and draws them. The summaries read the whole log, so they are
computed once per table version, not once per tap or per session: the cache lives beside the
hub's shared Table objects.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import flet as ft

from companion.core import Effect, Table
from companion.core.foresight import RoundSummary, table_history
from companion.ui.gameui import ui_for
from companion.ui.parts import part
from companion.ui.rule_links import effect_line, line_dot, rule_span
from companion.ui.widgets import card, dot, more_fold, small, text_button

if TYPE_CHECKING:
    from companion.ui.i18n import Tr
    from companion.ui.state import Drafts
    from companion.ui.table_model import TableModel

T = TypeVar("T")


@dataclass(frozen=True)
class RoundAsked:
    """ "See this round in History": the round's (first, last) entries History shows first
    (views/history_rounds.py takes it once, into its ``RoundFocus``)."""

    entries: tuple[int, int]


Rest = Literal["below", "end", ""]  # where a round's lines past the first few are (happened_lines)
MAX_HAPPENED = 4  # what the event did: the first few lines (the rest is in History, or folded at the end)

# (table id, what) -> (the state it was computed for, the answer). A version is identified by
# its state object: after an undo and a different entry, the version number repeats, the state
# does not. One entry per table and kind, so the cache never grows beyond the open tables.
_CACHE: dict[tuple[str, str], tuple[Any, Any]] = {}


def per_version(table: Table, what: str, compute: Callable[[], T]) -> T:
    """``compute()`` once per version of ``table`` (shared by every session showing it)."""
    key = (table.id, what)
    hit = _CACHE.get(key)
    state = table.state
    if hit is not None and hit[0] is state:
        return hit[1]
    value = compute()
    _CACHE[key] = (state, value)
    return value


def effect_block(model: TableModel, effect: Effect, key: str, linked: bool = True) -> ft.Control:
    """An effect in a dialog, as ``effect_line`` draws one (the text over the width, its rule a
    link at its end, ``rule_span``, keyed ``key``); ``linked=False``: no rule (the dialog names
    that rule once), and ``key`` keys the text."""
    marker: list[ft.Control] = []
    if effect.seat is not None and 0 <= effect.seat < len(model.table.players):
        marker = [line_dot(model.table.players[effect.seat].color)]
    spans = [rule_span(model.tr, model.show_rule, effect.rule_id, key)] if linked else None
    text = ft.Text(model.tr.msg(effect.msg), size=14, expand=True, key=None if linked else key, spans=spans)
    return ft.Row([*marker, text], spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)


def summaries(table: Table) -> list[RoundSummary]:
    """The game's summaries of every finished round (none for a game without hindsight).

    A summary reads the whole log, but it changes only when a round ends: the list is kept
    while the number of rounds done (the game's ``rounds_done``) and the history up to the last
    round's end stay the same, so a tap inside a round costs nothing here."""
    hindsight = ui_for(table.game_id).hindsight
    if hindsight is None:
        return []
    done = hindsight.rounds_done(table.state)
    key = (table.id, "summaries")
    hit = _CACHE.get(key)
    if hit is not None:
        (was_done, anchor, at), found = hit
        if was_done == done and at <= table.version and table.state_at(at) is anchor:
            return found
    found = hindsight.round_summaries(*table_history(table))
    at = found[-1].entries[1] + 1 if found else 0  # the state that closed the last round
    _CACHE[key] = ((done, table.state_at(at), at), found)
    return found


def joined(tr: Tr, effects: list[Effect]) -> str:
    """A seat's detail in a round's summary: what each effect says, in order."""
    return " · ".join(tr.msg(fx.msg) for fx in effects)


def round_card(
    model: TableModel,
    table: Table,
    summary: RoundSummary,
    *,
    key: str,
    in_history: bool = False,
    entries_below: bool = False,
) -> ft.Control:
    """One round in short: each player's VP by source and what they lost, what the event did,
    the turn order that follows. Tap "See in History" to open the round's entries (not on
    History's own round headers, which sit over those entries: ``entries_below`` points the
    lines left out to them rather than to History)."""
    tr = model.tr
    summary = model.view.summary(summary)  # every line as this screen's view may read it
    title = ft.Row(
        [
            ft.Icon(ft.Icons.HISTORY_EDU, size=18),
            ft.Text(tr.msg(summary.title.msg), weight=ft.FontWeight.BOLD, expand=True, key=f"{key}-title"),
        ]
    )
    lines: list[ft.Control] = [] if in_history else [title]  # History's header says it already
    hindsight = ui_for(table.game_id).hindsight
    said = hindsight.detail if hindsight is not None and hindsight.detail is not None else joined
    for sr in summary.seats:
        p = table.players[sr.seat]
        detail = said(tr, [*sr.gained, *sr.lost])
        line = sr.line
        rows: list[ft.Control] = [ft.Text(tr.msg(line.msg), size=14, key=f"{key}-seat-{sr.seat}")]
        if detail:
            rows.append(small(detail, key=f"{key}-detail-{sr.seat}"))
        lines.append(
            ft.Row(
                [
                    part(p.color, partial(dot, p.color, 12), key=f"{key}-dot-{sr.seat}"),
                    ft.Column(rows, spacing=0, tight=True, expand=True),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
                spacing=6,
            )
        )
    lines += happened_lines(
        model, summary, key, "below" if entries_below else "end" if table.finished else ""
    )
    if summary.order_line is not None:
        lines.append(ft.Text(tr.msg(summary.order_line.msg), size=14, key=f"{key}-order"))
    if in_history:
        return card(*lines, key=key)
    lines.append(
        text_button(
            tr("foresight.see_round"),
            f"{key}-open",
            lambda _: open_round(model.drafts, model.go, table, summary),
            tooltip=tr("foresight.see_round_hint", title=tr.msg(summary.title.msg)),
        )
    )
    return card(*lines, key=key)


def happened_lines(model: TableModel, summary: RoundSummary, key: str, rest: Rest) -> list[ft.Control]:
    """A round's "What happened": its first lines, less what a player's line already says
    (Chinatown's trades: each giver's line tells their side of it; the list told both sides
    again), and how many more there are, and where (it had listed Ben's releases, not Ana's):
    ``rest`` "below" (History's round header, over the round's entries), "end" (the game is over:
    the rest folded in place, the table reads the last round here) or "" (Play during the game:
    the rest is in History)."""
    tr = model.tr
    told = [fx for sr in summary.seats for fx in (*sr.gained, *sr.lost)]  # Msg args: not hashable
    happened = [fx for fx in summary.happened if fx not in told]
    if not happened:
        return []
    lines: list[ft.Control] = [small(tr("foresight.happened"), key=f"{key}-happened")]
    shown = happened if rest == "end" else happened[:MAX_HAPPENED]
    said = [effect_line(model, fx, key=f"{key}-fx-{i}") for i, fx in enumerate(shown)]
    lines += said[:MAX_HAPPENED]
    n = len(happened) - MAX_HAPPENED
    if n > 0 and rest == "end":
        lines.append(more_fold(tr("fold.more", n=n), said[MAX_HAPPENED:], f"{key}-more"))
    elif n > 0:
        more = "foresight.happened_more_below" if rest == "below" else "foresight.happened_more"
        lines.append(small(tr(more, n=n), key=f"{key}-more"))
    return lines


def open_round(drafts: Drafts, go: Callable[[str], None], table: Table, summary: RoundSummary) -> None:
    """History (``go`` opens a route), with the round's entries asked for first (History takes the
    ``RoundAsked`` from the session's ``drafts``)."""
    drafts.put(RoundAsked(summary.entries))
    go(f"/table/{table.id}/history")


def last_round(model: TableModel, table: Table) -> list[ft.Control]:
    """The Play screen's card for the round that ended last (nothing before the first ends).
    Drawn again only when the summary or the language changes, not on every tap."""
    done = summaries(table)
    if not done:
        return []
    last = done[-1]
    seen = model.view.effects(s.line for s in last.seats)  # what this screen may read changes at the end
    props = (model.tr.lang, table.id, last, tuple(p.color for p in table.players), seen, table.finished)
    return [part(props, lambda: round_card(model, table, last, key="hindsight"), key="hindsight-part")]
