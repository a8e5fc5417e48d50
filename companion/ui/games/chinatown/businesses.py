"""A player's businesses in one paragraph, on the income card and in a year's summary: the
complete ones in full, the others grouped by what each pays, the best first ("$10,000 each: Take
Out 3 (1/5), Jewelry 5 (1/4)"). A line per business took 25 lines by the third year and pushed
the last entry and the year's summary below the fold."""

from __future__ import annotations

from typing import Any

from companion.core import Effect, Msg
from companion.games.chinatown.public import Business, business_msg, business_of, business_short
from companion.ui.i18n import Tr

COMPLETE = "chinatown.fx.business_complete"
INCOMPLETE = "chinatown.fx.business_incomplete"


def businesses_text(tr: Tr, businesses: list[Business[Any]]) -> str:
    """The paragraph for a player's businesses on the board as it stands."""
    return paragraph(
        tr, [business_msg(b.shop, b.buildings, b.size, b.complete, b.income) for b in businesses]
    )


def year_detail(tr: Tr, effects: list[Effect]) -> str:
    """A seat's detail in a year's summary: its businesses' lines grouped as on the income card,
    then anything else (its trades) as the engine says it. The seat is the summary's own: its
    income lines lose the earner's name History gives them."""
    said = [business_of(fx.msg) for fx in effects]
    lines = [m for m in said if m.key in (COMPLETE, INCOMPLETE)]
    rest = [tr.msg(m) for m in said if m.key not in (COMPLETE, INCOMPLETE)]
    return " · ".join(t for t in (paragraph(tr, lines), *rest) if t)


def paragraph(tr: Tr, lines: list[Msg]) -> str:
    """Business lines (``business_msg``'s): the complete ones in full, the others short, grouped
    by what each pays, the best first."""
    done = [tr.msg(line) for line in lines if line.key == COMPLETE]
    by_income: dict[int, list[str]] = {}
    for line in lines:
        if line.key == INCOMPLETE:
            by_income.setdefault(line.args["amount"], []).append(tr.msg(business_short(line)))
    grouped = [
        tr("chinatown.income_each", n=len(items), amount=amount, businesses=", ".join(items))
        for amount, items in sorted(by_income.items(), reverse=True)
    ]
    return " · ".join([*done, *grouped])
