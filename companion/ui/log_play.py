""" "Log this play": a game scored with a Quick score calculator goes into the play log.

The store scores the calculator's input again and checks it is the result the screen shows
(Store.log_calculated), so a form changed after computing is refused rather than logged wrong.
The seats are linked to remembered players of the same name, and new names are remembered.
The play is dated by the day typed (today unless changed; a day to come is refused by the store)
and, for a game whose UI names them (``GameUI.logged_options``: Dragon's edition and
expansions), carries the options chosen on chips.

The button is a component given the session's ``LogPlayDraft`` (an observable): logging, or a
refusal, redraws it alone; a calculator's form scored (``score_form``) redraws the form that
was given that form's draft.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, Protocol

import flet as ft

from companion.core import TableError
from companion.core.calc import CalcInputError
from companion.plays.bounds import far_above
from companion.plays.record import FINAL_CALCULATORS
from companion.ui.game_options import current_option, logged_options, option_rows
from companion.ui.i18n import Tr
from companion.ui.repos import Repos
from companion.ui.seating import seat_players
from companion.ui.services import Session
from companion.ui.widgets import button, card, own_node, small

Shown = Callable[[], tuple[dict[str, Any], dict[str, Any], list[str]]]


@dataclass
class Typed:
    """A text as typed, kept for the next redraw: never a redraw itself (the field shows it)."""

    text: str = ""


@ft.observable
@dataclass
class LogPlayDraft:
    """ "Log this play" under every calculator (one per session): the result each calculator
    logged last (a form changed since shows the button again), the options chosen per game,
    the day as typed and the refusal."""

    logged: dict[str, Any] = field(default_factory=dict)  # calculator: the result it logged
    options: dict[str, dict[str, Any]] = field(default_factory=dict)  # game: field: value
    day: Typed = field(default_factory=Typed)
    error: str | None = None

    def was_logged(self, calculator: str, result: Any) -> bool:
        return calculator in self.logged and self.logged[calculator] == result

    def done(self, calculator: str, result: Any) -> None:
        self.logged[calculator], self.error = result, None

    def refused(self, calculator: str, error: str) -> None:
        self.logged.pop(calculator, None)
        self.error = error


class Scored(Protocol):
    """A Quick score form's result, its error line and how many times it was scored (Dragon's
    and Chinatown's final scores): each tap brings the result into view, the same one too."""

    result: Any
    error: str | None
    scored: int


def row_name(tr: Tr, typed: str, i: int) -> str:
    """Player ``i`` of a score form as its row, buttons and result name them: the name typed,
    else "Player 2"."""
    return typed.strip() or tr("setup.player_n", n=i + 1)


def row_card(tr: Tr, typed: str, i: int, *controls: ft.Control, key: str, padding: int = 12) -> ft.Control:
    """A score form's card for player ``i``, named by its player for a screen reader: every card
    has the same fields ("VP", "Yuan"), so a field is told apart by the card it is in."""
    return own_node(card(*controls, key=key, padding=padding), row_name(tr, typed, i))


def name_field(tr: Tr, rows: list[Any], i: int, key: str, blank: str = "", **look: Any) -> ft.TextField:
    """Player ``i``'s name on a score form (``rows``: the form's observable list of rows, each with
    a ``name``; ``blank``: the name a cleared field gives). Typing is kept without a redraw (a
    redraw per keystroke lost keystrokes); leaving the field puts a new row in its place where the
    name changed, so the form is drawn again and its card and buttons say the name typed."""
    drawn = rows[i].name

    def typed(e: Any) -> None:
        rows[i].name = e.control.value or blank

    def left(_: Any) -> None:
        if i < len(rows) and rows[i].name != drawn:
            rows[i] = replace(rows[i])

    return ft.TextField(
        label=tr("setup.player_n", n=i + 1),
        value=drawn,
        key=key,
        on_change=typed,
        on_blur=left,
        dense=True,
        max_length=24,
        **look,
    )


