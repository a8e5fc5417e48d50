"""A Dragon month worked by hand (issue 30): Harvest before a Drought saves a person.

Month 12, Drought. Ana (first on the track) has one palace with a young scholar and an old warrior,
no rice and no yuan; the groups are Harvest and Taxes. She took Taxes (+2 yuan), so the Drought
finds her palace without rice and she releases one person: final 1 person = 2 VP, 2 yuan = 0 VP.
With Harvest (+1 rice) the rice feeds the palace: 2 persons = 4 VP, no yuan = 0 VP: +2.
Skipping tops her yuan up to 3 (1 VP) and still loses the person: +1. So Harvest is the best
other choice, by 2 VP, and the review says why with the Drought's own lines.
"""

from __future__ import annotations

from dragon_helpers import at_actions, fresh, realm

from companion.core import Table
from companion.review import review


def _month_twelve() -> Table:
    start = fresh(2)
    realm(start, 0, (2, ["scholar:young", "warrior:old"]), rice=0, yuan=0)
    realm(start, 1, (2, ["scholar:old"]), rice=5, yuan=0)
    start = at_actions(start, [["harvest"], ["taxes"]], month=12)
    start.events[11] = "drought"
    table = Table.new("dragon", ["Ana", "Ben"])
    table._states[0] = start  # a hand-built position as the table's start (tests only)
    table.submit({"kind": "group", "seat": 0, "group": 1})  # Ana takes Taxes
    while (prompt := table.prompt) is not None:  # the rest: the first choice each time
        table.submit(prompt.choices[0])
    return table


def test_harvest_before_the_drought_is_found_with_its_two_points() -> None:
    table = _month_twelve()
    assert table.scoreboard.row("Ana").total == 3  # 1 palace + 1 person; 2 yuan make no VP
    assert [e.kind for e in table.entries if e.seat == 0] == ["group", "release"]  # the action: one choice
    result = review(table, seat=0)
    ana = result.players[0]
    decision = ana.turning_points[0]
    assert decision.index == 0 and decision.swing == 2
    best = decision.best
    assert best.entry == {"kind": "group", "seat": 0, "group": 0} and best.total == 5
    assert [(a.entry["kind"], a.delta) for a in decision.alternatives] == [("group", 2), ("skip", 1)]
    # the release after the Drought no longer has a place: left out, and said so
    assert best.dropped == 1
    gained = [fx.rule_id for fx in best.gained]
    lost = [fx.rule_id for fx in best.lost]
    assert "dragon.action.harvest" in gained and "dragon.event.drought" in gained
    assert "dragon.event.drought" in lost  # the person released in the real game
