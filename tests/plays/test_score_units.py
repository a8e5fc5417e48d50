"""A score in the play log, on a player's page and in the records says its unit, as Chinatown's
money always did: "41 VP" / "41 PV", not "41" (walk4, shots 029, 032 and 134: "mejor 46",
"Puntuación ganadora más alta: 46" beside "mejor 790.000 $"). A game this build lacks keeps the
bare number: its unit is unknown."""

from __future__ import annotations

import pytest

from companion.plays.labels import average_text, format_final_score, score_text, seat_score_text


@pytest.mark.parametrize("game", ["dragon", "dayu"])
def test_points_say_their_unit_in_both_languages(game: str) -> None:
    assert format_final_score(game, 41, "en") == "41\xa0VP"
    assert format_final_score(game, 41, "es") == "41\xa0PV"
    assert score_text(game, 46, "es") == "46\xa0PV"
    assert average_text(game, 36.44, "es") == "36,4\xa0PV"
    # no score behind it (plays logged with who won alone): said, no unit, never a 0
    assert (score_text(game, None, "en"), average_text(game, None, "es")) == ("no scores", "sin puntos")
    assert format_final_score(game, None, "en") == "no score"
    assert (
        seat_score_text(game, None, True, "es") == "ganó"
        and seat_score_text(game, None, False, "es") == "sin puntos"
    )
    assert seat_score_text(game, 41, True, "en") == "41\xa0VP"


def test_money_keeps_its_own_sign_and_an_unknown_game_the_bare_number() -> None:
    assert format_final_score("chinatown", 790_000, "es") == "790.000\xa0$"
    assert score_text("chinatown", 790_000, "en") == "$790,000"
    assert format_final_score("a-game-this-build-lacks", 41, "en") == "41"
    assert average_text("a-game-this-build-lacks", 36.44, "en") == "36.4"
