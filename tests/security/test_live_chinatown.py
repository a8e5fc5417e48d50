"""Issue 10, item 8: Chinatown's secret money on the viewer's and the other seats' phones.

At the table, the bills handed over in a trade are seen by everyone; what each player takes
from the bank as income, and so what each holds, is not. The old code sent every client each
income line with its amount, which with the public starting money gave every player's exact
total. Checked on the messages the sessions send (docs/decisions/chinatown.md).
"""

from __future__ import annotations

import asyncio
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import msgpack
from flet.pubsub.pubsub_hub import PubSubHub

sys.path.insert(0, str(Path(__file__).parents[1] / "ui"))  # the headless harness

from flet_harness import Harness, wire

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
    so encoding it again later would show what the controls hold then, not what was sent)."""
    frames: list[str] = []
    send = h.conn.send_message

    def sending(message):
        frames.append(repr(msgpack.unpackb(wire([message.action, message.body]))))
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


async def test_other_phones_see_trade_bills_but_no_income_amounts(tmp_path):
    hub = TableHub(Store(tmp_path / "tables.sqlite3"))
    table = after_first_income(hub)
    lines = income_lines(table)
    assert all(lines.values()), "every seat earns something in this game"
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
    for seat, texts in lines.items():
        for text in texts:
            assert text not in viewer, f"a viewer read {text!r}"
            assert (text in ben) == (seat == 1), f"Ben's phone and {text!r}"
    year = next(
        fx.msg.args["year"]
        for _, _, fxs in table.history
        for fx in fxs
        if fx.msg.key == "chinatown.fx.income_total"
    )
    collected = translate("sec-live.chinatown.income_collected", "en", player="Ana", year=year)
    assert collected in viewer
    bills = translate("chinatown.give.money", "en", amount=TRADE)
    assert bills in viewer and bills in ben  # the bills handed over were seen by everyone
    for paid in table.state.income:  # the Scores tab's year-by-year income, seat by seat
        for seat, amount in enumerate(paid):
            line = translate("ui.screens.chinatown.paid", "en", name=table.players[seat].name, amount=amount)
            assert line not in viewer, f"a viewer read {line!r} on the Scores tab"
            assert (line in ben) == (seat == 1), f"Ben's phone and {line!r}"
    for h in sessions.values():
        h.close()


async def test_the_players_own_view_and_the_end_of_the_game_show_every_amount(tmp_path):
    hub = TableHub(Store(tmp_path / "tables.sqlite3"))
    table = after_first_income(hub)
    effects = [fx for _, _, fxs in table.history for fx in fxs if fx.msg.key == "chinatown.fx.income_total"]
    hidden = table.view(None).effects(effects)
    assert all("amount" not in fx.msg.args for fx in hidden)
    over = table.state.model_copy(update={"phase": "over"})
    assert table.game.player_view(over, None).effects(effects) == effects
    assert [table.view(fx.seat).effect(fx) for fx in effects] == effects
