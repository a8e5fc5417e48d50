"""Trades offered from the seats' phones, kept in the store (issue 25): on SQLite and PostgreSQL
alike, two stores on one location stand for two workers serving one database. An offer made
through one is seen and answered through the other, answered once, and never entered on a
table that moved on; it dies with its table."""

from __future__ import annotations

import random

import pytest

from companion.core import RuleViolation, Table
from companion.share.live import Access, LiveRefusal, stamp
from companion.store import Store, StoreConflict
from companion.store.trade_offers import TradeOffers
from companion.ui.hub import TableHub
from companion.ui.live import links_for
from companion.ui.offer_desk import answer, moving_on, offer, offers_for


def trading(table: Table) -> Table:
    rng = random.Random(2)
    while table.prompt.kind != "trade":
        table.auto(rng) if table.prompt.choices is None else table.submit(table.prompt.choices[0])
    return table


def money(giver: int, receiver: int, units: int = 1) -> dict:
    return {"giver": giver, "receiver": receiver, "money": units * 10_000}


@pytest.fixture
def two_workers(tmp_path):
    stores = Store(tmp_path / "t.sqlite3"), Store(tmp_path / "t.sqlite3")
    yield TableHub(stores[0]), TableHub(stores[1])
    for s in stores:
        s.close()


def seats(hub: TableHub, table: Table) -> list[Access]:
    return [
        Access(table_id=table.id, token=link.token, seat=link.seat)
        for link in links_for(hub).links(table.id, len(table.players))[1:]
    ]


def test_an_offer_is_kept_answered_once_and_dies_with_its_table(tmp_path):
    store = Store(tmp_path / "t.sqlite3")
    table = store.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    desk, other = TradeOffers(store), TradeOffers(Store(tmp_path / "t.sqlite3"))  # a second worker
    first = desk.make(table.id, "7:x", 0, 1, '{"kind": "trade"}')
    again = desk.make(table.id, "7:x", 0, 1, '{"kind": "trade", "n": 2}')  # Ana's new offer to Ben
    to_carla = desk.make(table.id, "7:x", 0, 2, "{}")
    assert [o.id for o in other.of_table(table.id)] == [again.id, to_carla.id]
    assert other.find(first.id).status == "withdrawn"  # one offer between two players at a time
    assert other.close(again.id, "declined") and not desk.close(again.id, "accepted")
    assert desk.find(again.id).status == "declined"
    assert [o.id for o in desk.of_table(table.id)] == [again.id, to_carla.id]  # Ana is yet to see it
    assert desk.close(again.id, "seen", "declined") and desk.find(again.id).status == "seen"
    store.delete(table.id)
    assert desk.of_table(table.id) == [] and other.find(to_carla.id) is None


def test_an_offer_made_on_one_worker_is_accepted_on_another(two_workers):
    one, two = two_workers
    table = trading(one.create(Table.new("chinatown", ["Ana", "Ben", "Carla"])))
    ana, ben, _ = seats(one, table)
    made = one.change(
        table.id, lambda t: offer(one, ana, t, {"kind": "trade", "gives": [money(1, 0, 3)]}, stamp(t))
    )
    (seen,) = offers_for(two).of_table(table.id)
    assert seen == made and (seen.offerer, seen.receiver) == (0, 1)
    before = list(table.state.money)
    two.change(table.id, lambda t: answer(two, ben, t, made.id, "accept"))
    after = two.get(table.id).state.money
    assert after[0] == before[0] + 30_000 and after[1] == before[1] - 30_000
    one.reload(table.id)  # the relay's reload on the first worker
    assert one.get(table.id).version == table.version + 1
    for action in ("accept", "withdraw"):  # answered already, on the other worker
        with pytest.raises(LiveRefusal) as refused:
            one.change(
                table.id, lambda t, a=action: answer(one, ana if a == "withdraw" else ben, t, made.id, a)
            )
        assert refused.value.msg.key == "live.offer.gone"


def test_an_offer_is_never_entered_on_a_table_that_moved_on_elsewhere(two_workers):
    """Another worker entered a trade after Ana's offer; Ben accepts on a worker that has not
    heard of it yet: the store refuses the write, the offer is open again, and once the table
    is read again the accept is refused as stale."""
    one, two = two_workers
    table = trading(one.create(Table.new("chinatown", ["Ana", "Ben", "Carla"])))
    ana, ben, _ = seats(one, table)
    made = one.change(
        table.id, lambda t: offer(one, ana, t, {"kind": "trade", "gives": [money(1, 0, 3)]}, stamp(t))
    )
    two.change(table.id, lambda t: t.submit({"kind": "trade", "gives": [money(2, 1)]}))
    with pytest.raises(StoreConflict):
        one.change(table.id, lambda t: answer(one, ben, t, made.id, "accept"))
    assert offers_for(two).find(made.id).status == "open"
    assert one.get(table.id).entries[-1].gives[0].giver == 2  # reloaded: only Carla's trade
    with pytest.raises(LiveRefusal) as refused:
        one.change(table.id, lambda t: answer(one, ben, t, made.id, "accept"))
    assert refused.value.msg.key == "live.offer.stale_entry"
    assert one.get(table.id).version == two.get(table.id).version


