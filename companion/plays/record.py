"""A play from a finished table, or from a Quick score calculator's input and result."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, NamedTuple

from pydantic import ValidationError

from companion.core.calc import CalcInputError
from companion.core.foresight import table_history
from companion.core.protocol import Scoreboard
from companion.core.registry import calculators, get
from companion.core.table import Player, Table
from companion.plays.bounds import score_refusal
from companion.plays.figures import FIGURES, calc_figures, generic
from companion.plays.models import MAX_NUMBER, PlayRecord, PlaySeat


def record(
    table: Table,
    *,
    history: tuple[list[Any], list[list[Any]], list[Any]] | None = None,
    started: str | None = None,
    ended: str | None = None,
    player_ids: list[str | None] | None = None,
) -> PlayRecord:
    """The play a finished table makes. ``history`` is (states, effects, entries) when the caller
    already has it (the store, about to commit the last entry); ``started``/``ended`` the times of
    the first and last entry when known."""
    states, effects, entries = history or table_history(table)
    board = table.game.score(states[-1])
    ended = _utc_text(ended) or datetime.now(UTC).isoformat(timespec="seconds")
    started = _utc_text(started)
    return PlayRecord(
        id=table.id,
        table_id=table.id,
        source="table",
        game=table.game_id,
        options=table.options.model_dump(mode="json"),
        date=ended,
        started=started,
        seconds=_seconds(started, ended),
        seats=_seats(board, table.players, player_ids),
        tie_break=_tie_break(board),
        figures=FIGURES.get(table.game_id, generic)(states, effects, entries, board),
    )


def final_seats(table: Table) -> list[PlaySeat]:
    """The seats a finished table's play holds (names, colours, scores, winners), read off its
    final state alone: what a restore checks a backup's play against without replaying."""
    return _seats(table.scoreboard, table.players, None)


def _seats(board: Scoreboard, players: list[Player], player_ids: list[str | None] | None) -> list[PlaySeat]:
    winners = set(board.shared or board.ranking[:1])
    place = {name: i + 1 for i, name in enumerate(board.ranking)}
    ids = player_ids or [None] * len(players)
    return [
        PlaySeat(
            seat=row.seat,
            name=row.name,
            color=players[row.seat].color,
            player_id=ids[row.seat],
            score=row.total,
            place=1 if row.name in winners else place[row.name],
            winner=row.name in winners,
        )
        for row in sorted(board.rows, key=lambda r: r.seat)
    ]


def _tie_break(board: Scoreboard) -> str | None:
    """The tie-break's message key when the best total was shared (the tie-break had to decide)."""
    totals = sorted((r.total for r in board.rows), reverse=True)
    if len(totals) > 1 and totals[0] == totals[1] and board.tie_break is not None:
        return board.tie_break.key
    return None


def _seconds(started: str | None, ended: str | None) -> int | None:
    if not started or not ended:
        return None
    try:
        delta = utc(ended) - utc(started)
    except ValueError:
        return None
    return max(0, int(delta.total_seconds()))


def utc(text: str) -> datetime:
    """An ISO time as an aware UTC time; a time without a zone is read as UTC (docs/FORMAT.md)."""
    when = datetime.fromisoformat(text)
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def _utc_text(text: str | None) -> str | None:
    """A table file's time (with or without a zone) as the log stores it: UTC; unreadable: None."""
    if not text:
        return None
    try:
        return utc(text).isoformat(timespec="seconds")
    except ValueError:
        return None


# A clock a few minutes ahead of another is no reason to refuse a play.
FUTURE_SLACK = timedelta(minutes=10)


# A day alone is stored as that day's noon UTC. Before schema 9 (backups before version 3) the
# log did not say which plays were so: any play at exactly that noon is taken for one, but for BG
# Stats imports, whose times people type and where 13:00 in Madrid is 12:00 UTC (DECISIONS).
DAY_NOON = "T12:00:00+00:00"


def stored_as_a_day(source: str, date: str) -> bool:
    """Whether a play of an older log (no ``day_only`` kept) is one known by its day alone."""
    return source != "import" and date.endswith(DAY_NOON)


class Dated(NamedTuple):
    """When a play ended as the log stores it: ``date`` in UTC; ``day_only`` when only its day is
    known (``date`` is then that day at noon UTC, what the log sorts by, never shown)."""

    date: str
    day_only: bool = False


def play_date(text: str, *, logged_now: bool = False) -> Dated:
    """When a play ended, as typed or sent, stored in UTC (CalcInputError if it is not a date, or
    in the future). A day alone is that day at noon UTC, the same day on every clock from UTC-11
    to UTC+11, marked as a day alone; a time without a zone is the local time of this device.

    ``logged_now``: the day was typed as the play is logged (Quick score's "Day played"): today on
    this device is now, a real time; an earlier day is that day alone, though its noon UTC may be
    a few hours ahead east of UTC+12 (now there would be the next day: last evening's play typed
    after midnight in New Zealand was shown on the day after the day typed)."""
    now = datetime.now(UTC)
    day: date | None = None  # a day alone
    try:
        if len(text.strip()) == 10:  # YYYY-MM-DD
            day = date.fromisoformat(text.strip())
            when = datetime.combine(day, time(12), tzinfo=UTC)  # its noon UTC
            future = day > (now + timedelta(hours=14)).date()  # a day that has begun nowhere yet
        else:
            when = datetime.fromisoformat(text.strip()).astimezone(UTC)  # naive: read as local time
            future = when > now + FUTURE_SLACK
    except (ValueError, OverflowError) as exc:
        raise CalcInputError("plays.calc.bad_date", found=text) from exc
    if future:
        raise CalcInputError("plays.calc.future_date", found=text)
    if day is None:
        return Dated(when.isoformat(timespec="seconds"))
    if logged_now and day >= date.today():
        return Dated(now.isoformat(timespec="seconds"))
    return Dated(when.isoformat(timespec="seconds"), day_only=True)


