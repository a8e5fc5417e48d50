"""Random and hand-made play logs for the tests of the deeper statistics (issue 31)."""

from __future__ import annotations

import random
import uuid

from companion.plays.models import PlayRecord, PlaySeat

GAME_IDS = ("dragon", "chinatown", "dayu")


def make_play(
    game: str,
    date: str,
    seats: list[tuple[str, str | None, int]],
    *,
    winners: list[int] | None = None,
    seconds: int | None = None,
    options: dict | None = None,
    play_id: str | None = None,
) -> PlayRecord:
    """A play from (name, player id, score) per seat. Winners: the best score's seats unless given
    (a tie-break's pick); a seat's place is 1 + the seats ahead of it (winners first, then score)."""
    scores = [s[2] for s in seats]
    won = set(winners) if winners is not None else {i for i, x in enumerate(scores) if x == max(scores)}

    def rank(i: int) -> tuple[int, int]:
        return (0 if i in won else 1, -scores[i])

    out = [
        PlaySeat(
            seat=i,
            name=name,
            player_id=pid,
            score=score,
            place=1 + sum(rank(j) < rank(i) for j in range(len(seats))),
            winner=i in won,
        )
        for i, (name, pid, score) in enumerate(seats)
    ]
    return PlayRecord(
        id=play_id or uuid.uuid4().hex,
        source="calculator",
        game=game,
        options=options or {},
        date=date,
        seconds=seconds,
        seats=out,
    )


def random_play(rng: random.Random, players: dict[str, str]) -> PlayRecord:
    """A random play: 2 to 5 of the named players (85 % of seats linked, the others guests), small
    scores so ties and shared wins happen, a tie-break's single winner now and then, a date in
    2024-2026 (a few on one instant), a length or none, and the Dragon's expansions at random."""
    game = rng.choice(GAME_IDS)
    names = rng.sample(sorted(players), rng.randint(2, 5))
    seats = [(n, players[n] if rng.random() < 0.85 else None, rng.randint(10, 30)) for n in names]
    scores = [s[2] for s in seats]
    best = [i for i, x in enumerate(scores) if x == max(scores)]
    winners = best[:1] if len(best) > 1 and rng.random() < 0.5 else None
    day = f"{rng.randint(2024, 2026)}-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}"
    date = f"{day}T{rng.choice(['10', '21'])}:00:00+00:00"
    options = (
        {"great_wall": rng.random() < 0.5, "super_events": rng.random() < 0.4, "large_privilege_cost": 7}
        if game == "dragon"
        else {}
    )
    seconds = None if rng.random() < 0.2 else rng.choice([1800, 2400, 3600, rng.randint(600, 9000)])
    return make_play(game, date, seats, winners=winners, seconds=seconds, options=options)
