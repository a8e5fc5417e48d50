"""Small Msg builders shared by effects, prompts, labels and the screens (through public.py).

A Msg is frozen, and these depend only on their argument: each is built once per argument
(effects and prompts name the same tiles and cards hundreds of times a game).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

from companion.core.msg import Msg, msg
from companion.games.dragon.data import RULES, WILD


def sizes_text(sizes: Iterable[int]) -> str:
    """The cards in each action group, "2 + 2 + 1 + 1": the spaces do not break, so a line that
    ends in the middle of the sum does not leave "(2 +" over "2 + 2 + 2)" on a phone."""
    return "\u00a0+\u00a0".join(map(str, sizes))


@functools.cache
def tile_msg(tile: str) -> Msg:
    """ "young monk" / "monje joven": one key per tile, so that a language whose adjective
    agrees with the person type's gender writes each name whole ("monje anciano")."""
    kind, age = tile.split(":")
    return msg(f"dragon.tile.{kind}.{age}")


@functools.cache
def tile_value_msg(tile: str) -> Msg:
    """ "young monk (6)": the tile with its person-track value."""
    return msg("dragon.tile_value", tile=tile_msg(tile), value=RULES.faces[tile].value)


def tile_power_msg(tile: str) -> Msg:
    """What a person tile does for its owner, in one line ("Taxes: +3 yuan"): one key per
    symbol, the count of symbols on this tile's face from the rules data."""
    kind, _ = tile.split(":")
    n = RULES.faces[tile].symbols
    symbol = RULES.types[kind].symbol
    vp = n * RULES.scoring.round.per_court_lady_dragon if symbol == "dragon" else n
    return msg(f"dragon.power.{symbol}", n=vp)


@functools.cache
def card_msg(card: str) -> Msg:
    return (
        msg("dragon.card.wild") if card == WILD else msg("dragon.card.type", type=msg(f"dragon.type.{card}"))
    )


def cards_text(cards: Iterable[str]) -> list[Msg]:
    """A hand of person cards, counted, in the hand's order: "craftsman, wildcard ×2" (a seat's
    panel listed "craftsman card, wildcard, wildcard" where the box shows a fan of cards)."""
    counts = Counter(cards)
    return [_card_count(card, k) for card, k in counts.items()]


def _card_count(card: str, k: int) -> Msg:
    name = msg("dragon.card.wild_short") if card == WILD else msg(f"dragon.type.{card}")
    return name if k == 1 else msg("dragon.card_count", n=k, card=name)


@functools.cache
def action_msg(card: str) -> Msg:
    return msg(f"dragon.action.{card}")


@functools.cache
def event_msg(event: str) -> Msg:
    return msg(f"dragon.event.{event}")


def groups_msg(groups: tuple[tuple[str, ...], ...] | list[tuple[str, ...]]) -> list[Msg]:
    """Each action group of a deal with its cards ("(1) Taxes, Harvest")."""
    return [_group_msg(i + 1, g) for i, g in enumerate(groups)]


@functools.lru_cache(maxsize=4096)
def _group_msg(n: int, cards: tuple[str, ...]) -> Msg:
    """One group of a deal (a few hundred kinds): made once, as the other builders here."""
    return msg("dragon.group_cards", n=n, cards=[action_msg(c) for c in cards])


def names(players: list[str]) -> str:
    return ", ".join(players)


def reason_msg(rule_id: str) -> Msg:
    """The name of what causes a release: an event, the wall check or a super event."""
    area, name = rule_id.split(".")[1:3]
    if area == "wall":
        return msg("dragon.wall.name")
    return msg(f"dragon.{area}.{name}")
