"""What a made entry did, as a sentence naming who did it ("Ana draws from the silver pile"):
the header of a History entry and the Play screen's "Last:" line.

``describe`` (flow.py) labels a choice before it is made, with the numbers of that moment
("Draw from the silver pile (28 left)"); once made, the count is stale, so a sentence here
holds no count the entry changes."""

from __future__ import annotations

from companion.core import Msg, msg
from companion.games.dayu import entries as E
from companion.games.dayu.state import DayuState
from companion.games.dayu.tally import flood_name
from companion.games.dayu.text import card_label


def narrate(s: DayuState, e: object) -> Msg:
    """Entry ``e``, made in state ``s`` (whose player acts), as a sentence."""
    if isinstance(e, E.PlaceMarker):
        return msg("dayu.did.marker", player=_name(s, e.player), place=e.place + 1)
    if isinstance(e, E.StartPlayer):
        return msg("dayu.do.start", player=_name(s, e.player))
    player = _name(s, s.current)
    return _turn(s, e, player) or _card(s, e, player) or msg("dayu.did.unknown", player=player)


def _turn(s: DayuState, e: object, player: str) -> Msg | None:
    """A move on the ring, a rest, the end of the actions, a draw."""
    if isinstance(e, E.Draw):
        return msg("dayu.did.draw", player=player, pile=msg(f"dayu.frame.{e.pile}"))
    if isinstance(e, E.Move):
        return msg("dayu.did.move_free" if e.free else "dayu.did.move", player=player, place=e.to + 1)
    if isinstance(e, E.Rest):
        return msg("dayu.did.rest", player=player)
    if isinstance(e, E.FreeTool):
        return msg("dayu.did.free_tool", player=player, place=e.place + 1)
    if isinstance(e, E.EndActions):
        return msg("dayu.did.end_actions", player=player)
    return None


def _card(s: DayuState, e: object, player: str) -> Msg | None:
    """What a player did with a card: drained, flipped, discarded, exchanged, what it showed."""
    hand = s.players[s.current].hand if s.players else []
    if isinstance(e, E.Drain):
        return msg("dayu.did.drain", player=player, card=card_label(hand, e.card))
    if isinstance(e, E.DrainTools):
        return msg("dayu.did.tools", player=player, n=e.tools)
    if isinstance(e, E.DrainVP):
        return msg("dayu.did.vp", player=player, vp=e.vp)
    if isinstance(e, E.CancelDrain):
        return msg("dayu.did.cancel", player=player)
    if isinstance(e, E.Flip):
        return msg(
            "dayu.did.flip_free" if e.free else "dayu.did.flip", player=player, card=card_label(hand, e.card)
        )
    if isinstance(e, E.Discard):
        # each card with its article ("the green card (flipped) and the red card"): a list read
        # "discards green card (flipped) and red card"
        cards = [msg("dayu.the_card", card=card_label(hand, i)) for i in e.cards]
        return msg("dayu.did.discard", player=player, cards=cards)
    if isinstance(e, E.FloodBonus):
        return msg("dayu.did.bonus", player=player, card=flood_name(e.bonus, e.points or 0))
    if isinstance(e, E.Exchange):
        return _exchange(s, e, player)
    return None


def _exchange(s: DayuState, e: E.Exchange, player: str) -> Msg:
    if e.player is None or e.card is None:
        return msg("dayu.did.keep", player=player)
    other = s.players[e.player] if 0 <= e.player < len(s.players) else None
    if other is None or not 0 <= e.card < len(other.flood):
        return msg("dayu.do.exchange_unknown")
    got = other.flood[e.card]
    return msg("dayu.did.exchange", player=player, other=other.name, card=flood_name(got.kind, got.points))


def _name(s: DayuState, seat: int | None) -> str:
    return s.players[seat].name if seat is not None and 0 <= seat < len(s.players) else "?"
