"""The play log's "plays to link" card counts from the seats alone (``play_ids_to_link``); the
plays it counts must be exactly those whose suggested links differ from the stored ones, the
definition ``plays_to_link`` had when it loaded every play (names with other spacing and case,
accents, two seats of one name, a namesake already seated, plays with nothing to suggest)."""

from __future__ import annotations

import random

import pytest
from plays_insights_helpers import make_play

from companion.store import Store

NAMES = ["Ana", "ana ", "Ángel", "ÁNGEL", "Ben", "B  en", "Carla", "Dai", "Eli", "Zoe"]


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def _loaded_definition(store: Store) -> list[str]:
    """Every play loaded and asked, as the card did before."""
    ids = [row[0] for row in store._read("SELECT id FROM plays")]
    return sorted(
        pid
        for pid in ids
        if (play := store.play(pid)) is not None
        and store.suggested_links(play) != [s.player_id for s in play.seats]
    )


def test_the_count_from_the_seats_matches_loading_every_play(store):
    rng = random.Random(11)
    players = {name: store.create_player(name).id for name in ("Ana", "Ángel", "Ben", "Carla")}
    for n in range(120):
        seats = []
        for seat in range(rng.randint(2, 5)):
            name = rng.choice(NAMES)
            key = " ".join(name.split()).casefold()
            remembered = next((pid for known, pid in players.items() if known.casefold() == key), None)
            linked = remembered if remembered is not None and rng.random() < 0.5 else None
            seats.append((name, linked, 10 + seat))
        ids = [pid for _, pid, _ in seats if pid]
        if len(ids) != len(set(ids)):
            continue  # a player sits once in a play
        store.restore_play(
            make_play("dayu", f"2026-03-{1 + n % 28:02d}T20:00:00+00:00", seats, play_id=f"p{n:03d}")
        )
    expected = _loaded_definition(store)
    assert 10 < len(expected) < 110  # both kinds are there
    assert store.play_ids_to_link() == expected
    assert sorted(play.id for play, _ in store.plays_to_link()) == expected


def test_nothing_to_link_without_remembered_players(store):
    store.restore_play(make_play("dayu", "2026-03-01T20:00:00+00:00", [("Ana", None, 3), ("Ben", None, 2)]))
    assert store.play_ids_to_link() == []
