"""``review(table, seat=None, budget=None)``: where each player won and lost points, and what the
other choices would have given (issue 30). Pure: reads a Table, returns a Review.

Each decision (companion/review/kinds.py) is replayed with every other legal entry its prompt
offered, from the state the Table kept at that point (not from the start), and the rest of the log
is played by the policy of companion/review/replay.py. A review for one seat, or for the table
while a secret is still kept (Chinatown's money before the end), looks only at the decisions and
points of the seats this reader may see (``table.view(seat)``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from companion.core.msg import Msg, msg
from companion.core.protocol import Prompt, Scoreboard
from companion.core.table import Table
from companion.review.explain import Keyed, differences
from companion.review.kinds import LEAVE_OUT_KINDS, deciding_seats, decision_kinds
from companion.review.model import Alternative, Budget, Decision, PlayerReview, Review
from companion.review.order import schedule
from companion.review.replay import Outcome, Replayer, offered, table_replayer
from companion.review.sources import sources_by_seat

Progress = Callable[[int, int], None]  # (alternatives replayed, alternatives planned)
TOP = 3  # turning points per player


@dataclass
class _Point:
    """A decision being reviewed: where it is, whose it is, and its alternatives (None: leave
    the entry out) with their results per seat as they come in."""

    index: int
    seats: tuple[int, ...]
    alternatives: list[Any | None]
    results: dict[int, list[Alternative]] = field(default_factory=dict)
    failed: int = 0
    tried: int = 0  # alternatives replayed (those the policy could not play too)
    real_effects: dict[int, Keyed] = field(default_factory=dict)  # per seat, from this entry on


def review(
    table: Table,
    seat: int | None = None,
    budget: Budget | int | None = None,
    progress: Progress | None = None,
    top: int = TOP,
    entries: Collection[int] | None = None,
) -> Review:
    """The review of ``table`` for ``seat`` (None: the whole table). ``budget``: a Budget, or a
    number of alternatives; ``progress(done, planned)`` is called after each replay; ``entries``:
    review only the decisions at these positions of the log (one entry of the play log)."""
    start = time.process_time()
    limits = Budget(alternatives=budget) if isinstance(budget, int) else budget or Budget()
    game, n = table.game, table.version
    prompts = [game.prompt(table.state_at(i)) for i in range(n)]
    view = table.view(seat)
    board: Scoreboard = view.scoreboard
    hidden = set(board.hidden)
    real = game.score(table.state)
    replayer = table_replayer(table, prompts)
    points = [p for p in _decisions(table, prompts, seat, hidden) if entries is None or p.index in entries]
    planned = sum(len(p.alternatives) for p in points)
    done = 0
    cut = False
    for point, alternative in schedule(points, _reach):
        over_count = limits.alternatives is not None and done >= limits.alternatives
        over_time = limits.seconds is not None and time.process_time() - start >= limits.seconds
        if over_count or over_time:
            cut = True
            break
        _evaluate(table, replayer, prompts, real, point, alternative, view)
        done += 1
        if progress is not None:
            progress(done, planned)
    left = planned - done
    players = _players(table, board, real, points, hidden, top)
    return Review(
        game=game.id,
        unit=real.unit,
        seat=seat,
        final=table.finished,
        entries=n,
        players=players,
        average=None if hidden else sum(r.total for r in real.rows) / len(real.rows),
        evaluated=done,
        unevaluated=left + sum(p.failed for p in points),
        cut=cut,
        seconds=round(time.process_time() - start, 3),
        notes=_notes(table, seat, hidden, cut, done, planned),
    )


def _decisions(
    table: Table, prompts: list[Prompt | None], seat: int | None, hidden: set[int]
) -> list[_Point]:
    """The decisions this reader may review, each with its alternatives (the logged entry left out)."""
    kinds = decision_kinds(table.game_id)
    points = []
    for i, entry in enumerate(table.entries):
        prompt = prompts[i]
        if entry.kind not in kinds or prompt is None:
            continue
        seats = tuple(s for s in deciding_seats(entry) if s not in hidden and seat in (None, s))
        if not seats:
            continue
        if prompt.choices is not None:
            others: list[Any | None] = [c for c in prompt.choices if not offered(c, [entry])]
        else:
            others = [None] if entry.kind in LEAVE_OUT_KINDS else []
        if others:
            points.append(_Point(i, seats, others))
    return points


def _reach(point: _Point) -> int:
    """The largest change of a reviewed seat's final result among the point's replays so far."""
    return max((abs(a.delta) for found in point.results.values() for a in found), default=0)


def _evaluate(
    table: Table,
    replayer: Replayer,
    prompts: list[Prompt | None],
    real: Scoreboard,
    point: _Point,
    alternative: Any | None,
    view: Any,
) -> None:
    """Replay one alternative and file its result under each reviewed seat."""
    i, watched = point.index, set(point.seats)
    point.tried += 1
    state = table.state_at(i)

    if alternative is None:  # leave the logged entry out
        outcome = replayer.play_on(state, i + 1, watched)
    else:
        prompt = prompts[i]
        assert prompt is not None
        played = replayer.try_play(state, prompt, alternative)
        if played is None:  # cannot happen: the prompt offered it; counted, never shown
            point.failed += 1
            return
        nxt, fx, known = played
        outcome = replayer.play_on(nxt, i + 1, watched, first=fx, known=known)
    if not outcome.ok:
        point.failed += 1
        return
    after = replayer.game.score(outcome.state)
    secret = bool(getattr(view.scoreboard, "hidden", ()))
    for s in point.seats:
        point.results.setdefault(s, []).append(
            _alternative(table, point, s, alternative, outcome, after, real, secret, view)
        )


def _alternative(
    table: Table,
    point: _Point,
    seat: int,
    alternative: Any | None,
    outcome: Outcome,
    after: Scoreboard,
    real: Scoreboard,
    secret: bool,
    view: Any,
) -> Alternative:
    i = point.index
    total, was = after.rows[seat].total, real.rows[seat].total
    rank, was_rank = _rank(after, seat), _rank(real, seat)
    real_fx = point.real_effects.get(seat)
    if real_fx is None:
        real_fx = point.real_effects[seat] = Keyed(
            [fx for _, _, fxs in table.history[i:] for fx in fxs if fx.seat == seat]
        )
    gained, lost = differences([fx for fx in outcome.effects if fx.seat == seat], real_fx)
    # told as History tells a move (the game's ``narrate``, true of the alternative once made),
    # not as its button read before it (``describe``: "young craftsman (2)", "Tea House on 2");
    # a trade left out is said short: the decision's own line tells the whole trade
    label = msg("review.leave_out") if alternative is None else told(table, i, alternative)
    return Alternative(
        entry=None if alternative is None else alternative.model_dump(mode="json"),
        label=label,
        total=total,
        delta=total - was,
        rank=None if secret else rank,
        rank_delta=None if secret else was_rank - rank,
        kept=outcome.kept,
        replaced=outcome.replaced,
        dropped=outcome.dropped,
        facts_replaced=outcome.facts_replaced,
        added=outcome.added,
        gained=view.effects(gained),
        lost=view.effects(lost),
    )


def told(table: Table, index: int, entry: Any) -> Msg:
    """``entry`` made at log position ``index``, as a sentence naming who did what (the game's
    ``narrate`` from the state it was, or would have been, made in): it holds no count the entry
    changes, so it stays true of a move told after the fact, logged or not."""
    return table.game.narrate(table.state_at(index), entry)


def standing(table: Table, state: Any) -> Msg:
    """Where the game stood at a decision, in a few words and no names (the game's ``standing``:
    "Month 4 · Actions", "Round 28"), as ``Table.standing`` says it; the banner for a game
    without one. The banner's turn order and supplies said again what the move names."""
    short = getattr(table.game, "standing", None)
    return short(state) if short is not None else table.game.banner(state)


