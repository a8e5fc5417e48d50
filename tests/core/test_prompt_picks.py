"""Multi-picks in prompts: a Pick stands for every combination the choices list, and the entry
it builds is one the engine accepts."""

from __future__ import annotations

import random
from itertools import combinations

from companion.core import Table


def chinatown_keep_dealt() -> Table:
    t = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    t.submit({"kind": "first_player", "first": 0})
    t.auto(random.Random(1))  # the app deals the building cards
    assert t.prompt.kind == "keep_buildings" and t.prompt.seat is not None
    return t


def test_chinatown_keep_is_one_pick_of_k_among_the_dealt_cards() -> None:
    t = chinatown_keep_dealt()
    prompt = t.prompt
    [pick] = prompt.picks
    hand = t.state.dealt[prompt.seat]
    assert pick.kind == "keep_buildings" and pick.items == tuple(hand)
    assert pick.min == pick.max < len(hand)
    # the pick covers exactly the combinations the choices list
    subsets = {frozenset(c.buildings) for c in prompt.choices}
    assert subsets == {frozenset(c) for c in combinations(hand, pick.max)}
    chosen = hand[: pick.max]
    t.submit(pick.entry_for(reversed(chosen)))  # toggled in any order: the items' order is kept
    assert all(t.state.owner[n] == prompt.seat for n in chosen)


def test_dayu_discard_is_one_pick_over_the_hand() -> None:
    t = Table.new("dayu", ["Ana", "Ben"])
    rng = random.Random(3)
    while t.state.phase != "actions":
        t.auto(rng) if t.prompt.auto else t.submit(t.prompt.choices[0])
    seat = t.state.current
    hand = list(t.state.players[seat].hand)
    [pick] = t.prompt.picks
    assert pick.kind == "discard" and pick.items == tuple(range(len(hand)))
    assert (pick.min, pick.max) == (1, len(hand))
    assert [lab.key for lab in pick.labels] == [f"dayu.card.{c.side}" for c in hand]
    points = t.state.points_left
    t.submit(pick.entry_for([0, 2]))
    assert len(t.state.players[seat].hand) == len(hand) - 2 and t.state.points_left == points - 1
    assert t.prompt.picks == () or t.prompt.picks[0].max == len(hand) - 2


def test_every_toggle_set_of_a_dayu_hand_is_an_offered_discard() -> None:
    """Two cards of the same frame and side are one card to the rules: the choices list such a
    set once, so toggling the second red card (not the first) must still give an offered entry.
    It was refused before (Discard(cards=(1,)) is not among the choices)."""
    rng = random.Random(7)
    seen_alike = 0
    for _ in range(12):
        t = Table.new("dayu", ["Ana", "Ben", "Carla"])
        while (prompt := t.prompt) is not None and t.version < 120:
            if prompt.picks and prompt.picks[0].kind == "discard":
                [pick] = prompt.picks
                hand = t.state.players[prompt.seat].hand
                seen_alike += len({(c.frame, c.side) for c in hand}) < len(hand)
                for size in range(pick.min, min(pick.max, 3) + 1):
                    for toggled in combinations(pick.items, size):
                        entry = t.parse_entry(pick.entry_for(toggled))
                        assert entry in prompt.choices, (hand, toggled)
            if prompt.auto:
                t.auto(rng)
            else:
                t.submit(rng.choice(prompt.choices))
    assert seen_alike > 0  # the positions include hands with two cards alike
