"""Issues 13 and 24: every surface someone else can see is drawn from the table's player view.

A Chinatown game two years in, with income paid to everybody and money handed over in trades.
For the host's shared screen (the public), a viewer's phone and each seat's phone, the messages
the session sent while it showed Play, History and Scores (and, on a seat's phone, the player's
own money dialog) hold no other player's money in hand, nor their money after a year; income
and bills, public at the table, are on every screen. Played to the end, every session shows
every amount.

The secrets are worked out from the full state and history, not through the view, so the test
runs as well on code that has no view (it fails there: the round card and the shared screen's
History told every player's income).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from flet.pubsub.pubsub_hub import PubSubHub

sys.path.insert(0, str(Path(__file__).parents[1]))  # chinatown_helpers
sys.path.insert(0, str(Path(__file__).parents[1] / "ui"))  # the headless harness

from chinatown_helpers import play_random
from flet_harness import Harness
from test_live_chinatown import open_tabs, record_frames

from companion.core import Table
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import Trade
from companion.games.chinatown.income import find_businesses, income_by_owner
from companion.i18n import format_money, translate
from companion.store import Store
from companion.ui import live, peer
from companion.ui.app import make_main
from companion.ui.hub import TableHub

NAMES = ["Ana", "Ben", "Carla"]
# A year's income line names the player and the amount; a business's line (its payout) reads
# like the public card of the board's income as it stands, so only the year's total is a secret
# by its text (the redaction of both is checked in tests/core/test_player_view.py).
SECRET_KEYS = ("chinatown.fx.income_total",)


class Stop(Exception):
    pass


def two_years_in(hub: TableHub) -> Table:
    """A 3-player table in the third year's trades: two incomes paid, money traded."""
    table = hub.create(Table.new("chinatown", NAMES))

    def stop(t: Table) -> None:
        if t.state.year == 2 and t.state.phase == "trade":
            raise Stop

    with contextlib.suppress(Stop):
        play_random(table, random.Random(3), trades=2, table_keeps=0.0, on_step=stop)
    assert all(all(paid) for paid in table.state.income), "everybody earned something each year"
    return table


def money(amount: int) -> str:
    return translate("ui.chinatown.money", "en", amount=amount)


def public_amounts(table: Table) -> set[int]:
    """Amounts anybody may read: the starting money, the bills handed over, the board's income."""
    state = table.state
    bills = {g.money for e in table.entries if isinstance(e, Trade) for g in e.gives}
    board = find_businesses(state.owner, state.shop)
    return {DATA.starting_money, *bills, *income_by_owner(board).values(), *(b.income for b in board)}


def income_lines(table: Table, seat: int) -> list[str]:
    """``seat``'s yearly income lines with their amounts, as History writes them."""
    return [
        fx.msg.render("en")
        for _, _, effects in table.history
        for fx in effects
        if fx.seat == seat and fx.msg.key.startswith(SECRET_KEYS)
    ]


def secrets(table: Table, seat: int) -> list[str]:
    """Texts only ``seat`` may read before the end, as the screens write them in English: the
    money in hand, and the money after each year's income, where no public amount reads the
    same (a coincidence is not a leak). Income and bills are public (docs/decisions/chinatown.md)."""
    state = table.state
    assert state.money[seat] not in public_amounts(table), "pick a seed whose totals are not public amounts"
    out = [money(state.money[seat])]
    out += [
        money(year[seat])
        for year in state.money_by_year
        if year[seat] not in public_amounts(table) and year[seat] != state.money[seat]
    ]
    return out


async def session(
    hub: TableHub, bus: PubSubHub, table: Table, token: str | None
) -> tuple[Harness, list[str]]:
    """A session that showed Play, History and Scores: a link's phone, or (None) the host's screen."""
    h = Harness(hub=bus)
    frames = record_frames(h)
    if token is None:
        peer.record(h.conn, "127.0.0.1")
        await h.start(make_main(hub), route=f"/table/{table.id}")
    else:
        peer.record(h.conn, "192.168.1.50")
        await h.start(make_main(hub), route=f"/join/{token}")
    await open_tabs(h, table.id)
    return h, frames


async def test_no_surface_tells_another_players_money_and_the_end_tells_all(tmp_path):
    hub = TableHub(Store(tmp_path / "tables.sqlite3"))
    table = two_years_in(hub)
    secret = {seat: secrets(table, seat) for seat in range(len(NAMES))}
    viewer_link, *seat_links = live.links_for(hub).links(table.id, len(NAMES))
    bus = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    roles: dict[str, tuple[int | None, str | None]] = {
        "host": (None, None),
        "viewer": (None, viewer_link.token),
    }
    roles |= {NAMES[s]: (s, link.token) for s, link in enumerate(seat_links)}
    sessions = {}
    for role, (mine, token) in roles.items():
        h, frames = await session(hub, bus, table, token)
        if mine is not None:  # the player reads their own money on a tap of their card
            await h.click(f"ct-money-{mine}")
            assert h.by_key("ct-secret-money").value == money(table.state.money[mine])
        sent = "\n".join(frames)
        for seat, texts in secret.items():
            leaked = [text for text in texts if seat != mine and text in sent]
            assert not leaked, f"{role}'s screen told {NAMES[seat]}'s {leaked}"
        # income is public: every screen that showed the History tells what each player earned
        assert all(text in sent for seat in range(len(NAMES)) for text in income_lines(table, seat)), role
        sessions[role] = (h, frames)

    # To the end: every session shows every amount, on the Scores tab and in the History.
    try:
        play_random(table, random.Random(6), trades=1, table_keeps=0.0)
    finally:
        for h, _ in sessions.values():
            h.close()
    assert table.finished
    every = [
        fx.msg.render("en")
        for _, _, fxs in table.history
        for fx in fxs
        if fx.msg.key.startswith(("chinatown.fx.business_", *SECRET_KEYS))
    ]
    for role, (_, token) in roles.items():
        h, frames = await session(hub, bus, table, token)
        sent = "\n".join(frames)
        await h.goto(f"/table/{table.id}/scores")
        for row in table.scoreboard.rows:
            assert h.by_key(f"score-{row.seat}").value == format_money(row.total, "en"), (
                role
            )  # money, formatted
        missing = [text for text in every if text not in sent]
        assert not missing, f"{role} at the end: {missing[:3]}"
        h.close()
