"""The money one party of a trade hands over: a number field, and one bill less or more.

What is typed stays in the trade's draft (its side's ``money_text``) so a redraw never resets it;
the amount (its ``money``) is set only when the text is a valid amount, else ``None`` and the field
says why. Whether the giver has that much is the engine's question (it is secret): the review asks it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games.chinatown.public import DATA
from companion.ui.i18n import Tr
from companion.ui.widgets import icon_button

MAX_DIGITS = 9  # up to $999,999,999: far beyond any table's money, well inside the input limits


def parse_money(text: str, unit: int) -> tuple[int | None, str | None]:
    """The amount typed (blank is 0), or None and the ui key saying what is wrong with it."""
    digits = text.strip()
    if not digits:
        return 0, None
    if not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS:
        return None, "chinatown.money_digits"
    amount = int(digits)
    if amount % unit:
        return None, "chinatown.money_bills"
    return amount, None


def money_field(
    tr: Tr, amount: int | None, text: str, side: str, giver: str, typed: Callable[[str], None]
) -> ft.Control:
    """The money ``giver`` hands over (``amount``, as ``text`` was typed): a number field named
    after them, and one bill less or more. ``typed`` keeps a new text (the draft then redraws)."""
    unit = DATA.money_unit
    error = parse_money(text, unit)[1]

    def step(by: int) -> Any:
        def go(_: Any = None) -> None:
            new = max(0, (amount or 0) + by)
            typed(str(new) if new else "")

        return go

    field = ft.TextField(
        label=tr("chinatown.money_from", name=giver),
        value=text,
        key=f"ct-money-{side}-field",
        on_change=lambda e: typed(e.control.value or ""),
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.NumbersOnlyInputFilter(),
        max_length=MAX_DIGITS,
        counter="",  # no "0/9" under the field
        dense=True,
        error=tr(error, unit=unit) if error else None,
        helper=tr("chinatown.money", amount=amount) if amount else None,
        expand=True,
    )
    steps = [
        icon_button(
            ft.Icons.REMOVE if by < 0 else ft.Icons.ADD,
            f"ct-money-{side}-{'minus' if by < 0 else 'plus'}",
            tr("chinatown.money_less" if by < 0 else "chinatown.money_more", unit=unit),
            step(by),
            disabled=by < 0 and (amount or 0) < unit,
        )
        for by in (-unit, unit)
    ]
    # A semantic container of its own: a text field merges the plain texts of its semantic
    # container into its name, and the side's title must stay a text of its own for screen readers.
    return ft.Card(
        ft.Row([field, *steps], spacing=2, vertical_alignment=ft.CrossAxisAlignment.START),
        key=f"ct-give-money-{side}",
        elevation=0,
        margin=0,
    )
