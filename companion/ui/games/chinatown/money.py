"""The money one party of a trade hands over: a number field, and one bill less or more.

What is typed stays in the draft (``form["money_text"]``) so a redraw never resets it; the amount
(``form["money"]``) is set only when the text is a valid amount, else ``None`` and the field says
why. Whether the giver has that much is the engine's question (it is secret): the review asks it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

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
    tr: Tr, refresh: Callable[[], None], form: dict[str, Any], unit: int, side: str, giver: str
) -> ft.Control:
    """The money ``giver`` hands over: a number field named after them, and one bill less or more."""
    amount = form["money"]
    error = parse_money(form["money_text"], unit)[1]

    def typed(e: Any) -> None:
        form["money_text"] = e.control.value or ""
        form["money"] = parse_money(form["money_text"], unit)[0]
        refresh()

    def step(by: int) -> Any:
        def go(_: Any = None) -> None:
            new = max(0, (form["money"] or 0) + by)
            form.update(money=new, money_text=str(new) if new else "")
            refresh()

        return go

    field = ft.TextField(
        label=tr("chinatown.money_from", name=giver),
        value=form["money_text"],
        key=f"ct-money-{side}-field",
        on_change=typed,
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
