"""A scanned import link's code, handed from the landing page to the import screen.

A scanned import link is ``/import#<code>``: the fragment never reaches a server, so the
landing page at ``/import`` (companion/ui/webserver.py) keeps it where SharedPreferences reads
it and opens ``/import/scanned``; the session takes it from there on arrival, once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import flet as ft

# Where a scanned import link's code waits (see companion/ui/webserver.py, the landing page),
# and the route the landing page opens: /import/<this> is never a code (codes start with TC).
SCANNED_PREF = "table_companion.scanned_code"
SCANNED = "scanned"
SCANNED_ROUTE = f"/import/{SCANNED}"
MAX_SCANNED = 20_000  # a code past the longest snapshot is refused by the import anyway


async def take_scanned(prefs: ft.SharedPreferences, memo: dict[str, Any]) -> None:
    """On the landing page's route: move the code it kept into the import screen's draft
    (``memo``, the session's drafts), and forget it (it is read once)."""
    code = await prefs.get(SCANNED_PREF)
    if code:
        await prefs.remove(SCANNED_PREF)
        memo[f"import-code:{SCANNED}"] = {"text": str(code)[:MAX_SCANNED], "error": ""}
