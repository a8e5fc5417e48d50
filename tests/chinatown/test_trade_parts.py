"""A trade's parties, and the part of it that can be checked before the others agree (money is
secret: companion/share/offers.py checks an offer without the receiver's money)."""

from companion.games.chinatown.entries import Give, Trade


def test_a_trade_names_its_parties_and_leaves_out_only_the_named_seats_money():
    trade = Trade(
        gives=(Give(giver=0, receiver=1, tiles=("tea_house",)), Give(giver=1, receiver=0, money=30_000))
    )
    assert trade.parties == {0, 1}
    public = trade.without_money({1})
    assert public is not None and public.gives == (Give(giver=0, receiver=1, tiles=("tea_house",)),)
    assert trade.without_money({0}) == trade  # Ana gives no money: nothing is left out
    assert Trade(gives=(Give(giver=1, receiver=0, money=10_000),)).without_money({1}) is None
