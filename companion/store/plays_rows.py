"""PlayRecord <-> rows of the play tables."""

from __future__ import annotations

import json
from typing import Any

from companion.plays.models import Figure, PlayRecord, PlaySeat

Statement = tuple[str, tuple[Any, ...]]

# A location's remembered spelling and when it was last used (the latest play's date wins).
REMEMBER_LOCATION = (
    "INSERT INTO locations (name_key, name, last_used) VALUES (?, ?, ?)"
    " ON CONFLICT (name_key) DO UPDATE SET last_used = CASE WHEN excluded.last_used > locations.last_used"
    " THEN excluded.last_used ELSE locations.last_used END"  # the later of the two, on either database
)


def play_margin(seats: list[tuple[int | None, bool]]) -> int | None:
    """A play's winning margin, kept in ``plays.margin`` for the records (schema 8): the lowest
    winning score minus the best score that did not win; None when every seat won (or none did),
    or the scores are not known (schema 10)."""
    if any(score is None for score, _w in seats):
        return None
    won = [score for score, winner in seats if winner]
    lost = [score for score, winner in seats if not winner]
    return min(won) - max(lost) if won and lost else None  # type: ignore[type-var,operator]


def seat_sums(seats: list[tuple[int | None, bool]]) -> tuple[int | None, int | None, int | None]:
    """(sum of scores, winning seats, best score) of a play's seats, kept on its row (schema 8):
    the figures by month, expansion and player count sum the plays, not every seat. A play
    without scores (schema 10) has no sum and no best: None, left out by SQL's SUM and MAX."""
    if not seats:
        return None, None, None
    winners = sum(1 for _s, w in seats if w)
    scores = [s for s, _w in seats if s is not None]
    if len(scores) < len(seats):
        return None, winners, None
    return sum(scores), winners, max(scores)


def location_key(name: str) -> str:
    """What makes two spellings of a location one: case and spacing ignored."""
    return " ".join(name.split()).casefold()


PLAY_COLUMNS = "id, table_id, source, game, options, date, started, seconds, n, tie_break, location, day_only"


def insert_play(play: PlayRecord) -> list[Statement]:
    """Statements that store a play, replacing one with the same id or of the same table."""
    out: list[Statement] = [
        (
            "DELETE FROM plays WHERE id = ? OR (table_id IS NOT NULL AND table_id = ?)",
            (play.id, play.table_id),
        ),
        (
            f"INSERT INTO plays ({PLAY_COLUMNS}, margin, scores, winners, best)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                play.id,
                play.table_id,
                play.source,
                play.game,
                json.dumps(play.options, ensure_ascii=False),
                play.date,
                play.started,
                play.seconds,
                len(play.seats),
                play.tie_break,
                play.location,
                int(play.day_only),
                play_margin([(s.score, s.winner) for s in play.seats]),
                *seat_sums([(s.score, s.winner) for s in play.seats]),
            ),
        ),
    ]
    if play.location:  # remembered for offering again (a restored or imported play's too)
        out.append((REMEMBER_LOCATION, (location_key(play.location), play.location, play.date)))
    out += [
        (
            "INSERT INTO play_seats (play_id, seat, name, color, player_id, score, place, winner, game, n)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                play.id,
                s.seat,
                s.name,
                s.color,
                s.player_id,
                s.score,
                s.place,
                int(s.winner),
                play.game,
                len(play.seats),
            ),
        )
        for s in play.seats
    ]
    out += [
        (
            "INSERT INTO play_figures (play_id, game, seat, name, key, value, month, location)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (play.id, play.game, f.seat, f.name, f.key, f.value, play.date[:7], play.location or ""),
        )
        for f in play.figures
    ]
    return out


def plays_from_rows(
    plays: list[tuple[Any, ...]], seats: list[tuple[Any, ...]], figures: list[tuple[Any, ...]] | None
) -> list[PlayRecord]:
    """PlayRecords from the rows of ``plays`` (PLAY_COLUMNS order), their seats and, if read, figures."""
    by_play_seats: dict[str, list[PlaySeat]] = {}
    for play_id, seat, name, color, player_id, score, place, winner in seats:
        by_play_seats.setdefault(play_id, []).append(
            PlaySeat.model_construct(
                seat=seat,
                name=name,
                color=color,
                player_id=player_id,
                score=score,
                place=place,
                winner=bool(winner),
            )
        )
    by_play_figures: dict[str, list[Figure]] = {}
    for play_id, seat, name, key, value in figures or ():
        by_play_figures.setdefault(play_id, []).append(
            Figure.model_construct(seat=seat, name=name, key=key, value=value)
        )
    return [
        PlayRecord.model_construct(
            id=r[0],
            table_id=r[1],
            source=r[2],
            game=r[3],
            options=json.loads(r[4]),
            date=r[5],
            started=r[6],
            seconds=r[7],
            tie_break=r[9],
            location=r[10],
            day_only=bool(r[11]),
            seats=sorted(by_play_seats.get(r[0], []), key=lambda s: s.seat),
            figures=by_play_figures.get(r[0], []),
        )
        for r in plays
    ]
