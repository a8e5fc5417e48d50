"""Saving a file from the app and reading one the player chooses (the play log's exports, backups).

The same mechanism as a table's export on Home: Flet's FilePicker saves the bytes (the browser
downloads them); the desktop app gets a path back and writes the file itself.
"""

from __future__ import annotations

from pathlib import Path

import flet as ft


async def save_bytes(files: ft.FilePicker, web: bool, name: str, data: bytes, extension: str) -> bool:
    """Offer ``data`` as the file ``name`` (``web``: the browser downloads it); False when this
    platform cannot save (the caller says so)."""
    try:
        where = await files.save_file(file_name=name, src_bytes=data, allowed_extensions=[extension])
    except Exception:  # a platform with no save dialog
        return False
    if where and not web:
        Path(where).write_bytes(data)  # desktop returns the path without writing
    return True


async def pick_bytes(picker: ft.FilePicker, extension: str) -> bytes | None:
    """The content of a file the player picks, or None when they cancel."""
    files = await picker.pick_files(
        with_data=True, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=[extension]
    )
    if not files:
        return None
    f = files[0]
    return f.bytes if f.bytes is not None else Path(f.path).read_bytes() if f.path else b""
