"""A final score no game allows is a typo: refused when a play is logged from Quick score,
corrected in the log or brought in from BG Stats or BoardGameGeek, with the player named and the
bound said (rules_data/core/score_bounds.json; docs/DECISIONS.md, "Scores the rules cannot give").
An import refuses that play alone and brings in the rest of the file."""

from __future__ import annotations

import pytest

from companion.core.calc import CalcInputError
from companion.core.registry import installed
from companion.plays.bgstats import plan_import
from companion.plays.bounds import score_bounds, score_refusal
from companion.store import Store, StoreError
from companion.store.plays_import import import_plays, plan_bgg


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def _dragon(vp_ana: int) -> dict:
    return {"players": [{"name": "Ana", "vp": vp_ana, "track": 5}, {"name": "Ben", "vp": 35, "track": 3}]}


def test_every_game_has_its_bound_with_its_reasoning() -> None:
    bounds = score_bounds().games
    assert set(bounds) == set(installed())
    assert bounds["dragon"].most < 500 and bounds["dragon"].least == 0 and "Research" in bounds["dragon"].why
    assert score_refusal("dragon", "Ana", bounds["dragon"].most) is None
    over = score_refusal("dragon", "Ana", bounds["dragon"].most + 1)
    assert over is not None and over.key == "plays.score.over" and over.args["name"] == "Ana"
    under = score_refusal("chinatown", "Ben", -10_000)
    assert under is not None and under.key == "plays.score.under"


def test_quick_score_refuses_a_digit_too_many_and_logs_nothing(store: Store) -> None:
    with pytest.raises(CalcInputError) as refused:
        store.log_calculated("dragon-final", _dragon(4100))  # 41 typed as 4100
    assert refused.value.msg.key == "plays.score.over" and refused.value.msg.args["name"] == "Ana"
    assert "Ana" in refused.value.msg.render("es") and "366" in refused.value.msg.render("es")
    assert store.plays() == []
    assert store.log_calculated("dragon-final", _dragon(41)).seats[0].score is not None


def test_a_correction_beyond_the_bound_is_refused_and_changes_nothing(store: Store) -> None:
    play = store.log_calculated("dragon-final", _dragon(41))
    with pytest.raises(StoreError) as refused:
        store.rescore_play(play.id, [4300, 40])
    assert refused.value.msg.key == "plays.score.over" and refused.value.msg.args["name"] == "Ana"
    assert store.play(play.id) == play


def _bgstats(score_ana: object) -> list[dict]:
    game = {"name": "In the Year of the Dragon", "bggId": 31594}
    return [
        {
            "sourcePlayId": "typo-1",
            "playDate": "2026-11-01 20:00:00",
            "game": game,
            "players": [{"name": "Ana", "score": score_ana, "winner": True}, {"name": "Ben", "score": 38}],
        },
        {
            "sourcePlayId": "fine-2",
            "playDate": "2026-11-02 20:00:00",
            "game": game,
            "players": [{"name": "Ana", "score": 44, "winner": True}, {"name": "Ben", "score": 38}],
        },
    ]


def test_a_bgstats_play_beyond_the_bound_is_refused_alone() -> None:
    plan = plan_import(_bgstats(4000), set(), set())
    assert [p.id for p, _links in plan.plays] == ["fine-2"]
    [refused] = plan.refused
    assert refused.reason.key == "plays.bgstats.why.score_over" and refused.reason.args["name"] == "Ana"
    line = refused.line("en").render("en")
    assert (
        "In the Year of the Dragon" in line and "Ana" in line and "4,000" in line
    )  # grouped as the reader writes numbers
    assert [p.id for p, _links in plan_import(_bgstats(40), set(), set()).plays] == ["typo-1", "fine-2"]


def test_a_bgg_play_beyond_the_bound_is_refused_alone(store: Store) -> None:
    dragon = '<item name="In the Year of the Dragon" objecttype="thing" objectid="31594"/>'

    def play(pid: str, ana: str) -> str:
        return (
            f'<play id="{pid}" date="2026-03-25" quantity="1" length="0" incomplete="0" nowinstats="0"'
            f' location="">{dragon}<players>'
            f'<player username="" userid="0" name="Ana" score="{ana}" new="0" rating="0" win="1"/>'
            '<player username="" userid="0" name="Ben" score="30" new="0" rating="0" win="0"/>'
            "</players></play>"
        )

    data = (
        '<?xml version="1.0" encoding="utf-8"?><plays username="ana" userid="7" total="2" page="1">'
        + play("9001", "520")
        + play("9002", "52")
        + "</plays>"
    ).encode()
    plan = plan_bgg(store, data)
    [refused] = plan.refused
    assert refused.reason.key == "plays.bgstats.why.score_over"
    assert "score of 520 " in refused.reason.render("en")
    import_plays(store, plan.plays, plan.names)
    assert [s.score for p in store.plays() for s in p.seats] == [52, 30]


def test_the_bound_is_written_as_the_reader_groups_numbers() -> None:
    """Chinatown's bound is in the millions, and money: "$7,170,000" in English, "7.170.000 $"
    in Spanish, as the game says its money (it read "7,170,000" without the sign, and "7170000"
    before that)."""
    most = score_bounds().games["chinatown"].most
    over = score_refusal("chinatown", "Ana", most * 10)
    assert over is not None
    assert over.render("en") == (
        "Ana's score of $71,700,000 is more than anyone can score in this game (at most $7,170,000):"
        " a digit too many?"
    )
    assert "71.700.000\xa0$" in over.render("es") and "(como mucho 7.170.000\xa0$)" in over.render("es")
    assert "(at most 366)" in str(score_refusal("dragon", "Ana", 4100))  # points: no sign
    under = score_refusal("dayu", "Ben", score_bounds().games["dayu"].least - 10)
    assert under is not None and "\u221250" in under.render("es")  # a true minus, as every score below zero
