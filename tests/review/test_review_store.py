"""Reviews kept with their table: the next opening finds the stored one at once; a changed log, a
new reader or another budget is reviewed again; the rows go with the table."""

from __future__ import annotations

import random

import pytest
from random_play import play_to_end

from companion.core import Table
from companion.review import Budget
from companion.store import Store
from companion.store import reviews as stored

pytestmark = pytest.mark.usefixtures("store_backend")  # on SQLite and PostgreSQL


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.db")
    yield s
    s.close()


def test_a_review_is_stored_and_opened_again_without_replaying(store, monkeypatch) -> None:
    table = Table.new("dragon", ["Ana", "Ben"])
    play_to_end(table, random.Random(4))
    store.create(table)
    budget = Budget(alternatives=40)
    first = stored.StoredReviews(store).review(table, seat=1, budget=budget)
    assert first.evaluated == 40

    def no_replay(*args, **kwargs):
        raise AssertionError("reviewed again")

    monkeypatch.setattr(stored, "review", no_replay)
    again = stored.StoredReviews(Store(store.path)).review(store.open(table.id), seat=1, budget=budget)
    assert again.model_dump(mode="json") == first.model_dump(mode="json")
    assert _texts(again) == _texts(first)  # the messages inside messages too (card names in a label)
    with pytest.raises(AssertionError):  # another reader, another budget: reviewed again
        stored.StoredReviews(store).review(table, seat=0, budget=budget)
    with pytest.raises(AssertionError):
        stored.StoredReviews(store).review(table, seat=1, budget=Budget(alternatives=41))


def test_a_changed_log_is_reviewed_again_and_rows_go_with_the_table(store) -> None:
    table = Table.new("dragon", ["Ana", "Ben"])
    rng = random.Random(6)
    store.create(table)
    for _ in range(60):
        prompt = table.prompt
        table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))
    reviews = stored.StoredReviews(store)
    budget = Budget(alternatives=10)
    reviews.review(table, budget=budget)
    assert reviews.get(table, budget=budget) is not None
    table.undo()
    assert reviews.get(table, budget=budget) is None  # another log: not this review
    store.delete(table.id)
    assert store._read("SELECT COUNT(*) FROM reviews")[0][0] == 0


def _texts(result) -> list[str]:
    out = [n.render("es") for n in result.notes]
    for player in result.players:
        for d in player.turning_points:
            out += [d.when.render("es"), d.logged.render("es")]
            for a in d.alternatives:
                out += [a.label.render("es")] + [fx.msg.render("es") for fx in a.gained + a.lost]
    return out
