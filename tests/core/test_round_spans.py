"""round_spans: the round boundaries every game's hindsight reads off its log."""

from companion.core import Effect, msg
from companion.core.foresight import round_spans


def fx(n: int) -> list[Effect]:
    return [Effect(rule_id="toy", msg=msg("toy", n=n))]


def test_a_round_ends_where_the_count_grows_and_the_next_starts_after_it():
    # states[i + 1] follows entry i: the count grows after entries 2 and 5
    done = [0, 0, 0, 1, 1, 1, 2, 2]
    effects = [fx(i) for i in range(len(done) - 1)]
    spans = round_spans(done, effects, lambda d: d)
    assert [(s.index, s.first, s.last) for s in spans] == [(0, 0, 2), (1, 3, 5)]
    assert [e.msg.args["n"] for e in spans[1].effects] == [3, 4, 5]


def test_the_first_round_may_start_after_the_setup_entries():
    done = [0, 0, 0, 1, 2]
    spans = round_spans(done, [fx(i) for i in range(4)], lambda d: d, start=2)
    assert [(s.first, s.last) for s in spans] == [(2, 2), (3, 3)]
    assert [e.msg.args["n"] for e in spans[0].effects] == [2]


def test_no_round_ended_yet():
    assert round_spans([0, 0, 0], [fx(0), fx(1)], lambda d: d) == []
