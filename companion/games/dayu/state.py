"""The Da Yu table state: the ring of flood cards, the piles, each player's cards, the turn.

Card faces are never stored (they are not published): a tool card in a hand is known by its
frame and which side is up; a VP card by its frame and the number entered when it was played;
a flood card in front of a player by the bonus entered when it was taken.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from companion.games.dayu.data import Frame
from companion.games.dayu.options import DayuOptions

Side = Literal["rune", "other"]
Phase = Literal[
    "markers",  # each marker placed on a flood card of the ring
    "start",  # the start player named
    "opening",  # opening cards drawn (only when the table chooses the piles)
    "actions",  # the current player spends action points and privileges
    "drain_tools",  # a drain in progress: how many tools the face shows
    "drain_vp",  # a drain in progress: the VP number of the played face
    "draw",  # drawing back up to the hand size
    "bonus",  # a full flood card taken: what it shows
    "exchange",  # an Exchange card taken: swap it or keep it
    "over",
]
Privilege = Literal["free_move", "free_flip", "free_tool"]
EndReason = Literal["flood_conquered", "no_tokens", "no_tools"]


_M = TypeVar("_M", bound=BaseModel)
_setattr = object.__setattr__


def _dup(model: _M, **changes: Any) -> _M:
    """``model.model_copy(update=changes)`` without pydantic's generic copy (about 20 a clone,
    each several times slower): the same dict, the same set of fields set (plus the changed
    ones), no extra or private attributes (these models have none)."""
    fields = model.__dict__.copy()
    fields_set = model.__pydantic_fields_set__.copy()
    if changes:
        fields.update(changes)
        fields_set.update(changes)
    new = object.__new__(model.__class__)
    _setattr(new, "__dict__", fields)
    _setattr(new, "__pydantic_fields_set__", fields_set)
    _setattr(new, "__pydantic_extra__", None)
    _setattr(new, "__pydantic_private__", None)
    return new


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class ToolCard(_Model):
    frame: Frame
    side: Side = "rune"


class VPCard(_Model):
    model_config = ConfigDict(extra="forbid", frozen=True)  # shared between states by clone()

    frame: Frame
    vp: int


class FloodCard(_Model):
    """A flood card in front of a player: its kind (a bonus, or 'points') and its printed points."""

    model_config = ConfigDict(extra="forbid", frozen=True)  # shared between states by clone()

    kind: str
    points: int


class Place(_Model):
    """One place of the ring. ``card`` is the flood card's serial number, None once it is left empty."""

    card: int | None
    tokens: int = 0


class SeatState(_Model):
    name: str
    marker: int | None = None
    hand: list[ToolCard] = []
    vp_cards: list[VPCard] = []
    flood: list[FloodCard] = []


class PendingDrain(_Model):
    card: int  # index in the hand
    tools: int | None = None


class DayuState(_Model):
    options: DayuOptions
    players: list[SeatState]
    ring: list[Place]
    flood_pile: int
    removed: int
    piles: dict[Frame, int]
    supply: int
    phase: Phase
    start: int | None = None
    current: int = 0
    round: int = 1
    turn: int = 0
    points_left: int = 0
    used: dict[Privilege, int] = {}
    pending: PendingDrain | None = None
    captures: list[int] = []  # places holding a full card still to be taken this turn
    taken: int | None = None  # index in the current player's flood cards of the Exchange card just taken
    next_card: int = 0  # serial number of the next flood card to come from the pile
    round_totals: list[list[int]] = []
    end_reason: EndReason | None = None

    def clone(self) -> DayuState:
        """A copy safe to change: every mutable part is copied, frozen cards are shared.

        Much cheaper than a deep copy, which dominated the cost of apply().
        """
        players = [
            _dup(p, hand=[_dup(c) for c in p.hand], vp_cards=list(p.vp_cards), flood=list(p.flood))
            for p in self.players
        ]
        return _dup(
            self,
            players=players,
            ring=[_dup(p) for p in self.ring],
            piles=dict(self.piles),
            used=dict(self.used),
            pending=None if self.pending is None else _dup(self.pending),
            captures=list(self.captures),
            round_totals=list(self.round_totals),  # the inner lists are never changed
        )

    def fork(self) -> DayuState:
        """``clone`` for ``apply``: the ring's places and the tool cards in hands are shared with
        this state (a fifth of the copies), so the handlers change one only through
        ``own_place`` or ``own_card``, which put a copy in its place first."""
        players = [
            _dup(p, hand=list(p.hand), vp_cards=list(p.vp_cards), flood=list(p.flood)) for p in self.players
        ]
        return _dup(
            self,
            players=players,
            ring=list(self.ring),
            piles=dict(self.piles),
            used=dict(self.used),
            pending=None if self.pending is None else _dup(self.pending),
            captures=list(self.captures),
            round_totals=list(self.round_totals),
        )

    def own_place(self, i: int) -> Place:
        """Place ``i`` of the ring, this state's own copy, to change."""
        place = self.ring[i] = _dup(self.ring[i])
        return place

    def own_card(self, i: int) -> ToolCard:
        """The current player's tool card ``i``, this state's own copy, to change."""
        hand = self.players[self.current].hand
        card = hand[i] = _dup(hand[i])
        return card

    @property
    def seat(self) -> SeatState:
        return self.players[self.current]

    def owned(self, kind: str, seat: int | None = None) -> int:
        who = self.players[self.current if seat is None else seat]
        return sum(1 for card in who.flood if card.kind == kind)
