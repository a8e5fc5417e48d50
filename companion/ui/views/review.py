"""Review: once a game is over, each player's points by source against the table's average and
the decisions that cost or won the most, each with what the best other choice would have given
and the rules behind the difference (companion.review, issue 30).

A review replays every decision with its other choices: seconds of work for a long game, so it
runs in a worker thread under a progress bar when asked for, and is kept with the table
(``services.repos.reviews``): the next time it opens at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core import Table
from companion.core.msg import Msg
from companion.i18n import average_amount, format_score, restates
from companion.review import Alternative, Decision, PlayerReview, Review, Source
from companion.ui.i18n import Tr
from companion.ui.repos import ReviewsRepo
from companion.ui.rule_links import effect_line, rule_icon, rule_title
from companion.ui.services import Services, Session
from companion.ui.table_model import TableModel
from companion.ui.views.chrome import table_view
from companion.ui.widgets import button, card, dot, heading, small
from companion.ui.worker import Progress, ProgressLine, in_worker

SHOWN_EFFECTS = 2  # the first differences on each side: the direct consequences of the choice


@ft.observable
@dataclass
class ReviewRun:
    """A review being made for one table: whether it runs (the Review tab's panel is drawn again
    when it starts and ends) and how far it is (``progress``: its own line is drawn as it moves)."""

    running: bool = False
    progress: Progress = field(default_factory=Progress)

    def begin(self) -> bool:
        """Mark it running from nothing done; False when it already runs (a second tap)."""
        if self.running:
            return False
        self.progress = Progress()
        self.running = True
        return True


def view(services: Services, session: Session, id: str) -> ft.View:
    table = services.hub.get(id)
    tr = session.tr
    model = session.table_model(table)
    now = session.table_now  # the open table at a tap of the app bar
    if not table.finished:
        return table_view(model, "review", [small(tr("review.not_over"), key="review-not-over")], now)
    run = session.drafts.keep(ReviewRun, table.id)
    panel = ReviewPanel(model, services.repos.reviews, run, services.run_task, key="review-panel")
    return table_view(model, "review", [panel], now)


@ft.component
def ReviewPanel(
    model: TableModel,
    reviews: ReviewsRepo,
    run: ReviewRun,
    run_task: Callable[..., Any],
    key: str | None = None,
) -> ft.Control:
    """The stored review of the model's table, or the card that makes it (``run``); drawn again
    when a review starts or ends, not the screen."""
    found = reviews.stored(model.table, model.seat)
    if found is None:
        items = start_card(model.tr, run, lambda: start(model, reviews, run_task, run))
    else:  # the players first: what the review assumed is for whoever wants to know, under them
        items = [player_card(model, found, p) for p in found.players]
        items += [small(model.tr.msg(note), key=f"review-note-{i}") for i, note in enumerate(found.notes)]
        work = model.tr("review.work", done=found.evaluated, left=found.unevaluated)
        items.append(small(work, key="review-work"))
    return ft.Column(items, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def start_card(tr: Tr, run: ReviewRun, begin: Callable[[], None]) -> list[ft.Control]:
    """What a review does and the button that starts it (``begin``); while it runs, how far it is."""
    items: list[ft.Control] = [heading(tr("review.title")), small(tr("review.explain"))]
    if run.running:
        said = lambda done, n: tr("review.running", done=done, n=n)  # noqa: E731
        items.append(ProgressLine(run.progress, said, "review-progress", key="review-progress-line"))
    else:
        items.append(button(tr("review.start"), "review-start", lambda _: begin(), filled=True))
    return [card(*items, key="review-start-card")]


def start(model: TableModel, reviews: ReviewsRepo, run_task: Callable[..., Any], run: ReviewRun) -> None:
    """Start the review of the model's table for its seat, in a task the page runs (``run_task``)."""
    if run.begin():  # not on a second tap while it runs: the first one is on its way
        run_task(_review_in_worker, model, reviews, run)


async def _review_in_worker(model: TableModel, reviews: ReviewsRepo, run: ReviewRun) -> None:
    """The review in a thread, on a copy of the table (an undo meanwhile cannot change what the
    worker reads), its progress on screen; the panel drawn once more at the end."""
    copy, seat = Table.from_json(model.table.to_json()), model.seat
    progress = run.progress
    try:
        await in_worker(lambda: reviews.review(copy, seat, progress.told), progress)
    finally:
        run.running = False


