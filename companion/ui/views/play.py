"""Play, question first: the banner, the current question with its choices (and a refusal
right there), then the context (the game's board, collapsible), why things changed, the players.

Where the physical game asks for taps on a map (the game's ``board_is_question``), the map comes
right under the question, open."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.core import Effect, PlayerView, Prompt, RuleViolation, Scoreboard, Table
from companion.core.msg import join_list
from companion.i18n import restates
from companion.share.live import may_act, stamp
from companion.ui.command import CommandButton, Submit, answer_key, busy_icon
from companion.ui.foresight import last_round
from companion.ui.gameui import FactForm, ui_for
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.parts import part, same
from companion.ui.rule_links import effect_lines, rule_tip, rule_title
from companion.ui.services import Services, Session
from companion.ui.state import Drafts, Notice
from companion.ui.table_model import TableModel
from companion.ui.teach import question_line, question_text
from companion.ui.views.chrome import table_view
from companion.ui.views.pick import pick_form
from companion.ui.views.scores import tie_lines, total_text
from companion.ui.widgets import (
    LEFT,
    button,
    card,
    dot,
    heading,
    more_fold,
    pill_button,
    pills_theme,
    quiet,
    small,
    text_button,
    themed,
)

# the moment's rule chips' style, given once by their box (moment_rules)
CHIPS_THEME = pills_theme()
# built once, shared by every choice button (all new after each entry: the stale-tap guarantee)
CHOICE_STYLE = ft.ButtonStyle(
    alignment=LEFT,
    shape=ft.RoundedRectangleBorder(radius=8),
    padding=ft.Padding.symmetric(horizontal=24, vertical=20),
)
PREVIEW_LIMIT = 12  # previews cost one check() per choice: skip them for long lists
MAX_WHY = 12


@dataclass
class ContextFold:
    """Whether "On the table" is open (it keeps its state when the question changes)."""

    open: bool = True


@dataclass
class Previews:
    """What each choice would do, for the table version (and number of choices) in ``stamp``."""

    stamp: tuple[str, int, int]
    effects: list[list[Effect]]


def view(services: Services, session: Session, id: str) -> ft.View:
    table = services.hub.get(id)
    model = session.table_model(table)  # what the screen's parts and the game's hooks take
    gui = ui_for(table.game_id)
    tr = session.tr
    prompt = table.prompt
    banner = tr.msg(table.banner)
    # once the game is over its card says so first ("Game over", the winner): the banner's "Game
    # over · final scoring" above it said it twice
    body: list[ft.Control] = (
        [] if prompt is None else [part(banner, lambda: banner_card(banner), key="banner-part")]
    )
    # the last entry, under the result where the game has a final scoring of its own: Dragon's
    # (persons, monks, leftovers) leads it and says how the game was won; Chinatown's last
    # entry is 60-odd lines of income by business, under the board it comes from
    ended = prompt is None and gui.final_rule is not None
    if prompt is None:
        if model.notice is not None:
            body.append(notice_card(tr, services.show_rule, model.notice))
        body.append(finished_card(session.tr, session.go, table))
        if ended:
            body += why_part(model)
    elif waiting(model, prompt):
        body.append(waiting_part(model, prompt))
    else:  # "first game": why this step exists, once per kind (it reads the table's tips store)
        body.append(
            prompt_pad(model, prompt, question_line(model, services.hub, prompt, asked(model, prompt)))
        )
    # The game at a glance, right under the question: the question keeps the first screen
    # whatever its length (Dragon's person tiles fill it), and the strip follows in view.
    if gui.strip is not None:
        body += gui.strip(model)
    if gui.board is not None:
        panels = gui.board(model)
        on_map = gui.board_is_question is not None and gui.board_is_question(table)
        if on_map:
            body += panels
        elif panels:
            body.append(context(tr, session.drafts.keep(ContextFold), panels))
    if gui.foresight is not None and prompt is not None:
        body += gui.foresight(model)
    if not ended:
        body += why_part(model)
    body += last_round(model, table)
    if prompt is not None and prompt.rule_ids:
        rules = (tr.lang, tuple(prompt.rule_ids))
        body.append(
            part(rules, lambda: moment_rules(tr, services.show_rule, prompt), key="moment-rules-part")
        )
    body.append(part(tr.lang, lambda: heading(tr("play.players")), key="players-heading"))
    body += [seat_panel(model, s) for s in range(len(table.players))]
    return table_view(model, "play", body, session.table_now)


def banner_card(banner: str) -> ft.Control:
    """Where the game stands. A card of its one line (``card`` puts its lines in a column): it
    changes on most taps, and every control drawn again is diffed."""
    text = ft.Text(banner, key="banner", weight=ft.FontWeight.BOLD, size=16)
    text.margin = 12  # padded inside the card by its own margin: no Container around it
    return ft.Card(key="banner-card", content=text)


def context(tr: Tr, folded: ContextFold, panels: list[ft.Control]) -> ft.Control:
    """The board around the question (events, groups, map), folded away with one tap; it keeps
    its place and its open or closed state (``folded``, the session's) when the question changes.
    Kept as it was while every panel in it was kept (most taps change no panel)."""
    props = (tr.lang, folded.open, same(panels))
    return part(props, lambda: context_fold(tr, folded, panels), key="context-part")


def context_fold(tr: Tr, folded: ContextFold, panels: list[ft.Control]) -> ft.Control:
    def fold(e: Any) -> None:
        folded.open = str(e.data).lower() == "true"

    return ft.ExpansionTile(
        key="context",
        title=ft.Text(tr("screens.play.context"), weight=ft.FontWeight.BOLD),
        controls=[ft.Column(panels, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)],
        expanded=folded.open,
        on_change=fold,
        maintain_state=True,
        tile_padding=ft.Padding.symmetric(horizontal=4),
        controls_padding=ft.Padding.all(0),
    )


def notice_card(tr: Tr, show_rule: Callable[[str], None], n: Notice) -> ft.Control:
    """A refusal, read out where it appears, with a way to its rule (``show_rule``) if it names one;
    news (``n.info``: an undo, a redo, the host undid) on one line (``InfoNotice``)."""
    if n.info:
        return InfoNotice(n, key="info-notice")
    row: list[ft.Control] = [
        ft.Icon(ft.Icons.BLOCK, color=ft.Colors.ERROR),
        said(ft.Text(n.text, key="error", color=ft.Colors.ON_ERROR_CONTAINER), n.text),
    ]
    if n.rule_id:
        row.append(
            text_button(
                tr("play.see_rule"),
                "error-rule",
                lambda _: show_rule(n.rule_id or ""),
                tooltip=rule_tip(tr, n.rule_id),
            )
        )
    return ft.Container(
        ft.Row(row), key="error-card", bgcolor=ft.Colors.ERROR_CONTAINER, padding=10, border_radius=8
    )


def said(text: ft.Text, label: str) -> ft.Control:
    """A notice's text, read out when it appears, at the question that caused it."""
    return ft.Semantics(
        content=text,
        live_region=True,
        label=label,
        exclude_semantics=True,  # the label says it; the text under it would say it again
        expand=True,
    )


@ft.component
def InfoNotice(n: Notice, key: str | None = None) -> ft.Control:  # key: the component's own, taken by Flet
    """News at the question (Undo's "Undone: …", the host's undo on a guest's phone), in the plain
    colours of a card, keyed "info": one line, cut short, so that it does not push the question's
    grid down (its three lines at 412 px did, below the fold on a Dragon month). A tap shows it
    whole, another folds it; a screen reader hears it whole either way, as a button that folds and
    unfolds. A new notice comes folded."""
    opened, set_opened = ft.use_state("")  # the notice shown whole, if any
    whole = opened == n.text
    cut = ft.TextOverflow.CLIP if whole else ft.TextOverflow.ELLIPSIS  # Flet's CLIP: not cut
    text = ft.Text(n.text, key="info", max_lines=None if whole else 1, overflow=cut, expand=True)
    more = ft.Icons.EXPAND_LESS if whole else ft.Icons.EXPAND_MORE
    box = ft.Container(
        ft.Row(
            [
                ft.Icon(ft.Icons.UNDO, color=ft.Colors.ON_SURFACE),
                text,
                ft.Icon(more, color=ft.Colors.ON_SURFACE_VARIANT),
            ]
        ),
        key="info-card",
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        padding=ft.Padding.symmetric(horizontal=10, vertical=12),  # 48 px high: a tap target
        border_radius=8,
        on_click=lambda _: set_opened("" if whole else n.text),
    )
    return ft.Semantics(
        content=box,
        label=n.text,
        live_region=True,
        button=True,
        expanded=whole,
        exclude_semantics=True,
        container=True,  # a node of its own: else its tap went to the question's card, one button
    )


def who_part(tr: Tr, table: Table, seat: int | None, mine: bool = False) -> ft.Control:
    """Who answers, drawn again only when the seat (its name, its colour), whether it is this
    phone's own turn (``mine``) or the language changed. The question under it leaves the name
    out (``teach.question_text``). The row is not kept from a screen reader (Flutter's
    ExcludeSemantics): so wrapped, it made the page lose the next tap on the question while a
    redraw was on its way (tests/browser/test_taps_browser.py)."""
    player = table.players[seat] if seat is not None else None
    return part((tr.lang, seat, player, mine), lambda: who(tr, table, seat, mine), key="who-part")


def who(tr: Tr, table: Table, seat: int | None, mine: bool = False) -> ft.Control:
    """The table, or the player asked; on that player's own phone "your turn" beside the name
    (the banner above names the mover as every screen does)."""
    if seat is None:
        return ft.Row([ft.Icon(ft.Icons.GROUPS), ft.Text(tr("play.the_table"), weight=ft.FontWeight.BOLD)])
    p = table.players[seat]
    row: list[ft.Control] = [dot(p.color, 18), ft.Text(p.name, weight=ft.FontWeight.BOLD, key="prompt-seat")]
    if mine:
        row.append(ft.Text(tr("play.your_turn"), key="your-turn", color=ft.Colors.PRIMARY))
    return ft.Row(row)


def waiting(model: TableModel, prompt: Prompt) -> bool:
    """A live-share client whose turn it is not, or whose seat's step is a fact the host enters
    (the tiles it draws from the bag: its phone has nothing to answer with): it is shown who
    decides, not the question."""
    if not model.guest:
        return False
    if seat_form(model, prompt) is not None:  # a seat's own part of a table fact (a trade offered)
        return False
    own_part = prompt.choices is not None or (prompt.seat is None and bool(prompt.seats))
    return not (own_part and may_act(model.access, prompt.seat, prompt.seats))


def seat_form(model: TableModel, prompt: Prompt) -> FactForm | None:
    """What a seat's own phone writes up for a question to the table (GameUI.seat_forms: a
    trade it offers); None on the host's screen, a viewer's, or a question of one seat."""
    if not model.guest or model.seat is None or prompt.seat is not None or prompt.choices is not None:
        return None
    return ui_for(model.table.game_id).seat_forms.get(prompt.kind)


def asked(model: TableModel, prompt: Prompt) -> str:
    """The question as this phone asks it: a seat's phone, in the game's own words for a seat
    where the host's offer what only the host can do (GameUI.seat_questions), or speak of the
    player whose own phone it is (GameUI.own_questions)."""
    gui = ui_for(model.table.game_id)
    key = None
    if model.guest and prompt.seat is None:
        key = gui.seat_questions.get(prompt.kind)
    elif own_phone(model, prompt):
        key = gui.own_questions.get(prompt.msg.key)
    if key is None:
        return model.tr.msg(prompt.msg)
    return model.tr(key, **prompt.msg.args)


def own_phone(model: TableModel, prompt: Prompt) -> bool:
    """This is the phone of the one player the question is to (a seat link's, its turn)."""
    return model.guest and prompt.seat is not None and model.seat == prompt.seat


def waiting_part(model: TableModel, prompt: Prompt) -> ft.Control:
    # the same "waiting for Ana" over many entries: kept as it was (issue 27's fan-out)
    table, tr, notice = model.table, model.tr, model.notice
    seat = table.players[prompt.seat] if prompt.seat is not None else None
    own = model.seat if model.guest else None
    text = waiting_text(tr, table, prompt, own)  # what it says is what it depends on, not the prompt's kind
    props = (tr.lang, seat, text, notice)
    return part(
        props, lambda: waiting_pad(tr, model.show_rule, notice, table, prompt.seat, text), key="waiting-part"
    )


def prompt_pad(model: TableModel, prompt: Prompt, question: ft.Control) -> ft.Control:
    """Who answers, the question (``question``: its line, with the "first game" tip under it
    when one is due) and its answers."""
    return card(
        who_part(model.tr, model.table, answering(model, prompt), own_phone(model, prompt)),
        question,
        answers(model, prompt),
        key="prompt-pad",
    )


def answering(model: TableModel, prompt: Prompt) -> int | None:
    """Whose name heads the question: its seat's; on a seat's phone, a question to the table that
    each seat answers its own part of (the buildings kept) is asked of that seat ("Enter the
    buildings you keep" under "The table" read as said to everyone)."""
    if prompt.seat is None and model.guest and (model.seat in prompt.seats or seat_form(model, prompt)):
        return model.seat
    return prompt.seat


def answers(model: TableModel, prompt: Prompt) -> ft.Control:
    """What can be tapped or typed to answer the question. Every control that takes a tap is a
    new control when the table moves on: a tap sent from a phone still showing the last question
    reaches a control that is gone (and is reported as such, ui/guard.py), never the control now
    standing in the same place for another choice. Choice buttons, "Deal for me" and the game's
    ``fresh_forms`` key their commands by the table's stamp themselves (``answer_key``), and the
    rest of the column is diffed; anything else here (a refusal, a form, a pick) makes the whole
    column keyed by the stamp, so every control in it is new."""
    table, notice = model.table, model.notice
    items: list[ft.Control] = []
    gui = ui_for(table.game_id)
    grid = gui.choice_forms.get(prompt.kind)
    shown = shown_choices(table, prompt) if prompt.choices is not None else []
    at_choice = notice is not None and notice.at in {f"choice-{i}" for i, _ in shown}
    tr, submit = model.tr, model.submit
    if notice is not None and not at_choice:
        items.append(notice_card(tr, model.show_rule, notice))
    if prompt.choices is not None and grid is not None:
        items.append(grid(model, shown, lambda c: entering(submit, table, c)))
    elif prompt.choices is not None:
        previews = choice_previews(model.drafts, table, [c for _, c in shown])
        seen = model.view
        for k, (i, choice) in enumerate(shown):
            lines = preview_lines(tr, seen, table, prompt.seat, previews[k] if previews else [])
            items.append(choice_button(tr, submit, table, i, choice, lines, own_phone(model, prompt)))
            if at_choice and notice is not None and notice.at == f"choice-{i}":
                items.append(notice_card(tr, model.show_rule, notice))  # under the choice tapped
    items += [pick_form(tr, model.drafts, submit, table, pick) for pick in prompt.picks]
    if prompt.auto and not model.guest:
        label = gui.auto_labels.get(prompt.kind, ("play.deal", "play.deal_hint"))
        items.append(deal_button(tr, model.deal, table, label))
    # table facts: the host enters them; a player's phone its own part of one (the cards it keeps)
    formed = prompt.choices is None and (not model.guest or (prompt.seat is None and bool(prompt.seats)))
    offered = seat_form(model, prompt)
    if offered is not None:
        items.append(offered(model, prompt))
    elif formed:
        form = gui.fact_forms.get(prompt.kind)
        items.append(form(model, prompt) if form is not None else json_form(tr, submit, model.fail, prompt))
    fresh = notice is None and not prompt.picks and not formed and offered is None
    if grid is not None and prompt.choices is not None and prompt.kind not in gui.fresh_forms:
        fresh = False
    return ft.Column(items, spacing=8, key="answers" if fresh else f"answers-{stamp(table)}")


def deal_button(
    tr: Tr, deal: Callable[[], bool], table: Table, label: tuple[str, str] = ("play.deal", "play.deal_hint")
) -> ft.Control:
    """ "Deal for me": the app makes the table-fact entry (``deal``); busy at once, as a choice is.
    ``label``: the button's text and tooltip keys (the game's ``auto_labels``: choose, draw)."""

    drawn_for = stamp(table)

    def build(on_click: Any, busy: bool) -> ft.Control:
        return ft.FilledButton(
            content=ft.Text(tr(label[0]), text_align=ft.TextAlign.CENTER),
            icon=busy_icon(ft.Icons.SHUFFLE, busy),
            key="auto",
            tooltip=quiet(tr(label[1])),  # a hint on hover; the card is named by its question
            on_click=on_click,
            height=TAP,
        )

    return CommandButton(build, deal, key=answer_key(drawn_for, "auto"))


def waiting_pad(
    tr: Tr, show_rule: Callable[[str], None], notice: Notice | None, table: Table, seat: int | None, text: str
) -> ft.Control:
    """A live-share client whose turn it is not: who decides (``seat``) and ``waiting_text``,
    never what they were offered (another seat's prompt may carry hidden information, e.g. the
    building cards dealt to them)."""
    items = [who_part(tr, table, seat), ft.Text(text, key="waiting", size=16)]
    if notice is not None:
        items.append(notice_card(tr, show_rule, notice))
    return card(*items, key="prompt-pad")


def waiting_text(tr: Tr, table: Table, prompt: Prompt, own: int | None = None) -> str:
    """What a waiting phone reads. A question each seat answers on its own phone
    (``prompt.seats``: the building cards kept) names the players still to answer; the host
    enters any other fact of the table (in the game's words for it where it has some:
    ``GameUI.seat_waiting``). ``own``: the seat whose phone this is, told when it answers right
    after the seat asked now, in the order the banner gives (Table.next_after), a fact the host
    enters for a seat in turn too (Chinatown's shop tiles drawn one player after another)."""
    said = ui_for(table.game_id).seat_waiting.get(prompt.kind) if prompt.seat is None else None
    if prompt.seat is None and prompt.seats:
        names = tuple(table.players[s].name for s in prompt.seats)
        return tr("live.waiting", name=join_list(names, tr.lang))
    if said is not None:  # in the game's words, naming whom it is about (Da Yu's marker)
        return tr(said, **prompt.msg.args)
    nxt = own is not None and prompt.seat is not None and table.next_after(prompt.seat) == own
    if prompt.seat is None or prompt.choices is None:  # a fact the host enters, a seat's own too
        return tr("live.waiting_table_next" if nxt else "live.waiting_table")  # Chinatown's draw
    name = table.players[prompt.seat].name
    if nxt:
        return tr("live.waiting_next", name=name)
    return tr("live.waiting", name=name)


def shown_choices(table: Table, prompt: Prompt) -> list[tuple[int, Any]]:
    """The choices drawn as buttons, with their index in the prompt (their key): all of them,
    except those made by tapping the board when the board is the question (a tile on the map)."""
    gui = ui_for(table.game_id)
    picked = {p.kind for p in prompt.picks}  # a multi-pick stands for these (every combination)
    choices = [(i, c) for i, c in enumerate(prompt.choices or []) if getattr(c, "kind", None) not in picked]
    if gui.on_board is None or gui.board_is_question is None or not gui.board_is_question(table):
        return choices
    return [(i, c) for i, c in choices if not gui.on_board(c)]


def choice_previews(drafts: Drafts, table: Table, choices: list[Any]) -> list[list[Effect]] | None:
    """What each choice would do, from Table.check (cached per table version)."""
    if len(choices) > PREVIEW_LIMIT:
        return None
    stamp = (table.id, table.version, len(choices))
    cached = drafts.get(Previews)
    if cached and cached.stamp == stamp:
        return cached.effects
    out = []
    for c in choices:
        try:
            out.append(table.check(c)[2])
        except RuleViolation:
            out.append([])
    drafts.put(Previews(stamp, out))
    return out


def entering(submit: Submit, table: Table, choice: Any) -> Any:
    """The click handler entering ``choice``; a tap on a stale screen is refused."""
    drawn_for = stamp(table)  # the table this control was drawn for
    return lambda _: submit(choice, seen=drawn_for)


def preview_lines(
    tr: Tr, seen: PlayerView, table: Table, chooser: int | None, effects: list[Effect]
) -> list[str]:
    """What a choice would do, as this screen may see it (``seen``): the chooser's own lines
    first, then the table's, then other players'. A line about another player says whose it is
    when its text does not (the engines' lines mostly do: Chinatown's income lines name their
    earner, and the last placer's "done placing" pays every player's businesses). Within a
    player's lines, the game's ``preview_lead`` lines come first (Chinatown's income total,
    before the businesses making it). The chooser's own lines drop a leading "Ana: ": the button
    says whose choice it is ("Ana: done placing"), and each line under it said so again."""
    lead = ui_for(table.game_id).preview_lead
    own = table.players[chooser].name if chooser is not None and 0 <= chooser < len(table.players) else None

    def rank(fx: Effect) -> tuple[int, bool]:
        return (0 if fx.seat == chooser else 1 if fx.seat is None else 2), not (lead is not None and lead(fx))

    out = []
    for fx in sorted(seen.effects(effects), key=rank):  # sorted() keeps the engine's order within a rank
        text = tr.msg(fx.msg)
        if fx.seat is not None and fx.seat != chooser and 0 <= fx.seat < len(table.players):
            name = table.players[fx.seat].name
            text = text if mentions(text, name) else tr("play.effect_of", player=name, effect=text)
        elif fx.seat is not None and fx.seat == chooser:
            text = question_text(text, own)
        out.append(text)
    return out


def mentions(text: str, name: str) -> bool:
    """Whether ``text`` names the player ``name`` as a whole name ("Ana" is not in "Anabel gets
    $10,000": that line would be left unnamed as if it were Ana's)."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def shown_lines(label: str, effects: list[str], chooser: str | None) -> list[str]:
    """An answer's label and at most two lines of what it would do, leaving out a line that only
    says the answer again: with the chooser's name ("Dai draws from the silver pile" under "Draw
    from the silver pile (32 left)"), never with another player's ("Order: Ben, Carla, Ana" is
    news)."""
    texts = [label]
    names = [chooser] if chooser else []
    for text in effects:
        if text not in texts and not restates(label, text, names) and len(texts) < 3:
            texts.append(text)
    return texts


def choice_button(
    tr: Tr, submit: Submit, table: Table, i: int, choice: Any, effects: list[str], own: bool = False
) -> ft.Control:
    """A choice and the first lines of what it would do (``effects``, from ``preview_lines``);
    a tap enters it. ``own``: on the chooser's own phone, which leaves its name out of the label
    as the question does ("Ana: done placing" under "Ana", in Ana's hand, reads "Done placing")."""
    label = tr.msg(table.game.describe(table.state, choice))
    seat = table.prompt.seat if table.prompt is not None else None
    chooser = table.players[seat].name if seat is not None and 0 <= seat < len(table.players) else None
    if own:
        label = question_text(label, chooser)
    texts = shown_lines(label, effects, chooser)
    key = f"choice-{i}"
    drawn_for = stamp(table)

    def build(on_click: Any, busy: bool) -> ft.Control:
        # the padding sits in the button's style and a one-line choice is its text alone: every
        # control counts, the prompt's buttons are new on every tap
        lines: list[ft.Control] = [
            ft.Text(texts[0], weight=ft.FontWeight.BOLD, size=15),
            *(ft.Text(t, size=12) for t in texts[1:]),
        ]
        content = lines[0] if len(lines) == 1 else ft.Column(lines, spacing=2, tight=True)
        return ft.OutlinedButton(
            content=content,
            icon=busy_icon(None, busy),
            key=key,
            tooltip=quiet(label),
            on_click=on_click,
            style=CHOICE_STYLE,
            width=float("inf"),
            height=None,
        )

    return CommandButton(
        build, lambda: submit(choice, seen=drawn_for, at=key), key=answer_key(drawn_for, key)
    )


def json_form(tr: Tr, submit: Submit, fail: Callable[[str], None], prompt: Prompt) -> ft.Control:
    """The generic entry form for a table fact without a game-specific form: the entry as JSON
    (``fail`` says why a text is not JSON)."""
    field = ft.TextField(
        label=tr("play.entry_json", kinds=", ".join(prompt.kinds)),
        key="entry-json",
        multiline=True,
        min_lines=2,
        max_lines=6,
        text_size=13,
    )

    def send(_: Any = None) -> None:
        try:
            data = json.loads(field.value or "")
        except json.JSONDecodeError as exc:
            fail(tr("play.bad_json", detail=str(exc)))
            return
        submit(data)

    return ft.Column(
        [
            small(tr("play.as_dealt")),
            field,
            button(tr("play.enter"), "entry-submit", send, icon=ft.Icons.CHECK),
        ]
    )


def finished_card(tr: Tr, go: Callable[[str], None], table: Table) -> ft.Control:
    """The result, first on the screen once the game is over: the winner, every player's final
    total in the ranking's order (the tie-break's say under it where it ordered anyone), and the
    way to the Scores screen's breakdown."""
    board = table.scoreboard
    winners = board.shared or board.ranking[:1]
    items: list[ft.Control] = [
        heading(tr("play.game_over")),
        ft.Text(tr("scores.winner", names=", ".join(winners)), key="winner", size=18),
    ]
    # every total, best first, a line each: "Ben 37 VP · Carla 36 VP · Ana 29 VP" on one small
    # line read as a footnote to the winner
    items += [final_place(tr, table, board, place, name) for place, name in enumerate(board.ranking, 1)]
    items += tie_lines(tr, board)
    items.append(
        button(
            tr("play.see_scores"),
            "see-scores",
            lambda _: go(f"/table/{table.id}/scores"),
            icon=ft.Icons.LEADERBOARD,
            filled=True,
        )
    )
    return card(*items, key="finished-card")


def final_place(tr: Tr, table: Table, board: Scoreboard, place: int, name: str) -> ft.Control:
    """A player's place in the final ranking and their final total ("2. Carla 36 VP")."""
    r = board.row(name)
    return ft.Row(
        [
            ft.Text(f"{place}.", width=28),
            dot(table.players[r.seat].color),
            ft.Text(name, expand=True),
            ft.Text(total_text(tr, board, r.total), key=f"final-total-{r.seat}", weight=ft.FontWeight.BOLD),
        ],
        key=f"final-place-{place}",
    )


def why_part(model: TableModel) -> list[ft.Control]:
    """``why`` drawn again only when the table moved (its stamp) or the language changed: a
    redraw for anything else (a notice, a fold) keeps it as it was."""
    table = model.table
    if table.last is None:
        return []
    colors = tuple(p.color for p in table.players)
    return [part((model.tr.lang, stamp(table), colors), lambda: why(model)[0], key="why-part")]


def why(model: TableModel) -> list[ft.Control]:
    """The last entry and its effects: why the numbers just changed. During the game the first
    few, and a button to History for the rest; once it is over, the rest folded in place: the
    table reads the game's end here, not entry by entry in History."""
    from companion.ui.views.history import entry_label

    table, tr = model.table, model.tr
    last = table.last
    if last is None:
        return []
    i, entry, effects = last
    label = entry_label(tr, table, i, entry)
    lines: list[ft.Control] = [small(tr("play.last", label=label), key="last-entry")]
    if table.prompt is None:  # the game's last entry: every line here, past the first few folded
        said = effect_lines(model, final_first(table, effects), key="why", under=label)
        lines += said[:MAX_WHY]
        if len(said) > MAX_WHY:
            lines.append(more_fold(tr("fold.more", n=len(said) - MAX_WHY), said[MAX_WHY:], "why-more"))
        return [card(*lines, key="why")]
    lines += effect_lines(model, effects[:MAX_WHY], key="why", under=label)
    if len(effects) > MAX_WHY:
        lines.append(
            text_button(
                tr("play.more", n=len(effects) - MAX_WHY),
                "why-more",
                lambda _: model.go(f"/table/{table.id}/history"),
            )
        )
    return [card(*lines, key="why")]


def final_first(table: Table, effects: list[Effect]) -> list[Effect]:
    """The last entry's effects once the game is over, its final scoring (``GameUI.final_rule``)
    right after the entry's own first line: Dragon's month 12 releases, decay and round scoring
    came first, and the final scoring was left for History ("11 more in History")."""
    is_final = ui_for(table.game_id).final_rule
    if is_final is None:
        return effects
    head, rest = effects[:1], effects[1:]
    return [
        *head,
        *(fx for fx in rest if is_final(fx.rule_id)),
        *(fx for fx in rest if not is_final(fx.rule_id)),
    ]


def moment_rules(tr: Tr, show_rule: Callable[[str], None], prompt: Prompt) -> ft.Control:
    # each rule's chip a part: the next question often cites some of the same rules
    chips = [
        part(tr.lang, partial(rule_chip, tr, show_rule, rid), key=f"moment-{rid}") for rid in prompt.rule_ids
    ]
    heading = part(tr.lang, lambda: small(tr("play.moment_rules")), key="moment-rules-heading")
    # the chips' style given once by their box: a chip is sent whole each time the moment's rules
    # change, the box (the same theme object each time) is not (docs/DECISIONS.md, "Moment chips")
    row = themed(ft.Row(chips, wrap=True, spacing=6), CHIPS_THEME, key="moment-rules-chips")
    return card(heading, row, key="moment-rules")


def rule_chip(tr: Tr, show_rule: Callable[[str], None], rid: str) -> ft.Control:
    """A rule of this moment by its title: a button named "Read the rule: <title>" (a chip was a
    checkbox to screen readers), drawn as the small pill it was."""
    return pill_button(
        rule_title(tr, rid), f"moment-{rid}", lambda _: show_rule(rid), name=rule_tip(tr, rid), in_theme=True
    )


def seat_panel(model: TableModel, seat: int) -> ft.Control:
    """One player's card; drawn again only when what it shows changed, if the game says what
    that is (``GameUI.seat_props``)."""
    table = model.table
    gui = ui_for(table.game_id)
    if gui.player_panel is None:
        return generic_player(model.tr, model.view, table, seat)
    panel = gui.player_panel
    if gui.seat_props is None:
        return panel(model, seat)
    props = (model.tr.lang, model.access, table.players[seat], gui.seat_props(table, seat))
    return part(props, lambda: panel(model, seat), key=f"seat-part-{seat}")


def generic_player(tr: Tr, seen: PlayerView, table: Table, seat: int) -> ft.Control:
    """A seat's name and total as this screen may show them (``seen``: another's secret stays one)."""
    p = table.players[seat]
    board = seen.scoreboard
    row = next((r for r in board.rows if r.seat == seat), None)
    total = (
        ft.Text(total_text(tr, board, row.total), key=f"total-{seat}")
        if row is not None
        else ft.Text(tr("scores.secret_total"), key=f"total-hidden-{seat}")  # another player's secret
    )
    return card(
        ft.Row([dot(p.color), ft.Text(p.name, weight=ft.FontWeight.BOLD, expand=True), total]),
        key=f"player-{seat}",
    )
