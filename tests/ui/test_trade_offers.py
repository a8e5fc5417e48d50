"""Trades offered from the seats' phones during Chinatown's trading (issue 25): Ana's phone writes
up a trade with Ben and sends it; Ben's phone shows it in the game's words with Accept and
Decline; an accept enters it as any trade is entered, a decline tells Ana, Ana may withdraw it,
the host's screen lists it, and an offer made on a table since moved on cannot be accepted."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from test_live_share import app_of, direct, guest, links, pubsub
from ui_testkit import new_hub, only_table, started

from companion.core import RuleViolation, Table
from companion.core.msg import Msg
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import Give, Trade
from companion.i18n import translate
from companion.share.live import stamp
from companion.ui.offer_desk import offers_for

UNIT = DATA.money_unit


def said(key: str, lang: str, **args) -> str:
    return Msg(key=key, args=args).render(lang)


async def trading(tmp_path, lang: str, year_played: Callable[[Path, str], Path]):
    """The first year's trading (entered by the host, by taps: ``year_played``), the host's Play
    screen open on it; Ana's, Ben's and Carla's phones open."""
    hub = new_hub(year_played(tmp_path, lang))
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    table = only_table(hub)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    assert table.state.phase == "trade" and host.has("ct-trade-form") and table.version == 7
    _, ana, ben, carla = links(hub, table)
    phones = [await guest(hub, bus, f"/join/{link.token}", prefs=prefs) for link in (ana, ben, carla)]
    return hub, table, host, phones


async def ana_offers_ben(hub, table, a):
    """Ana's phone: one Tea House tile to Ben for $30,000 of his, sent as an offer."""
    assert a.has("ct-offer-form") and not a.has("ct-party-a-0") and not a.has("ct-party-b-0")
    assert not a.has("ct-trading-done") and not a.has("ct-trade-enter")  # the host's to enter
    await a.click("ct-party-b-1")  # with Ben
    await a.click("ct-give-a-t-tea_house")
    await a.type_text("ct-money-b-field", str(3 * UNIT))
    await a.click("ct-offer-send")
    (offer,) = offers_for(hub).of_table(table.id)
    assert (offer.offerer, offer.receiver) == (0, 1)
    return offer


