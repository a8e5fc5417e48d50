"""Chinatown's secret money on the viewer's and the other seats' phones (issues 10 and 24).

At the table the board is public, so the income it pays is too, and the bills handed over in a
trade are seen by everyone; what each player holds is not. Every phone reads the income and the
bills; no phone but a player's own is sent that player's money in hand. Checked on the messages
the sessions send (docs/decisions/chinatown.md, "What is secret").
"""

from __future__ import annotations

import asyncio
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from flet.pubsub.pubsub_hub import PubSubHub

sys.path.insert(0, str(Path(__file__).parents[1] / "ui"))  # the headless harness

from flet_harness import Harness, sent_strings

from companion.core import Table
from companion.games.chinatown.entries import Give, Trade, TradingDone
from companion.i18n import translate
from companion.store import Store
from companion.ui import live, peer
from companion.ui.app import make_main
from companion.ui.hub import TableHub

TRADE = 20_000


def after_first_income(hub: TableHub) -> Table:
    """A 3-player table just past the first year's income, with one trade of money in it."""
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    rng, traded = random.Random(7), False
    while table.state.year == 0:
        prompt = table.prompt
        if prompt.kind == "trade":
            table.submit(TradingDone() if traded else Trade(gives=(Give(giver=0, receiver=1, money=TRADE),)))
            traded = True
        elif prompt.auto or prompt.choices is None:
            table.auto(rng)
        else:
            table.submit(prompt.choices[-1])  # the last choice: place tiles, then done
    return table


def income_lines(table: Table) -> dict[int, list[str]]:
    """The English income lines (with amounts) of each seat, as the host's history shows them."""
    lines: dict[int, list[str]] = {s: [] for s in range(len(table.players))}
    for _, _, effects in table.history:
        for fx in effects:
            if fx.msg.key.startswith(("chinatown.fx.business_", "chinatown.fx.income_total")):
                lines[fx.seat].append(fx.msg.render("en"))
    return lines


def record_frames(h: Harness) -> list[str]:
    """Every message the session sends, decoded as it went out (a patch refers to live controls,
    so encoding it again later would show what the controls hold then, not what was sent): each
    message as its strings, one a line, as the phone gets them (``sent_strings``, not ``repr``)."""
    frames: list[str] = []
    send = h.conn.send_message

    def sending(message):
        frames.append("\n".join(sent_strings(message)))
        send(message)

    h.conn.send_message = sending
    return frames


async def open_tabs(h: Harness, table_id: str) -> None:
    for tab in ("/history", "/scores", ""):
        route = f"/table/{table_id}{tab}"  # as the browser changes route
        h.page.route = route
        await h.session.dispatch_event(h.page._i, "route_change", {"route": route})
        await h.flush()
        for _ in range(200):  # the screen of this route has been sent (a loaded machine is slow)
            if h.page.route == route and h.texts():
                break
            await h.flush()


def money_texts(table: Table) -> dict[int, str]:
    """Each seat's money in hand as a screen writes it, where no public amount reads the same."""
    public = {g.money for e in table.entries if isinstance(e, Trade) for g in e.gives}
    public |= {a for year in table.state.income for a in year} | {50_000}
    return {
        seat: translate("ui.chinatown.money", "en", amount=m)
        for seat, m in enumerate(table.state.money)
        if m not in public
    }


async def test_other_phones_see_income_and_bills_but_no_money_in_hand(tmp_path):
    hub = TableHub(Store(tmp_path / "tables.sqlite3"))
    table = after_first_income(hub)
    lines = income_lines(table)
    held = money_texts(table)
    assert all(lines.values()), "every seat earns something in this game"
    assert 1 in held, "Ben's money differs from every public amount in this game"
    viewer_link, *seat_links = live.links_for(hub).links(table.id, 3)
    bus = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    sessions: dict[str, Harness] = {}
    frames: dict[str, list[str]] = {}
    for who, link in (("viewer", viewer_link), ("ben", seat_links[1])):
        h = Harness(hub=bus)
        frames[who] = record_frames(h)
        peer.record(h.conn, "192.168.1.50")
        await h.start(make_main(hub), route=f"/join/{link.token}")
        await open_tabs(h, table.id)
        sessions[who] = h
    viewer, ben = "\n".join(frames["viewer"]), "\n".join(frames["ben"])
    for texts in lines.values():  # income is public: the board paid it
        for text in texts:
            assert text in viewer and text in ben, f"{text!r} missing"
    bills = translate("chinatown.give.money", "en", amount=TRADE)
    assert bills in viewer and bills in ben  # the bills handed over were seen by everyone
    for seat, text in held.items():
        assert text not in viewer, f"a viewer read {table.players[seat].name}'s money {text!r}"
        if seat != 1:
            assert text not in ben, f"Ben's phone read {table.players[seat].name}'s money {text!r}"
    for h in sessions.values():
        h.close()


async def test_the_end_of_the_game_shows_every_amount(tmp_path):
    hub = TableHub(Store(tmp_path / "tables.sqlite3"))
    table = after_first_income(hub)
    assert table.view(None).state.money == [None, None, None]
    assert table.view(1).state.money == [None, table.state.money[1], None]
    over = table.state.model_copy(update={"phase": "over"})
    assert table.game.player_view(over, None).state.money == table.state.money
