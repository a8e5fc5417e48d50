"""The play log as a BoardGameGeek-style play file (docs/FORMAT.md, "BoardGameGeek plays").

The layout of BGG's XML API 2 ``plays`` answer: ``<plays>`` holding one ``<play>`` per play with
its date, quantity, length, incomplete, nowinstats and location; the game as ``<item>`` with
its BGG object id; ``<comments>``; and ``<players>`` with one ``<player>`` per seat (username,
userid, name, startposition, color, score, new, rating, win). Written with xml.etree, so every
name is escaped as XML needs.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime

from companion.i18n import local_day
from companion.plays.game_ids import game_info
from companion.plays.models import PlayRecord


def play_day(play: PlayRecord) -> str:
    """The day a play ended as BGG logs it: on this device's clock, or, for a play known by its
    day alone, that day (its stored noon UTC is the next day east of UTC+12)."""
    return local_day(play.date, day_only=play.day_only)


def play_element(play: PlayRecord) -> ET.Element:
    info = game_info(play.game)
    minutes = 0 if play.seconds is None else round(play.seconds / 60)
    node = ET.Element(
        "play",
        {
            "date": play_day(play),
            "quantity": "1",
            "length": str(minutes),  # 0: not known, as BGG writes it
            "incomplete": "0",
            "nowinstats": "0",
            "location": play.location or "",
        },
    )
    item = ET.SubElement(node, "item", {"name": info.names[0] if info else play.game, "objecttype": "thing"})
    if info and info.bgg_id:
        item.set("objectid", str(info.bgg_id))
    subtypes = ET.SubElement(item, "subtypes")
    ET.SubElement(subtypes, "subtype", {"value": "boardgame"})
    ET.SubElement(node, "comments").text = f"Table Companion {play.id}"
    players = ET.SubElement(node, "players")
    for seat in play.seats:
        ET.SubElement(
            players,
            "player",
            {
                "username": "",
                "userid": "0",
                "name": seat.name,
                "startposition": str(seat.seat + 1),  # the seat at the table, 1 = first
                "color": seat.color or "",
                "score": "" if seat.score is None else str(seat.score),  # BGG's own empty score
                "new": "0",
                "rating": "0",
                "win": "1" if seat.winner else "0",
            },
        )
    return node


def plays_xml(plays: list[PlayRecord]) -> str:
    """The plays as one XML document (UTF-8 text with its declaration)."""
    root = ET.Element(
        "plays",
        {
            "total": str(len(plays)),
            "source": "Table Companion",
            "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        },
    )
    root.extend(play_element(p) for p in plays)
    ET.indent(root, space=" ")
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"