def log_play_button(session: Session, repos: Repos, calculator: str, shown: Shown) -> ft.Control:
    """The button under a calculator's result; once logged, a line saying so and a way to the log.

    ``shown()`` gives the form's input and result as they are at the tap (a name typed since the
    last redraw included), and each seat's name as typed ("" for a default "Player 2"): only
    typed names are linked to (or remembered as) players."""
    draft = session.drafts.keep(LogPlayDraft)
    return LogPlay(session, repos, calculator, shown, draft, key=f"log-play-{calculator}")


@ft.component
def LogPlay(
    session: Session, repos: Repos, calculator: str, shown: Shown, draft: LogPlayDraft, key: str | None = None
) -> ft.Control:
    """The day, the options the play records, and the button (or the line saying it is logged)."""
    tr = session.tr
    if draft.was_logged(calculator, shown()[1]):
        return ft.Row(
            [
                small(tr("quick.logged"), key="quick-logged", color=ft.Colors.PRIMARY),
                button(
                    tr("nav.plays"), "quick-open-plays", lambda _: session.go("/plays"), icon=ft.Icons.HISTORY
                ),
            ],
            wrap=True,
        )

    game = FINAL_CALCULATORS[calculator][0]
    specs = logged_options(game)
    chosen: dict[str, Any] = draft.options.setdefault(game, {})

    def log(_: Any = None) -> None:
        data, result, typed = shown()
        seats = [{"name": name, "color": None} for name in typed]
        day = draft.day.text.strip() or date.today().isoformat()
        options = {spec.field: current_option(game, chosen, spec) for spec in specs} if specs else None
        try:
            ids = seat_players(repos.players, seats)
            repos.plays.log(calculator, data, result, date=day, options=options, player_ids=ids)
        except (CalcInputError, TableError) as exc:
            draft.refused(calculator, tr.msg(exc.msg))
        else:
            draft.done(calculator, result)

    def typed_date(e: Any) -> None:
        draft.day.text = e.control.value or ""

    items: list[ft.Control] = [
        ft.TextField(
            label=tr("quick.log_date"),
            value=draft.day.text or date.today().isoformat(),  # local today, each time it is drawn
            key="quick-log-date",
            on_change=typed_date,
            width=200,
            dense=True,
            max_length=10,
            keyboard_type=ft.KeyboardType.DATETIME,
        ),
        *option_rows(tr, game, specs, chosen),
        *far_lines(tr, repos, game, shown()[1]),
        button(tr("quick.log_play"), "quick-log-play", log, icon=ft.Icons.BOOKMARK_ADD, filled=True),
    ]
    if draft.error:
        items.append(ft.Text(draft.error, key="quick-log-error", color=ft.Colors.ERROR))
    # its own node: in a result's card, the date field was named by every line of the result
    return own_node(ft.Column(items, spacing=4))


def far_lines(tr: Tr, repos: Repos, game: str, result: Any) -> list[ft.Control]:
    """A line above "Log this play" for each score far above what usually wins the game in this log
    (plays/bounds.far_above: 350 typed for 35): said before logging, never refused."""
    try:
        totals = [(str(r["name"]), int(r["total"])) for r in result["players"]]
    except (KeyError, TypeError, ValueError):  # no result shown
        return []
    usual, plays = repos.plays.usual_win(game)
    lines: list[ft.Control] = []
    for seat, (name, total) in enumerate(totals):
        said = far_above(game, name, total, usual, plays)
        if said is not None:
            lines.append(ft.Text(tr.msg(said), key=f"quick-far-{seat}", color=ft.Colors.ERROR))
    return lines


def score_form(tr: Tr, form: Scored, score: Callable[[], Any]) -> None:
    """Score a Quick score form (``score`` reads the form and runs its calculator): the result,
    or the refusal as the form's error line (Dragon's and Chinatown's final scores both). The
    form is an observable draft: its component redraws."""
    form.scored += 1
    try:
        form.result = score()
        form.error = None
    except CalcInputError as exc:
        form.result = None
        form.error = tr.msg(exc.msg)
