"""Which data is hidden from whom: money is secret until the end (and app-dealt cards are private).

The UI and the live-share layer call these pure helpers to redact what a viewer may see.
``viewer_seat`` None is a spectator (or the shared table screen): it sees nobody's money.
"""

from __future__ import annotations

from companion.games.chinatown.state import ChinatownState


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
