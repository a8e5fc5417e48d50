"""Which data is hidden from whom: money is secret until the end (and app-dealt cards are private).

The UI and the live-share layer call these pure helpers to redact what a viewer may see.
``viewer_seat`` None is a spectator (or the shared table screen): it sees nobody's money.
"""

from __future__ import annotations

from companion.core.msg import msg
from companion.core.protocol import Effect
from companion.games.chinatown.state import ChinatownState

# Income lines whose amount is a player's secret: the payout of one business, and the year's total.
_HIDDEN_AMOUNT = {
    "chinatown.fx.business_complete": "sec-live.chinatown.business_complete_paid",
    "chinatown.fx.business_incomplete": "sec-live.chinatown.business_incomplete_paid",
    "chinatown.fx.income_total": "sec-live.chinatown.income_collected",
}


def money_is_secret(state: ChinatownState) -> bool:
    return state.phase != "over"


def visible_money(state: ChinatownState, viewer_seat: int | None) -> dict[int, int | None]:
    """Each seat's money as this viewer may see it (None: hidden); everybody's once the game is over."""
    secret = money_is_secret(state)
    return {s: (m if not secret or s == viewer_seat else None) for s, m in enumerate(state.money)}


def visible_dealt(state: ChinatownState, viewer_seat: int | None) -> dict[int, list[int] | None]:
    """This year's app-dealt building hands: a player sees only their own until they keep."""
    if state.dealt is None:
        return {}
    return {s: (list(h) if s == viewer_seat or s in state.kept else None) for s, h in enumerate(state.dealt)}


def visible_effect(state: ChinatownState, effect: Effect, viewer_seat: int | None) -> Effect:
    """An effect as a live-share client of ``viewer_seat`` (None: a viewer) may read it.

    At the table, the bills a player hands over in a trade are seen by everybody, so trade
    lines keep their amounts. Income is taken from the bank by each player for all their
    businesses at once, and what a player holds is never counted aloud: another player's income
    lines name the business (the board shows it) but not the money. Everything is shown once
    the game is over. See docs/decisions/chinatown.md, "Secret money on other phones".
    """
    hidden = _HIDDEN_AMOUNT.get(effect.msg.key)
    if hidden is None or not money_is_secret(state) or effect.seat == viewer_seat:
        return effect
    args = {k: v for k, v in effect.msg.args.items() if k != "amount"}
    return effect.model_copy(update={"msg": msg(hidden, **args)})
