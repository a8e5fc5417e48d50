"""Serve the app in web mode, fully offline (the Flutter client comes from the flet-web wheel)."""

from __future__ import annotations

import os
from pathlib import Path

import flet as ft

from companion.ui.hub import DATA_DIR_ENV


def serve(
    host: str = "127.0.0.1",
    port: int = 8550,
    *,
    data_dir: str | Path | None = None,
    lan_url: str | None = None,
) -> None:
    """Run the app at http://host:port/ until interrupted; tables are kept in ``data_dir``.

    ``lan_url``: the address other devices on the local network open (live share links use it).
    """
    from companion.ui.app import main
    from companion.ui.live import LAN_ENV

    if lan_url is not None:
        os.environ[LAN_ENV] = lan_url

    if data_dir is not None:
        os.environ[DATA_DIR_ENV] = str(Path(data_dir).resolve())
    assets = Path(__file__).resolve().parents[2] / "assets"
    ft.run(main, view=ft.AppView.WEB_BROWSER, host=host, port=port, no_cdn=True, assets_dir=str(assets))