def player_card(model: TableModel, found: Review, player: PlayerReview) -> ft.Control:
    table, tr, unit = model.table, model.tr, found.unit
    colour = table.players[player.seat].color if player.seat < len(table.players) else None
    items: list[ft.Control] = [
        ft.Row(
            [dot(colour), ft.Text(headline(tr, unit, player), weight=ft.FontWeight.BOLD, expand=True)],
            key=f"review-head-{player.seat}",
        )
    ]
    if player.hidden:
        return card(*items, key=f"review-player-{player.seat}")
    if player.sources:
        items.append(small(tr("review.sources_head")))
        items += [source_row(model, unit, player.seat, s) for s in player.sources]
    if player.turning_points:
        items.append(small(tr("review.turning")))
        items += [decision_block(model, unit, player.seat, d) for d in player.turning_points]
    elif player.decisions:
        items.append(small(tr("review.no_turning", n=player.decisions), key=f"review-none-{player.seat}"))
    if player.unexamined:  # a budget cut: said, so "no other choice" is not read as the whole game
        n = len(player.unexamined)
        items.append(small(tr("review.unexamined", n=n), key=f"review-unexamined-{player.seat}"))
    return card(*items, key=f"review-player-{player.seat}")


def amount(tr: Tr, unit: str, value: int, change: bool = False) -> str:
    """Points as the game counts them: "40 VP", "+3 VP"; Chinatown's money as money."""
    said = format_score(value, unit, tr.lang, change=change)
    return said if unit == "money" else tr("play.points", n=said)


def headline(tr: Tr, unit: str, player: PlayerReview) -> str:
    if player.hidden or player.total is None:
        return tr("review.hidden", player=player.name)
    total = amount(tr, unit, player.total)
    if player.against_average is None or player.rank is None:
        return tr("review.player_secret", player=player.name, total=total)
    against = amount(tr, unit, average_amount(player.against_average, unit), change=True)
    return tr("review.player", player=player.name, total=total, rank=player.rank, against=against)


def source_row(model: TableModel, unit: str, seat: int, source: Source) -> ft.Control:
    """One scoring rule's points for the player as a sentence ("45 VP from “Scoring” (the table's
    average: 71 VP)"), the rule one tap away on the book icon after it. The rule's title alone
    named the row before, a link that took the row's width from what the player got."""
    tr = model.tr
    points, title = amount(tr, unit, source.points), rule_title(tr, source.rule_id)
    if source.average is None:
        said = tr("review.source_line_secret", points=points, rule=title)
    else:
        average = amount(tr, unit, average_amount(source.average, unit))
        said = tr("review.source_line", points=points, rule=title, average=average)
    link = rule_icon(tr, model.show_rule, source.rule_id, f"review-src-{seat}-{source.rule_id}")
    return ft.Row(
        [ft.Text(said, size=14, expand=True, key=f"review-source-said-{seat}-{source.rule_id}"), link],
        spacing=4,
        key=f"review-source-{seat}-{source.rule_id}",
    )


def decision_block(model: TableModel, unit: str, seat: int, decision: Decision) -> ft.Control:
    """A turning point: what was done, the best other choice and its difference, and the first
    consequences that differ on each side, each with its rule."""
    tr = model.tr
    best = decision.alternatives[0]
    delta = amount(tr, unit, best.delta, change=True)
    said = tr("review.cost" if better(best) else "review.won", alternative=choice_name(tr, best), delta=delta)
    if best.rank is not None and best.rank_delta:
        said += " " + tr("review.rank", rank=best.rank)
    key = f"review-turn-{seat}-{decision.index}"
    told = tr("review.decision", when=tr.msg(decision.when), logged=tr.msg(decision.logged))
    items: list[ft.Control] = [
        small(told, key=f"review-played-{seat}-{decision.index}"),
        ft.Text(said, key=key, size=14),
    ]
    same = tied_line(tr, decision)
    if same:  # equal results: the first is not the better one, and the tab says so
        items.append(small(same, key=f"{key}-tied"))
    estimate = estimate_line(tr, best)
    if estimate:  # the figure rests on the review's own choices: said beside it, not only at the foot
        items.append(small(estimate, key=f"{key}-estimate"))
    items += _effects(model, tr("review.other_brought"), best.gained, f"{key}-gained", best.label)
    items += _effects(model, tr("review.played_brought"), best.lost, f"{key}-lost", decision.logged)
    return ft.Container(
        ft.Column(items, spacing=2),
        padding=ft.Padding.only(left=8, top=6, bottom=6),
        border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.PRIMARY)),
    )


