"""The whole store as one backup file, and a restore from one that asks before replacing anything.

The file is checked in full first (companion.store.backup.read_backup): a damaged or foreign
file is refused with its reason and nothing changes. The check (every table replayed) and the
restore run in a worker thread, once each, while a dialog shows how far they are: the screen
keeps answering, and a restore checks nothing a second time.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import flet as ft

from companion.core import TableError
from companion.ui.shell import App
from companion.ui.views.files import save_bytes
from companion.ui.widgets import button, small

T = TypeVar("T")
POLL = 0.25  # seconds between two redraws of the progress while the worker runs


def backup_actions(app: App) -> list[ft.Control]:
    tr = app.tr

    async def save(_: Any = None) -> None:
        await save_backup(app)

    async def pick(_: Any = None) -> None:
        await pick_restore(app)

    return [
        button(tr("backup.save"), "backup-save", save, icon=ft.Icons.SAVE_ALT),
        button(tr("backup.restore"), "backup-restore", pick, icon=ft.Icons.RESTORE),
    ]


def _say(app: App, text: str) -> None:
    app.memo.setdefault("plays", {})["status"] = text
    app.refresh()


async def save_backup(app: App) -> None:
    from companion.store.backup import backup_json

    day = datetime.now(UTC).date().isoformat()
    data = backup_json(app.hub.store).encode("utf-8")
    saved = await save_bytes(app, f"table-companion-backup-{day}.json", data, "json")
    _say(app, app.tr("backup.saved") if saved else app.tr("plays.save_failed"))


async def pick_restore(app: App) -> None:
    """Pick a backup; one larger than a backup can be is refused by its size, before it is read
    (a desktop reads it from its path, at most the limit)."""
    from companion.store.backup import MAX_BACKUP_BYTES, read_backup_file

    files = await app.files.pick_files(
        with_data=not _reads_paths(app), file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"]
    )
    if not files:
        return
    f = files[0]
    try:
        if (f.size or 0) > MAX_BACKUP_BYTES:
            from companion.store import StoreError

            raise StoreError("plays.backup.too_big", limit=MAX_BACKUP_BYTES // 1_000_000)
        data = f.bytes if f.bytes is not None else read_backup_file(f.path) if f.path else b""
    except TableError as exc:
        refused = app.tr.msg(exc.msg)
        app.dialog(app.tr("backup.restore"), lambda: [ft.Text(refused, key="restore-refused")], key="restore")
        app.refresh()
        return
    await ask_restore(app, data)


def _reads_paths(app: App) -> bool:
    """A desktop app gets the picked file's path and reads it itself (bounded); a browser sends
    the bytes."""
    return not app.page.web


async def _in_worker(app: App, work: Callable[[], T]) -> T:
    """Run ``work`` in a thread; redraw every POLL seconds meanwhile (the progress it reports)."""
    job = asyncio.get_running_loop().run_in_executor(None, work)
    while not job.done():
        await asyncio.wait({job}, timeout=POLL)
        app.refresh()
    return job.result()


async def ask_restore(app: App, data: bytes) -> None:
    """Check the backup once, then ask before it replaces what the app holds."""
    from companion.store.backup import read_backup, restore_checked

    tr = app.tr
    seen = {"done": 0, "of": 0}

    def told(done: int, of: int) -> None:  # from the worker thread: two ints, read by the redraw
        seen["done"], seen["of"] = done, of

    def checking() -> list[ft.Control]:
        value = seen["done"] / seen["of"] if seen["of"] else None
        return [
            ft.ProgressBar(value=value, key="restore-progress"),
            small(tr("backup.checking", done=seen["done"], n=seen["of"]), key="restore-progress-text"),
        ]

    opened = app.dialog(tr("backup.checking_title"), checking, key="restore-check")
    try:
        backup, tables = await _in_worker(app, lambda: read_backup(data, told))
    except TableError as exc:
        refused = tr.msg(exc.msg)
        app.dialog(tr("backup.restore"), lambda: [ft.Text(refused, key="restore-refused")], key="restore")
        app.refresh()
        return
    if app.state.dialog is not opened:
        return  # closed while it was checked: the player changed their mind
    logged = {p.table_id for p in backup.plays}
    plays = len(backup.plays) + len([t for t in tables if t.finished and t.id not in logged])
    busy = {"on": False}

    async def replace() -> None:
        if busy["on"]:
            return  # a second tap while it restores
        busy["on"] = True
        app.dialog_note(tr("backup.restoring"))
        held = [info.id for info in app.hub.store.list()]
        try:
            counts = await _in_worker(
                app, lambda: restore_checked(app.hub.store, backup, tables, replace=True)
            )
        except TableError as exc:
            busy["on"] = False
            app.dialog_note(tr.msg(exc.msg))
            return
        for table_id in held + [t.id for t in tables]:
            app.hub.forget(table_id)  # a table open before holds the old entries
        app.close_dialog()
        _say(app, tr("backup.restored", tables=counts[0], plays=counts[1], players=counts[2]))

    app.dialog(
        tr("backup.restore_title"),
        lambda: [
            ft.Text(
                tr("backup.restore_body", tables=len(tables), plays=plays, players=len(backup.players)),
                key="restore-what",
            ),
            small(tr("backup.restore_warning")),
        ],
        key="restore",
        actions=lambda: [
            app.dialog_button(
                tr("backup.replace"), "restore-confirm", replace, filled=True, danger=True, closes=False
            )
        ],
    )
    app.refresh()
