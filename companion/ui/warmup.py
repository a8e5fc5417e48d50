"""What the served app loads ahead of need, and when (docs/DECISIONS.md, "Cold start").

The first screen needs the session shell, Flet's controls on Home, the Home screen and the
default language's catalogue (not Flet's theme classes: the seed colour goes as a mapping,
palette.seed_theme): the server loads them in a thread while the
browser fetches and starts Flutter. Everything else (the other screens, the games' modules
and rules data, the rules index) is loaded once the first session has drawn its screen, so
it does not compete for the CPU with the browser painting it, and is ready by the first tap.

The pydantic models the server imports before it listens (the store's, the core's) are declared
with ``defer_build``: their validators are built here, after the server listens, rather than
while the browser waits for its first answer (a model still unbuilt builds itself on first use).
"""

from __future__ import annotations

import sys
import threading
from importlib import import_module

FIRST_CONTROLS = (
    "Component",
    "component",
    "use_dialog",
    "SharedPreferences",
    "View",
    "AppBar",
    "Text",
    "Row",
    "Column",
    "Icon",
    "Icons",
    "IconButton",
    "FilledButton",
    "OutlinedButton",
    "Container",  # these two the session names as it starts: ui/lean_internals.py hints them
    "Card",
)
"""Flet loads a control's module when it is first named: these are the session's and Home's
(tests/ui/test_warmup.py checks that drawing Home after the warm-up loads no module)."""


def first_screen() -> None:
    """Load what the first session draws (Home, in the default language)."""
    import flet as ft

    from companion.i18n import DEFAULT_LANGUAGE, load
    from companion.ui import lean_init, live, root, sent_settings, shell  # noqa: F401  # the session (ui/app.py composes it)
    from companion.ui.views import home  # noqa: F401

    for name in FIRST_CONTROLS:
        getattr(ft, name)
    lean_init.write_loaded()  # their __init__ written now, not by the first screen (ui/lean_init.py)
    _ = ft.Icons.ADD  # the first icon named reads Flet's table of icon names
    load(DEFAULT_LANGUAGE)
    sent_settings.page_scripts()  # the page's scripts: the lost-connection notice reads both catalogues
    build_models(FIRST_MODELS)


def the_rest() -> None:
    """Load every other screen and the games (what a first tap on a table or New table needs)."""
    from companion.ui.gameui import known_game_ids
    from companion.ui.routes import VIEW_MODULES

    for module in VIEW_MODULES:
        import_module(f"companion.ui.views.{module}")
    known_game_ids()
    build_models()  # the store's others, and the games' entries (they inherit core's Entry's)


FIRST_MODELS = ("companion.core.", "companion.store.sqlite_store")
"""The models the first screen may validate: Home's cards read each stored table (core's
TableFile, Entry, Scoreboard) into a ``TableInfo`` (the SQLite store's). The store's others (the
plays, statistics, links) wait for ``the_rest``: no first screen validates them, and they were 7
to 8 ms of the 12 ms of CPU the warm-up spent building models while the browser starts Flutter."""


def build_models(within: str | tuple[str, ...] = "companion.") -> int:
    """Build the validators of the app's pydantic models loaded so far, declared with
    ``defer_build`` and defined in modules under ``within`` (a prefix, or several); how many
    were built."""
    if "pydantic" not in sys.modules:
        return 0
    from pydantic import BaseModel

    built = 0
    waiting = list(BaseModel.__subclasses__())
    while waiting:
        model = waiting.pop()
        waiting.extend(model.__subclasses__())
        if model.__module__.startswith(within) and not model.__pydantic_complete__:
            model.model_rebuild(raise_errors=False)  # one that cannot build says so on use
            built += 1
    return built


REST_DELAY = 1.0
"""Seconds between the first session's screen leaving the server and loading the rest: the
browser paints it meanwhile (0.1 to 0.3 s), and nobody taps within a second of seeing it."""


class WarmUp:
    """Starts ``first_screen`` at once and ``the_rest`` after the first session has drawn."""

    def __init__(self) -> None:
        self._rest_started = False
        self._guard = threading.Lock()

    def start(self) -> None:
        threading.Thread(target=first_screen, name="warm-up", daemon=True).start()

    def first_screen_drawn(self) -> None:
        with self._guard:
            if self._rest_started:
                return
            self._rest_started = True
        later = threading.Timer(REST_DELAY, the_rest)
        later.name, later.daemon = "warm-up-rest", True
        later.start()
