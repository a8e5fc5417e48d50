"""A Da Yu capture decided by one move, worked by hand (issue 30).

The last round of a 2-player game: the flood pile is empty, so the game ends when the round does.
The ring holds three flood cards: place 1 (index 0) has 9 of its 10 spaces drained, places 2 and
3 (indices 1, 2) none. Ana starts the round on place 2 with one silver tool card; Ben waits on
place 1 with one red card. Before the round:

    Ana: a silver VP card of 3, five flood cards of 1 point  = 3 + 5 = 8
    Ben: a red VP card of 3, four flood cards of 1 point     = 3 + 4 = 7

The log. Ana moves to place 3 (dayu.move.neighbour), drains her card there with 1 tool and 2 VP
(dayu.drain.play: place 3 goes to 1 token), rests, and draws three silver cards. Ben drains his
card on place 1 with 1 tool and 1 VP: the card is full (dayu.drain.tools), he rests twice, draws
three red cards, and at the end of his turn he takes it (dayu.capture): it shows 4 points
(dayu.flood.points). The flood pile is empty, so the game ends (dayu.end.condition):

    Ana: VP cards 3 + 2, flood cards 5            = 10, second
    Ben: VP cards 3 + 1, flood cards 4 + 4        = 12, first

Had Ana moved to place 1 instead, her logged drain (1 tool) fills that card, and at the end of
her turn she takes it herself: the same card, the logged fact says it shows 4 points. Ana: 10 + 4
= 14. Ben's logged drain no longer has a place (his marker's card is gone) and the review's policy
plays the rest of his turn as far as it still can (docs/DECISIONS.md "Review"); whatever it gives
him, his most is 3 + 6 (the highest VP number, dayu.drain.vp) + 4 = 13 < 14. So the move cost Ana
4 points and first place: the best alternative is +4, rank 1 instead of 2.

Her other choices at that point, each by the rule that decides it:
- drain on place 2 where she stands, flip her card, or rest: her drain still happens (on place 2
  or 3), nobody but Ben fills place 1: 10 points, +0;
- discard her only card (dayu.discard): the logged drain has no card left, so she never plays
  the silver 2: 3 + 5 = 8, −2.
"""

from __future__ import annotations

from dayu_helpers import check_invariants

from companion.core import Table
from companion.games.dayu.data import DATA
from companion.games.dayu.state import DayuState, FloodCard, Place, ToolCard, VPCard
from companion.review import review

ANA_REAL, BEN_REAL = 3 + 2 + 5, 3 + 1 + 4 + 4  # 10 and 12: Ben first
CARD = 4  # the points printed on the card at place 1, as the log enters it
BEN_AT_MOST = 3 + DATA.vp_per_face.high + 4  # 13: Ben without the card, at his best
ANA_BEST = ANA_REAL + CARD  # 14: first whatever the policy gives Ben

LOG = [
    {"kind": "move", "seat": 0, "to": 2},  # the decision: place 3 rather than place 1
    {"kind": "drain", "seat": 0, "card": 0},
    {"kind": "drain_tools", "seat": 0, "tools": 1},
    {"kind": "drain_vp", "seat": 0, "vp": 2},
    {"kind": "rest", "seat": 0},
    *[{"kind": "draw", "seat": 0, "pile": "silver"}] * 3,
    {"kind": "drain", "seat": 1, "card": 0},
    {"kind": "drain_tools", "seat": 1, "tools": 1},  # place 1 full: 10 of 10
    {"kind": "drain_vp", "seat": 1, "vp": 1},
    {"kind": "rest", "seat": 1},
    {"kind": "rest", "seat": 1},
    *[{"kind": "draw", "seat": 1, "pile": "red"}] * 3,
    {"kind": "flood_bonus", "bonus": "points", "points": CARD},  # Ben takes it; the game ends
]


def _last_round(table: Table) -> DayuState:
    """The hand-built position, its counts those of a real game (check_invariants)."""
    s = table.state_at(0).clone()  # type: ignore[attr-defined]
    ana, ben = s.players
    s.ring = [Place(card=0, tokens=9), Place(card=1), Place(card=2)]
    s.flood_pile, s.next_card = 0, DATA.flood_cards
    s.supply = DATA.drainage_tokens - 9
    ana.marker, ana.hand = 1, [ToolCard(frame="silver")]
    ana.vp_cards, ana.flood = [VPCard(frame="silver", vp=3)], [FloodCard(kind="points", points=1)] * 5
    ben.marker, ben.hand = 0, [ToolCard(frame="red")]
    ben.vp_cards, ben.flood = [VPCard(frame="red", vp=3)], [FloodCard(kind="points", points=1)] * 4
    s.piles = {"silver": DATA.piles["silver"] - 2, "green": DATA.piles["green"], "red": DATA.piles["red"] - 2}
    s.phase, s.start, s.current, s.round, s.turn, s.points_left = "actions", 0, 0, 9, 17, DATA.action_points
    check_invariants(s)
    return s


def _game() -> Table:
    table = Table.new("dayu", ["Ana", "Ben"])
    table._states[0] = _last_round(table)  # a hand-built position as the table's start (tests only)
    for entry in LOG:
        table.submit(entry)
    assert table.prompt is None and table.state.end_reason == "flood_conquered"  # type: ignore[attr-defined]
    return table


def test_moving_to_the_full_card_is_found_with_its_four_points_and_first_place() -> None:
    table = _game()
    board = table.scoreboard
    assert (board.row("Ana").total, board.row("Ben").total) == (ANA_REAL, BEN_REAL)
    assert board.ranking == ["Ben", "Ana"]
    assert BEN_AT_MOST < ANA_BEST

    ana = review(table, seat=0).players[0]
    decision = ana.turning_points[0]  # the biggest swing of her game
    assert decision.index == 0 and decision.swing == CARD and decision.total == ANA_REAL
    best = decision.best
    assert best.entry == {"kind": "move", "seat": 0, "to": 0, "free": False}
    assert (best.total, best.delta, best.rank, best.rank_delta) == (ANA_BEST, CARD, 1, 1)
    # Ben's turn, as far as it is still possible: his drain has no card left under his marker and
    # the review plays the closest choice (a flip of that card, 1 replaced); its two numbers have no
    # drain to go with, and he draws one card fewer (3 dropped); his rests and two draws as logged.
    # The card's face was played at Ana's capture, the card it was logged for (Replayer.play_on).
    assert (best.dropped, best.replaced) == (3, 1)
    # equal points: the replays played wholly as logged (flip, rest) before the drain, whose
    # replay had to leave out two later moves (branch dayureview: not the prompt's order)
    assert [(a.entry["kind"], a.delta, a.guessed) for a in decision.alternatives] == [
        ("move", CARD, 5),
        ("flip", 0, 0),
        ("rest", 0, 0),
        ("drain", 0, 2),
        ("discard", -2, 3),
    ]
    # the review says why: the capture happened to Ana only with the other move
    assert "dayu.capture" in [fx.rule_id for fx in best.gained]
    assert "dayu.capture" not in [fx.rule_id for fx in best.lost]


def test_the_drain_after_the_move_won_two_points() -> None:
    """Her drain on place 3 was worth its VP card: every other choice there leaves the silver 2
    in her hand (a card in hand scores nothing), −2, and the capture stays Ben's."""
    ana = review(_game(), seat=0).players[0]
    drain = next(d for d in ana.turning_points if d.index == 1)
    assert drain.swing == -2 and {a.delta for a in drain.alternatives} == {-2}
