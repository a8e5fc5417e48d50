"""Money in the reader's format without loading Babel, for a short command (issue 27).

Importing Babel and reading its locale data costs a command-line run about as much as starting
Python itself, to write a few amounts. Babel stays the source: once per language its money
pattern is learnt from amounts Babel formats (sign and symbol around the digits, the group
separator and group sizes), checked against Babel on more amounts, and kept in the cache folder
while Babel's files are unchanged. A pattern this cannot learn exactly is not kept, and Babel
formats as before. tests/test_money_kept.py compares the two on many random amounts.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import groupby
from pathlib import Path
from typing import NamedTuple

from companion.i18n import learnt

# Amounts checked against Babel before a learnt pattern is kept: signs, each number of digits.
CHECKS = (0, *(sign * int("123456789012345"[:width]) for width in range(1, 16) for sign in (1, -1)))


class MoneyFormat(NamedTuple):
    plus: tuple[str, str]  # what stands before and after the digits of an amount of 0 or more
    minus: tuple[str, str]  # the same, below 0
    group: str  # the group separator ("," in English, "." in Spanish)
    sizes: tuple[int, int]  # digits in the last group, and in each group before it

    def format(self, amount: int) -> str:
        """As Babel's NumberPattern.apply writes a whole amount (its _format_int's grouping)."""
        digits, tail, size = str(abs(amount)), "", self.sizes[0]
        while len(digits) > size:
            tail = self.group + digits[-size:] + tail
            digits = digits[:-size]
            size = self.sizes[1]
        before, after = self.minus if amount < 0 else self.plus
        return before + digits + tail + after


def learn(babel_money: Callable[[int], str]) -> MoneyFormat | None:
    """The pattern behind ``babel_money`` (an amount -> Babel's text), or None when the learnt
    pattern does not give Babel's text for every amount of CHECKS."""
    seven, minus_seven = babel_money(7), babel_money(-7)
    if seven.count("7") != 1 or minus_seven.count("7") != 1:
        return None
    plus, minus = seven.split("7"), minus_seven.split("7")
    body = babel_money(1_234_567_890_123)
    if not (body.startswith(plus[0]) and body.endswith(plus[1])):
        return None
    body = body[len(plus[0]) : len(body) - len(plus[1])]
    runs = [("".join(run), is_digit) for is_digit, run in groupby(body, str.isdigit)]
    digits = [text for text, is_digit in runs if is_digit]
    separators = {text for text, is_digit in runs if not is_digit}
    if len(digits) < 3 or len(separators) != 1:
        return None
    found = MoneyFormat(
        (plus[0], plus[1]), (minus[0], minus[1]), separators.pop(), (len(digits[-1]), len(digits[-2]))
    )
    return found if all(found.format(n) == babel_money(n) for n in CHECKS) else None


def kept_format(folder: Path, locale: str) -> MoneyFormat | None:
    """The pattern kept in ``folder`` for ``locale`` while Babel's files it was learnt from are
    unchanged; None if none is kept (the caller learns it and keeps it with ``keep``)."""
    found = learnt.kept(folder / f"money-{locale}.json")
    if not isinstance(found, list) or len(found) != 4:
        return None  # none kept, or not a pattern
    try:
        plus, minus, group, sizes = found
        return MoneyFormat(tuple(plus), tuple(minus), group, tuple(sizes))
    except (TypeError, ValueError):
        return None


def keep(folder: Path, locale: str, found: MoneyFormat, files: list[Path]) -> None:
    learnt.keep(folder / f"money-{locale}.json", found, files)