def test_a_forged_offer_or_answer_is_refused_and_stores_nothing(two_workers):
    one, _ = two_workers
    table = trading(one.create(Table.new("chinatown", ["Ana", "Ben", "Carla"])))
    ana, ben, carla = seats(one, table)
    for who, gives, key in (
        (carla, [money(0, 1)], "live.offer.not_yours"),  # on Ana's and Ben's behalf
        (carla, [money(2, 0), money(0, 1)], "live.offer.two_players"),
        (Access(table_id=table.id, token="made-up", seat=0), [money(0, 1)], "live.refused.no_access"),
    ):
        with pytest.raises(LiveRefusal) as refused:
            one.change(
                table.id, lambda t, w=who, g=gives: offer(one, w, t, {"kind": "trade", "gives": g}, stamp(t))
            )
        assert refused.value.msg.key == key
    assert offers_for(one).of_table(table.id) == []
    made = one.change(
        table.id, lambda t: offer(one, ana, t, {"kind": "trade", "gives": [money(0, 1)]}, stamp(t))
    )
    with pytest.raises(LiveRefusal) as refused:
        one.change(table.id, lambda t: answer(one, carla, t, made.id, "accept"))
    assert refused.value.msg.key == "live.offer.not_to_you"
    with pytest.raises(LiveRefusal) as refused:
        one.change(table.id, lambda t: answer(one, ana, t, made.id, "accept"))  # her own offer
    assert refused.value.msg.key == "live.offer.not_to_you"
    assert offers_for(one).find(made.id).status == "open" and ben.seat == 1


def test_an_offer_the_rules_refuse_is_refused_with_the_engines_reason(two_workers):
    """Ana's phone offers Ben one of his own buildings: the engine's refusal, as for the host's
    trade, and no offer is stored."""
    one, _ = two_workers
    table = trading(one.create(Table.new("chinatown", ["Ana", "Ben", "Carla"])))
    ana = seats(one, table)[0]
    bens = next(b for b, s in sorted(table.state.owner.items()) if s == 1)
    gives = [{"giver": 0, "receiver": 1, "buildings": [bens]}]
    with pytest.raises(RuleViolation) as refused:
        one.change(table.id, lambda t: offer(one, ana, t, {"kind": "trade", "gives": gives}, stamp(t)))
    with pytest.raises(RuleViolation) as host:
        table.check({"kind": "trade", "gives": gives})
    assert refused.value.msg == host.value.msg and refused.value.rule_id == host.value.rule_id
    assert offers_for(one).of_table(table.id) == []


def test_an_offer_asking_for_more_money_than_the_other_holds_tells_the_offerer_nothing(two_workers):
    """Money is secret: Ana's offer asking Ben for more than he holds is sent, not refused (a
    refusal would tell her phone about his money); Ben's accept is refused on his own phone, with
    the engine's reason, and nothing changes."""
    one, _ = two_workers
    table = trading(one.create(Table.new("chinatown", ["Ana", "Ben", "Carla"])))
    ana, ben, _ = seats(one, table)
    units = table.state.money[1] // 10_000 + 1
    asked = {"kind": "trade", "gives": [money(0, 1), money(1, 0, units)]}
    made = one.change(table.id, lambda t: offer(one, ana, t, asked, stamp(t)))
    with pytest.raises(RuleViolation) as refused:
        one.change(table.id, lambda t: answer(one, ben, t, made.id, "accept"))
    assert refused.value.msg.key == "chinatown.err.no_money" and refused.value.msg.args["player"] == "Ben"
    assert offers_for(one).find(made.id).status == "open" and one.get(table.id).version == table.version
    too_much = {"kind": "trade", "gives": [money(0, 1, table.state.money[0] // 10_000 + 1)]}
    with pytest.raises(RuleViolation) as own:  # her own money she may be told of
        one.change(table.id, lambda t: offer(one, ana, t, too_much, stamp(t)))
    assert own.value.msg.args["player"] == "Ana"


def test_an_offer_the_table_moved_past_is_closed_as_stale_for_every_worker(two_workers):
    """Stale offers stayed 'open' in the store until their table was deleted. An entry that moves
    the table past an offer (here on one worker) closes it as stale; the other worker, not yet
    told of the entry, refuses its accept with the stale reason rather than entering it. An
    offer on a table undone stays open while the host may redo it, and lapses once another
    entry replaces the redo; a new offer from Ana to Ben withdraws her stale one."""
    one, two = two_workers
    table = trading(one.create(Table.new("chinatown", ["Ana", "Ben", "Carla"])))
    ana, ben, _ = seats(one, table)

    def ana_offers(hub, units):
        trade = {"kind": "trade", "gives": [money(1, 0, units)]}
        return hub.change(table.id, moving_on(hub, lambda t: offer(hub, ana, t, trade, stamp(t))))

    first = ana_offers(one, 3)
    one.change(table.id, moving_on(one, lambda t: t.submit({"kind": "trade", "gives": [money(2, 1)]})))
    assert offers_for(two).find(first.id).status == "stale"
    assert [(o.id, o.status) for o in offers_for(two).of_table(table.id)] == [(first.id, "stale")]
    two.get(table.id)  # the other worker's table, opened now, then left behind by the next entries
    later = ana_offers(one, 2)  # on the table with Carla's trade: Ana's stale one withdrawn
    assert offers_for(two).find(first.id).status == "withdrawn"
    one.change(table.id, moving_on(one, lambda t: t.undo()))  # back before Carla's trade
    assert offers_for(two).find(later.id).status == "open"  # the host may still redo it
    one.change(table.id, moving_on(one, lambda t: t.submit({"kind": "trade", "gives": [money(2, 0)]})))
    assert offers_for(two).find(later.id).status == "stale"  # no redo left: it never comes back
    with pytest.raises(LiveRefusal) as refused:
        two.change(table.id, lambda t: answer(two, ben, t, later.id, "accept"))
    assert refused.value.msg.key == "live.offer.stale_entry"
    assert offers_for(two).find(later.id).status == "stale"
    assert one.get(table.id).entries[-1].gives[0].receiver == 0  # only Carla's last trade
    two.change(table.id, lambda t: answer(two, ben, t, later.id, "decline"))
    assert offers_for(one).find(later.id).status == "declined"
