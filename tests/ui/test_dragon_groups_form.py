"""The action groups "as dealt": typed as they lie on the table, the groups in any order (issue 13:
a 5-player deal lying as 1 + 2 + 2 + 1 + 1 is legal)."""

import random

import pytest
from dragon_helpers import ROW
from ui_testkit import new_hub, started

from companion.core import Table
from companion.games.dragon.entries import EventRow, Groups, StartPlayer
from companion.games.dragon.public import deal_deck
from companion.ui.games.dragon.forms import END, dealt_groups
from companion.ui.settings import PREFIX

FIVE = ("Ana", "Ben", "Carla", "Dani", "Eva")
PLUS = "\u00a0+\u00a0"  # a sum of cards says its "+" between spaces that do not break


def test_taps_in_a_row_make_the_groups_in_the_rules_order():
    cards = list("abcdefg")
    groups, left = dealt_groups(cards, [2, 2, 1, 1, 1])
    assert groups == [["a", "b"], ["c", "d"], ["e"], ["f"], ["g"]] and not left


def test_end_closes_a_group_at_a_smaller_size_still_to_deal():
    groups, left = dealt_groups(["a", END, "b", "c", "d"], [2, 2, 1, 1, 1])
    assert groups == [["a"], ["b", "c"], ["d"]]  # the third is open: it may still take a card
    assert sorted(left.elements()) == [1, 1, 2]


def test_end_at_a_size_no_group_has_left_is_ignored():
    # Three groups of one are dealt: a lone card cannot be a group any more.
    groups, left = dealt_groups(["a", END, "b", END, "c", END, "d", END], [2, 2, 1, 1, 1])
    assert groups == [["a"], ["b"], ["c"], ["d"]] and sorted(left.elements()) == [2, 2]


def _five_player_table(hub) -> Table:
    table = hub.create(Table.new("dragon", list(FIVE)))
    table.submit(EventRow(months=ROW))
    table.submit(StartPlayer(player=0))
    rng = random.Random(5)
    while table.prompt.kind != "groups":
        table.submit(rng.choice(table.prompt.choices))
    return table


async def test_a_five_player_deal_typed_as_it_lies(tmp_path):
    hub = new_hub(tmp_path)
    table = _five_player_table(hub)
    h = await started(hub, route=f"/table/{table.id}")
    deck = ["taxes", "harvest", "fireworks", "parade", "research", "privilege", "build"]
    assert all(h.has(f"group-card-{c}") for c in deck)
    assert h.by_key("group-end").disabled  # an empty group ends nothing
    await h.click("group-card-taxes")
    await h.click("group-end")  # group 1: one card
    await h.click("group-card-harvest")
    await h.click("group-card-fireworks")  # group 2 ends by itself at two
    await h.click("group-card-parade")
    await h.click("group-end")
    await h.click("groups-back")  # Remove last undoes the end: group 3 is open again
    assert not h.by_key("group-end").disabled and h.by_key("groups-submit").disabled
    await h.click("group-card-research")  # ...and takes a second card
    await h.click("group-card-privilege")
    await h.click("group-card-build")  # the last two are groups of one: each ends by itself
    assert "Groups still to enter" not in h.all_text()
    await h.click("groups-submit")
    assert [list(g) for g in table.state.groups] == [
        ["taxes"],
        ["harvest", "fireworks"],
        ["parade", "research"],
        ["privilege"],
        ["build"],
    ]
    h.close()


async def test_the_form_in_spanish_says_what_is_left(tmp_path):
    hub = new_hub(tmp_path)
    table = _five_player_table(hub)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "es"})
    assert "Grupos que faltan (cartas de cada uno): " + PLUS.join("22111") in h.all_text()
    await h.click("group-card-taxes")
    await h.click("group-end")
    assert "Grupos que faltan (cartas de cada uno): " + PLUS.join("2211") in h.all_text()
    assert "Cerrar este grupo" in h.all_text()
    for card in ("harvest", "fireworks"):
        await h.click(f"group-card-{card}")
        await h.click("group-end")
    await h.click("group-card-parade")  # every group of one is dealt: this one takes two
    assert h.by_key("group-end").disabled and PLUS.join("22") in h.all_text()
    h.close()


async def test_a_sum_of_cards_stays_on_one_line(tmp_path):
    """Walkthrough walk57: at 412 px the month's question broke its sum, "(2 +" at the end of one
    line and "2 + 2 + 2)" on the next. The question, the form's line and the refusal of a wrong
    deal join the numbers with spaces that do not break."""
    from companion.core import RuleViolation

    hub = new_hub(tmp_path)
    table = _five_player_table(hub)
    h = await started(hub, route=f"/table/{table.id}")
    shown = h.all_text()
    assert "(" + PLUS.join("22111") + ")" in shown  # the question
    assert "Groups still to enter (cards in each): " + PLUS.join("22111") in shown
    assert not any(f"{a} + {b}" in shown for a in "12" for b in "12")
    h.close()
    deck = deal_deck(table.state)  # every card, in groups of the wrong sizes: refused, naming them
    wrong = (tuple(deck[:3]), *((card,) for card in deck[3:]))
    with pytest.raises(RuleViolation) as refused:
        table.submit(Groups(groups=wrong))
    assert refused.value.msg.key == "dragon.err.groups_sizes"
    assert PLUS.join("22111") in refused.value.message_in("en")
