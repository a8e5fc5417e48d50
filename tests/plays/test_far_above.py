"""A score far above what usually wins a game in the log (350 typed for 35 is within Dragon's
bound of 366) is said as a warning, never refused, once the log holds enough scored plays to know
the usual; a kept typo above the bound is no usual, and one within it does not mute the warning."""

from __future__ import annotations

from companion.plays.bounds import USUAL_FROM, far_above
from companion.store import Store


def _log(store: Store, ana: int, ben: int, day: str) -> None:
    players = [{"name": "Ana", "vp": ana, "track": 3}, {"name": "Ben", "vp": ben, "track": 2}]
    store.log_calculated("dragon-final", {"players": players}, date=day)


def test_the_usual_win_is_the_median_of_the_winning_scores_within_the_bound(tmp_path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    assert store.usual_win("dragon") == (None, 0)
    for n, ana in enumerate((40, 52, 61, 38, 45)):
        _log(store, ana, 30, f"2026-11-0{n + 1}")
    assert store.usual_win("dragon") == (45, 5)
    _log(store, 20, 50, "2026-11-06")  # Ben's 50 wins that play
    assert store.usual_win("dragon") == (45, 6)  # the lower of the two middle ones: 45 and 50
    assert store.usual_win("chinatown") == (None, 0)


def test_a_typo_kept_within_the_bound_does_not_mute_the_next(tmp_path) -> None:
    """A 350 kept (typed before the warning, or saved again) was the log's best, and the next
    330 was compared with it (twice 350): the median of the plays' bests hardly moves."""
    store = Store(tmp_path / "s.sqlite3")
    for n, ana in enumerate((40, 52, 61, 38, 45, 350)):
        _log(store, ana, 30, f"2026-11-0{n + 1}")
    usual, plays = store.usual_win("dragon")
    assert (usual, plays) == (45, 6)
    said = far_above("dragon", "Ana", 330, usual, plays)
    assert said is not None and "(45)" in said.render("en")


def test_far_above_the_usual_is_said_with_it() -> None:
    said = far_above("dragon", "Ana", 350, 45, USUAL_FROM)
    assert said is not None
    assert said.render("en") == (
        "Ana's 350 is more than three times the usual winning score logged for In the Year of the Dragon"
        " (45): a digit too many?"
    )
    assert said.render("es") == (
        "Los 350 de Ana son más del triple de la puntuación ganadora habitual anotada en En el año del"
        " dragón (45): ¿sobra una cifra?"
    )
    assert far_above("dragon", "Ana", 135, 45, USUAL_FROM) is None  # a record, not a typo
    assert far_above("dragon", "Ana", 350, 45, USUAL_FROM - 1) is None  # too few plays to know
    assert far_above("dayu", "Ana", 40, 0, USUAL_FROM) is None  # three times 0 says nothing


def test_chinatown_s_is_said_in_money() -> None:
    said = far_above("chinatown", "Ana", 9_000_000, 1_100_000, USUAL_FROM)
    assert said is not None
    assert said.render("en") == (
        "Ana's $9,000,000 is more than three times the usual winning score logged for Chinatown"
        " ($1,100,000): a digit too many?"
    )
    assert "Los 9.000.000\u00a0$ de Ana" in said.render("es") and "(1.100.000\u00a0$)" in said.render("es")


def test_the_command_line_says_it_once_stored_with_the_correction(tmp_path, capsys) -> None:
    from companion.cli import main

    store = Store(tmp_path / "tables.sqlite3")
    for n, ana in enumerate((40, 52, 61, 38, 45)):
        _log(store, ana, 30, f"2026-11-0{n + 1}")
    latest = store.plays()[0]
    store.close()
    assert (
        main(["play", latest.id[:8], "--scores", "350", "30", "--data", str(tmp_path), "--lang", "en"]) == 0
    )
    err = capsys.readouterr().err
    assert err == (
        "Ana's 350 is more than three times the usual winning score logged for In the Year of the Dragon"
        f" (45): a digit too many? Correct it with: companion play {latest.id[:8]} --scores (one score per player, in seat order).\n"
    )
