"""What a Home card says under the table's name: the game and where it stands (round and
phase, or who won), then the players (once: not when the name already is their names),
the entries and when it last changed."""

from __future__ import annotations

import flet as ft

from companion.games import get
from companion.ui.hub import TableHub
from companion.ui.i18n import Tr
from companion.ui.repos import TableInfo
from companion.ui.widgets import small


def card_lines(tr: Tr, hub: TableHub, info: TableInfo) -> ft.Control:
    if info.problem:  # a damaged table: say what is wrong; export keeps what can be read
        return ft.Text(tr.msg(info.problem), key=f"table-problem-{info.id}")
    try:
        game = tr.msg(get(info.game_id).title)
        standing = where_it_stands(tr, hub, info, game)
    except Exception:  # a game module missing from this build, or a table it cannot open: still list it
        game = standing = info.game_id
    players = ", ".join(info.players)
    more = tr("home.card_more", n=info.entries, when=when_changed(info))
    second = more if info.name.strip() == players else f"{players} · {more}"
    return ft.Column(
        [ft.Text(standing, key=f"table-standing-{info.id}"), small(second, key=f"table-more-{info.id}")],
        spacing=2,
        tight=True,
    )


def when_changed(info: TableInfo) -> str:
    """When the table last changed, to the minute, as the card shows it."""
    return info.updated.replace("T", " ")[:16]


def where_it_stands(tr: Tr, hub: TableHub, info: TableInfo, game: str) -> str:
    """The open table's standing (the hub keeps it open, so Home replays a table once)."""
    table = hub.get(info.id)
    if table.finished:
        board = table.scoreboard
        winners = board.shared or board.ranking[:1]
        return tr("home.card_won", game=game, names=", ".join(winners), n=len(winners))
    return tr("home.card_line", game=game, standing=tr.msg(table.standing))
