"""Scores: each player's total and breakdown (label, points, rule), a chart by round, the winner.

Drawn from the table's view for this screen (``TableModel.view``): during a game with hidden totals
(Chinatown money) a seat's phone shows that player's own row, the shared screen and a viewer
none, and the game's ``public_scores`` panel what the table may see.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core import Scoreboard, ScoreLine, Table
from companion.i18n import format_score
from companion.ui.chart_axes import bottom_axis, left_axis, nice_step, round_ticks, tick_text
from companion.ui.gameui import ui_for
from companion.ui.i18n import Tr
from companion.ui.palette import swatch
from companion.ui.rule_links import rule_link
from companion.ui.services import Services, Session
from companion.ui.views.chrome import table_view
from companion.ui.widgets import card, dot, heading, own_node, small


def view(services: Services, session: Session, id: str) -> ft.View:
    table = services.hub.get(id)
    model = session.table_model(table)  # what this screen may show of the table, and its commands
    tr = session.tr
    board = model.view.scoreboard
    body: list[ft.Control] = []
    if board.final:
        winners = board.shared or board.ranking[:1]
        items: list[ft.Control] = [
            heading(tr("scores.final")),
            ft.Text(tr("scores.winner", names=", ".join(winners)), key="winner", size=18),
        ]
        if board.shared and len(board.shared) > 1:
            items.append(small(tr("scores.shared")))
        items += tie_lines(tr, board)
        body.append(card(*items, key="final-card"))
        # the review's biggest turning point, or the way to it: under the card, as a button in
        # the card would merge the card's texts into one node
        if table.finished:
            from companion.ui.views.review import turning_line

            body.append(turning_line(model, services.repos.reviews))
    elif board.hidden:  # some totals are secret from this screen (Chinatown money) until the end
        body.append(small(tr("scores.secret"), key="secret"))
        public = ui_for(table.game_id).public_scores
        if public is not None:
            body += public(model)  # what the table may see: businesses and their income
        body += [
            row_card(tr, services.show_rule, table, board, r.name) for r in board.rows
        ]  # a seat's phone: its own
        return table_view(model, "scores", body, session.table_now)
    else:
        body.append(small(tr("scores.running"), key="running"))
    body.append(ranking(tr, table, board))
    if any(board.by_round):
        body += [heading(tr(f"scores.by_round.{table.game_id}")), chart(tr, table, board)]
    body += [row_card(tr, services.show_rule, table, board, name) for name in board.ranking]
    return table_view(model, "scores", body, session.table_now)


def tie_decided(board: Scoreboard) -> bool:
    """Whether the tie-break ordered anyone: two players ended on the same total."""
    totals = [r.total for r in board.rows]
    return len(set(totals)) < len(totals)


def tie_lines(tr: Tr, board: Scoreboard) -> list[ft.Control]:
    """The tie-break's rule when it ordered anyone, and under it how it chose the winner, with each
    tied player's figure ("Dai wins the tie: 2nd on the person track, ahead of Ana (4th)"); a tie
    below the best total says its place and figures ("Tie for 3rd place on $620,000: Ben goes
    ahead on the tie-break, 5 shop tiles on the board, against Dai (3)."), before the rule when
    the best total was one player's: under "Winner: Ana" the rule alone read as hers."""
    lines: list[ft.Control] = []
    lower = [small(tr.msg(said), key=f"tie-lower-{k}") for k, said in enumerate(board.tie_lower)]
    if board.tie_break is not None and tie_decided(board):
        if board.tie_detail is None:
            lines += lower
        lines.append(small(tr.msg(board.tie_break), key="tie-break"))
    if board.tie_detail is not None:
        lines.append(small(tr.msg(board.tie_detail), key="tie-detail"))
        lines += lower
    return lines


def total_text(tr: Any, board: Scoreboard, total: int) -> str:
    """A seat's total as its game counts it: "37 VP", or Chinatown's money in the reader's
    format ("$490,000" / "490.000 $"), never the bare number."""
    if board.unit == "money":
        return format_score(total, board.unit, tr.lang)
    return str(tr("play.points", n=total))


def line_points(tr: Tr, board: Scoreboard, points: int) -> str:
    """A breakdown line's signed amount, written as its total is ("+$50,000" / "+50.000 $",
    "+3"), on one line: a fixed narrow column broke Chinatown's amounts mid-number ("+5000 / 0")."""
    return format_score(points, board.unit, tr.lang, change=True)


def ranking(tr: Tr, table: Table, board: Scoreboard) -> ft.Control:
    rows = []
    for place, name in enumerate(board.ranking, start=1):
        r = board.row(name)
        rows.append(
            ft.Row(
                [
                    ft.Text(f"{place}.", width=28),
                    dot(table.players[r.seat].color),
                    ft.Text(name, expand=True),
                    ft.Text(total_text(tr, board, r.total), key=f"score-{r.seat}", weight=ft.FontWeight.BOLD),
                ]
            )
        )
    return card(*rows, key="ranking")


def row_card(
    tr: Tr, show_rule: Callable[[str], None], table: Table, board: Scoreboard, name: str
) -> ft.Control:
    """A player's total and its lines, each with the rule behind it (``show_rule`` opens it). Once
    the game is over, a game with a final scoring of its own (``GameUI.final_rule``: Dragon's
    persons, monks and leftovers) shows it first, under its subtotal, and the rounds' lines folded
    under one line with theirs: the final lines came last, under 30-odd month lines."""
    r = board.row(name)
    head = ft.Row(
        [
            dot(table.players[r.seat].color),
            heading(name),
            ft.Text(total_text(tr, board, r.total), weight=ft.FontWeight.BOLD),
        ]
    )
    gui = ui_for(table.game_id)
    numbered = list(enumerate(r.breakdown))
    is_final = gui.final_rule if board.final and gui.final_rule is not None else None
    final = [(k, line) for k, line in numbered if is_final is not None and is_final(line.rule_id)]
    if not final:
        lines = [score_line(tr, show_rule, board, r.seat, k, line) for k, line in numbered]
        # the card, a node of its own, is named by its first row ("Ana 44 VP"): every player has a
        # "Month 1: 2 palaces"
        return card(head, *lines, key=f"breakdown-{r.seat}")
    rounds = [(k, line) for k, line in numbered if is_final is not None and not is_final(line.rule_id)]
    said = total_text(tr, board, sum(line.points for _, line in final))
    return card(
        head,
        small(tr("scores.final_part", points=said), key=f"final-part-{r.seat}"),
        *(score_line(tr, show_rule, board, r.seat, k, line) for k, line in final),
        rounds_fold(tr, show_rule, board, r.seat, rounds, gui.rounds_fold),
        key=f"breakdown-{r.seat}",
    )


def rounds_fold(
    tr: Tr,
    show_rule: Callable[[str], None],
    board: Scoreboard,
    seat: int,
    rounds: list[tuple[int, ScoreLine]],
    title: str,
) -> ft.Control:
    """The rounds' lines under one line that says what they add up to ("Month by month: 35 VP"),
    folded: a tap opens them. A node of its own: left in the card, its title joined the card's
    name ("Ben 37 VP ... Month by month: 35 VP") and a screen reader had no button to open it."""
    said = total_text(tr, board, sum(line.points for _, line in rounds))
    tile = ft.ExpansionTile(
        key=f"rounds-{seat}",
        title=ft.Text(tr(title, points=said), size=14, weight=ft.FontWeight.BOLD),
        controls=[score_line(tr, show_rule, board, seat, k, line) for k, line in rounds],
        expanded=False,
        maintain_state=True,
        tile_padding=ft.Padding.all(0),
        controls_padding=ft.Padding.all(0),
    )
    return own_node(tile)


def score_line(
    tr: Tr, show_rule: Callable[[str], None], board: Scoreboard, seat: int, k: int, line: ScoreLine
) -> ft.Control:
    """A line of a player's score, its points and its rule's link; a node of its own, said before
    its rule's link: merged into the card, the lines were one long label, then a row of links all
    named "Read the rule: Round scoring"."""
    return own_node(
        ft.Row(
            [
                ft.Text(tr.msg(line.label), expand=True, size=14),
                ft.Text(line_points(tr, board, line.points), key=f"line-{seat}-{k}", no_wrap=True),
                rule_link(tr, show_rule, line.rule_id, key=f"line-{seat}-{k}-rule"),
            ],
            spacing=4,
        )
    )


def series_points(board: Scoreboard, start: int = 0) -> list[list[int]]:
    """Each seat's running total from ``start`` (the game's ``chart_start``), ending with the final score once the game is over
    (the last round's total can miss the final scoring: it is added as one more point, for every
    seat once it changes anyone's total, so no line stops short of "Final", as if that player
    had no final score)."""
    out = [[start, *totals] if totals else [] for totals in board.by_round]
    if not board.final:
        return out
    totals = {r.seat: r.total for r in board.rows}
    if any(p and p[-1] != totals[seat] for seat, p in enumerate(out)):
        out = [[*p, totals[seat]] if p else p for seat, p in enumerate(out)]
    return out


def chart(tr: Tr, table: Table, board: Scoreboard) -> ft.Control:
    import flet_charts as fc  # loaded with the first chart, not when the app starts

    game = ui_for(table.game_id)
    points = series_points(board, game.chart_start)
    top = max([1, *(max(p) for p in points if p)])
    rounds = max([len(r) for r in board.by_round if r] or [1])
    last_x = max([len(p) - 1 for p in points if p] or [1])
    series: list[Any] = [
        fc.LineChartData(
            points=[fc.LineChartDataPoint(x, y) for x, y in enumerate(p)],
            color=swatch(table.players[seat].color),
            stroke_width=3,
        )
        for seat, p in enumerate(points)
        if p
    ]
    step_y = nice_step(top)
    max_y = step_y * math.ceil((top + 1) / step_y)  # the top label sits on a grid line: no overlap
    named = game.round_tick or (lambda _, x: str(x))
    x_labels: list[tuple[float, str]] = [(x, named(tr, x)) for x in round_ticks(rounds, last_x)]
    if last_x > rounds:  # the final scoring, after the last round
        x_labels.append((last_x, tr("screens.scores.end")))
    box = ft.Container(
        fc.LineChart(
            data_series=series,
            min_x=0,
            max_x=max(last_x, 1),
            min_y=0,
            max_y=max_y,
            left_axis=left_axis(
                [(y, tick_text(y, board.unit, tr.lang)) for y in range(0, max_y + 1, step_y)],
                tr("scores.axis_money" if board.unit == "money" else "scores.axis_points"),
            ),
            bottom_axis=bottom_axis(x_labels, tr(f"scores.round_axis.{table.game_id}")),
            horizontal_grid_lines=fc.ChartGridLines(
                interval=step_y, color=ft.Colors.OUTLINE_VARIANT, width=1
            ),
            key="chart",
        ),
        height=220,
        padding=ft.Padding.only(right=16, top=8),
    )
    # a screen reader names the chart; its numbers are the ranking above it and the cards below
    return ft.Semantics(content=box, label=tr("scores.chart_label"), container=True, key="chart-box")