def better(best: Alternative) -> bool:
    """Whether the other choice would have brought more points or a better place. "Well played"
    only when it brings neither: fewer points and a better place (the others' games changed too)
    is no praise."""
    return best.better


def tied_line(tr: Tr, decision: Decision) -> str:
    """The other choices that would have ended the same as the best one (points and place), or
    "": named when there is one, counted with one named when there are more."""
    best, *rest = decision.alternatives
    same = [a for a in rest if a.same_result(best)]
    if not same:
        return ""
    return tr("review.tied", n=len(same), other=choice_name(tr, same[0]))


def choice_name(tr: Tr, best: Alternative) -> str:
    """The other choice as History would have told it ("Ana takes the young craftsman"); a
    trade left out is said short ("Leaving this trade out"): the decision above tells the trade."""
    return tr.msg(best.label)


def estimate_line(tr: Tr, best: Alternative) -> str:
    """Why an alternative's figure is an estimate, or "": later logged moves the review had to
    choose or leave out, and moves it chose that the game never had; both when both apply."""
    guessed = best.replaced + best.dropped + best.facts_replaced  # later logged entries not as played
    if not guessed:
        return tr("review.estimate_added", n=best.added) if best.added else ""
    said = tr("review.estimate", n=guessed)
    return said + " " + tr("review.estimate_also_added", n=best.added) if best.added else said


def _effects(model: TableModel, label: str, effects: list[Any], key: str, move: Msg) -> list[ft.Control]:
    """The first consequences under ``label``, leaving out a line that only tells the ``move``
    again (the pick's "Ana takes the old monk" under the choice that says so)."""
    told = model.tr.msg(move)
    effects = [fx for fx in effects if not restates(told, model.tr.msg(model.view.effect(fx).msg))]
    if not effects:
        return []
    lines = [effect_line(model, fx, f"{key}-{i}") for i, fx in enumerate(effects[:SHOWN_EFFECTS])]
    return [small(label), *lines]


def turning_line(model: TableModel, reviews: ReviewsRepo) -> ft.Control:
    """The final scores' one line on the review: of every decision the stored review (``reviews``)
    looked at, the one whose other choice would have done best (more points, else a better place;
    ``PlayerReview.costliest``), with how many it looked at, or, before there is a review, the way
    to the Review tab. A well played decision is no turning point here: when no other choice would
    have done better, the line is left out."""
    table, tr = model.table, model.tr
    found = reviews.stored(table, model.seat)
    go = lambda _: model.go(f"/table/{table.id}/review")  # noqa: E731
    if found is None:
        return button(tr("review.ask"), "scores-review", go, icon=ft.Icons.INSIGHTS)
    costly = [(p, p.costliest) for p in found.players if p.costliest is not None]
    if not costly:
        return button(tr("nav.review"), "scores-review", go, icon=ft.Icons.INSIGHTS)
    # the earliest of equals, as each player's own
    player, decision = max(
        costly,
        key=lambda pd: (pd[1].alternatives[0].delta, pd[1].alternatives[0].rank_delta or 0, -pd[1].index),
    )
    best, looked = decision.alternatives[0], sum(p.decisions for p in found.players)
    delta = amount(tr, found.unit, best.delta, change=True)
    if best.entry is None:  # a trade left out names no one: say whose decision it was
        said = tr(
            "review.costliest", n=looked, player=player.name, alternative=choice_name(tr, best), delta=delta
        )
    else:  # a move told names its player already ("Ana takes the young craftsman")
        said = tr("review.costliest_move", n=looked, alternative=choice_name(tr, best), delta=delta)
    if best.rank is not None and best.rank_delta:  # a better place: said, as on the Review tab
        said += " " + tr("review.rank", rank=best.rank)
    return ft.Column(
        [
            small(said, key="scores-turning"),
            button(tr("nav.review"), "scores-review", go, icon=ft.Icons.INSIGHTS),
        ],
        spacing=4,
    )
