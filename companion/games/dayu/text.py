"""Small Msg builders shared by the engine, the prompts, the calculator and the screens."""

from __future__ import annotations

from companion.core import Effect, Msg, msg
from companion.games.dayu.state import ToolCard
from companion.games.dayu.tally import flood_name  # there: the calculator names flood cards too

__all__ = ["card_label", "card_name", "effect", "flood_name"]


def card_name(card: ToolCard) -> Msg:
    """A tool card as it lies in a hand: its frame and the side up ("Red card, rune side")."""
    return msg(f"dayu.card.{card.side}", frame=msg(f"dayu.frame.{card.frame}"))


def card_label(hand: list[ToolCard], i: int) -> Msg:
    """Card ``i`` of a hand, or "card n" when the hand has no such card (a label of a refused entry)."""
    if 0 <= i < len(hand):
        return card_name(hand[i])
    return msg("dayu.card.unknown", n=i + 1)


def effect(rule_id: str, key: str, seat: int | None, **args: object) -> Effect:
    """An effect line: the rule behind it, its message, the seat it concerns."""
    return Effect(rule_id=rule_id, msg=msg(key, **args), seat=seat)
