"""A player's businesses in one paragraph, on the income card and in a year's summary: the
complete ones in full, the others grouped by what each pays, the best first ("$10,000 each: Take
Out 3 (1/5), Jewelry 5 (1/4)"). A line per business took 25 lines by the third year and pushed
the last entry and the year's summary below the fold."""

from __future__ import annotations

from typing import Any, NamedTuple

from companion.core import Effect, Msg, msg
from companion.games.chinatown.public import Business, business_msg, business_short
from companion.ui.i18n import Tr

COMPLETE = "chinatown.fx.business_complete"
INCOMPLETE = "chinatown.fx.business_incomplete"


class Said(NamedTuple):
    """One business as the paragraph says it: in full when complete, else short in its group."""

    complete: bool
    income: int
    full: Msg
    short: Msg


def businesses_text(tr: Tr, businesses: list[Business[Any]]) -> str:
    """The paragraph for a player's businesses on the board as it stands."""
    return paragraph(
        tr,
        [
            Said(
                b.complete,
                b.income,
                business_msg(b.shop, b.buildings, b.size, b.complete, b.income),
                business_short(b.shop, b.buildings, b.size),
            )
            for b in businesses
        ],
    )


def year_detail(tr: Tr, effects: list[Effect]) -> str:
    """A seat's detail in a year's summary: its businesses' income as on the income card (read
    back from the engine's lines), then anything else (its trades) as the engine says it."""
    said: list[Said] = []
    rest: list[str] = []
    for fx in effects:
        if fx.msg.key in (COMPLETE, INCOMPLETE):
            a = fx.msg.args
            short = msg(
                "chinatown.business_short",
                shop=a["shop"],
                buildings=a["buildings"],
                size=a["size"],
                max=a["max"],
            )
            said.append(Said(fx.msg.key == COMPLETE, a["amount"], fx.msg, short))
        else:
            rest.append(tr.msg(fx.msg))
    return " · ".join(t for t in (paragraph(tr, said), *rest) if t)


def paragraph(tr: Tr, said: list[Said]) -> str:
    done = [tr.msg(s.full) for s in said if s.complete]
    by_income: dict[int, list[str]] = {}
    for s in said:
        if not s.complete:
            by_income.setdefault(s.income, []).append(tr.msg(s.short))
    grouped = [
        tr("chinatown.income_each", n=len(items), amount=amount, businesses=", ".join(items))
        for amount, items in sorted(by_income.items(), reverse=True)
    ]
    return " · ".join([*done, *grouped])
