"""A score far above the best the log holds in a game (400 typed for 40 is within Dragon's bound
of 488) is said as a warning, never refused, once the log holds enough scored plays to know the
usual; a kept typo above the bound is no usual."""

from __future__ import annotations

from companion.plays.bounds import USUAL_FROM, far_above
from companion.store import Store


def _log(store: Store, ana: int, ben: int, day: str) -> None:
    players = [{"name": "Ana", "vp": ana, "track": 3}, {"name": "Ben", "vp": ben, "track": 2}]
    store.log_calculated("dragon-final", {"players": players}, date=day)


def test_the_usual_best_is_the_log_s_best_within_the_bound(tmp_path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    assert store.usual_best("dragon") == (None, 0)
    for n, ana in enumerate((40, 52, 61, 38, 45)):
        _log(store, ana, 30, f"2026-11-0{n + 1}")
    assert store.usual_best("dragon") == (61, 5)
    assert store.usual_best("chinatown") == (None, 0)


def test_far_above_the_usual_is_said_with_the_best() -> None:
    said = far_above("dragon", "Ana", 400, 61, USUAL_FROM)
    assert said is not None
    assert said.render("en") == (
        "Ana's 400 is far above the best score logged for In the Year of the Dragon (61): a digit too many?"
    )
    assert said.render("es").startswith("Los 400 de Ana quedan muy por encima de la mejor puntuación")
    assert far_above("dragon", "Ana", 122, 61, USUAL_FROM) is None  # a record, not a typo
    assert far_above("dragon", "Ana", 400, 61, USUAL_FROM - 1) is None  # too few plays to know
    assert far_above("dayu", "Ana", 40, 0, USUAL_FROM) is None  # twice 0 says nothing


def test_the_command_line_says_it_once_stored_with_the_correction(tmp_path, capsys) -> None:
    from companion.cli import main

    store = Store(tmp_path / "tables.sqlite3")
    for n, ana in enumerate((40, 52, 61, 38, 45)):
        _log(store, ana, 30, f"2026-11-0{n + 1}")
    latest = store.plays()[0]
    store.close()
    assert (
        main(["play", latest.id[:8], "--scores", "400", "30", "--data", str(tmp_path), "--lang", "en"]) == 0
    )
    err = capsys.readouterr().err
    assert err == (
        "Ana's 400 is far above the best score logged for In the Year of the Dragon (61): a digit too many?"
        f" Correct it with: companion play {latest.id[:8]} --scores (one score per player, in seat order).\n"
    )
