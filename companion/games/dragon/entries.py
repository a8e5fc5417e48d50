"""What the table tells the app: one small decision or one fact from the components per entry.

Palaces are numbered from 0 in entries (the UI shows 1, 2, ...). A tile is "<type>:<age>",
e.g. "monk:old". Facts from the components (the event row, the action groups, who is the
oldest player) carry seat None.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

from pydantic import Field, TypeAdapter, field_validator

from companion.core.protocol import Entry
from companion.games.dragon.data import RULES, SuperId

if TYPE_CHECKING:
    # The ids come from the rules data, so a type checker knows most of them only as strings;
    # pydantic checks the values against the Literals below.
    TileId: TypeAlias = str
    TypeId: TypeAlias = str
    CardId: TypeAlias = str
    WallBonus: TypeAlias = str
    SuperEventId: TypeAlias = SuperId
    EventId: TypeAlias = str
    PersonCard: TypeAlias = str
else:
    TileId = Literal[RULES.tile_ids]
    TypeId = Literal[RULES.type_ids]
    CardId = Literal[RULES.all_card_ids]
    WallBonus = Literal[tuple(RULES.wall_bonus)]
    SuperEventId = Literal[tuple(RULES.super_events.events)]
    EventId = Literal[RULES.event_ids]
    PersonCard = Literal[(*RULES.type_ids, "wild")]


PrivilegeSize = Literal["small", "large"]
# Each action card's place in the rules data's order (a group's cards are kept in that order).
_CARD_RANK = {card: i for i, card in enumerate(RULES.all_card_ids)}


class EventRow(Entry):
    """The event tiles of months 3 to 12, as laid out on the table."""

    kind: Literal["event_row"] = "event_row"
    seat: None = None
    months: tuple[EventId, ...]


class StartPlayer(Entry):
    """The oldest player, who recruits first."""

    kind: Literal["start_player"] = "start_player"
    seat: None = None
    player: int = Field(ge=0)


class Pick(Entry):
    """Take one person tile from the supply."""

    kind: Literal["pick"] = "pick"
    seat: int
    tile: TileId


class Place(Entry):
    """Put the picked tile in a palace. ``palace`` None releases the new tile at once
    (only when every palace is full); ``displace`` names the person it replaces."""

    kind: Literal["place"] = "place"
    seat: int
    palace: int | None = Field(default=None, ge=0)
    displace: TileId | None = None


class Groups(Entry):
    """The action cards as dealt into groups (group sizes by player count)."""

    kind: Literal["groups"] = "groups"
    seat: None = None
    groups: tuple[tuple[CardId, ...], ...]

    @field_validator("groups")
    @classmethod
    def _canonical(cls, groups: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        # The order inside a group means nothing at the table: keep one spelling per deal.
        return tuple([tuple(sorted(g, key=_CARD_RANK.__getitem__)) for g in groups])


class ChooseGroup(Entry):
    """Put the dragon on an action group (0-based)."""

    kind: Literal["group"] = "group"
    seat: int
    group: int = Field(ge=0)


class Skip(Entry):
    """Take no action and top yuan up."""

    kind: Literal["skip"] = "skip"
    seat: int


class Act(Entry):
    """Do one action of the chosen group; the privilege card also names its size, and the
    Great Wall card the wall tile laid (its bonus)."""

    kind: Literal["action"] = "action"
    seat: int
    card: CardId
    size: PrivilegeSize | None = None
    bonus: WallBonus | None = None


class Floor(Entry):
    """Place one palace floor: on palace ``palace``, or a new palace when it equals the count."""

    kind: Literal["floor"] = "floor"
    seat: int
    palace: int = Field(ge=0)


class PlayCard(Entry):
    """Play one person card (a type or the wildcard)."""

    kind: Literal["card"] = "card"
    seat: int
    card: PersonCard


class Release(Entry):
    """Release one person (an event's loss): which palace, which tile."""

    kind: Literal["release"] = "release"
    seat: int
    palace: int = Field(ge=0)
    tile: TileId


class SuperEvent(Entry):
    """The super event lying on month 7 (Super Events expansion), as drawn or chosen."""

    kind: Literal["super_event"] = "super_event"
    seat: None = None
    event: SuperEventId


class Quake(Entry):
    """Earthquake: take one floor off palace ``palace``."""

    kind: Literal["quake"] = "quake"
    seat: int
    palace: int = Field(ge=0)


class Flood(Entry):
    """Flood: return these rice and fireworks, and the rest of the half in yuan."""

    kind: Literal["flood"] = "flood"
    seat: int
    rice: int = Field(ge=0)
    fireworks: int = Field(ge=0)


class Discard(Entry):
    """Tornado: discard one person card from the hand."""

    kind: Literal["discard"] = "discard"
    seat: int
    card: PersonCard


class Charter(Entry):
    """Charter: the person type in the player's palaces whose benefit they take."""

    kind: Literal["charter"] = "charter"
    seat: int
    type: TypeId


DragonEntry = Annotated[
    EventRow
    | StartPlayer
    | Pick
    | Place
    | Groups
    | ChooseGroup
    | Skip
    | Act
    | Floor
    | PlayCard
    | Release
    | SuperEvent
    | Quake
    | Flood
    | Discard
    | Charter,
    Field(discriminator="kind"),
]
ENTRY_ADAPTER: TypeAdapter[DragonEntry] = TypeAdapter(DragonEntry)
