"""Serve the app in web mode, fully offline (the Flutter client comes from the flet-web wheel)."""

from __future__ import annotations

import threading
from pathlib import Path

import flet as ft


def _warm_up() -> None:
    """Load what the first session needs while the browser is still starting Flutter (about
    2 s): Flet's theme classes (about 0.4 s) and the games' modules and rules data."""
    from flet.controls import theme  # noqa: F401

    from companion.ui.games import known_game_ids

    known_game_ids()


def serve(
    host: str = "127.0.0.1",
    port: int = 8550,
    *,
    data_dir: str | Path | None = None,
    lan_url: str | None = None,
) -> None:
    """Run the app at http://host:port/ until interrupted; tables are kept in ``data_dir``.

    ``lan_url``: the address other devices on the local network open (live share links use it).
    Both are passed to every session's ``main``, not through the environment.
    """
    from companion.ui.app import make_main
    from companion.ui.hub import hub_for

    folder = Path(data_dir).resolve() if data_dir is not None else None
    main = make_main(hub_for(folder), lan_url=lan_url)
    threading.Thread(target=_warm_up, name="warm-up", daemon=True).start()
    assets = Path(__file__).resolve().parents[2] / "assets"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True, assets_dir=str(assets))