def close(*harnesses) -> None:
    for h in harnesses:
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_ben_accepts_anas_offer_and_the_trade_is_entered(tmp_path, lang, year_played):
    hub, table, host, (a, b, c) = await trading(tmp_path, lang, year_played)
    assert translate("ui.chinatown.seat_trade", lang) in a.all_text()
    money, version = list(table.state.money), table.version
    teas = table.state.hands[1].get("tea_house", 0)  # Ben's tiles were drawn at random
    offer = await ana_offers_ben(hub, table, a)
    assert table.version == version  # an offer is not an entry
    await b.flush(pause=0.01)
    tile = said("chinatown.give.tiles", lang, tiles=[said("chinatown.shop.tea_house", lang)], n=1)
    cash = said("chinatown.give.money", lang, amount=3 * UNIT)
    assert b.by_key(f"offer-text-{offer.id}").value == translate(
        "ui.chinatown.offer_you", lang, giver="Ana", what=tile, wants=cash
    )
    assert translate("ui.chinatown.offer_yours", lang, receiver="Ben", what=tile, wants=cash) in a.all_text()
    await host.flush(pause=0.01)
    assert host.by_key(f"offer-text-{offer.id}").value == translate(
        "ui.chinatown.offer_between", lang, giver="Ana", receiver="Ben", what=tile, wants=cash
    )
    assert not c.has(f"offer-text-{offer.id}")  # Carla is no party to it
    assert not a.has(f"offer-accept-{offer.id}") and a.has(f"offer-withdraw-{offer.id}")
    await b.click(f"offer-accept-{offer.id}")
    assert table.version == version + 1 and table.entries[-1].kind == "trade"
    assert table.state.hands[1].get("tea_house") == teas + 1
    assert table.state.money[0] == money[0] + 3 * UNIT and table.state.money[1] == money[1] - 3 * UNIT
    assert offers_for(hub).of_table(table.id) == []
    await a.flush(pause=0.01)
    assert not a.has(f"offer-text-{offer.id}")
    close(host, a, b, c)


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_ben_declines_and_anas_phone_is_told(tmp_path, lang, year_played):
    hub, table, host, (a, b, c) = await trading(tmp_path, lang, year_played)
    offer = await ana_offers_ben(hub, table, a)
    await b.flush(pause=0.01)
    await b.click("ct-party-b-2")  # Ben is writing up a trade of his own with Carla meanwhile
    await b.click("ct-give-a-b-52")
    await b.click(f"offer-decline-{offer.id}")
    assert table.version == offer.basis_version  # nothing entered
    assert b.by_key("ct-give-a-b-52").selected  # his own draft is kept
    await a.flush(pause=0.01)
    assert a.by_key(f"offer-declined-{offer.id}").value == translate(
        "ui.chinatown.offer_declined", lang, receiver="Ben"
    )
    assert not b.has(f"offer-text-{offer.id}")
    await a.click(f"offer-seen-{offer.id}")
    assert not a.has(f"offer-text-{offer.id}")
    close(host, a, b, c)


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_ana_withdraws_her_offer(tmp_path, lang, year_played):
    hub, table, host, (a, b, c) = await trading(tmp_path, lang, year_played)
    offer = await ana_offers_ben(hub, table, a)
    await a.click(f"offer-withdraw-{offer.id}")
    await b.flush(pause=0.01)
    await host.flush(pause=0.01)
    assert not b.has(f"offer-text-{offer.id}") and not host.has(f"offer-text-{offer.id}")
    assert offers_for(hub).find(offer.id).status == "withdrawn"
    close(host, a, b, c)


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_an_offer_on_a_table_since_moved_on_cannot_be_accepted(tmp_path, lang, year_played):
    """The host enters another trade after Ana's offer: Ben's phone says why the offer no longer
    stands and has no Accept; an accept sent anyway (a screen not yet redrawn) is refused with
    that reason, and nothing changes. The store closes it as stale then (it stayed 'open' until
    the table was deleted) and the host's list drops it; its parties' phones keep the reason, and
    an undo back to the table it saw does not bring it back."""
    hub, table, host, (a, b, c) = await trading(tmp_path, lang, year_played)
    offer = await ana_offers_ben(hub, table, a)
    await host.flush(pause=0.01)
    assert host.has(f"offer-text-{offer.id}")
    await host.click("ct-party-a-2")  # Carla gives Ben building 71
    await host.click("ct-give-a-b-71")
    await host.click("ct-trade-enter")
    version, hands = table.version, dict(table.state.hands[1])
    await b.flush(pause=0.01)
    stale = translate("live.offer.stale_entry", lang)
    assert offers_for(hub).find(offer.id).status == "stale"
    assert not host.has(f"offer-text-{offer.id}") and not host.has("ct-offers")
    for phone in (a, b):
        assert phone.by_key(f"offer-stale-{offer.id}").value == stale
    assert not b.has(f"offer-accept-{offer.id}") and b.has(f"offer-decline-{offer.id}")
    assert a.has(f"offer-withdraw-{offer.id}")
    assert not await direct(b, lambda: app_of(b).open.answer_offer(offer.id, "accept"))
    assert stale in b.all_text()
    assert table.version == version and table.state.hands[1] == hands
    await host.click("undo")  # the table as the offer saw it: the offer lapsed all the same
    await b.flush(pause=0.01)
    assert b.by_key(f"offer-stale-{offer.id}").value == stale and not b.has(f"offer-accept-{offer.id}")
    assert not await direct(b, lambda: app_of(b).open.answer_offer(offer.id, "accept"))
    assert offers_for(hub).find(offer.id).status == "stale" and table.version == version - 1
    await b.click(f"offer-decline-{offer.id}")  # Ben puts it away: gone from his phone
    assert offers_for(hub).find(offer.id).status == "declined" and not b.has(f"offer-text-{offer.id}")
    await host.click("undo")  # before the trading: no offer is shown
    await b.flush(pause=0.01)
    assert table.prompt.kind == "draw_tiles" and not b.has(f"offer-text-{offer.id}")
    close(host, a, b, c)


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_an_offer_whose_holdings_went_elsewhere_says_the_engines_reason(tmp_path, lang, year_played):
    """After Ana's offer of a Tea House tile, the host enters her three Tea House tiles going to
    Carla: Ben's phone says the table changed and, in the engine's words, why the trade would be
    refused now; an accept is refused with both, and nothing changes."""
    hub, table, host, (a, b, c) = await trading(tmp_path, lang, year_played)
    offer = await ana_offers_ben(hub, table, a)
    await host.flush(pause=0.01)
    await host.click("ct-party-b-2")  # Ana gives Carla her three Tea House tiles
    for _ in range(3):
        await host.click("ct-give-a-t-tea_house")  # one chip for the three, a tile more a tap
    await host.click("ct-trade-enter")
    assert "tea_house" not in table.state.hands[0] or not table.state.hands[0]["tea_house"]
    with pytest.raises(RuleViolation) as engine:
        table.check(Trade.model_validate_json(offer.entry))
    reason = engine.value.message_in(lang)
    await b.flush(pause=0.01)
    line = b.by_key(f"offer-stale-{offer.id}").value
    assert line.startswith(translate("live.offer.stale_entry", lang)) and line.endswith(reason)
    version = table.version
    assert not await direct(b, lambda: app_of(b).open.answer_offer(offer.id, "accept"))
    assert reason in b.all_text() and table.version == version
    close(host, a, b, c)


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_an_offer_made_before_an_undo_says_the_host_undid(tmp_path, lang, year_played):
    hub, table, host, (a, b, c) = await trading(tmp_path, lang, year_played)
    await host.click("ct-party-a-2")  # Carla gives Ben building 71, entered by the host
    await host.click("ct-give-a-b-71")
    await host.click("ct-trade-enter")
    await a.flush(pause=0.01)
    offer = await ana_offers_ben(hub, table, a)
    await host.click("undo")
    await b.flush(pause=0.01)
    assert table.prompt.kind == "trade"
    assert b.by_key(f"offer-stale-{offer.id}").value == translate("live.offer.stale_undo", lang)
    assert not await direct(b, lambda: app_of(b).open.answer_offer(offer.id, "accept"))
    assert translate("live.offer.stale_undo", lang) in b.all_text() and table.entries[-1].kind != "trade"
    close(host, a, b, c)


