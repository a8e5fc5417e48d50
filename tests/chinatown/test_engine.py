"""The flow of a year, and illegal entries: refused with a rule id, changing nothing."""

import random

import pytest
from chinatown_helpers import new_table

from companion.core import RuleViolation, Table, TableError
from companion.core.rulebook import rule
from companion.games.chinatown.entries import (
    ChooseFirst,
    DealBuildings,
    DonePlacing,
    DrawTiles,
    Give,
    KeepBuildings,
    PlaceTile,
    Trade,
    TradingDone,
)


def refused(table, entry, rule_id):
    before, version = table.state.model_dump(), table.version
    with pytest.raises(RuleViolation) as info:
        table.submit(entry)
    assert info.value.rule_id == rule_id
    assert rule(rule_id) is not None and rule(rule_id, "es") is not None
    assert table.state.model_dump() == before and table.version == version
    return info.value


def test_setup_money_and_first_player_choice():
    t = new_table(3)
    assert t.state.money == [50000] * 3
    assert t.prompt.kind == "first_player" and len(t.prompt.choices) == 3
    t.submit(ChooseFirst(first=1))
    assert t.state.order() == [1, 2, 0]
    assert t.prompt.kind == "buildings" and t.prompt.auto


def test_first_player_option_and_bad_option():
    assert new_table(4, first_player=2).state.order() == [2, 3, 0, 1]
    with pytest.raises(TableError):
        new_table(3, first_player=4)


def test_player_count_3_to_5():
    for names in (["A", "B"], ["A", "B", "C", "D", "E", "F"]):
        with pytest.raises(TableError):
            Table.new("chinatown", names)


def test_app_deals_then_each_player_keeps_from_their_hand():
    t = new_table(3, first_player=0)
    t.auto(random.Random(3))
    hands = t.state.dealt
    assert [len(h) for h in hands] == [7, 7, 7]
    assert not set(hands[0]) & set(t.state.deck)
    p = t.prompt
    assert p.seat == 0 and len(p.choices) == 21  # C(7, 5)
    keep = p.choices[0]
    t.submit(keep)
    assert all(t.state.owner[b] == 0 for b in keep.buildings)
    returned = set(hands[0]) - set(keep.buildings)
    assert returned <= set(t.state.deck)  # back into the deck
    refused(t, KeepBuildings(seat=1, buildings=tuple(hands[2][:5])), "chinatown.buildings.keep")
    # A dealt hand is its player's alone, also once kept: the cards returned go back face down,
    # and what was kept lies on the board for everyone.
    assert t.view(1).state.dealt == [None, hands[1], None]
    assert t.view(None).state.dealt == [None, None, None]
    assert all(t.view(None).state.owner[b] == 0 for b in keep.buildings)


def test_table_entered_keeps_in_any_order_and_checked_against_the_deck():
    t = new_table(4, first_player=0)
    t.submit(KeepBuildings(seat=2, buildings=(1, 2, 3, 4)))
    assert t.prompt.kind == "keep_buildings" and t.prompt.seat is None
    refused(t, KeepBuildings(seat=2, buildings=(5, 6, 7, 8)), "chinatown.buildings.keep")  # twice
    refused(t, KeepBuildings(seat=0, buildings=(4, 5, 6, 7)), "chinatown.buildings.keep")  # 4 is owned
    refused(t, KeepBuildings(seat=0, buildings=(5, 6, 7)), "chinatown.buildings.keep")  # count
    refused(t, DealBuildings(hands=((9,),)), "core.entry")  # too late to deal
    for seat, first in ((0, 10), (1, 20), (3, 30)):
        t.submit(KeepBuildings(seat=seat, buildings=tuple(range(first, first + 4))))
    assert t.state.phase == "tiles" and t.prompt.seat == 0 and t.prompt.auto


def test_draw_counts_and_bag_limits():
    t = new_table(3, first_player=1)
    for seat, first in ((0, 1), (1, 10), (2, 20)):
        t.submit(KeepBuildings(seat=seat, buildings=tuple(range(first, first + 5))))
    refused(t, DrawTiles(seat=0, tiles=("photo",) * 7), "chinatown.tiles.draw")  # Ben draws first
    refused(t, DrawTiles(seat=1, tiles=("photo",) * 6), "chinatown.tiles.draw")  # only 6 photos exist
    refused(t, DrawTiles(seat=1, tiles=("photo",) * 3), "chinatown.tiles.draw")  # 7 this year
    refused(t, DrawTiles(seat=1, tiles=("pizza",) * 7), "chinatown.tiles.draw")
    t.submit(DrawTiles(seat=1, tiles=("photo",) * 6 + ("florist",)))
    refused(t, DrawTiles(seat=2, tiles=("photo",) + ("florist",) * 6), "chinatown.tiles.draw")  # bag empty
    assert t.state.bag.get("photo", 0) == 0 and t.state.hands[1] == {"photo": 6, "florist": 1}


