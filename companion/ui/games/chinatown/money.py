"""The money of one part of a trade: a number field with steps of one bill and of ten.

What is typed stays in the draft (``form["money_text"]``) so a redraw never resets it; the amount
(``form["money"]``) is set only when the text is a valid amount, else ``None`` and the field says
why. Whether the giver has that much is the engine's question (it is secret): the review asks it.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.ui.shell import App
from companion.ui.widgets import button

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


def money_field(app: App, form: dict[str, Any], unit: int) -> ft.Control:
    tr = app.tr
    amount = form["money"]
    error = parse_money(form["money_text"], unit)[1]

    def typed(e: Any) -> None:
        form["money_text"] = e.control.value or ""
        form["money"] = parse_money(form["money_text"], unit)[0]
        app.refresh()

    def step(by: int) -> Any:
        def go(_: Any = None) -> None:
            new = max(0, (form["money"] or 0) + by)
            form.update(money=new, money_text=str(new) if new else "")
            app.refresh()

        return go

    field = ft.TextField(
        label=tr("chinatown.money_field"),
        value=form["money_text"],
        key="ct-money-field",
        on_change=typed,
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.NumbersOnlyInputFilter(),
        max_length=MAX_DIGITS,
        counter="",  # no "0/9" under the field
        dense=True,
        error=tr(error, unit=unit) if error else None,
        helper=tr("chinatown.money", amount=amount) if amount else None,
    )
    steps = []
    for by in (-10 * unit, -unit, unit, 10 * unit):
        label = tr("chinatown.money_minus" if by < 0 else "chinatown.money_plus", unit=abs(by))
        steps.append(
            button(
                label,
                f"ct-money-{'minus' if by < 0 else 'plus'}{'-10' if abs(by) > unit else ''}",
                step(by),
                disabled=by < 0 and (amount or 0) < -by,
                tooltip=tr("chinatown.money_less" if by < 0 else "chinatown.money_more", unit=abs(by)),
            )
        )
    # A card of its own: a text field merges the plain texts of its semantic container into its
    # name, and the prompt pad's question must stay a text of its own for screen readers.
    return ft.Card(
        ft.Container(
            ft.Column([field, ft.Row(steps, wrap=True, spacing=6, run_spacing=6)], spacing=4), padding=8
        ),
        key="ct-give-money",
    )