async def test_an_offer_after_the_trading_ended_is_refused(tmp_path, year_played):
    hub, table, host, (a, b, c) = await trading(tmp_path, "en", year_played)
    offer = await ana_offers_ben(hub, table, a)
    drawn = stamp(table)
    await host.click("ct-trading-done")
    assert not await direct(b, lambda: app_of(b).open.answer_offer(offer.id, "accept"))
    assert translate("live.offer.stale_phase", "en") in b.all_text()
    trade = {"kind": "trade", "gives": [{"giver": 0, "receiver": 1, "money": UNIT}]}
    assert not await direct(a, lambda: app_of(a).open.offer(trade, seen=drawn))  # drawn before it ended
    assert translate("live.refused.stale", "en") in a.all_text()
    assert not await direct(a, lambda: app_of(a).open.offer(trade, seen=stamp(table)))
    assert translate("live.offer.not_trading", "en") in a.all_text()
    assert table.prompt.kind == "place_tile"
    close(host, a, b, c)


async def test_forged_offers_and_answers_are_refused_with_a_reason(tmp_path, year_played):
    """Carla's phone offers a trade between Ana and Ben, and accepts Ana's offer to Ben: both
    refused, said on her phone; a viewer offers nothing."""
    hub, table, host, (a, b, c) = await trading(tmp_path, "en", year_played)
    offer = await ana_offers_ben(hub, table, a)
    forged = {"kind": "trade", "gives": [{"giver": 0, "receiver": 1, "money": UNIT}]}
    assert not await direct(c, lambda: app_of(c).open.offer(forged, seen=stamp(table)))
    assert translate("live.offer.not_yours", "en") in c.all_text()
    assert not await direct(c, lambda: app_of(c).open.answer_offer(offer.id, "accept"))
    assert translate("live.offer.not_to_you", "en") in c.all_text()
    assert not await direct(b, lambda: app_of(b).open.answer_offer(offer.id, "withdraw"))
    assert translate("live.offer.not_yours", "en") in b.all_text()
    three = {
        "kind": "trade",
        "gives": [
            {"giver": 2, "receiver": 0, "money": UNIT},
            {"giver": 0, "receiver": 1, "money": UNIT},
        ],
    }
    assert not await direct(c, lambda: app_of(c).open.offer(three, seen=stamp(table)))
    assert translate("live.offer.two_players", "en") in c.all_text()
    viewer = links(hub, table)[0]
    v = await guest(hub, pubsub(), f"/join/{viewer.token}")
    assert not v.has("ct-offer-form")
    assert not await direct(v, lambda: app_of(v).open.answer_offer(offer.id, "accept"))
    assert offers_for(hub).find(offer.id).status == "open" and table.version == offer.basis_version
    close(host, a, b, c, v)


async def test_a_seats_phone_picks_no_partner_until_its_player_does(tmp_path, year_played):
    """Ben's phone does not guess whom he trades with (it guessed Carla while Ana was the one
    talking to him): no partner chip is on, no sides are shown, and nothing can be sent."""
    _, _, host, (a, b, c) = await trading(tmp_path, "en", year_played)
    assert [k for k in b.keys("ct-party-b-") if b.by_key(k).selected] == []
    assert not b.has("ct-give-a-b-52") and b.by_key("ct-offer-send").disabled
    await b.click("ct-party-b-0")  # with Ana
    assert b.by_key("ct-party-b-0").selected and b.has("ct-give-a-b-52")
    close(host, a, b, c)


async def test_an_offer_left_open_by_an_older_version_is_closed_when_the_table_opens(tmp_path, year_played):
    """Before stop 57 an offer stayed open in the store once the table moved on (Ana's offer, then
    the host's "Trading done", stored with no lapse, as then). Such offers were closed only at
    the next trading move: past the last trading, never. Opening the table (a server started
    again, its first screen of the table) closes them as stale, once; an offer the table still
    stands on stays open."""
    hub = new_hub(year_played(tmp_path, "en"))
    table = only_table(hub)
    gift = Trade(gives=(Give(giver=0, receiver=1, money=UNIT),)).model_dump_json()
    desk = offers_for(hub)
    old = desk.make(table.id, stamp(table), 0, 1, gift)
    hub.change(table.id, lambda t: t.submit({"kind": "trading_done"}))  # as before stop 57: no lapse
    other = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    still = desk.make(other.id, stamp(other), 0, 1, gift)  # on the table as it stands: not lapsed
    assert desk.find(old.id).status == "open"
    hub.store.close()
    again = new_hub(tmp_path)  # the server started again
    host = await started(again, route=f"/table/{table.id}")
    assert offers_for(again).find(old.id).status == "stale"
    second = await started(again, route=f"/table/{other.id}")
    assert offers_for(again).find(still.id).status == "open"
    for h in (host, second):
        h.close()