def year_one(n=3):
    """Three players; Ana owns 1-5, Ben 10-14 (+15), Carla 20-24; everyone drew."""
    t = new_table(n, first_player=0)
    for seat, first in ((0, 1), (1, 10), (2, 20)):
        t.submit(KeepBuildings(seat=seat, buildings=tuple(range(first, first + 5))))
    t.submit(DrawTiles(seat=0, tiles=("tea_house",) * 3 + ("florist",) * 4))
    t.submit(DrawTiles(seat=1, tiles=("tea_house",) * 3 + ("laundry",) * 4))
    t.submit(DrawTiles(seat=2, tiles=("photo",) * 6 + ("seafood",)))
    assert t.state.phase == "trade"
    return t


def test_trades_check_holdings_and_move_everything_at_once():
    t = year_one()
    refused(t, Trade(gives=(Give(giver=0, receiver=1, buildings=(10,)),)), "chinatown.trade.holdings")
    refused(t, Trade(gives=(Give(giver=0, receiver=1, tiles=("photo",)),)), "chinatown.trade.holdings")
    refused(t, Trade(gives=(Give(giver=0, receiver=1, money=60000),)), "chinatown.trade.holdings")
    refused(t, Trade(gives=(Give(giver=0, receiver=1, money=5000),)), "chinatown.trade.money")
    refused(t, Trade(gives=(Give(giver=0, receiver=0, money=10000),)), "chinatown.trade")
    refused(t, Trade(gives=(Give(giver=0, receiver=1),)), "chinatown.trade")
    refused(
        t,
        Trade(gives=(Give(giver=0, receiver=1, money=30000), Give(giver=0, receiver=2, money=30000))),
        "chinatown.trade.holdings",
    )  # 60,000 in total is more than Ana has
    refused(t, PlaceTile(seat=0, shop="florist", building=1), "core.entry")  # not placing yet
    fx = t.submit(
        Trade(
            gives=(
                Give(giver=0, receiver=1, buildings=(1,), money=20000),
                Give(giver=1, receiver=0, tiles=("laundry", "laundry")),
                Give(giver=2, receiver=0, tiles=("photo",)),  # a gift
            )
        )
    )
    s = t.state
    assert s.owner[1] == 1 and s.money == [30000, 70000, 50000]
    assert s.hands[0] == {"tea_house": 3, "florist": 4, "laundry": 2, "photo": 1}
    assert len(fx) == 3 and all(f.rule_id == "chinatown.trade" for f in fx)


def test_placing_in_turn_order_only_on_own_vacant_buildings():
    t = year_one()
    t.submit(TradingDone())
    p = t.prompt
    assert p.seat == 0 and p.kind == "place_tile"
    assert len(p.choices) == 2 * 5 + 1  # two tile types x five vacant buildings, and "done"
    refused(t, PlaceTile(seat=0, shop="florist", building=10), "chinatown.place")  # Ben's
    refused(t, PlaceTile(seat=0, shop="photo", building=1), "chinatown.place")  # no photo in hand
    refused(t, PlaceTile(seat=1, shop="laundry", building=10), "chinatown.place.order")
    t.submit(PlaceTile(seat=0, shop="tea_house", building=1))
    refused(t, PlaceTile(seat=0, shop="tea_house", building=1), "chinatown.place")  # occupied
    t.submit(DonePlacing(seat=0))
    assert t.prompt.seat == 1
    assert t.state.hands[0] == {"tea_house": 2, "florist": 4}  # kept for later years


def test_income_paid_to_every_player_with_effects_citing_rules():
    t = year_one()
    t.submit(TradingDone())
    for b in (2, 4, 5):  # 2 touches 4, and 4 touches 5
        t.submit(PlaceTile(seat=0, shop="tea_house", building=b))
    t.submit(DonePlacing(seat=0))
    for b in (10, 11, 12, 13):
        t.submit(PlaceTile(seat=1, shop="laundry", building=b))
    t.submit(DonePlacing(seat=1))
    for b in (20, 21, 23):
        t.submit(PlaceTile(seat=2, shop="photo", building=b))
    fx = t.submit(DonePlacing(seat=2))
    texts = [f.text for f in fx]
    # each line names its earner in words, not by a colour dot alone (walk4, shots 068/069)
    assert "Ana: +\u2060$50,000 from Tea House 2, 4, and 5, complete (3/3)" in texts
    assert "Ben: +\u2060$60,000 from Laundry 10, 11, 12, and 13, incomplete (4/5)" in texts
    assert "Carla: +\u2060$50,000 from Photo 20, 21, and 23, complete (3/3)" in texts  # 20 touches 21 and 23
    assert "Ben: +60.000\xa0$ por Lavandería en 10, 11, 12 y 13, negocio incompleto (4/5)" in [
        f.msg.render("es") for f in fx
    ]
    assert t.state.money == [100000, 110000, 100000]
    assert t.state.phase == "buildings" and t.state.year == 1
    assert {f.rule_id for f in fx} >= {"chinatown.income.complete", "chinatown.income.incomplete"}