def _rank(board: Scoreboard, seat: int) -> int:
    return board.ranking.index(board.rows[seat].name) + 1


def _players(
    table: Table, board: Scoreboard, real: Scoreboard, points: list[_Point], hidden: set[int], top: int
) -> list[PlayerReview]:
    sources = sources_by_seat(board, len(table.players))
    average = None if hidden else sum(r.total for r in real.rows) / len(real.rows)
    players = []
    for seat, player in enumerate(table.players):
        mine = [p for p in points if seat in p.seats]
        decisions = [_decision(table, p, seat, real) for p in mine if p.tried]
        turning = sorted(
            (d for d in decisions if d.alternatives and d.swing), key=lambda d: (-abs(d.swing), d.index)
        )
        secret = seat in hidden
        total = None if secret else real.rows[seat].total
        players.append(
            PlayerReview(
                seat=seat,
                name=player.name,
                hidden=secret,
                total=total,
                rank=None if hidden else _rank(real, seat),
                against_average=None if total is None or average is None else round(total - average, 2),
                sources=sources.get(seat, []),
                turning_points=turning[:top],
                costliest=_costliest(decisions),
                decisions=len(decisions),
                unexamined=[p.index for p in mine if not p.tried],
            )
        )
    return players


def _costliest(decisions: list[Decision]) -> Decision | None:
    """The decision whose best other choice would have done best (more points, then a better
    place; the earliest of equals), of all those looked at; None when none would have done better."""
    costly = [d for d in decisions if d.best is not None and d.best.better]
    if not costly:
        return None
    return max(costly, key=lambda d: (d.best.delta, d.best.rank_delta or 0, -d.index))  # type: ignore[union-attr]


def _best_first(results: list[Alternative]) -> list[Alternative]:
    """The alternatives best first: the most points, then the better place, then the figure that
    rests on fewer moves the review had to guess (the more exact replay); only then the prompt's
    order. Equal results stay equal: the Review tab says so (``Alternative.same_result``)."""
    return sorted(results, key=lambda a: (-a.delta, -(a.rank_delta or 0), a.guessed))


def _decision(table: Table, point: _Point, seat: int, real: Scoreboard) -> Decision:
    state = table.state_at(point.index)
    results = _best_first(point.results.get(seat, []))
    return Decision(
        index=point.index,
        seat=seat,
        when=standing(table, state),
        logged=told(table, point.index, table.entries[point.index]),
        total=real.rows[seat].total,
        alternatives=results,
        unevaluated=len(point.alternatives) - len(results),
    )


def _notes(table: Table, seat: int | None, hidden: set[int], cut: bool, done: int, planned: int) -> list[Msg]:
    """What the review assumed, said once at its head (each note cites core.review)."""
    notes = [msg("review.note.policy"), msg("review.note.facts")]
    if not table.finished:
        notes.append(msg("review.note.in_progress"))
    if hidden:
        who = None if seat is None else table.players[seat].name
        notes.append(msg("review.note.secret_seat", player=who) if who else msg("review.note.secret_table"))
    if cut:
        notes.append(msg("review.note.cut", done=done, planned=planned))
    return notes