def play_options(game: str, options: object, *, said_only: bool = False) -> dict[str, Any]:
    """The options a play was played with, checked by the game's own options model and stored as
    a table stores them (every option, the defaults for those not given); ``said_only``: only
    those given (an option a group never said stays not said: the log's Edit); CalcInputError if
    the game has no such option or value."""
    try:
        checked = get(game).options_model.model_validate(options).model_dump(mode="json")
        given = options if isinstance(options, dict) else {}
        return {k: v for k, v in checked.items() if k in given} if said_only else checked
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        raise CalcInputError(
            "plays.calc.bad_options", detail=f"{where}: {err.get('msg', '')}".strip(": ")
        ) from exc


# Quick score calculators that give a final result: name -> (game, its tie-break key).
FINAL_CALCULATORS = {
    "dragon-final": ("dragon", "dragon.tie_break"),
    "dayu-final": ("dayu", "dayu.score.tie_break"),
    "chinatown-final": ("chinatown", "chinatown.score.tie_break"),
}


def calculated(
    calculator: str,
    data: object,
    result: dict[str, Any] | None = None,
    *,
    date: str | None = None,
    options: dict[str, Any] | None = None,
    player_ids: list[str | None] | None = None,
) -> PlayRecord:
    """The play of a game scored with a final-scoring calculator: its input ``data`` (players in
    seat order) is scored again here, and ``result``, when the caller shows one, must be that score.

    The result's ranking is the calculator's own tie-break; its ``shared`` list, when present,
    names a shared victory. ``options``, when given, are the game's table options (Dragon's
    expansions), checked by the game. CalcInputError for bad input or options, a result that is
    not the input's, or a calculator that gives no final result.
    """
    if calculator not in FINAL_CALCULATORS:
        raise CalcInputError("plays.calc.not_final", name=calculator, known=", ".join(FINAL_CALCULATORS))
    game, tie_key = FINAL_CALCULATORS[calculator]
    scored = calculators()[calculator].run(data)
    if result is not None and result != scored:
        raise CalcInputError("plays.calc.not_its_result", name=calculator)
    result = scored
    try:
        rows = result["players"]
        ranking = list(result["ranking"])
        names = [str(r["name"]) for r in rows]
        totals = [int(r["total"]) for r in rows]
    except (KeyError, TypeError, ValueError) as exc:
        raise CalcInputError("plays.calc.bad_result", detail=str(exc)) from exc
    if sorted(ranking) != sorted(names) or len(set(names)) != len(names):
        raise CalcInputError("plays.calc.bad_result", detail="ranking")
    if any(abs(t) > MAX_NUMBER for t in totals):  # no game scores that much: a typo
        raise CalcInputError("plays.calc.too_big")
    for name, total in zip(names, totals, strict=True):
        refusal = score_refusal(game, name, total)  # a digit too many (rules_data/core/score_bounds.json)
        if refusal is not None:
            raise CalcInputError(refusal)
    if not any(totals):  # a blank form scored: no game ends with everyone at 0, and it names a winner
        raise CalcInputError("plays.calc.all_zero")
    winners = set(result.get("shared") or ranking[:1])
    ids = player_ids or [None] * len(names)
    if len(ids) != len(names):
        raise CalcInputError("plays.calc.bad_players", n=len(names))
    linked = [p for p in ids if p is not None]
    if len(set(linked)) != len(linked):
        raise CalcInputError("plays.link.twice")
    when = (
        play_date(date, logged_now=True) if date else Dated(datetime.now(UTC).isoformat(timespec="seconds"))
    )
    chosen = play_options(game, options) if options is not None else {}
    best = sorted(totals, reverse=True)
    try:
        seats = [
            PlaySeat(
                seat=i,
                name=Player(name=name).name,
                player_id=ids[i],
                score=totals[i],
                place=1 if name in winners else ranking.index(name) + 1,
                winner=name in winners,
            )
            for i, name in enumerate(names)
        ]
        return PlayRecord(
            id=uuid.uuid4().hex,
            source="calculator",
            game=game,
            options=chosen,
            date=when.date,
            day_only=when.day_only,
            seats=seats,
            tie_break=tie_key if len(best) > 1 and best[0] == best[1] else None,
            figures=calc_figures(game, rows),
        )
    except ValidationError as exc:  # a name or a count no table would take
        raise CalcInputError("plays.calc.bad_result", detail=str(exc.errors()[0].get("msg", ""))) from exc
