"""Lists in the reader's words without loading Babel, for a short command (issue 27).

Chinatown's buildings are said as a list ("38 and 41", "16, 17, and 19" / "38 y 41"), and a
calculator run from the command line should not import Babel and read its locale data for that
(tests/cli/test_cli_calc_start.py). Babel stays the source, as for money (i18n/money.py): once per
language its CLDR list patterns are read, checked against Babel's own ``format_list`` on lists of
two to eight items, and kept in the cache folder while Babel's files are unchanged. Patterns that
do not give Babel's text are not kept, and Babel joins the list as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from companion.i18n import learnt

# Lists checked against Babel before the patterns are kept: two to eight items, no brace in them.
CHECKS = tuple(tuple(str(10 + i) for i in range(n)) for n in range(2, 9))


class ListFormat(NamedTuple):
    """CLDR's standard list patterns, "{0} and {1}" style: two items, then a longer list's start,
    middle and end."""

    two: str
    start: str
    middle: str
    end: str

    def join(self, items: Sequence[str]) -> str:
        """As Babel's ``format_list`` joins them (its algorithm over the same four patterns)."""
        if len(items) < 2:
            return items[0] if items else ""
        if len(items) == 2:
            return self.two.format(*items)
        said = self.start.format(items[0], items[1])
        for item in items[2:-1]:
            said = self.middle.format(said, item)
        return self.end.format(said, items[-1])


def learn(patterns: dict[str, str], babel_list: Callable[[list[str]], str]) -> ListFormat | None:
    """The patterns Babel holds for a locale (``Locale.list_patterns["standard"]``), kept only if
    joining with them gives Babel's own text for every list of CHECKS; else None."""
    try:
        found = ListFormat(patterns["2"], patterns["start"], patterns["middle"], patterns["end"])
    except KeyError:
        return None
    return found if all(found.join(items) == babel_list(list(items)) for items in CHECKS) else None


def kept_format(folder: Path, locale: str) -> ListFormat | None:
    """The patterns kept in ``folder`` for ``locale`` while Babel's files are unchanged."""
    found = learnt.kept(folder / f"list-{locale}.json")
    if isinstance(found, list) and len(found) == 4 and all(isinstance(p, str) for p in found):
        return ListFormat(*found)
    return None  # none kept, or not four patterns


def keep(folder: Path, locale: str, found: ListFormat, files: list[Path]) -> None:
    learnt.keep(folder / f"list-{locale}.json", found, files)
