"""The review tells each move as History does (the game's ``narrate``), not by the button it had
before it was made (``describe``): an other choice's label, the decision as logged, and where
the game stood, in English and Spanish; and the review's lines do not say a move twice."""

from __future__ import annotations

import random
import re

from random_play import play_to_end

from companion.cli_review import review_lines
from companion.core import Table
from companion.review import review

NAMES = ["Ana", "Ben", "Carla"]


def _finished(game: str, seed: int) -> Table:
    table = Table.new(game, NAMES)
    play_to_end(table, random.Random(seed))
    return table


def _decision(result, index: int):
    [found] = [d for p in result.players for d in p.turning_points if d.index == index]
    return found


def test_a_person_picked_instead_is_told_without_the_tiles_track_value() -> None:
    """Month 3, Ana took the young monk; the old monk would have cost her 14 VP. Its button read
    "old monk (2)": the 2 is the tile's person-track value, read as two old monks left. The
    review says what Ana would have done, in the words History uses."""
    table = _finished("dragon", 2)
    i = 54
    assert (table.entries[i].kind, table.entries[i].seat) == ("pick", 0)
    state = table.state_at(i)
    decision = _decision(review(table, entries={i}), i)
    best = decision.best
    assert best is not None and best.delta == -14
    entry = table.parse_entry(best.entry)
    assert table.game.describe(state, entry).render("en") == "old monk (2)"  # the button's label
    assert best.label == table.game.narrate(state, entry)
    assert best.label.render("en") == "Ana takes the old monk"
    assert best.label.render("es") == "Ana toma la ficha de monje anciano"
    assert not re.search(r"\d", best.label.render("en") + best.label.render("es"))
    # the decision as logged, told the same way, and where the game stood without the turn order
    assert decision.logged.render("en") == "Ana takes the young monk"
    assert decision.when.render("en") == "Month 3 · Persons"  # the banner: "... · Ana, then ..."
    assert decision.when == table.game.standing(state)


def test_a_shop_placed_is_told_with_its_building() -> None:
    """1968, Ben placed his Dim Sum tile on building 67; stopping instead would have cost him
    $30,000. The button read "Dim Sum on 67", a business of 67 in a sentence; the review says
    the building, and who."""
    table = _finished("chinatown", 4)
    i = 89
    state = table.state_at(i)
    assert table.game.describe(state, table.entries[i]).render("en") == "Dim Sum on 67"
    decision = _decision(review(table, entries={i}), i)
    assert decision.logged == table.game.narrate(state, table.entries[i])
    assert decision.logged.render("en") == "Ben places the Dim Sum tile on building 67"
    assert decision.logged.render("es") == "Ben coloca la loseta de Dim sum en el edificio 67"
    [stop] = decision.alternatives
    assert (stop.delta, stop.label.render("en")) == (-30000, "Ben is done placing")  # was "Ben: done placing"
    assert decision.when.render("en") == "1968 (year 4 of 6) · placing shops"  # no "first player Ana"


def test_a_trade_left_out_does_not_say_the_trade_again() -> None:
    """The decision's line tells the whole trade; the other choice was "Without this trade (Trade:
    <the whole trade again>)"."""
    table = _finished("chinatown", 4)
    i = 8
    assert table.entries[i].kind == "trade"
    result = review(table, entries={i})
    decisions = [d for p in result.players for d in p.turning_points if d.index == i]
    assert decisions
    for decision in decisions:
        [left_out] = decision.alternatives
        assert left_out.entry is None
        assert left_out.label.render("en") == "Leaving this trade out"
        assert left_out.label.render("es") == "Dejar fuera este trato"
        assert decision.logged == table.game.narrate(table.state_at(i), table.entries[i])
        assert decision.logged.render("en").startswith("Ben, Ana, and Carla trade: Ben gives Ana building 21")


def test_the_command_line_quotes_the_other_choice_and_does_not_say_it_twice() -> None:
    """The other choice is quoted (it is a sentence of its own now), and the consequence that
    only tells the move again ("Ana takes the old monk", under the line that says so) is left
    out on each side; the next consequences are kept."""
    table = _finished("dragon", 2)
    result = review(table, seat=0, entries={54})
    best = _decision(result, 54).best
    assert best is not None
    assert [fx.msg.render("en") for fx in best.gained[:1]] == ["Ana takes the old monk"]
    assert [fx.msg.render("en") for fx in best.lost[:1]] == ["Ana takes the young monk"]
    for lang, opened, closed in (("en", "“", "”"), ("es", "«", "»")):
        lines = review_lines(result, lang)
        said = best.label.render(lang)
        assert any(f"{opened}{said}{closed}" in line for line in lines)
        effects = [line.strip() for line in lines if line.strip().startswith(("+ ", "− "))]
        assert not [
            e
            for e in effects
            if e.startswith((f"+ {said} [", "− " + _decision(result, 54).logged.render(lang) + " ["))
        ]
        assert len(effects) == len(best.gained) + len(best.lost) - 2
        assert f"+ {best.gained[1].msg.render(lang)} [{best.gained[1].rule_id}]" in effects


def test_the_command_line_says_every_count_of_what_the_review_assumed() -> None:
    """The "Assumed" line gave kept, replaced, left out and facts changed, but not the moves the
    review chose where the game had none (``added``), which the Review tab says."""
    table = _finished("dragon", 2)
    result = review(table, seat=0, entries={54})
    best = _decision(result, 54).best
    assert best is not None
    for lang, words in (("en", "moves the game did not have"), ("es", "jugadas que la partida no tuvo")):
        [line] = [
            x.strip() for x in review_lines(result, lang) if x.strip().startswith(("Assumed", "Supuesto"))
        ]
        assert f"{best.kept} " in line and f"{best.added} {words}" in line, line
