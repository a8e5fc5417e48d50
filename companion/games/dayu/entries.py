"""Da Yu entries: one small decision or one printed fact per entry.

Facts entered by the table (setup markers, the start player, a flood card's printed bonus)
declare ``seat: None``: an entry naming a seat for them is refused when it is parsed.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from companion.core import Entry
from companion.games.dayu.data import Frame


class PlaceMarker(Entry):
    """Setup fact: a player's marker lies on the flood card at ``place``."""

    kind: Literal["marker"] = "marker"
    seat: None = None
    player: int
    place: int


class StartPlayer(Entry):
    """Setup fact: who takes the first turn."""

    kind: Literal["start"] = "start"
    seat: None = None
    player: int


class Draw(Entry):
    """Take the top tool card of a pile (opening cards, or drawing back up to three)."""

    kind: Literal["draw"] = "draw"
    pile: Frame


class Drain(Entry):
    """Play the tool card at ``card`` in the hand (one action point); its numbers follow."""

    kind: Literal["drain"] = "drain"
    card: int


class DrainTools(Entry):
    kind: Literal["drain_tools"] = "drain_tools"
    tools: int


class DrainVP(Entry):
    kind: Literal["drain_vp"] = "drain_vp"
    vp: int


class CancelDrain(Entry):
    kind: Literal["drain_cancel"] = "drain_cancel"


class Move(Entry):
    kind: Literal["move"] = "move"
    to: int
    free: bool = False


class Flip(Entry):
    kind: Literal["flip"] = "flip"
    card: int
    free: bool = False


class Discard(Entry):
    """Discard these hand cards (indices, ascending) for one action point."""

    kind: Literal["discard"] = "discard"
    cards: tuple[int, ...]


class Rest(Entry):
    kind: Literal["rest"] = "rest"


class FreeTool(Entry):
    """The Free Tool privilege: one drainage token on the flood card at ``place``."""

    kind: Literal["free_tool"] = "free_tool"
    place: int


class EndActions(Entry):
    """All action points are spent: leave the remaining privileges unused."""

    kind: Literal["end_actions"] = "end_actions"


class FloodBonus(Entry):
    """Printed fact: what the flood card just taken shows (``points`` only for a numbered card)."""

    kind: Literal["flood_bonus"] = "flood_bonus"
    seat: None = None
    bonus: str
    points: int | None = None


class Exchange(Entry):
    """Swap the Exchange card just taken for flood card ``card`` of ``player``; both None: keep it."""

    kind: Literal["exchange"] = "exchange"
    player: int | None = None
    card: int | None = None


DayuEntry = Annotated[
    PlaceMarker
    | StartPlayer
    | Draw
    | Drain
    | DrainTools
    | DrainVP
    | CancelDrain
    | Move
    | Flip
    | Discard
    | Rest
    | FreeTool
    | EndActions
    | FloodBonus
    | Exchange,
    Field(discriminator="kind"),
]
ENTRY_ADAPTER: TypeAdapter[DayuEntry] = TypeAdapter(DayuEntry)