def test_a_traded_building_carries_its_shop_and_its_income():
    t = year_one()
    t.submit(TradingDone())
    t.submit(PlaceTile(seat=0, shop="florist", building=1))
    t.submit(DonePlacing(seat=0))
    t.submit(DonePlacing(seat=1))
    t.submit(DonePlacing(seat=2))
    assert t.state.money[0] == 60000
    # Year 2: Ana sells building 1, florist and all, to Ben
    for seat, first in ((0, 30), (1, 40), (2, 50)):
        t.submit(KeepBuildings(seat=seat, buildings=tuple(range(first, first + 4))))
    for seat in range(3):
        t.auto(random.Random(seat))
    fx = t.submit(Trade(gives=(Give(giver=0, receiver=1, buildings=(1,)),)))
    assert "with its Florist" in fx[0].text
    # Spanish names the tile: "con su Antigüedades" read wrong (a plural name after "su")
    assert "el edificio 1 con su loseta de Floristería" in fx[0].msg.render("es")
    assert t.state.owner[1] == 1 and t.state.shop[1] == "florist"
    refused(t, Trade(gives=(Give(giver=0, receiver=1, buildings=(1,)),)), "chinatown.trade.holdings")


def test_money_is_secret_until_the_end():
    t = year_one()
    assert t.view(1).state.money == [None, 50000, None]
    assert t.view(None).state.money == [None, None, None]


def test_phase_errors_name_a_rule():
    t = new_table(3)
    refusal = refused(t, TradingDone(), "core.entry")  # the table refuses a kind not asked for
    # It says what the table is waiting for (the engine trusts the Table and checks no phase).
    assert refusal.msg.key == "core.entry.wrong_kind" and refusal.msg.args["expected"] == t.prompt.msg
    assert t.prompt.text in refusal.message


def test_malformed_entry_is_rejected():
    t = new_table(3, first_player=0)
    with pytest.raises(RuleViolation) as info:
        t.submit({"kind": "keep_buildings", "seat": 0})
    assert info.value.rule_id == "core.entry"


# ---- turns: the Table refuses them from the prompt (the engine trusts it) -------------------
def test_keeping_out_of_turn_after_the_app_dealt_names_whose_turn_it_is():
    t = new_table(3, first_player=1)  # Ben keeps first
    t.auto(random.Random(5))
    hands = t.state.dealt
    refusal = refused(t, KeepBuildings(seat=0, buildings=tuple(hands[0][:5])), "chinatown.buildings.keep")
    assert refusal.msg.key == "core.entry.wrong_seat" and refusal.msg.args["player"] == "Ben"
    assert "Ben" in refusal.message_in("es")


def test_keeping_twice_or_for_no_such_player_when_the_table_dealt():
    t = new_table(3, first_player=0)
    t.submit(KeepBuildings(seat=1, buildings=(1, 2, 3, 4, 5)))
    assert t.prompt.seats == (0, 2)
    refusal = refused(t, KeepBuildings(seat=1, buildings=(6, 7, 8, 9, 10)), "chinatown.buildings.keep")
    assert refusal.msg.key == "core.entry.not_among"
    assert refusal.message == "Only one of these players can enter that now: Ana and Carla."
    refused(t, KeepBuildings(seat=3, buildings=(6, 7, 8, 9, 10)), "chinatown.buildings.keep")
    t.submit(KeepBuildings(seat=0, buildings=(6, 7, 8, 9, 10)))
    last = refused(t, KeepBuildings(seat=0, buildings=(11, 12, 13, 14, 15)), "chinatown.buildings.keep")
    assert last.message == "Only Carla can enter that now." and "Carla" in last.message_in("es")


def test_drawing_out_of_turn_names_whose_turn_it_is():
    t = new_table(3, first_player=2)
    for seat, first in ((0, 1), (1, 10), (2, 20)):
        t.submit(KeepBuildings(seat=seat, buildings=tuple(range(first, first + 5))))
    refusal = refused(t, DrawTiles(seat=1, tiles=("photo",) * 7), "chinatown.tiles.draw")
    assert refusal.msg.key == "core.entry.wrong_seat" and refusal.msg.args["player"] == "Carla"


def test_placing_or_passing_out_of_turn_names_whose_turn_it_is():
    t = year_one()
    t.submit(TradingDone())
    for wrong in (PlaceTile(seat=2, shop="photo", building=20), DonePlacing(seat=1)):
        refusal = refused(t, wrong, "chinatown.place.order")
        assert refusal.msg.args["player"] == "Ana"


def test_clone_is_the_same_state_and_shares_nothing_an_entry_changes():
    t = year_one()
    t.submit(TradingDone())
    t.submit(PlaceTile(seat=0, shop="tea_house", building=1))
    s = t.state
    before = s.model_dump()
    c = s.clone()
    assert c == s and c is not s
    c.owner[99] = 0
    c.shop[2] = "photo"
    c.hands[0]["florist"] -= 1
    c.bag["photo"] = 0
    c.kept[0] = [1]
    c.deck.pop()
    c.money[1] += 10000
    c.income.append([0, 0, 0])
    c.money_by_year.append([0, 0, 0])
    assert s.model_dump() == before
