"""A rule named on screen, in the reader's language and by its title (never its id), and an
effect beside the rule that caused it: each opens the rule's text in a tap.

A link takes the translator and the session's ``show_rule``; an effect line the open table's
model (ui/table_model.py: what this screen may show of the table); the plain controls they are
made of are in ui/widgets.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core import Effect
from companion.core.rulebook import rule
from companion.i18n import restates
from companion.ui.palette import TAP
from companion.ui.parts import part
from companion.ui.widgets import dot, icon_button, quiet

if TYPE_CHECKING:
    from companion.ui.i18n import Tr
    from companion.ui.table_model import TableModel


# built once, shared by every link (a "why" line's link is drawn again with most entries)
LINK_STYLE = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6), text_style=ft.TextStyle(size=12))


def rule_title(tr: Tr, rule_id: str) -> str:
    """A rule's title in the reader's language; never its id (ids are for the code)."""
    found = rule(rule_id, tr.lang)
    return found.title if found else tr("screens.rules.unknown")


def rule_tip(tr: Tr, rule_id: str) -> str:
    """What a screen reader says for a control that opens a rule: "Read the rule: <title>"."""
    return tr("screens.rules.read", title=rule_title(tr, rule_id))


def rule_link(tr: Tr, show_rule: Callable[[str], None], rule_id: str, key: str) -> ft.Control:
    """A small tappable rule reference, named by its title in the reader's language, that opens
    the rule text (``show_rule``)."""
    # the title shown, "Read the rule: <title>" said: the hover text is not heard (widgets.quiet),
    # so the button's text carries the name a screen reader gives it
    return ft.TextButton(
        content=ft.Text(rule_title(tr, rule_id), semantics_label=rule_tip(tr, rule_id)),
        key=key,
        tooltip=quiet(rule_tip(tr, rule_id)),
        on_click=lambda _: show_rule(rule_id),
        style=LINK_STYLE,
        height=TAP,
    )


def rule_icon(tr: Tr, show_rule: Callable[[str], None], rule_id: str, key: str) -> ft.Control:
    """A rule reference that takes a tap's width and no more: the Rules tab's book icon, named
    "Read the rule: <title>" (its tooltip and what a screen reader says), opening the rule's text.
    For a line whose own text says what happened, beside it (the review's sources); an effect
    line ends its own text with the rule instead (``rule_span``)."""
    return icon_button(ft.Icons.MENU_BOOK, key, rule_tip(tr, rule_id), lambda _: show_rule(rule_id))


def rule_span(tr: Tr, show_rule: Callable[[str], None], rule_id: str, key: str) -> ft.TextSpan:
    """The rule an effect line cites, as a link at the end of the line's own text: its title in
    the reader's language (kept whole: it moves to the next line rather than break), named
    "Read the rule: <title>" for screen readers (a link of its own in Flutter's semantics tree,
    the span's tap recognizer), opening the rule's text. It takes no width of its own: a titled
    button beside the text squeezed that text into half a phone's width (docs/DECISIONS.md)."""
    return ft.TextSpan(
        text="\u2003" + rule_title(tr, rule_id).replace(" ", "\u00a0"),
        style=SPAN_STYLE,
        semantics_label=rule_tip(tr, rule_id),
        on_click=lambda _: show_rule(rule_id),
        key=key,
    )


# built once, shared by every line's link
SPAN_STYLE = ft.TextStyle(size=12, color=ft.Colors.PRIMARY)


def effect_line(
    model: TableModel, effect: Effect, key: str, *, under: str | None = None, with_rule: bool = True
) -> ft.Control:
    """One consequence, as this screen may read it, over the whole width, with the rule that
    caused it at the end of its text (``rule_span``: tap it to read it).
    ``under``: the heading the line sits under; a line that only says it again is "Rule:" and its
    rule (History's "Ana releases ... from palace 2" read twice, the header and the line).
    ``with_rule=False``: no rule at its end (the next line cites the same rule, ``linked_once``)."""
    marker: list[ft.Control] = []
    shown = model.view.effect(effect)  # a secret stays one
    players = model.table.players
    if effect.seat is not None and 0 <= effect.seat < len(players):
        color = players[effect.seat].color  # the message names the player already
        marker = [part(color, lambda: line_dot(color), key=f"{key}-dot")]
    tr, show_rule = model.tr, model.show_rule
    if not with_rule:
        return ft.Row(
            [*marker, ft.Text(tr.msg(shown.msg), expand=True, size=14, key=f"{key}-text")],
            **LINE_ROW,
            key=key,
        )
    # the line at this place after the next entry often cites the same rule: its link is kept
    link = part(
        (tr.lang, effect.rule_id),
        lambda: rule_span(tr, show_rule, effect.rule_id, f"{key}-rule"),
        key=f"{key}-rule",
    )
    text = tr.msg(shown.msg)
    said: ft.Control = (
        # upright, as every rule link is: a span takes its Text's style, so an italic "Rule:" made
        # its link italic too (docs/DECISIONS.md, branch uxwrap)
        ft.Text(
            tr("play.by_rule"),
            size=13,
            color=ft.Colors.ON_SURFACE_VARIANT,
            spans=[link],
            key=f"{key}-rule-only",
        )
        if under is not None and restates(under, text)
        else ft.Text(text, expand=True, size=14, spans=[link], key=f"{key}-text")
    )
    return ft.Row([*marker, said], **LINE_ROW, key=key)


LINE_ROW: dict[str, Any] = {"vertical_alignment": ft.CrossAxisAlignment.START, "spacing": 4}


def linked_once(effects: list[Effect]) -> list[bool]:
    """For lines shown one under the other: whether each ends with its rule. Lines in a row that
    cite the same rule give it once, on the last of them (Da Yu's three frame bonuses each ended
    with "Frame bonus cards")."""
    return [k + 1 == len(effects) or effects[k + 1].rule_id != fx.rule_id for k, fx in enumerate(effects)]


def line_dot(color: str | None) -> ft.Control:
    """A player's dot beside the first line of a line's text (14 px type: a 20 px line)."""
    marker = dot(color, 10)
    marker.margin = DOT_MARGIN
    return marker


DOT_MARGIN = ft.Margin.only(top=5)


def effect_lines(model: TableModel, effects: list[Effect], key: str, under: str) -> list[ft.Control]:
    """``effect_line`` for each effect under the heading ``under`` (keys ``<key>-<k>``), where the
    effects that only say the heading again with the same rule make one "Rule:" line, with no
    player's dot (a Chinatown trade's two gives each read "Rule: Trading", one under the other).
    Only the entry's own step (the rule of its first effect) can say the heading again: what it
    set off (an event releasing the person just placed: "Ben releases the young monk from palace
    1" under "Ben displaces his old monk for the young monk") is news, and keeps its line."""
    own = effects[0].rule_id if effects else None
    said: set[str] = set()  # the rules already given a "Rule:" line
    lines: list[ft.Control] = []
    for k, fx in enumerate(effects):
        mine = fx.rule_id == own
        if mine and restates(under, model.tr.msg(model.view.effect(fx).msg)):
            if fx.rule_id in said:
                continue
            said.add(fx.rule_id)
            if any(o is not fx and o.rule_id == fx.rule_id for o in effects):  # said for several
                fx = Effect(fx.rule_id, fx.msg, None)
        lines.append(effect_line(model, fx, key=f"{key}-{k}", under=under if mine else None))
    return lines
