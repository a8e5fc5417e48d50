"""A scanned import link's code, handed from the landing page to the import screen.

A scanned import link is ``/import#<code>``: the fragment never reaches a server, so the
landing page at ``/import`` (companion/ui/webserver.py) keeps it where SharedPreferences reads
it and opens ``/import/scanned``; the session takes it from there on arrival, once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from companion.ui.device import Prefs
    from companion.ui.state import Drafts

# Where a scanned import link's code waits (see companion/ui/webserver.py, the landing page),
# and the route the landing page opens: /import/<this> is never a code (codes start with TC).
SCANNED_PREF = "table_companion.scanned_code"
SCANNED = "scanned"
SCANNED_ROUTE = f"/import/{SCANNED}"
MAX_SCANNED = 20_000  # a code past the longest snapshot is refused by the import anyway


@ft.observable
@dataclass
class ImportDraft:
    """The import screen's draft (views/share.py), one per route's code: the code as typed or
    scanned, and the refusal (an observable: the error line given it is drawn again). Here,
    below the screens, because the session puts a scanned link's code in it on arrival."""

    text: str = ""
    error: str = ""

    def refuse(self, error: str) -> None:
        self.error = error


async def take_scanned(prefs: Prefs, drafts: Drafts) -> None:
    """On the landing page's route: move the code it kept into the import screen's draft
    (in the session's ``drafts``), and forget it (it is read once)."""
    code = await prefs.get(SCANNED_PREF)
    if code:
        await prefs.remove(SCANNED_PREF)
        drafts.put(ImportDraft(str(code)[:MAX_SCANNED]), SCANNED)
