"""Foresight for Da Yu: what the flood card under the current player's marker allows.

The app does not know the faces of the cards (they are not published), so a tool card
"fits" by the counts the app knows, exactly as the engine checks a drain: the free spaces on
the card and the tokens left in the supply (ring.free_spaces, rules._check_room). What
taking the card would be worth is the engine's own ``scoring.tally`` with the card added.
"""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from companion.core import Effect, msg
from companion.core.foresight import signed
from companion.games.dayu.data import DATA, POINTS_KIND
from companion.games.dayu.ring import SPACES, can_start_drain, free_spaces
from companion.games.dayu.scoring import tally
from companion.games.dayu.state import DayuState


class CardFit(BaseModel):
    """One tool card in the hand: the most tools its face may show and still be played here."""

    model_config = ConfigDict(frozen=True)

    card: int  # index in the hand
    max_tools: int  # 0: it cannot be played on this card now


class CaptureWorth(BaseModel):
    """What taking a flood card of this kind would add to the player's score now."""

    model_config = ConfigDict(frozen=True)

    kind: str  # a flood kind, or POINTS_KIND (worth its printed number)
    gain: int | None  # None for a card that only shows a printed number: it is worth that number
    effect: Effect


class MarkerPreview(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    place: int | None  # the marker's place (from 0), None before the markers are placed
    tokens: int  # drainage tokens on the card now
    needed: int  # tokens still needed before the card is taken (0: taken after this turn's draw)
    room: int  # the most tools one drain could place: free spaces, and tokens in the supply (0 when over)
    can_drain: bool  # a drain may be started now (an action point left, a card in hand, room on the card)
    fits: list[CardFit]
    # what the hand's cards allow, in one line: the app knows a card's frame and side, not its
    # face, so every card in hand fits alike (None with an empty hand)
    fit: Effect | None
    worth: list[CaptureWorth]
    line: Effect


def tokens_needed(state: DayuState, place: int) -> int:
    """Tokens still to go on the card at ``place`` before it is full and taken (0 for an empty place)."""
    return free_spaces(state.ring[place])


def drain_room(state: DayuState, place: int) -> int:
    """The most tools a drain could place on this card now: the engine refuses more (dayu.drain.fit,
    dayu.drain.supply)."""
    return min(free_spaces(state.ring[place]), state.supply)


def capture_worth(state: DayuState, seat: int) -> list[CaptureWorth]:
    """For each kind of flood card: the points taking one would add to ``seat``'s score now, said
    with the card's name and its article ("If it is a Red frame bonus: +2", not "If it is Red
    frame bonus")."""
    p = state.players[seat]
    vp = tuple((c.frame, c.vp) for c in p.vp_cards)
    gains = dict(_gains(vp, tuple((f.kind, f.points) for f in p.flood)))
    out = []
    for kind, info in DATA.flood_kinds.items():
        gain = gains[kind]
        if info.frame is not None:
            framed = sum(1 for f, _ in vp if f == info.frame)
            text = msg(
                "foresight.dayu.worth_frame",
                card=msg(f"foresight.dayu.a_card.{kind}"),
                gain=gain,
                n=framed,
                frame=msg(f"dayu.frame.{info.frame}"),
            )
            rule_id = "dayu.flood.frame_bonus"
        else:
            text = msg("foresight.dayu.worth", card=msg(f"foresight.dayu.a_card.{kind}"), gain=signed(gain))
            rule_id = f"dayu.flood.{kind}"
        out.append(CaptureWorth(kind=kind, gain=gain, effect=Effect(rule_id=rule_id, seat=seat, msg=text)))
    out.append(
        CaptureWorth(
            kind=POINTS_KIND,
            gain=None,
            effect=Effect(rule_id="dayu.flood.points", seat=seat, msg=msg("foresight.dayu.worth_points")),
        )
    )
    return out


@lru_cache(maxsize=256)
def _gains(
    vp: tuple[tuple[str, int], ...], flood: tuple[tuple[str, int], ...]
) -> tuple[tuple[str, int], ...]:
    """For each flood kind: the engine's tally with one more card of it, minus the tally now.
    Kept per hand of cards: the screens ask again at every redraw and the cards seldom change
    (a Da Yu game scored this hundreds of times over for the same few hands)."""
    now = tally("", vp, flood).total
    return tuple(
        (kind, tally("", vp, [*flood, (kind, info.points)]).total - now)
        for kind, info in DATA.flood_kinds.items()
    )


def marker_preview(state: DayuState) -> MarkerPreview:
    """For the current player: which tool cards fit the flood card under their marker, how many
    tokens it still needs, and what taking it would be worth. Once the game is over nothing
    fits any more; before the markers are placed there is no card under them."""
    seat = state.current
    p = state.players[seat]
    place = p.marker
    on_card = place is not None and state.ring[place].card is not None
    over = state.phase == "over"
    tokens = needed = room = 0
    if place is not None and on_card:
        tokens = state.ring[place].tokens
        needed = tokens_needed(state, place)
        room = 0 if over else drain_room(state, place)
    high = DATA.tools_per_face.high
    can_drain = state.phase == "actions" and state.points_left > 0 and bool(p.hand) and can_start_drain(state)
    # The app counts spaces and tokens only (dayu.drain.colour): a face fits if its tools'
    # colours find free spaces too, which the players check. The count is the same for every
    # card in hand (the app does not know their faces), so the hand gets one line, not one each.
    most = min(room, high)
    fits = [CardFit(card=i, max_tools=most) for i in range(len(p.hand))]
    key = "hand_fits" if most >= high else "hand_fits_up_to" if most else "hand_no_fit"
    fit = (
        Effect(rule_id="dayu.drain.fit", seat=seat, msg=msg(f"foresight.dayu.{key}", n=most))
        if p.hand
        else None
    )
    if over:
        line = msg("foresight.dayu.line_over", player=p.name)
    elif place is None:
        line = msg("foresight.dayu.line_unplaced", player=p.name)
    elif not on_card:
        line = msg("foresight.dayu.line_empty", player=p.name)
    else:
        line = msg(
            "foresight.dayu.line" if can_drain else "foresight.dayu.line_no_drain",
            player=p.name,
            place=place + 1,
            tokens=tokens,
            spaces=SPACES,
            needed=needed,
            room=min(room, high),
        )
    return MarkerPreview(
        seat=seat,
        place=place,
        tokens=tokens,
        needed=needed,
        room=room,
        can_drain=can_drain,
        fits=fits,
        fit=fit,
        worth=capture_worth(state, seat),
        line=Effect(rule_id="dayu.capture", seat=seat, msg=line),
    )
