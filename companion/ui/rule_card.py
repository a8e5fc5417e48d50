"""A rule as the table reads it in a dialog: its text, a worked example, the questions people
ask about it (the project's own readings marked), and its related rules, each one tap away.

Built from ``companion.lookup.card``; a rule outside the lookup (a test game's) returns False so
the caller shows its plain text instead.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import flet as ft

from companion.core.data import DataError
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, PSEUDO, translate
from companion.i18n.pseudo import pseudo_plain
from companion.lookup import Clarification, RuleCard, card
from companion.ui.rule_links import rule_title
from companion.ui.widgets import pill_button, selectable_text, small

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.ui.dialogs import Dialogs
    from companion.ui.i18n import Tr


def lookup_text(tr: Tr, key: str, **args: object) -> str:
    """A ``rules.`` catalogue key (the lookup's own texts) in the reader's language."""
    return translate(key, tr.lang, **args)


def lookup_lang(tr: Tr) -> str:
    """The language the lookup reads in: the reader's, or English under the qps pseudo-locale."""
    return tr.lang if tr.lang in LANGUAGES else DEFAULT_LANGUAGE


def said(tr: Tr, text: str) -> str:
    """A lookup text as shown: accented and bracketed in qps, like the rule texts there."""
    return pseudo_plain(text) if tr.lang == PSEUDO else text


def highlighted(text: str, matched: tuple[str, ...] | list[str], key: str | None = None) -> ft.Text:
    """``text`` with the words a search matched in bold (whole words, as the rule writes them)."""
    if not matched:
        return ft.Text(text, key=key, size=14)
    pattern = re.compile(
        r"\b(" + "|".join(re.escape(w) for w in sorted(matched, key=len, reverse=True)) + r")\b"
    )
    spans: list[ft.TextSpan] = []
    at = 0
    for m in pattern.finditer(text):
        if m.start() > at:
            spans.append(ft.TextSpan(text[at : m.start()]))
        spans.append(ft.TextSpan(m.group(0), style=ft.TextStyle(weight=ft.FontWeight.BOLD)))
        at = m.end()
    if at < len(text):
        spans.append(ft.TextSpan(text[at:]))
    return ft.Text(key=key, spans=spans, size=14)


def status_line(tr: Tr, status: str, key: str | None = None) -> ft.Control | None:
    """ "Decision of this app" or "Unverified reading"; nothing for an official rule."""
    if status == "official":
        return None
    return ft.Text(tr(f"rules.status.{status}"), italic=True, size=12, key=key)


def clarification(tr: Tr, c: Clarification, key: str) -> ft.Control:
    """One question people ask, its answer, and whether the project had to decide it."""
    items: list[ft.Control] = [
        ft.Text(said(tr, c.question), weight=ft.FontWeight.BOLD, key=f"{key}-question"),
        selectable_text(said(tr, c.answer)),
    ]
    if c.decided:
        items.append(
            ft.Row(
                [
                    ft.Icon(ft.Icons.GAVEL, size=14),
                    small(lookup_text(tr, "rules.decided"), key=f"{key}-decided"),
                ],
                spacing=4,
            )
        )
    return ft.Container(
        ft.Column(items, spacing=2, tight=True),
        key=key,
        padding=ft.Padding.only(left=10, top=4, bottom=4),
        border=ft.Border.only(left=ft.BorderSide(3, ft.Colors.OUTLINE_VARIANT)),
    )


def rule_chip(tr: Tr, open_rule: Callable[[str], object], rule_id: str, key: str) -> ft.Control:
    """A related rule, by its title: tapping it opens that rule's card (``open_rule``)."""
    title = rule_title(tr, rule_id)
    return pill_button(title, key, lambda _: open_rule(rule_id), name=tr("rules.open", title=title))


def card_body(tr: Tr, open_rule: Callable[[str], object], c: RuleCard) -> list[ft.Control]:
    items: list[ft.Control] = []
    status = status_line(tr, c.status, key="rule-dialog-status")
    if status is not None:
        items.append(status)
    items.append(selectable_text(said(tr, c.text), key="rule-dialog-text"))
    for i, example in enumerate(c.examples):
        items += [
            small(lookup_text(tr, "rules.examples")),
            ft.Text(said(tr, example), italic=True, key=f"rule-example-{i}"),
        ]
    if c.clarifications:
        items.append(small(lookup_text(tr, "rules.clarifications")))
        items += [clarification(tr, q, key=f"rule-q-{q.id}") for q in c.clarifications]
    if c.related:
        items.append(small(lookup_text(tr, "rules.related")))
        items.append(
            ft.Row(
                [rule_chip(tr, open_rule, r, f"rule-related-{r}") for r in c.related],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    return items


def open_card(dialogs: Dialogs, tr: Tr, rule_id: str) -> bool:
    """Open the rule's card (it replaces any open dialog); False if the lookup has no such rule."""
    try:
        found = card(rule_id, lookup_lang(tr))
    except DataError:
        return False
    dialogs.dialog(
        said(tr, found.title),
        lambda: card_body(tr, lambda other: open_card(dialogs, tr, other), found),
        key="rule-dialog",
    )
    return True
